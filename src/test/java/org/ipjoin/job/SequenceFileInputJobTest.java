package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.partLines;
import static org.ipjoin.job.DriverRun.parts;
import static org.ipjoin.job.DriverRun.qualified;
import static org.ipjoin.job.DriverRun.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.SequenceFile.CompressionType;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.io.compress.GzipCodec;
import org.apache.hadoop.util.ReflectionUtils;
import org.ipjoin.RealData;
import org.ipjoin.api.IpJoin;
import org.ipjoin.job.driver.RunSummary;
import org.ipjoin.testing.LocalHadoop;
import org.ipjoin.testing.SequenceFileRecords;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hadoop SequenceFiles whose values are log lines are joined as the lines would be: the real
 * combined log {@code realdata/logs/elastic_apache_logs.log} written with Hadoop's own
 * SequenceFile.Writer (Text and BytesWritable values, no compression, record compression with
 * gzip, block compression with DefaultCodec, many sync markers), joined on the local runner, and
 * every record's result checked against the test's own reading: the client is the text before the
 * first space, looked up in a HashSet of the list the test wrote (every third distinct client of
 * the log). The output of {@code match}, {@code nomatch} and {@code tag} (and {@code malformed/})
 * is SequenceFiles, read back with Hadoop's own SequenceFile.Reader: every record's key, value,
 * classes and compression compared with what the test wrote.
 */
class SequenceFileInputJobTest {

  @TempDir Path dir;
  private List<String> lines;
  private Set<String> listed;
  private Path index;

  @BeforeEach
  void listAndIndex() throws Exception {
    lines = Files.readAllLines(RealData.elasticLog(), StandardCharsets.ISO_8859_1);
    Set<String> clients = new LinkedHashSet<>();
    lines.forEach(l -> clients.add(client(l)));
    listed = new HashSet<>();
    int n = 0;
    for (String c : clients) {
      if (n++ % 3 == 0) {
        listed.add(c);
      }
    }
    Path list = Files.write(dir.resolve("list.txt"), listed);
    index = dir.resolve("list.ipidx");
    IpJoin.buildIndex(LocalHadoop.conf(dir)).input(list.toString()).output(index.toString()).run();
  }

  private static String client(String line) {
    int space = line.indexOf(' ');
    return space < 0 ? line : line.substring(0, space);
  }

  private boolean isListed(String line) {
    return listed.contains(client(line));
  }

  /** Sync markers far more often than Hadoop's default, and small compressed blocks. */
  private static Configuration writerConf() {
    Configuration conf = new Configuration();
    conf.setInt("io.seqfile.compress.blocksize", 16 << 10);
    return conf;
  }

  /**
   * Writes {@code records} into a SequenceFile, {@code perValue} lines per value (joined by
   * {@code \n}), LongWritable keys: the index of the value's first record.
   */
  private static Path write(Path file, List<String> records, int perValue,
      Class<? extends Writable> valueClass, CompressionType compression,
      Class<? extends CompressionCodec> codec) throws IOException {
    return write(file, records, perValue, LongWritable.class, valueClass, compression, codec);
  }

  /**
   * As {@link #write(Path, List, int, Class, CompressionType, Class)} with keys of {@code
   * keyClass}: LongWritable, or Text ({@link #textKey}).
   */
  private static Path write(Path file, List<String> records, int perValue,
      Class<? extends Writable> keyClass, Class<? extends Writable> valueClass,
      CompressionType compression, Class<? extends CompressionCodec> codec) throws IOException {
    Files.createDirectories(file.getParent());
    Configuration conf = writerConf();
    List<SequenceFile.Writer.Option> options = new ArrayList<>(List.of(
        SequenceFile.Writer.file(new org.apache.hadoop.fs.Path(file.toUri())),
        SequenceFile.Writer.keyClass(keyClass),
        SequenceFile.Writer.valueClass(valueClass),
        SequenceFile.Writer.syncInterval(8 << 10)));
    options.add(codec == null ? SequenceFile.Writer.compression(compression)
        : SequenceFile.Writer.compression(compression, ReflectionUtils.newInstance(codec, conf)));
    try (SequenceFile.Writer w = SequenceFile.createWriter(conf,
        options.toArray(new SequenceFile.Writer.Option[0]))) {
      for (int i = 0; i < records.size(); i += perValue) {
        byte[] value = String.join("\n", records.subList(i, Math.min(records.size(),
            i + perValue))).getBytes(StandardCharsets.ISO_8859_1);
        w.append(keyClass == Text.class ? new Text(textKey(i)) : new LongWritable(i),
            valueClass == Text.class ? new Text(value) : new BytesWritable(value));
      }
    }
    return file;
  }

