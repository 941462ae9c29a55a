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
import org.ipjoin.testing.LocalHadoop;
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
 * the log).
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

  /** Each line + TAB + 1 when listed, else 0 (ipjoin.tag.unmatched's default). */
  private List<String> tagged(List<String> records) {
    return records.stream().map(l -> l + "\t" + (isListed(l) ? "1" : "0")).toList();
  }

  /** Sync markers far more often than Hadoop's default, and small compressed blocks. */
  private static Configuration writerConf() {
    Configuration conf = new Configuration();
    conf.setInt("io.seqfile.compress.blocksize", 16 << 10);
    return conf;
  }

  /**
   * Writes {@code records} into a SequenceFile, {@code perValue} lines per value (joined by
   * {@code \n}), LongWritable keys.
   */
  private static Path write(Path file, List<String> records, int perValue,
      Class<? extends Writable> valueClass, CompressionType compression,
      Class<? extends CompressionCodec> codec) throws IOException {
    Files.createDirectories(file.getParent());
    Configuration conf = writerConf();
    List<SequenceFile.Writer.Option> options = new ArrayList<>(List.of(
        SequenceFile.Writer.file(new org.apache.hadoop.fs.Path(file.toUri())),
        SequenceFile.Writer.keyClass(LongWritable.class),
        SequenceFile.Writer.valueClass(valueClass),
        SequenceFile.Writer.syncInterval(8 << 10)));
    options.add(codec == null ? SequenceFile.Writer.compression(compression)
        : SequenceFile.Writer.compression(compression, ReflectionUtils.newInstance(codec, conf)));
    try (SequenceFile.Writer w = SequenceFile.createWriter(conf,
        options.toArray(new SequenceFile.Writer.Option[0]))) {
      for (int i = 0; i < records.size(); i += perValue) {
        byte[] value = String.join("\n", records.subList(i, Math.min(records.size(),
            i + perValue))).getBytes(StandardCharsets.ISO_8859_1);
        w.append(new LongWritable(i), valueClass == Text.class ? new Text(value)
            : new BytesWritable(value));
      }
    }
    return file;
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
    assertEquals(sorted(lines.subList(0, half).stream().filter(this::isListed).toList()),
        sorted(partLines(out.resolve("dt=2026-11-27"))));
    assertEquals(sorted(lines.subList(half, lines.size()).stream().filter(this::isListed).toList()),
        sorted(partLines(out.resolve("dt=2026-11-28"))));
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
    assertEquals(sorted(tagged(lines)), sorted(partLines(out)));
    assertEquals(lines.size(), r.counter(IpJoinCounter.RECORDS));
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
        expected.add(json.get(i));
      }
    }
    assertEquals(sorted(expected), sorted(partLines(out)));
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
    for (Path seq : List.of(block, plain)) {
      for (String blocks : List.of("true", "false")) {
        Path out = dir.resolve("out-" + seq.getParent().getFileName() + "-" + blocks);
        DriverRun r = join(seq, out, "-D", "mapreduce.input.fileinputformat.split.maxsize=65536",
            "-D", "ipjoin.input.blocks=" + blocks, "--mode", "tag");
        assertEquals(0, r.exitCode(), r.toString());
        assertTrue(parts(out).size() >= 4, seq + ": splits " + parts(out));
        assertEquals(sorted(tagged(lines)), sorted(partLines(out)), seq + " blocks=" + blocks);
      }
    }
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
        + absent + " cannot be loaded, which Hadoop's reader needs even though ipjoin skips keys;"
        + " add its jar with -libjars"), r.errLines());
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
