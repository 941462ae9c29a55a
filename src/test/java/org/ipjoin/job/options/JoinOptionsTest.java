package org.ipjoin.job.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.job.CountBy;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinIndex;
import org.ipjoin.job.JoinMode;
import org.ipjoin.job.input.InputBlocks;
import org.ipjoin.job.input.InputPipeline;
import org.ipjoin.problem.IpJoinException;
import org.junit.jupiter.api.Test;

/**
 * The join's options typed once: the driver's {@link JoinOptions#resolve} of the keys, the
 * canonical {@link JoinOptions#writeTo} and a task's {@link JoinOptions#readFrom} give back the
 * same value, for every mode, each count-by kind, several indexes with loaders and attributes;
 * what a task reads never fails where the driver's reading passed.
 */
class JoinOptionsTest {

  private static final Predicate<String> NO_FILES = text -> false;
  private static final InputBlocks DEFAULT_BLOCKS =
      new InputBlocks(true, 1048576, InputPipeline.COMPRESSED);

  private static Configuration keys(Map<String, String> values) {
    Configuration conf = new Configuration(false);
    values.forEach(conf::set);
    return conf;
  }

  private static JoinOptions resolve(Map<String, String> values) throws IpJoinException {
    return JoinOptions.resolve(keys(values), NO_FILES);
  }

  /** writeTo into an empty Configuration and into the user's own, read back both ways. */
  private static void assertRoundTrip(JoinOptions options, Map<String, String> values) {
    Configuration fresh = new Configuration(false);
    options.writeTo(fresh);
    assertEquals(options, JoinOptions.readFrom(fresh));
    Configuration over = keys(values);
    options.writeTo(over);
    assertEquals(options, JoinOptions.readFrom(over));
  }

  private static JoinOptions defaults(List<JoinIndex> indexes) {
    return new JoinOptions(indexes, JoinMode.MATCH, null, CountChoice.ADDRESS,
        new ClientFormat("combined", "first"), List.of(), "0", true, true, false, true, true, false, false,
        false, "1.0",
        DEFAULT_BLOCKS, RecordTimeSpec.NONE, false, org.ipjoin.index.load.AsOfLookup.Outside.NONE,
        OutputKind.TEXT);
  }

  @Test
  void defaultsOfOneIndex() throws Exception {
    Map<String, String> values = Map.of("ipjoin.index.path", "hdfs:///ref/ips.ipidx");
    JoinOptions options = resolve(values);
    assertEquals(defaults(List.of(new JoinIndex("ips", "hdfs:///ref/ips.ipidx", ReadPath.NIO,
        List.of()))), options);
    assertRoundTrip(options, values);
  }

  @Test
  void severalIndexesWithLoadersAttributesAndEverySetting() throws Exception {
    Map<String, String> values = Map.ofEntries(
        Map.entry("ipjoin.index.path", "block=/ref/ipsum.ipidx,hdfs:///ref/dt=2026-11-21/geo.ipidx,"
            + "asn=asn.ipidx:org\\,number,ip.tsv"),
        Map.entry("ipjoin.index.loader", "MMAP, geo=mmap-direct"),
        Map.entry("ipjoin.mode", " TAG "),
        Map.entry("ipjoin.tag.unmatched", " none "),
        Map.entry("ipjoin.format", "regex:^(\\S+) "),
        Map.entry("ipjoin.index.verify.checksum", "FALSE"),
        Map.entry("ipjoin.index.verify.submit", "false"),
        Map.entry("ipjoin.index.verify.task", "TRUE"),
        Map.entry("ipjoin.malformed.output", "false"),
        Map.entry("ipjoin.memory.check", "false"),
        Map.entry("ipjoin.allow.empty.input", "true"),
        Map.entry("ipjoin.output.overwrite", "True"),
        Map.entry("ipjoin.verbose", "true"),
        Map.entry("ipjoin.malformed.max.fraction", "1e-1"),
        Map.entry("ipjoin.input.blocks", "false"),
        Map.entry("ipjoin.input.block.bytes", "4096"),
        Map.entry("ipjoin.input.pipeline", "Always"),
        Map.entry("ipjoin.time", "json:ts"),
        Map.entry("ipjoin.as.of.outside", " Nearest "));
    JoinOptions options = resolve(values);
    JoinOptions expected = new JoinOptions(List.of(
        new JoinIndex("block", "/ref/ipsum.ipidx", ReadPath.MMAP, List.of()),
        new JoinIndex("geo", "hdfs:///ref/dt=2026-11-21/geo.ipidx", ReadPath.MMAP_DIRECT, List.of()),
        new JoinIndex("asn", "asn.ipidx", ReadPath.MMAP, List.of("org", "number")),
        new JoinIndex("ip_tsv", "ip.tsv", ReadPath.MMAP, List.of())),
        JoinMode.TAG, null, CountChoice.ADDRESS, new ClientFormat("regex:^(\\S+) ", "first"), List.of(), "none",
        false, false, true, false, false, true, true, true, "1e-1",
        new InputBlocks(false, 4096, InputPipeline.ALWAYS),
        new RecordTimeSpec("json:ts", null, org.ipjoin.job.locate.RecordTime.UNREADABLE),
        false, org.ipjoin.index.load.AsOfLookup.Outside.NEAREST, OutputKind.TEXT);
    assertEquals(expected, options);
    assertEquals("regex", options.format().kind());
    assertEquals(0, options.maxFraction().compareTo(new java.math.BigDecimal("0.1")));
    assertRoundTrip(options, values);
  }