  /** A Text key, not ASCII throughout: passed through, it must come back byte for byte. */
  private static String textKey(int i) {
    return "rec-" + i + "-\u00e9";
  }

  /**
   * What the output holds for {@code records} written {@code perValue} to a value: per record
   * that {@code output} writes (null: none), its value's key and the line written, {@link
   * #record} style, in input order.
   */
  private static List<String> expected(List<String> records, int perValue, boolean textKeys,
      Function<String, String> output) {
    List<String> expected = new ArrayList<>();
    for (int n = 0; n < records.size(); n++) {
      String line = output.apply(records.get(n));
      if (line != null) {
        int first = n - n % perValue;
        expected.add(record(textKeys ? textKey(first) : Long.toString(first), line));
      }
    }
    return expected;
  }

  private static String record(String key, String value) {
    return key + "\u0001" + value;
  }

  /**
   * The records of the SequenceFile part files directly in {@code dir} (at least one), read with
   * Hadoop's SequenceFile.Reader, each file checked to have these classes and compression.
   */
  private static List<String> records(Path dir, Class<?> keyClass, Class<?> valueClass,
      CompressionType compression, Class<? extends CompressionCodec> codec) throws IOException {
    List<Path> parts = parts(dir);
    assertFalse(parts.isEmpty(), "no part file in " + dir);
    List<String> records = new ArrayList<>();
    for (Path part : parts) {
      SequenceFileRecords file = SequenceFileRecords.read(part);
      assertEquals(keyClass.getName(), file.keyClass(), part.toString());
      assertEquals(valueClass.getName(), file.valueClass(), part.toString());
      assertEquals(compression, file.compression(), part.toString());
      assertEquals(codec, file.codec(), part.toString());
      for (int i = 0; i < file.keys().size(); i++) {
        records.add(record(file.keys().get(i),
            new String(file.values().get(i), StandardCharsets.ISO_8859_1)));
      }
    }
    return records;
  }

  private String matched(String line) {
    return isListed(line) ? line : null;
  }

  private String unmatched(String line) {
    return isListed(line) ? null : line;
  }

  /** The line + TAB + 1 when listed, else 0 (ipjoin.tag.unmatched's default). */
  private String tag(String line) {
    return line + "\t" + (isListed(line) ? "1" : "0");
  }

  private static RunSummary.SequenceFileOutput summaryOf(Path out) throws IOException {
    return RunSummary.read(org.apache.hadoop.fs.FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(out.toUri())).sequenceFile();
  }

