package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link WhereExpression} against plain Java boolean logic: every expression below is paired with
 * the same condition written as a Java predicate over a record's matches, and both are evaluated
 * for every combination of matches the three indexes allow (not listed, listed without a label,
 * listed with each of their labels).
 */
class WhereExpressionTest {

  /** block: unlabelled; cloud: one unnamed label; asn: two attributes. */
  private static final List<String> NAMES = List.of("block", "cloud", "asn");
  private static final LabelDictionary BLOCK = LabelDictionary.NONE;
  private static final LabelDictionary CLOUD = dictionary(List.of(), "googlebot", "aws ec2", "1");
  private static final LabelDictionary ASN =
      dictionary(List.of("number", "org"), "15169\tGoogle LLC", "16509\tAmazon.com, Inc.", "64512\t");
  private static final List<LabelDictionary> LABELS = List.of(BLOCK, CLOUD, ASN);

  /** What a record matched: null when not listed in that index, else the label as tag mode writes it. */
  record Matches(String block, String cloud, String asn) {
    String asnAttribute(int column) {
      return asn == null ? null : asn.equals("1") ? "" : (asn + "\t").split("\t", -1)[column];
    }
  }

  static Stream<Arguments> expressions() {
    return Stream.of(
        expr("block", m -> m.block != null),
        expr("not block", m -> m.block == null),
        expr("block and not cloud=googlebot",
            m -> m.block != null && !"googlebot".equals(m.cloud)),
        expr("block or cloud", m -> m.block != null || m.cloud != null),
        expr("not (block or cloud)", m -> m.block == null && m.cloud == null),
        expr("cloud='aws ec2' or asn.org=\"Google LLC\"",
            m -> "aws ec2".equals(m.cloud) || "Google LLC".equals(m.asnAttribute(1))),
        expr("block or cloud and asn",
            m -> m.block != null || m.cloud != null && m.asn != null),
        expr("(block or cloud) and asn",
            m -> (m.block != null || m.cloud != null) && m.asn != null),
        expr("NOT not cloud AND asn.number=15169",
            m -> m.cloud != null && "15169".equals(m.asnAttribute(0))),
        expr("asn.org", m -> m.asn != null && !m.asnAttribute(1).isEmpty()),
        expr("asn.org=''", m -> m.asn != null && m.asnAttribute(1).isEmpty()),
        expr("cloud=1", m -> "1".equals(m.cloud)),
        expr("block=1", m -> m.block != null),
        expr("asn.org='Amazon.com, Inc.' or not asn",
            m -> "Amazon.com, Inc.".equals(m.asnAttribute(1)) || m.asn == null));
  }

  @ParameterizedTest
  @MethodSource("expressions")
  void agreesWithJavaLogicOnEveryCombination(String text, Predicate<Matches> expected)
      throws IpJoinException {
    WhereExpression.Matcher matcher = WhereExpression.parse(text, schema()).bind(NAMES, LABELS);
    int combinations = 0;
    for (int block : ids(BLOCK)) {
      for (int cloud : ids(CLOUD)) {
        for (int asn : ids(ASN)) {
          Matches m = new Matches(tag(BLOCK, block), tag(CLOUD, cloud), tag(ASN, asn));
          assertEquals(expected.test(m), matcher.matches(new int[] {block, cloud, asn}),
              text + " for " + m);
          combinations++;
        }
      }
    }
    assertEquals(2 * 5 * 5, combinations);
  }

  @ParameterizedTest
  @MethodSource("expressions")
  void canonicalTextParsesToTheSameExpression(String text, Predicate<Matches> unused)
      throws IpJoinException {
    String canonical = WhereExpression.parse(text, schema()).toString();
    assertEquals(canonical, WhereExpression.parse(canonical, schema()).toString());
  }

  @Test
  void anyListedIsTheDefault() {
    WhereExpression any = WhereExpression.anyListed(NAMES);
    assertEquals("((block or cloud) or asn)", any.toString());
    WhereExpression.Matcher matcher = any.bind(NAMES, LABELS);
    assertEquals(false, matcher.matches(new int[] {-1, -1, -1}));
    assertEquals(true, matcher.matches(new int[] {-1, -1, 0}));
  }