  @Test
  void everyModeWithWhereAndEachCountByKind() throws Exception {
    String paths = "block=/ref/block.ipidx,asn=/ref/asn.ipidx";
    for (String mode : List.of("match", "nomatch", "count", "Count")) {
      Map<String, String> values = Map.of("ipjoin.index.path", paths, "ipjoin.mode", mode,
          "ipjoin.where", " block and not asn.org=Google ");
      JoinOptions options = resolve(values);
      assertEquals(JoinMode.fromName(mode), options.mode());
      assertEquals("block and not asn.org=Google", options.where());
      assertRoundTrip(options, values);
    }
    Map<String, String> tag = Map.of("ipjoin.index.path", paths, "ipjoin.mode", "tag");
    assertRoundTrip(resolve(tag), tag);
    for (String countBy : List.of("address", "ADDRESS", "label", " Label ", "block",
        "asn.org, block", "asn.org,asn.number")) {
      Map<String, String> values = Map.of("ipjoin.index.path", paths, "ipjoin.mode", "count",
          "ipjoin.count.by", countBy);
      JoinOptions options = resolve(values);
      assertRoundTrip(options, values);
    }
  }

  @Test
  void countByIsOneTypedValue() throws Exception {
    assertEquals(new CountChoice(CountBy.LABEL, null), CountChoice.of(" LABEL"));
    assertEquals("label", CountChoice.of(" LABEL").text());
    CountChoice columns = CountChoice.of("asn.org, block");
    assertNull(columns.keyword());
    assertEquals(List.of("asn.org", "block"), columns.columns());
    assertEquals("asn.org, block", columns.text());
    assertEquals(List.of(), CountChoice.ADDRESS.columns());
  }

  @Test
  void pathsThatAreFilesAndColonsInFileNamesReadBackWithoutTheFiles() throws Exception {
    Set<String> files = Set.of("dt=1/geo.ipidx", "a:b");
    Configuration conf = keys(Map.of("ipjoin.index.path", "dt=1/geo.ipidx,x=a:b"));
    JoinOptions options = JoinOptions.resolve(conf, files::contains);
    assertEquals(List.of(new JoinIndex("geo", "dt=1/geo.ipidx", ReadPath.NIO, List.of()),
        new JoinIndex("x", "a:b", ReadPath.NIO, List.of())), options.indexes());
    // The task has no such files: what writeTo wrote must not need them.
    Configuration job = new Configuration(false);
    options.writeTo(job);
    assertEquals(options, JoinOptions.readFrom(job));
  }

  @Test
  void whereUnsetByTheWriterWhenTheOptionsHaveNone() throws Exception {
    JoinOptions options = resolve(Map.of("ipjoin.index.path", "/ref/a.ipidx"));
    Configuration job = keys(Map.of("ipjoin.where", "stale"));
    options.writeTo(job);
    assertNull(job.get("ipjoin.where"));
    assertNull(JoinOptions.readFrom(job).where());
  }

  @Test
  void everyProblemOfTheKeysIsReportedTogetherInTheDriversOrder() {
    IpJoinException e = assertThrows(IpJoinException.class, () -> resolve(Map.of(
        "ipjoin.index.path", "/ref/a.ipidx", "ipjoin.mode", "join", "ipjoin.tag.unmatched", "1",
        "ipjoin.format", "nosuch:3", "ipjoin.verbose", "maybe",
        "ipjoin.malformed.max.fraction", "2")));
    List<String> problems = e.problems();
    assertEquals(5, problems.size(), problems.toString());
    assertEquals("bad mode: unknown mode 'join'; choose one of match, nomatch, tag, count",
        problems.get(0));
    assertEquals("ipjoin.tag.unmatched must not be '1': that is the tag of a match without a"
        + " label; give a value such as 0 (the default) or none", problems.get(1));
    // The format's own line is ClientIpLocators'.
    assertEquals("bad format 'nosuch:3'",
        problems.get(2).substring(0, "bad format 'nosuch:3'".length()));
    assertEquals("ipjoin.verbose must be true or false, got 'maybe'", problems.get(3));
    assertEquals("ipjoin.malformed.max.fraction must be a number from 0 to 1, got '2'",
        problems.get(4));
  }

  @Test
  void aTaskReadingKeysNoDriverCheckedFailsWithTheDriversLine() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> JoinOptions.readFrom(keys(Map.of("ipjoin.mode", "join"))));
    assertEquals("bad mode: unknown mode 'join'; choose one of match, nomatch, tag, count",
        e.getMessage());
  }

  @Test
  void aTaskOfAJobMadeWithoutTheDriverHasOneIndexNamedIndex() {
    JoinOptions options = JoinOptions.readFrom(new Configuration(false));
    assertEquals(defaults(List.of(new JoinIndex("index", "", ReadPath.NIO, List.of()))), options);
  }

  @Test
  void parquetOutputRoundTripsAndTextStaysTheUnsetDefault() throws Exception {
    Map<String, String> parquet = Map.of("ipjoin.index.path", "/ref/ips.ipidx", "ipjoin.mode",
        "tag", "ipjoin.output.format", " Parquet ");
    JoinOptions options = resolve(parquet);
    assertEquals(OutputKind.PARQUET, options.output());
    assertRoundTrip(options, parquet);
    Map<String, String> text = Map.of("ipjoin.index.path", "/ref/ips.ipidx",
        "ipjoin.output.format", "text");
    assertEquals(OutputKind.TEXT, resolve(text).output());
    Configuration written = keys(text);
    resolve(text).writeTo(written);
    // Written as the default is, unset: the Configuration stays good for a table join too.
    assertNull(written.get(IpJoinKeys.OUTPUT_FORMAT.key()));
    assertRoundTrip(resolve(text), text);
  }
}
