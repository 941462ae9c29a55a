package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.GzipCodec;
import org.apache.hadoop.util.ReflectionUtils;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.RealData;
import org.ipjoin.job.driver.RunSummary;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole job on the LocalJobRunner, reading its input as blocks of lines ({@code
 * ipjoin.input.blocks=true}: clients parsed from the block's bytes, looked up together, output
 * lines written in one go) and one line per call ({@code false}, Hadoop's TextInputFormat): over
 * the real logs plus a file of awkward records and one without any listed client, in every mode,
 * with the default block size and blocks of 1 to 64 bytes (every line longer than a block), with
 * one split per file, with many small splits, over gzip (with gzip output) and split bzip2 copies,
 * both give byte-identical output files (part files, the malformed side output, their
 * checksum files; the same files, so no part file appears where one line per call writes none)
 * and identical counters, and {@code RECORDS} is the number of lines plain String code finds in
 * the input. The inputs and the index are made once for the class: every run only reads them.
 */
class BlockInputJobTest {

  @TempDir static Path dir;
  private static Path index;
  private static Path plain;
  private static long lines;
  /** Input files; one of them has no listed client. */
  private static int inputFiles;

  /**
   * The list: ipcat's labelled data-centre ranges, plus every third distinct client of the real
   * logs (IPv4 and IPv6) under a label of its own, so that every mode has matches, misses and
   * labels to write.
   */
  @BeforeAll
  static void writeIndexAndInputs() throws IOException {
    Set<String> clients = new LinkedHashSet<>();
    plain = Files.createDirectory(dir.resolve("plain"));
    for (Path log : List.of(RealData.elasticLog(), RealData.basjesLog())) {
      byte[] bytes = Files.readAllBytes(log);
      Files.write(plain.resolve(log.getFileName()), bytes);
      for (String line : linesOf(bytes)) {
        String client = line.split(" ", 2)[0];
        if (client.matches("[0-9.]+|[0-9a-fA-F:]*:[0-9a-fA-F:.]*")) {
          clients.add(client);
        }
      }
    }
    // Awkward records: CRLF and a lone CR, empty lines, malformed clients, NUL and 0xFF bytes, a
    // line of 3 MB (longer than a block), and a last line without a newline.
    String time = " - - [21/Nov/2026:00:00:00 +0000] \"GET / HTTP/1.1\" 200 1";
    StringBuilder odd = new StringBuilder();
    odd.append("83.149.9.216").append(time).append("\r\n\r\n");
    odd.append("999.1.2.3").append(time).append("\n\n");
    odd.append("\u0000\u00ff junk\r");
    odd.append("2001:db8::1").append(time).append("\n");
    odd.append("fe80::1%eth0").append(time).append("\r\n");
    odd.append("83.149.9.216 ").append("x".repeat(3 << 20)).append("\n");
    odd.append("10.0.0.1").append(time);
    Files.write(plain.resolve("odd.log"), odd.toString().getBytes(StandardCharsets.ISO_8859_1));
    // No listed client (documentation addresses, which no list holds), one malformed record: in
    // match mode its task writes no part file, only a malformed one.
    Files.write(plain.resolve("quiet.log"), List.of("192.0.2.1" + time, "2001:db8:ffff::1" + time,
        "198.51.100.7" + time + "\r", "192.0.2.300" + time, "203.0.113.9" + time));

    lines = 0;
    for (Path f : files(plain)) {
      lines += linesOf(Files.readAllBytes(f)).size();
    }
    inputFiles = files(plain).size();

    List<String> list = new ArrayList<>(Files.readAllLines(
        RealData.file("lists/ipcat_datacenters.csv"), StandardCharsets.UTF_8));
    int n = 0;
    for (String client : clients) {
      if (n++ % 3 == 0) {
        list.add(client + ",client-" + n);
      }
    }
    Path listFile = dir.resolve("list.csv");
    Files.write(listFile, list, StandardCharsets.UTF_8);
    index = dir.resolve("list.ipidx");
    BuiltIndexes.write(listFile, index);
  }

  /** The lines of a file as plain String code reads them: ends are \n, \r\n or \r. */
  private static List<String> linesOf(byte[] file) {
    String text = new String(file, StandardCharsets.ISO_8859_1);
    List<String> result = new ArrayList<>(List.of(text.split("\r\n|\r|\n", -1)));
    if (result.get(result.size() - 1).isEmpty()) {
      result.remove(result.size() - 1);
    }
    return result;
  }

  private static List<Path> files(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }

  /** A copy of every file of {@link #plain}, compressed with {@code codecClass}. */
  private static Path compressed(Class<? extends CompressionCodec> codecClass) throws IOException {
    CompressionCodec codec = ReflectionUtils.newInstance(codecClass, new Configuration());
    Path out = dir.resolve(codec.getDefaultExtension().substring(1));
    if (Files.isDirectory(out)) {
      return out;
    }
    Files.createDirectory(out);
    for (Path f : files(plain)) {
      try (OutputStream o = codec.createOutputStream(
          Files.newOutputStream(out.resolve(f.getFileName() + codec.getDefaultExtension())))) {
        o.write(Files.readAllBytes(f));
      }
    }
    return out;
  }

  /** Every file of the output (part files, side output, checksums) but the run summary. */
  private static Map<String, String> outputFiles(Path output) throws IOException {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> s = Files.walk(output)) {
      for (Path p : s.filter(Files::isRegularFile).toList()) {
        String name = output.relativize(p).toString();
        if (!name.contains(RunSummary.FILE_NAME)) {
          files.put(name, HexFormat.of().formatHex(
              java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))));
        }
      }
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
    return files;
  }

  /** Counters of the published run, but the load time, which differs from run to run. */
  private static Map<String, Long> counters(DriverRun run) throws IOException {
    RunSummary summary = RunSummary.read(
        org.apache.hadoop.fs.FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(run.output().toUri()));
    Map<String, Long> counters = new TreeMap<>(summary.counters());
    counters.remove(IpJoinCounter.INDEX_LOAD_MILLIS.name());
    return counters;
  }

  private static DriverRun run(String name, Path input, List<String> generic, List<String> options)
      throws Exception {
    List<String> args = new ArrayList<>();
    for (String d : generic) {
      args.add("-D");
      args.add(d);
    }
    args.addAll(List.of("--index", index.toString(), "--input", input.toString(), "--output",
        dir.resolve("out-" + name).toString()));
    args.addAll(options);
    DriverRun run = DriverRun.of(args.toArray(new String[0]));
    assertEquals(0, run.exitCode(), name + ": " + run);
    return run;
  }

  /** A block size variant meaning: the default, {@code ipjoin.input.block.bytes} not set. */
  private static final String DEFAULT_SIZE = "default";

  /**
   * Runs the job on the standard path and with blocks of each given size ({@link #DEFAULT_SIZE}
   * or bytes), checks that every run wrote the same files and counters, and returns the files.
   */
  private static Map<String, String> sameWithAndWithoutBlocks(String name, Path input,
      List<String> generic, List<String> options, String... blockSizes) throws Exception {
    List<String> off = new ArrayList<>(generic);
    off.add(IpJoinKeys.INPUT_BLOCKS.key() + "=false");
    DriverRun standard = run(name + "-lines", input, off, options);
    Map<String, String> expectedFiles = outputFiles(standard.output());
    Map<String, Long> expectedCounters = counters(standard);
    assertEquals(lines, expectedCounters.get(IpJoinCounter.RECORDS.name()), name + ": records");
    assertTrue(expectedFiles.keySet().stream().anyMatch(f -> f.startsWith("part-")), name);
    assertTrue(blockSizes.length > 0, name);

    for (int v = 0; v < blockSizes.length; v++) {
      List<String> on = new ArrayList<>(generic);
      if (!blockSizes[v].equals(DEFAULT_SIZE)) {
        on.add(IpJoinKeys.INPUT_BLOCK_BYTES.key() + "=" + blockSizes[v]);
      }
      DriverRun blocks = run(name + "-blocks" + v, input, on, options);
      String variant = name + " blocks of " + blockSizes[v];
      assertEquals(expectedFiles, outputFiles(blocks.output()), variant + ": files");
      assertEquals(expectedCounters, counters(blocks), variant + ": counters");
    }
    return expectedFiles;
  }

  /**
   * Runs the job with blocks joined on the reading thread ({@code ipjoin.input.pipeline=never})
   * and on a second thread ({@code pipeline}), for each block size, and checks every run wrote the
   * same files and counters.
   */
  private static void samePipelinedAndNot(String name, Path input, List<String> generic,
      String pipeline, List<String> options, String... blockSizes) throws Exception {
    for (String size : blockSizes) {
      List<String> one = new ArrayList<>(generic);
      if (!size.equals(DEFAULT_SIZE)) {
        one.add(IpJoinKeys.INPUT_BLOCK_BYTES.key() + "=" + size);
      }
      List<String> two = new ArrayList<>(one);
      one.add(IpJoinKeys.INPUT_PIPELINE.key() + "=never");
      if (pipeline != null) {
        two.add(IpJoinKeys.INPUT_PIPELINE.key() + "=" + pipeline);
      }
      String variant = name + " blocks of " + size;
      DriverRun reading = run(name + "-one-thread-" + size, input, one, options);
      DriverRun joining = run(name + "-two-threads-" + size, input, two, options);
      Map<String, String> files = outputFiles(reading.output());
      assertTrue(files.keySet().stream().anyMatch(f -> f.startsWith("part-")), variant);
      assertEquals(files, outputFiles(joining.output()), variant + ": files");
      assertEquals(counters(reading), counters(joining), variant + ": counters");
      assertEquals(lines, counters(joining).get(IpJoinCounter.RECORDS.name()), variant);
    }
  }

  @Test
  void blocksJoinedOnASecondThreadWhileTheNextIsReadGiveTheSameFilesAndCounters()
      throws Exception {
    // Plain files cut into about 16 splits, every mode, with `always`.
    List<String> small = List.of("mapreduce.input.fileinputformat.split.maxsize=399991");
    for (String mode : List.of("match", "nomatch", "tag", "count")) {
      samePipelinedAndNot("pipeline-" + mode, plain, small, "always", List.of("--mode", mode),
          DEFAULT_SIZE, "64");
    }
    samePipelinedAndNot("pipeline-count-label", plain, List.of(), "always",
        List.of("--mode", "count", "--count-by", "label"), "1");
    // The gzip copies with the default (`compressed`), with gzip output too.
    samePipelinedAndNot("pipeline-gzip", compressed(GzipCodec.class),
        List.of("mapreduce.output.fileoutputformat.compress=true",
            "mapreduce.output.fileoutputformat.compress.codec=" + GzipCodec.class.getName()),
        null, List.of("--mode", "tag"), DEFAULT_SIZE, "1");
  }

  /**
   * A join that fails on the second thread fails the task with its own reason, as on one thread:
   * the driver prints the same lines, and nothing is published.
   */
  @Test
  void aJoinThatFailsOnTheSecondThreadFailsTheJobWithItsReason() throws Exception {
    Map<String, List<String>> reasons = new TreeMap<>();
    for (String pipeline : List.of("never", "always")) {
      List<String> args = new ArrayList<>(List.of("-D", IpJoinKeys.INPUT_PIPELINE.key() + "="
          + pipeline, "-D", "mapreduce.job.map.class=" + FailingBlockMapper.class.getName(),
          "-D", IpJoinKeys.INPUT_BLOCK_BYTES.key() + "=64", "-D", "mapreduce.map.maxattempts=1"));
      args.addAll(List.of("--index", index.toString(), "--input", plain.toString(), "--output",
          dir.resolve("out-failing-" + pipeline).toString()));
      DriverRun run = DriverRun.of(args.toArray(new String[0]));
      assertEquals(1, run.exitCode(), pipeline + ": " + run);
      assertTrue(!Files.exists(run.output()), pipeline + ": nothing published");
      reasons.put(pipeline, run.errLines().stream()
          .map(l -> l.replaceAll("(job|attempt)_[0-9_a-z]+", "$1_ID")).toList());
      assertTrue(reasons.get(pipeline).stream()
          .anyMatch(l -> l.endsWith(": " + FailingBlockMapper.MESSAGE)), reasons.toString());
    }
    assertEquals(reasons.get("never"), reasons.get("always"));
  }

  private static List<String> partFiles(Map<String, String> files) {
    return files.keySet().stream().filter(f -> f.startsWith("part-")).toList();
  }

  @Test
  void everyModeWritesTheSameFilesAndCountersWithAndWithoutBlocks() throws Exception {
    // Blocks of 1 to 64 bytes hold one line each, every line longer than the block.
    Map<String, String> match = sameWithAndWithoutBlocks("match", plain, List.of(),
        List.of("--mode", "match"), DEFAULT_SIZE, "1");
    // quiet.log's task has nothing to write: no part file for it, as with one line per call.
    assertEquals(inputFiles - 1, partFiles(match).size(), match.toString());
    assertTrue(match.keySet().stream().anyMatch(f -> f.startsWith("malformed/part-m-")
        && !match.containsKey(f.substring("malformed/".length()))), match.toString());
    sameWithAndWithoutBlocks("nomatch", plain, List.of(), List.of("--mode", "nomatch"), "64");
    sameWithAndWithoutBlocks("tag", plain, List.of(), List.of("--mode", "tag"), DEFAULT_SIZE, "7");
    sameWithAndWithoutBlocks("count", plain, List.of(), List.of("--mode", "count"), "1");
    sameWithAndWithoutBlocks("count-label", plain, List.of(),
        List.of("--mode", "count", "--count-by", "label"), DEFAULT_SIZE);
  }

  @Test
  void manySmallSplitsGiveTheSameFilesAndCounters() throws Exception {
    // About 16 splits over the plain files, boundaries falling inside lines and line ends.
    List<String> small = List.of("mapreduce.input.fileinputformat.split.maxsize=399991");
    sameWithAndWithoutBlocks("small-tag", plain, small, List.of("--mode", "tag"), "5000");
    sameWithAndWithoutBlocks("small-count", plain, small, List.of("--mode", "count"),
        DEFAULT_SIZE);
  }

  @Test
  void gzipAndSplitBzip2InputsAndGzipOutputGiveTheSameFilesAndCounters() throws Exception {
    // Gzip in and gzip out: the compressed part files are the same bytes, written one line per
    // call or one block per call.
    List<String> gzipOutput = List.of("mapreduce.output.fileoutputformat.compress=true",
        "mapreduce.output.fileoutputformat.compress.codec=" + GzipCodec.class.getName());
    Map<String, String> gzip = sameWithAndWithoutBlocks("gzip", compressed(GzipCodec.class),
        gzipOutput, List.of("--mode", "tag"), DEFAULT_SIZE, "1");
    List<String> parts = partFiles(gzip);
    assertEquals(inputFiles, parts.size(), gzip.toString());
    assertTrue(parts.stream().allMatch(f -> f.endsWith(".gz")), parts.toString());
    // Splits of 32 KiB of compressed input: several bzip2 blocks per file, split apart.
    sameWithAndWithoutBlocks("bzip2", compressed(BZip2Codec.class),
        List.of("mapreduce.input.fileinputformat.split.maxsize=32768"), List.of("--mode", "tag"),
        DEFAULT_SIZE);
  }
}