  private DriverRun join(Path input, Path out, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of(more));
    args.addAll(List.of("--index", index.toString(), "--input", input.toString(), "--output",
        out.toString()));
    return DriverRun.of(args.toArray(new String[0]));
  }

  @Test
  void uncompressedTextValuesInPartitionFoldersAreMatchedLikeTheLog() throws Exception {
    int half = lines.size() / 2;
    Path in = dir.resolve("in");
    write(in.resolve("dt=2026-11-27/part-00000"), lines.subList(0, half), 1, Text.class,
        CompressionType.NONE, null);
    write(in.resolve("dt=2026-11-28/part-00000"), lines.subList(half, lines.size()), 1,
        Text.class, CompressionType.NONE, null);
    Path out = dir.resolve("out");
    DriverRun r = join(in, out, "--mode", "match");
    assertEquals(0, r.exitCode(), r.toString());
    List<String> expected = lines.stream().filter(this::isListed).toList();
    assertTrue(expected.size() > 1000, "the list matches many records: " + expected.size());
    // Each partition folder of the input is kept under the output.
    assertEquals(sorted(expected(lines.subList(0, half), 1, false, this::matched)),
        sorted(records(out.resolve("dt=2026-11-27"), LongWritable.class, Text.class,
            CompressionType.NONE, null)));
    assertEquals(sorted(expected(lines.subList(half, lines.size()), 1, false, this::matched)),
        sorted(records(out.resolve("dt=2026-11-28"), LongWritable.class, Text.class,
            CompressionType.NONE, null)));
    assertEquals(new RunSummary.SequenceFileOutput(LongWritable.class.getName(),
        Text.class.getName(), "NONE", null), summaryOf(out));
    assertEquals(lines.size(), r.counter(IpJoinCounter.RECORDS));
    assertEquals(expected.size(), r.counter(IpJoinCounter.MATCHED));
    assertEquals(0, r.counter(IpJoinCounter.MALFORMED));
  }

  @Test
  void blockCompressedValuesOfSeveralLinesAreTaggedLineByLine() throws Exception {
    // Seven lines per BytesWritable value: each line is a record.
    Path seq = write(dir.resolve("day.seq"), lines, 7, BytesWritable.class,
        CompressionType.BLOCK, DefaultCodec.class);
    Path out = dir.resolve("out");
    DriverRun r = join(seq, out, "--mode", "tag");
    assertEquals(0, r.exitCode(), r.toString());
    // Every line of a value is a record of its own, with the value's key.
    assertEquals(sorted(expected(lines, 7, false, this::tag)), sorted(records(out,
        LongWritable.class, BytesWritable.class, CompressionType.BLOCK, DefaultCodec.class)));
    assertEquals(lines.size(), r.counter(IpJoinCounter.RECORDS));
    assertEquals(new RunSummary.SequenceFileOutput(LongWritable.class.getName(),
        BytesWritable.class.getName(), "BLOCK", DefaultCodec.class.getName()), summaryOf(out));
  }

  /** Any line format reads the values: JSON lines made from the log's clients, --format json:ip. */
  @Test
  void jsonLinesInSequenceFileValuesAreReadByTheirFormat() throws Exception {
    List<String> json = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      json.add("{\"n\":" + i + ",\"ip\":\"" + client(lines.get(i)) + "\"}");
    }
    Path seq = write(dir.resolve("day.seq"), json, 5, Text.class, CompressionType.BLOCK,
        GzipCodec.class);
    Path out = dir.resolve("out");
    DriverRun r = join(seq, out, "--mode", "nomatch", "--format", "json:ip");
    assertEquals(0, r.exitCode(), r.toString());
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (!isListed(lines.get(i))) {
        expected.add(record(Integer.toString(i - i % 5), json.get(i)));
      }
    }
    assertEquals(sorted(expected), sorted(records(out, LongWritable.class, Text.class,
        CompressionType.BLOCK, GzipCodec.class)));
  }

  @Test
  void recordCompressedGzipValuesAreCountedPerListedAddress() throws Exception {
    Path seq = write(dir.resolve("day.seq"), lines, 1, Text.class, CompressionType.RECORD,
        GzipCodec.class);
    Path out = dir.resolve("out");
    DriverRun r = join(seq, out, "--mode", "count");
    assertEquals(0, r.exitCode(), r.toString());
    Map<String, Long> expected = new TreeMap<>();
    lines.stream().filter(this::isListed).forEach(l -> expected.merge(client(l), 1L, Long::sum));
    Map<String, Long> counted = new TreeMap<>();
    for (String line : partLines(out)) {
      String[] f = line.split("\t");
      assertEquals(null, counted.put(f[0], Long.parseLong(f[1])), "counted twice: " + f[0]);
    }
    assertEquals(expected, counted);
  }

  /**
   * A small maximum split size cuts each file into many splits, which meet at sync markers: every
   * record is read once, with blocks of lines and with one line per map call.
   */
  @Test
  void splitsAtSyncMarkersReadEachRecordExactlyOnce() throws Exception {
    Path block = write(dir.resolve("block/day.seq"), lines, 3, Text.class, CompressionType.BLOCK,
        DefaultCodec.class);
    Path plain = write(dir.resolve("plain/day.seq"), lines, 1, BytesWritable.class,
        CompressionType.NONE, null);
    assertTrue(Files.size(block) > 4 * 65536, "several splits: " + Files.size(block));
    Map<Path, List<String>> expected = Map.of(
        block, sorted(expected(lines, 3, false, this::tag)),
        plain, sorted(expected(lines, 1, false, this::tag)));
    for (Path seq : List.of(block, plain)) {
      boolean isBlock = seq.equals(block);
      for (String blocks : List.of("true", "false")) {
        Path out = dir.resolve("out-" + seq.getParent().getFileName() + "-" + blocks);
        DriverRun r = join(seq, out, "-D", "mapreduce.input.fileinputformat.split.maxsize=65536",
            "-D", "ipjoin.input.blocks=" + blocks, "--mode", "tag");
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(parts(out).size() >= 4, seq + ": splits " + parts(out));
        assertEquals(expected.get(seq), sorted(records(out, LongWritable.class,
            isBlock ? Text.class : BytesWritable.class,
            isBlock ? CompressionType.BLOCK : CompressionType.NONE,
            isBlock ? DefaultCodec.class : null)), seq + " blocks=" + blocks);
      }
    }
  }

  /** Text keys (not ASCII throughout) come back byte for byte, record compression kept. */
  @Test
  void recordCompressedTextKeysArePassedThroughWithEachMatchedLine() throws Exception {
    Path seq = write(dir.resolve("day.seq"), lines, 2, Text.class, Text.class,
        CompressionType.RECORD, GzipCodec.class);
    Path out = dir.resolve("out");
    DriverRun r = join(seq, out, "--mode", "match");
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(sorted(expected(lines, 2, true, this::matched)), sorted(records(out,
        Text.class, Text.class, CompressionType.RECORD, GzipCodec.class)));
    assertEquals(new RunSummary.SequenceFileOutput(Text.class.getName(), Text.class.getName(),
        "RECORD", GzipCodec.class.getName()), summaryOf(out));
  }

  /**
   * Malformed records go to malformed/ as SequenceFiles with their keys, in tag mode (where the
   * output also holds them, tagged -) and in count mode (whose counts stay text).
   */
  @Test
  void malformedRecordsAreSequenceFilesWithTheirKeys() throws Exception {
    List<String> some = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      // Every 37th line's client is no address.
      some.add(i % 37 == 5 ? "not-an-address " + lines.get(i) : lines.get(i));
    }
    Function<String, String> malformed = l -> l.startsWith("not-an-address ") ? l : null;
    Path seq = write(dir.resolve("day.seq"), some, 4, BytesWritable.class,
        CompressionType.BLOCK, DefaultCodec.class);
    List<String> expectedMalformed = sorted(expected(some, 4, false, malformed));
    assertEquals(54, expectedMalformed.size(), "i % 37 == 5 for i = 5, 42, ..., 1966");

    Path tagOut = dir.resolve("tag");
    DriverRun tag = join(seq, tagOut, "--mode", "tag");
    assertEquals(0, tag.exitCode(), tag.toString());
    assertEquals(sorted(expected(some, 4, false,
        l -> malformed.apply(l) != null ? l + "\t-" : tag(l))),
        sorted(records(tagOut, LongWritable.class, BytesWritable.class, CompressionType.BLOCK,
            DefaultCodec.class)));
    assertEquals(expectedMalformed, sorted(records(tagOut.resolve("malformed"),
        LongWritable.class, BytesWritable.class, CompressionType.BLOCK, DefaultCodec.class)));
    assertEquals(expectedMalformed.size(), tag.counter(IpJoinCounter.MALFORMED));

    Path countOut = dir.resolve("count");
    DriverRun count = join(seq, countOut, "--mode", "count");
    assertEquals(0, count.exitCode(), count.toString());
    assertEquals(expectedMalformed, sorted(records(countOut.resolve("malformed"),
        LongWritable.class, BytesWritable.class, CompressionType.BLOCK, DefaultCodec.class)));
    Map<String, Long> expectedCounts = new TreeMap<>();
    some.stream().filter(this::isListed).forEach(l -> expectedCounts.merge(client(l), 1L,
        Long::sum));
    Map<String, Long> counted = new TreeMap<>();
    for (String line : partLines(countOut)) {
      String[] f = line.split("\t");
      counted.put(f[0], Long.parseLong(f[1]));
    }
    assertEquals(expectedCounts, counted);
  }

  /**
   * mapreduce.output.fileoutputformat.compress set by the job wins over the input's compression:
   * true with Hadoop's type and codec keys, false for none.
   */
  @Test
  void theJobsOwnOutputCompressionWinsOverTheInputs() throws Exception {
    Path plain = write(dir.resolve("plain/day.seq"), lines, 1, Text.class,
        CompressionType.NONE, null);
    Path compressedOut = dir.resolve("compressed");
    DriverRun r = join(plain, compressedOut, "-D", "mapreduce.output.fileoutputformat.compress=true",
        "-D", "mapreduce.output.fileoutputformat.compress.type=BLOCK",
        "-D", "mapreduce.output.fileoutputformat.compress.codec=" + GzipCodec.class.getName(),
        "--mode", "nomatch");
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(sorted(expected(lines, 1, false, this::unmatched)), sorted(records(compressedOut,
        LongWritable.class, Text.class, CompressionType.BLOCK, GzipCodec.class)));
    assertEquals(new RunSummary.SequenceFileOutput(LongWritable.class.getName(),
        Text.class.getName(), "BLOCK", GzipCodec.class.getName()), summaryOf(compressedOut));

    Path block = write(dir.resolve("block/day.seq"), lines, 1, Text.class,
        CompressionType.BLOCK, DefaultCodec.class);
    Path plainOut = dir.resolve("uncompressed");
    r = join(block, plainOut, "-D", "mapreduce.output.fileoutputformat.compress=false",
        "--mode", "nomatch");
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(sorted(expected(lines, 1, false, this::unmatched)), sorted(records(plainOut,
        LongWritable.class, Text.class, CompressionType.NONE, null)));
  }

  @Test
  void sequenceFilesOfOtherKeyClassesInOneJobAreRefused() throws Exception {
    Path in = dir.resolve("in");
    Path a = write(in.resolve("a.seq"), lines.subList(0, 10), 1, Text.class,
        CompressionType.NONE, null);
    Path b = write(in.resolve("b.seq"), lines.subList(10, 20), 1, Text.class, Text.class,
        CompressionType.NONE, null);
    Path out = dir.resolve("out");
    DriverRun r = join(in, out);
    assertEquals(List.of("ipjoin: input " + qualified(b) + " is a Hadoop SequenceFile of"
        + " org.apache.hadoop.io.Text keys and org.apache.hadoop.io.Text values, " + qualified(a)
        + " one of org.apache.hadoop.io.LongWritable keys and org.apache.hadoop.io.Text values:"
        + " the output is SequenceFiles of one key and one value class, so run one job per pair"
        + " of classes"), r.errLines());
    assertEquals(2, r.exitCode());
    assertFalse(r.submitted());
  }

  @Test
  void parquetOutputOfSequenceFilesIsRefusedBeforeSubmission() throws Exception {
    Path in = dir.resolve("in");
    Path a = write(in.resolve("a.seq"), lines.subList(0, 10), 1, Text.class,
        CompressionType.NONE, null);
    Path out = dir.resolve("out");
    DriverRun r = join(in, out, "--output-format", "parquet");
    assertEquals(List.of("ipjoin: --output-format parquet: input " + qualified(a) + " is a Hadoop"
        + " SequenceFile, whose records are written back as SequenceFiles with their keys; leave"
        + " --output-format out (or join text logs to write a Parquet table)"), r.errLines());
    assertEquals(2, r.exitCode());
    assertFalse(r.submitted());
  }

  @Test
  void aSequenceFileOfOtherValuesIsRefusedNamingItsValueClass() throws Exception {
    Path seq = dir.resolve("counts.seq");
    try (SequenceFile.Writer w = SequenceFile.createWriter(new Configuration(),
        SequenceFile.Writer.file(new org.apache.hadoop.fs.Path(seq.toUri())),
        SequenceFile.Writer.keyClass(Text.class),
        SequenceFile.Writer.valueClass(IntWritable.class))) {
      w.append(new Text("8.8.8.8"), new IntWritable(3));
    }
    Path out = dir.resolve("out");
    DriverRun r = join(seq, out);
    assertEquals(List.of("ipjoin: input " + qualified(seq) + " is a Hadoop SequenceFile of"
        + " org.apache.hadoop.io.IntWritable values: ipjoin reads SequenceFiles whose values are"
        + " lines, org.apache.hadoop.io.Text or org.apache.hadoop.io.BytesWritable; convert it to"
        + " text first"), r.errLines());
    assertEquals(2, r.exitCode());
    assertFalse(r.submitted());
    assertFalse(Files.exists(out));
  }

  /**
   * A file cut inside a block of compressed records fails the job naming the file, as a truncated
   * gzip does: cut in the block's keys (where Hadoop's reader alone would end as if the file ended
   * there, its last block's records lost) and in its values. Cut inside a record of an
   * uncompressed file, Hadoop's reader fails by itself.
   */
  @Test
  void aSequenceFileCutShortFailsTheJobNamingTheFile() throws Exception {
    Path block = write(dir.resolve("block/whole.seq"), lines, 1, Text.class,
        CompressionType.BLOCK, DefaultCodec.class);
    byte[] bytes = Files.readAllBytes(block);
    // Each block starts with the sync escape (-1) and the file's 16-byte sync marker.
    int lastBlock = lastBlockStart(bytes);
    Map<String, Integer> cuts = Map.of("block-keys", lastBlock + 20 + 3,
        "block-values", bytes.length - 100);
    Path plain = write(dir.resolve("plain/whole.seq"), lines, 1, Text.class,
        CompressionType.NONE, null);
    for (String where : List.of("block-keys", "block-values", "plain")) {
      byte[] whole = where.equals("plain") ? Files.readAllBytes(plain) : bytes;
      Path cut = Files.write(dir.resolve(where + ".seq"), Arrays.copyOf(whole,
          where.equals("plain") ? whole.length - 100 : cuts.get(where)));
      Path out = dir.resolve("out-" + where);
      DriverRun r = join(cut, out, "--mode", "tag");
      assertEquals(1, r.exitCode(), where + ": " + r);
      String last = r.errLines().get(r.errLines().size() - 1);
      assertTrue(last.matches("ipjoin: task \\S+ failed: cannot read input "
          + Pattern.quote(qualified(cut)) + ": java.io.EOFException.*"),
          where + ": " + last);
      assertFalse(Files.exists(out));
    }
  }

  /** Where the last block of a block-compressed SequenceFile starts: its sync escape. */
  private static int lastBlockStart(byte[] bytes) {
    int first = indexOf(bytes, new byte[] {-1, -1, -1, -1}, 0);
    byte[] escapeAndSync = Arrays.copyOfRange(bytes, first, first + 20);
    int last = first;
    for (int at = first; at >= 0; at = indexOf(bytes, escapeAndSync, at + 1)) {
      last = at;
    }
    assertTrue(last > first, "several blocks");
    return last;
  }

  private static int indexOf(byte[] bytes, byte[] what, int from) {
    for (int i = from; i + what.length <= bytes.length; i++) {
      if (Arrays.equals(bytes, i, i + what.length, what, 0, what.length)) {
        return i;
      }
    }
    return -1;
  }

  @Test
  void aKeyClassThatDoesNotLoadIsRefusedBeforeSubmission() throws Exception {
    Path written = write(dir.resolve("written.seq"), lines.subList(0, 10), 1, Text.class,
        CompressionType.NONE, null);
    // The header names the key class; one of the same length that no jar holds.
    String absent = "org.example.absent.LongWritableXY";
    assertEquals(LongWritable.class.getName().length(), absent.length());
    byte[] bytes = Files.readAllBytes(written);
    String latin = new String(bytes, StandardCharsets.ISO_8859_1)
        .replaceFirst(LongWritable.class.getName(), absent);
    Path seq = Files.write(dir.resolve("keys.seq"), latin.getBytes(StandardCharsets.ISO_8859_1));
    DriverRun r = join(seq, dir.resolve("out"));
    assertEquals(List.of("ipjoin: input " + qualified(seq) + ": its SequenceFile key class "
        + absent + " cannot be loaded, which Hadoop's reader needs and the SequenceFile output,"
        + " which keeps each record's key, needs too; add its jar with -libjars"), r.errLines());
    assertEquals(2, r.exitCode());
    assertFalse(r.submitted());
  }

  @Test
  void aFormatNamingItsColumnByHeaderIsRefusedForASequenceFile() throws Exception {
    Path seq = write(dir.resolve("day.seq"), lines.subList(0, 10), 1, Text.class,
        CompressionType.NONE, null);
    Path out = dir.resolve("out");
    DriverRun r = join(seq, out, "--format", "csv:client");
    assertEquals(List.of("ipjoin: input " + qualified(seq) + " is a Hadoop SequenceFile, whose"
        + " columns no header line names (format csv:client (ipjoin.format) reads a text file's"
        + " header); give the column by number"), r.errLines());
    assertEquals(2, r.exitCode());
    assertFalse(r.submitted());
  }

  @Test
  void textFilesAndSequenceFilesInOneJobAreRefusedNamingOneOfEach() throws Exception {
    Path in = dir.resolve("in");
    Files.createDirectories(in);
    Path log = Files.write(in.resolve("a.log"), lines.subList(0, 10),
        StandardCharsets.ISO_8859_1);
    Path seq = write(in.resolve("b.seq"), lines.subList(10, 20), 1, Text.class,
        CompressionType.NONE, null);
    Path out = dir.resolve("out");
    DriverRun r = join(in, out);
    assertEquals(List.of("ipjoin: inputs mix kinds of file: " + qualified(log) + " is a text"
        + " file, " + qualified(seq) + " is a Hadoop SequenceFile; one job reads one kind, so run"
        + " one job per kind"), r.errLines());
    assertEquals(2, r.exitCode());
    assertFalse(r.submitted());
  }
}
