package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.ipjoin.index.lookup.LabelDictionary;
import org.junit.jupiter.api.Test;

/**
 * Choosing attributes of an index whose labels are TAB-joined named values: the positions, the
 * projected dictionary tag mode writes from, and the columns of a match, a miss and an unlabelled
 * match. The dictionary is made here from labels written out, as the builder of such indexes will.
 */
class AttributeSelectionTest {

  private static final List<String> NAMES = List.of("country", "org", "number");

  private static LabelDictionary dictionary(List<String> names, String... labels) {
    StringBuilder bytes = new StringBuilder();
    int[] ends = new int[labels.length + 1];
    for (int i = 0; i < labels.length; i++) {
      bytes.append(labels[i]);
      ends[i + 1] = bytes.toString().getBytes(StandardCharsets.UTF_8).length;
    }
    return new LabelDictionary(bytes.toString().getBytes(StandardCharsets.UTF_8), ends, names);
  }

  private static List<String> labels(LabelDictionary d) {
    List<String> all = new ArrayList<>();
    for (int id = 1; id <= d.count(); id++) {
      all.add(d.label(id));
    }
    return all;
  }

  @Test
  void projectsTheChosenValuesInTheOrderChosen() {
    LabelDictionary asn = dictionary(NAMES, "DE\tExample GmbH\t64500", "FR\tÉcole\t64501",
        "US\t\t64502");
    int[] positions = AttributeSelection.positions("asn", NAMES, List.of("number", "country"));
    assertArrayEquals(new int[] {2, 0}, positions);
    assertEquals(List.of("64500\tDE", "64501\tFR", "64502\tUS"),
        labels(AttributeSelection.project(asn, positions)));
    assertEquals(List.of("Example GmbH", "École", ""),
        labels(AttributeSelection.project(asn, new int[] {1})));
    assertSame(asn, AttributeSelection.project(asn, new int[0]));
    assertEquals(2, AttributeSelection.columns(NAMES, List.of("number", "country")));
    assertEquals(3, AttributeSelection.columns(NAMES, List.of()));
    assertEquals(1, AttributeSelection.columns(List.of(), List.of()));
  }

  @Test
  void everyColumnOfAnIndexIsWrittenForAMatchAMissAndAnUnlabelledMatch() {
    LabelDictionary asn = dictionary(NAMES, "DE\tExample GmbH\t64500");
    LabelDictionary two = AttributeSelection.project(asn,
        AttributeSelection.positions("asn", NAMES, List.of("org", "number")));
    MatchTags tags = MatchTags.of(new org.apache.hadoop.conf.Configuration(false));
    Text out = new Text("r");
    tags.appendColumns(out, two, 1, 2);
    tags.appendColumns(out, two, MatchTags.NO_MATCH, 2);
    tags.appendColumns(out, two, 0, 2);
    MatchTags.appendMalformedTag(out, 2);
    assertEquals("r\tExample GmbH\t64500\t0\t0\t1\t1\t-\t-", out.toString());
  }

  @Test
  void refusesNamesTheIndexLacksNamingItsAttributes() {
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> AttributeSelection.positions("asn", NAMES, List.of("org", "city")));
    assertEquals("index asn has no attribute 'city'; its attributes: country, org, number",
        unknown.getMessage());
    IllegalArgumentException unnamed = assertThrows(IllegalArgumentException.class,
        () -> AttributeSelection.positions("block", List.of(), List.of("org")));
    assertEquals("index block has no named attributes (its label is one value), so 'org' cannot"
        + " be chosen", unnamed.getMessage());
  }
}
