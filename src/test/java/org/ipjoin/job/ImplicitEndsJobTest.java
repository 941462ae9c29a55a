package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.ReferenceList;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexContent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A labelled range index with implicit ends ({@link IndexByteMap#FLAG_IMPLICIT_ENDS}) through the
 * whole job: an address in a gap between listed ranges, before the first or after the last is no
 * match in the tag, count and match modes alike, and the index entries counted are the listed
 * intervals, not the gaps. Expected answers are read off the intervals written here.
 */
class ImplicitEndsJobTest {

  @TempDir Path dir;

  /**
   * Six /24s from 10.0.0.0: 'a x', none, 'b y', then a gap (10.0.3.0/24), 'a x', 'b y', 'a x',
   * then the gap from 10.0.7.0 up to 255.255.255.255.
   */
  private Path index() throws Exception {
    int[] starts = {key("10.0.0.0"), key("10.0.1.0"), key("10.0.2.0"), key("10.0.4.0"),
        key("10.0.5.0"), key("10.0.6.0")};
    int[] ends = {key("10.0.0.255"), key("10.0.1.255"), key("10.0.2.255"), key("10.0.4.255"),
        key("10.0.5.255"), key("10.0.6.255")};
    int[] ids = {1, 0, 2, 1, 2, 1};
    byte[] labels = "a\txb\ty".getBytes(StandardCharsets.UTF_8);
    Path index = dir.resolve("geo.ipidx");
    BuiltIndexes.write(new IndexContent(starts, ends, ids, 6, new int[] {0, 3, 6}, labels, 0, 0,
        null, List.of("country", "region")), index);
    byte[] bytes = Files.readAllBytes(index);
    assertTrue((bytes[12] & IndexByteMap.FLAG_IMPLICIT_ENDS) != 0, "written with implicit ends");
    return index;
  }

  private static final List<String> RECORDS = List.of("10.0.0.1 x", "10.0.1.5 x", "10.0.2.255 x",
      "10.0.3.0 x", "10.0.3.255 x", "10.0.4.0 x", "9.255.255.255 x", "10.0.6.255 x",
      "10.0.7.0 x", "255.255.255.255 x", "0.0.0.0 x");
  /**
   * The tag of each record: the label's values, 1 without a label, 0 for no match; one column per
   * attribute (country, region), as tag mode writes an index of named attributes.
   */
  private static final List<String> TAGS = List.of("a\tx", "1\t1", "b\ty", "0\t0", "0\t0",
      "a\tx", "0\t0", "a\tx", "0\t0", "0\t0", "0\t0");

  @Test
  void aGapIsNoMatchInEveryModeAndEntriesCountListedIntervals() throws Exception {
    Path index = index();
    Path input = dir.resolve("access.log");
    Files.writeString(input, String.join("\n", RECORDS) + "\n", StandardCharsets.US_ASCII);

    DriverRun tag = DriverRun.of("--mode", "tag", "--index", index.toString(), "--input",
        input.toString(), "--output", dir.resolve("tag").toString());
    assertEquals(0, tag.exitCode(), tag.toString());
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < RECORDS.size(); i++) {
      expected.add(RECORDS.get(i) + "\t" + TAGS.get(i));
    }
    assertEquals(DriverRun.sorted(expected),
        DriverRun.sorted(LabelledJoinJobTest.outputLines(tag.output())));
    long matched = TAGS.stream().filter(t -> !t.equals("0\t0")).count();
    assertEquals(matched, tag.counter(IpJoinCounter.MATCHED));
    assertEquals(RECORDS.size() - matched, tag.counter(IpJoinCounter.UNMATCHED));
    assertEquals(6, tag.counter(IpJoinCounter.INDEX_ENTRIES), "listed intervals, not gaps");

    DriverRun count = DriverRun.of("--mode", "count", "--index", index.toString(), "--input",
        input.toString(), "--output", dir.resolve("count").toString());
    assertEquals(0, count.exitCode(), count.toString());
    assertEquals(matched, count.counter(IpJoinCounter.MATCHED));

    DriverRun match = DriverRun.of("--index", index.toString(), "--input", input.toString(),
        "--output", dir.resolve("match").toString());
    assertEquals(0, match.exitCode(), match.toString());
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < RECORDS.size(); i++) {
      if (!TAGS.get(i).equals("0\t0")) {
        kept.add(RECORDS.get(i));
      }
    }
    assertEquals(DriverRun.sorted(kept),
        DriverRun.sorted(LabelledJoinJobTest.outputLines(match.output())));
  }

  private static int key(String dotted) {
    return (int) (ReferenceList.address(dotted) ^ 0x8000_0000L);
  }
}