  static Stream<Arguments> refusals() {
    return Stream.of(
        Arguments.of("", "--where: the expression is empty; name an index (indexes: block, cloud,"
            + " asn)"),
        Arguments.of("blok", "--where 'blok': unknown index 'blok' (indexes: block, cloud, asn)"
            + " (column 1)"),
        Arguments.of("block and", "--where 'block and': expected an index name at the end"
            + " (column 10)"),
        Arguments.of("block cloud", "--where 'block cloud': 'cloud' where 'and', 'or' or the end"
            + " was expected (column 7)"),
        Arguments.of("(block or cloud", "--where '(block or cloud': the '(' here is never closed"
            + " (column 1)"),
        Arguments.of("block)", "--where 'block)': a ')' without its '(' (column 6)"),
        Arguments.of("asn=15169", "--where 'asn=15169': index 'asn' has attributes number, org:"
            + " compare one of them (asn.number=VALUE) (column 1)"),
        Arguments.of("asn.country=DE", "--where 'asn.country=DE': index 'asn' has no attribute"
            + " 'country' (attributes: number, org) (column 5)"),
        Arguments.of("cloud.name=x", "--where 'cloud.name=x': index 'cloud' has no attributes:"
            + " its label is one value (write cloud=LABEL) (column 7)"),
        Arguments.of("cloud='aws", "--where 'cloud='aws': the quote here is never closed"
            + " (column 7)"),
        Arguments.of("cloud=", "--where 'cloud=': expected a value after '=' (a word, or quoted:"
            + " 'two words') (column 7)"),
        Arguments.of("not and", "--where 'not and': expected an index name, found the keyword"
            + " 'and' (column 5)"),
        Arguments.of("block\nor x", "--where 'block or x': unknown index 'x' (indexes: block,"
            + " cloud, asn) (column 10)"));
  }

  @ParameterizedTest
  @MethodSource("refusals")
  void refusesWithOneLineNamingTheProblem(String text, String message) {
    IpJoinException e = assertThrows(IpJoinException.class,
        () -> WhereExpression.parse(text, schema()));
    assertEquals(ExitCode.USAGE, e.exit());
    assertEquals(List.of(message), e.problems());
  }

  private static Arguments expr(String text, Predicate<Matches> expected) {
    return Arguments.of(text, expected);
  }

  @Test
  void nestingIsRefusedOnlyBeyondItsLimit() throws Exception {
    String hundred = "(".repeat(50) + "not ".repeat(50) + "block" + ")".repeat(50);
    assertEquals("block", WhereExpression.parse(hundred, schema()).toString().replace("not not ", ""));
    IpJoinException deeper = assertThrows(IpJoinException.class,
        () -> WhereExpression.parse("(" + hundred + ")", schema()));
    assertEquals(List.of("--where '" + "(".repeat(51) + "not ".repeat(7) + "n...': parentheses"
        + " and 'not' nest more than 100 deep here (column 248)"), deeper.problems());
    String thousand = String.join(" or ", java.util.Collections.nCopies(1000, "block"));
    assertEquals(1000, WhereExpression.parse(thousand, schema()).toString().split("block", -1).length - 1);
  }

  @Test
  void theNotListedValueIsRefusedBareAndComparedQuoted() throws Exception {
    IpJoinException bare = assertThrows(IpJoinException.class,
        () -> WhereExpression.parse("block and asn.org=0", schema(), "0"));
    assertEquals(List.of("--where 'block and asn.org=0': asn.org=0 never holds for a record not"
        + " listed in asn: it has no label there (0 is what tag mode writes for it); write 'not"
        + " asn' (a label that is 0: asn.org='0') (column 11)"), bare.problems());
    assertEquals("cloud=0", WhereExpression.parse("cloud='0'", schema(), "0").toString());
    // A task reads back what the driver accepted, and checks nothing more.
    assertEquals("cloud=0", WhereExpression.parse("cloud=0", schema()).toString());
  }

  private static Map<String, List<String>> schema() {
    Map<String, List<String>> schema = new LinkedHashMap<>();
    for (int k = 0; k < NAMES.size(); k++) {
      schema.put(NAMES.get(k), LABELS.get(k).attributeNames());
    }
    return schema;
  }

  /** Not listed, listed without a label, then each label. */
  private static List<Integer> ids(LabelDictionary labels) {
    List<Integer> ids = new ArrayList<>(List.of(MatchTags.NO_MATCH, 0));
    for (int id = 1; id <= labels.count(); id++) {
      ids.add(id);
    }
    return ids;
  }

  private static String tag(LabelDictionary labels, int id) {
    return id == MatchTags.NO_MATCH ? null : id == 0 ? "1" : labels.label(id);
  }

  private static LabelDictionary dictionary(List<String> attributes, String... labels) {
    StringBuilder all = new StringBuilder();
    int[] ends = new int[labels.length + 1];
    for (int i = 0; i < labels.length; i++) {
      all.append(labels[i]);
      ends[i + 1] = all.toString().getBytes(StandardCharsets.UTF_8).length;
    }
    return new LabelDictionary(all.toString().getBytes(StandardCharsets.UTF_8), ends, attributes);
  }
}
