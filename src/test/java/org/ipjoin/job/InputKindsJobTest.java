package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.partLines;
import static org.ipjoin.job.DriverRun.qualified;
import static org.ipjoin.job.DriverRun.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.util.NativeCodeLoader;
import org.ipjoin.testing.ProjectFiles;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an input file is decides whether it is read: one file under two hard links is read once,
 * binary formats and compressed data without a codec's suffix are refused, pipes, sockets and
 * devices are refused (they would block a task, or be read once only), empty files of any suffix
 * are skipped, and a codec that cannot run on this machine is named. Real files, the
 * LocalJobRunner, expectations from plain Java.
 */
class InputKindsJobTest {

  private static final Set<String> LISTED = Set.of("8.8.8.8", "1.1.1.1");
  private static final Path COMPRESSED = ProjectFiles.resolve("src/test/resources/compressed");

  @TempDir Path dir;
  private Path index;
  private Path out;

  @BeforeEach
  void files() throws IOException {
    index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, LISTED.toArray(new String[0]));
    out = dir.resolve("out");
  }

  private DriverRun run(String... options) throws Exception {
    List<String> args = new ArrayList<>(List.of(options));
    args.addAll(List.of("--index", index.toString(), "--output", out.toString()));
    return DriverRun.of(args.toArray(new String[0]));
  }

  /** Refused before submission: exactly these stderr lines, exit 2, nothing submitted. */
  private static void assertRefused(DriverRun r, String... lines) {
    assertEquals(List.of(lines), r.errLines());
    assertEquals(2, r.exitCode());
    assertFalse(r.submitted());
  }

  /** {@code n} log lines, every third one from a listed client. */
  private static List<String> logLines(String tag, int n) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      lines.add((i % 3 == 0 ? "8.8.8.8" : "192.0.2." + (i % 250 + 1)) + " - - " + tag + i);
    }
    return lines;
  }

  private static void write(Path file, List<String> lines) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.US_ASCII);
  }

  private static List<String> matched(List<String> lines) {
    return lines.stream().filter(l -> LISTED.contains(l.substring(0, l.indexOf(' ')))).toList();
  }

  // ---- hard links ----

  @Test
  void aLogUnderTwoHardLinksIsReadOnce() throws Exception {
    Path day = dir.resolve("day");
    List<String> rotated = logLines("rotated", 40);
    List<String> other = logLines("other", 7);
    write(day.resolve("access.log.1"), rotated);
    write(day.resolve("error.log"), other);
    // rsnapshot / cp -al: the current name is a hard link to the rotated file.
    Files.createLink(day.resolve("access.log"), day.resolve("access.log.1"));

    DriverRun r = run("--input", day.toString());
    assertEquals(0, r.exitCode(), r.toString());
    // Name order: access.log is met first and read; access.log.1 is the second name.
    assertEquals(List.of("ipjoin: 1 input file was named more than once (e.g. "
        + qualified(day.resolve("access.log.1")) + ", also as " + qualified(day.resolve("access.log"))
        + "); each file is read once"), r.errLines());
    assertReadOnce(r, rotated, other);
  }

  /** The match job read each of these records once: RECORDS and the matched lines published. */
  @SafeVarargs
  private void assertReadOnce(DriverRun r, List<String>... files) throws IOException {
    List<String> all = new ArrayList<>();
    for (List<String> f : files) {
      all.addAll(f);
    }
    assertEquals(all.size(), r.counter(IpJoinCounter.RECORDS));
    assertEquals(sorted(matched(all)), sorted(partLines(out)));
  }

  // ---- binary files ----

  @Test
  void aSequenceFileOfTextLinesIsReadAsItsLinesNotRefused() throws Exception {
    // SequenceFileInputJobTest tests this input in depth; here: it is no longer a refused format.
    Path seq = dir.resolve("logs.seq");
    Configuration conf = new Configuration();
    List<String> lines = logLines("seq", 48);
    try (SequenceFile.Writer w = SequenceFile.createWriter(conf,
        SequenceFile.Writer.file(new org.apache.hadoop.fs.Path(seq.toUri())),
        SequenceFile.Writer.keyClass(Text.class), SequenceFile.Writer.valueClass(Text.class))) {
      for (String line : lines) {
        w.append(new Text(line), new Text(line));
      }
    }
    DriverRun r = run("--input", seq.toString());
    assertEquals(0, r.exitCode(), r.toString());
    // The output is a SequenceFile too: each matched line as a record, under its own key.
    List<String> values = new java.util.ArrayList<>();
    for (Path part : DriverRun.parts(out)) {
      try (SequenceFile.Reader reader = new SequenceFile.Reader(conf,
          SequenceFile.Reader.file(new org.apache.hadoop.fs.Path(part.toUri())))) {
        Text key = new Text();
        Text value = new Text();
        while (reader.next(key, value)) {
          assertEquals(key, value);
          values.add(value.toString());
        }
      }
    }
    assertEquals(DriverRun.sorted(matched(lines)), DriverRun.sorted(values));
  }

  @Test
  void binaryFormatsAndCompressedDataWithoutACodecSuffixAreRefused() throws Exception {
    Path in = dir.resolve("in");
    write(in.resolve("good.log"), logLines("good", 5));
    // Parquet: "PAR1", then a page header (thrift compact, 0x15 first), "PAR1" at the end too.
    Files.write(in.resolve("part-0.parquet"), concat(ascii("PAR1"), new byte[] {0x15, 0x00, 0x15,
        0x1c}, ascii("8.8.8.8 x"), ascii("PAR1")));
    Files.write(in.resolve("events.avro"), concat(new byte[] {'O', 'b', 'j', 1, 4}, ascii("x")));
    Files.copy(COMPRESSED.resolve("access.log.zst"), in.resolve("zstd-day"));
    Files.copy(COMPRESSED.resolve("access.log.lz4"), in.resolve("lz4-day"));
    // A log line that starts with the letters of a magic number is still text.
    write(in.resolve("seq.log"), List.of("SEQ 8.8.8.8 - - starts like a SequenceFile"));

    String tail = ", not text: ipjoin reads text logs, plain or compressed by a codec its suffix"
        + " selects (.gz, .bz2); convert it to text first";
    // Given a text format, each binary file is refused as not text.
    assertRefused(run("--input", in.toString(), "--format", "combined"),
        "ipjoin: input " + qualified(in.resolve("events.avro")) + " is an Avro data file (it starts"
            + " with 4F 62 6A 01)" + tail
            + "; or join it as a table, naming its address column: --format avro:COLUMN",
        "ipjoin: input " + qualified(in.resolve("lz4-day")) + " is LZ4-compressed data (frame"
            + " format) (it starts with 04 22 4D 18)" + tail,
        "ipjoin: input " + qualified(in.resolve("part-0.parquet")) + " is a Parquet file (it starts"
            + " with 50 41 52 31)" + tail
            + "; or join it as a table, naming its address column: --format parquet:COLUMN",
        "ipjoin: input " + qualified(in.resolve("zstd-day")) + " is zstd-compressed data (it"
            + " starts with 28 B5 2F FD)" + tail);
    // Without a format (as with --format auto) a table is refused saying to name its column, and
    // tables beside text logs are two kinds of file.
    String nameIt = ", a table: name its address column to join it, --format auto:COLUMN (e.g."
        + " auto:client_ip)";
    assertRefused(run("--input", in.toString()),
        "ipjoin: input " + qualified(in.resolve("events.avro")) + " is an Avro data file" + nameIt,
        "ipjoin: input " + qualified(in.resolve("lz4-day")) + " is LZ4-compressed data (frame"
            + " format) (it starts with 04 22 4D 18)" + tail,
        "ipjoin: input " + qualified(in.resolve("part-0.parquet")) + " is a Parquet file" + nameIt,
        "ipjoin: input " + qualified(in.resolve("zstd-day")) + " is zstd-compressed data (it"
            + " starts with 28 B5 2F FD)" + tail,
        "ipjoin: inputs mix kinds of file: " + qualified(in.resolve("events.avro")) + " is an Avro"
            + " data file, " + qualified(in.resolve("good.log")) + " is a text file; one job reads"
            + " one kind, so run one job per kind");
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static byte[] concat(byte[]... parts) {
    java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
    for (byte[] p : parts) {
      b.writeBytes(p);
    }
    return b.toByteArray();
  }

  @Test
  void aHadoopSettingIpjoinSetsItselfIsRefusedUnlessItIsIpjoinsValue() throws Exception {
    Path log = dir.resolve("access.log");
    write(log, logLines("a", 4));
    DriverRun r = run("-D", "mapreduce.job.inputformat.class="
        + "org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat", "--input", log.toString());
    assertRefused(r, "ipjoin: -D mapreduce.job.inputformat.class="
        + "org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat cannot be used: ipjoin"
        + " sets mapreduce.job.inputformat.class itself (to org.ipjoin.job.input.LineBlockInputFormat)"
        + " and would ignore this value; remove it");

    r = run("-D", "mapreduce.job.outputformat.class="
        + "org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat", "--input", log.toString());
    assertEquals(List.of("ipjoin: -D mapreduce.job.outputformat.class="
        + "org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat cannot be used: ipjoin"
        + " sets mapreduce.job.outputformat.class itself (to"
        + " org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat) and would ignore this value;"
        + " remove it"), r.errLines());
    assertEquals(2, r.exitCode());

    // ipjoin's own value, and a subclass of its mapper, are what the job uses: accepted.
    r = run("-D", "mapreduce.job.inputformat.class=org.ipjoin.job.input.LineBlockInputFormat",
        "-D", "mapreduce.job.map.class=org.ipjoin.job.task.IpJoinMapper",
        "--input", log.toString());
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(sorted(matched(logLines("a", 4))), sorted(partLines(out)));
  }

  // ---- pipes, sockets, devices ----

  @Test
  void aFifoOrSocketInAnInputFolderIsRefusedBeforeSubmission() throws Exception {
    Path in = dir.resolve("in");
    write(in.resolve("a.log"), logLines("a", 3));
    Path fifo = in.resolve("b.pipe");
    mkfifo(fifo);
    Path socket = in.resolve("c.sock");
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        UnblockedFifo unblocked = new UnblockedFifo(fifo)) {
      server.bind(UnixDomainSocketAddress.of(socket));
      DriverRun r = run("--input", in.toString());
      assertRefused(r, "ipjoin: " + special(qualified(fifo), "a named pipe (FIFO)"),
          "ipjoin: " + special(qualified(socket), "a socket"));
    }
  }

  @Test
  void aFifoGivenAsTheIndexIsRefusedBeforeItIsOpened() throws Exception {
    Path log = dir.resolve("access.log");
    write(log, logLines("a", 3));
    Path fifo = dir.resolve("ips.pipe");
    mkfifo(fifo);
    try (UnblockedFifo unblocked = new UnblockedFifo(fifo)) {
      DriverRun r = DriverRun.of("--index", fifo.toString(), "--input", log.toString(),
          "--output", out.toString());
      assertEquals(List.of("ipjoin: index " + qualified(fifo) + " is a named pipe (FIFO), not a"
          + " regular file; give the file it was made from (an index is read by every task)"),
          r.errLines());
      assertEquals(2, r.exitCode());
      assertFalse(r.submitted());
    }
  }

  private static String special(String input, String kind) {
    return "input " + input + " is " + kind + ", not a regular file: a job's tasks open each input"
        + " by name and may read it again (a pipe or socket blocks them or is read once); save its"
        + " data to a file first and give that file as --input";
  }

  static void mkfifo(Path fifo) throws Exception {
    Process p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    assertEquals(0, p.waitFor(), "mkfifo " + fifo);
  }

  /**
   * A writer for a FIFO, so that nothing that opens it for reading can block: a thread opens it
   * for writing (blocking until a reader comes) and closes it at once, so a reader sees end of
   * file. On close, the FIFO is opened for reading and writing (which never blocks on Linux and
   * counts as a reader) so that the thread's open returns if nobody opened the FIFO.
   */
  static final class UnblockedFifo implements AutoCloseable {
    private final Path fifo;
    private final Thread writer;

    UnblockedFifo(Path fifo) {
      this.fifo = fifo;
      this.writer = new Thread(() -> {
        try (OutputStream o = Files.newOutputStream(fifo, StandardOpenOption.WRITE)) {
          o.flush();
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }, "fifo-writer");
      writer.setDaemon(true);
      writer.start();
    }

    @Override
    public void close() throws Exception {
      try (FileChannel c = FileChannel.open(fifo, StandardOpenOption.READ,
          StandardOpenOption.WRITE)) {
        writer.join();
      }
    }
  }

  // ---- empty and compressed files ----

  @Test
  void anEmptyGzBesideOtherLogsIsSkipped() throws Exception {
    Path in = dir.resolve("in");
    List<String> a = logLines("a", 9);
    write(in.resolve("a.log"), a);
    List<String> b = logLines("b", 5);
    try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(in.resolve("b.log.gz")))) {
      o.write((String.join("\n", b) + "\n").getBytes(StandardCharsets.US_ASCII));
    }
    Files.createFile(in.resolve("c.log.gz"));
    Files.createFile(in.resolve("d.log.bz2"));
    Files.createFile(in.resolve("e.log"));

    DriverRun r = run("--input", in.toString());
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(List.of(), r.errLines());
    assertReadOnce(r, a, b);
  }

  @Test
  void aZstdInputIsRefusedWhenHadoopsNativeLibraryIsMissing() throws Exception {
    Path zst = dir.resolve("access.log.zst");
    Files.copy(COMPRESSED.resolve("access.log.zst"), zst);
    List<String> lines = Files.readAllLines(COMPRESSED.resolve("access.log"));
    DriverRun r = run("--input", zst.toString());
    if (NativeCodeLoader.isNativeCodeLoaded() && NativeCodeLoader.buildSupportsZstd()) {
      assertEquals(0, r.exitCode(), r.toString());
      assertEquals(sorted(matched(lines)), sorted(partLines(out)));
      return;
    }
    assertRefused(r, "ipjoin: input " + qualified(zst) + ": its suffix .zst selects Hadoop's"
        + " ZStandardCodec, which cannot decompress on this machine: Hadoop's native library"
        + " (libhadoop with zstd) is missing; decompress the file first (or run where the codec"
        + " works)");
  }

  @Test
  void anLz4FileOfTheLz4ToolIsRefusedNotReadAsNoRecords() throws Exception {
    // Hadoop's Lz4Codec reads its own block format; given the lz4 tool's frame it yielded no
    // records, so the file was joined as empty (exit 0 beside other logs).
    Path lz4 = dir.resolve("access.log.lz4");
    Files.copy(COMPRESSED.resolve("access.log.lz4"), lz4);
    DriverRun r = run("--input", lz4.toString());
    assertRefused(r, "ipjoin: input " + qualified(lz4) + ": its suffix .lz4 selects Hadoop's"
        + " Lz4Codec, which reads Hadoop's own block format, but the file is in the command-line"
        + " tool's frame format (it starts with 04 22 4D 18) and would be read as no records;"
        + " decompress it first (or give it without the suffix once decompressed)");
  }

  @Test
  void anLz4FileInHadoopsBlockFormatIsJoined() throws Exception {
    // lz4-java comes with orc-core (ORC's LZ4 codec), so Hadoop's Lz4Codec runs here.
    List<String> lines = Files.readAllLines(COMPRESSED.resolve("access.log"));
    Path lz4 = dir.resolve("hadoop.log.lz4");
    org.apache.hadoop.io.compress.Lz4Codec codec = new org.apache.hadoop.io.compress.Lz4Codec();
    codec.setConf(new org.apache.hadoop.conf.Configuration());
    try (java.io.OutputStream o = codec.createOutputStream(Files.newOutputStream(lz4))) {
      o.write(Files.readAllBytes(COMPRESSED.resolve("access.log")));
    }
    DriverRun r = run("--input", lz4.toString());
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(lines.size(), r.counter(IpJoinCounter.RECORDS));
    assertEquals(sorted(matched(lines)), sorted(partLines(out)));
  }

  @Test
  void standardInputAndProcessSubstitutionAreRefusedSayingToSaveThemToAFile() throws Exception {
    Path log = dir.resolve("access.log");
    write(log, logLines("a", 3));
    // Standard input a pipe, as in `zcat day.gz | ipjoin … --input /dev/stdin`.
    Child stdin = child("--input /dev/stdin");
    assertEquals(List.of("ipjoin: " + special("file:/dev/stdin", "standard input, a pipe")),
        stdin.lines());
    assertEquals(2, stdin.exit());
    // bash's process substitution passes a pipe as /dev/fd/N.
    Child substituted = child("--input " + log + " <(cat " + log + ")");
    assertEquals(1, substituted.lines().size(), substituted.toString());
    assertTrue(substituted.lines().get(0).matches("ipjoin: " + java.util.regex.Pattern.quote(
        special("file:/dev/fd/@", "a pipe (as <(command) gives)")).replace("@", "\\E[0-9]+\\Q")),
        substituted.toString());
    assertEquals(2, substituted.exit());
    assertFalse(Files.exists(out));
  }

  private record Child(int exit, List<String> lines) {}

  /**
   * The driver in a child JVM started by bash with {@code inputs} (shell syntax), its standard
   * input a pipe the test closes at once; its output lines.
   */
  private Child child(String inputs) throws Exception {
    Path classes = Path.of(org.ipjoin.cli.IpJoinDriver.class.getProtectionDomain().getCodeSource()
        .getLocation().toURI());
    Path testClasses = Path.of(getClass().getProtectionDomain().getCodeSource().getLocation()
        .toURI());
    String hadoop = Files.readString(classes.getParent().resolve("classpath.txt")).trim();
    String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String command = "exec '" + javaBin + "' -Xmx256m -Dipjoin.test.dir='" + dir.resolve("child-work")
        + "' -cp '" + classes + java.io.File.pathSeparator + testClasses
        + java.io.File.pathSeparator + hadoop + "' " + org.ipjoin.cli.IpJoinDriver.class.getName()
        + " --index '" + index + "' --output '" + out + "' " + inputs;
    Process p = new ProcessBuilder("/bin/bash", "-c", command).directory(dir.toFile())
        .redirectErrorStream(true).start();
    p.getOutputStream().close();
    List<String> lines = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
        .lines().filter(l -> !l.isBlank()).toList();
    return new Child(p.waitFor(), lines);
  }
}
