package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.ipjoin.RealData;
import org.ipjoin.job.driver.RunSummary;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Input in Hive-style partition folders ({@code dt=2026-11-27/}) keeps them in the output: real
 * log lines (the elastic and basjes logs of {@code realdata/}) copied into partition folders of two
 * {@code --input} folders, joined on the local runner against the addresses of {@code ipsum.txt},
 * and every output line looked for in the folder of the file it came from. What each line must be
 * (listed, not listed, malformed) is worked out here with plain String code from the list's first
 * column and the line's first field, not by ipjoin's parser.
 */
class PartitionedOutputJobTest {

  private static final Pattern DOTTED = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

  @TempDir Path dir;

  private Path index;
  private Set<String> listed;
  /** Per written input file, its lines. */
  private final Map<Path, List<String>> written = new LinkedHashMap<>();
  /** Per written input file, the partition its records must be under in the output ("" top). */
  private final Map<Path, String> expectedPartition = new LinkedHashMap<>();
  private Path logs;
  private Path moreLogs;

  @BeforeEach
  void layOut() throws IOException {
    listed = new HashSet<>();
    for (String line : Files.readAllLines(RealData.ipsum())) {
      if (!line.startsWith("#")) {
        listed.add(line.split("\t")[0]);
      }
    }
    index = dir.resolve("ipsum.ipidx");
    TestIndexes.write(index, listed.toArray(String[]::new));
    List<String> elastic = Files.readAllLines(RealData.elasticLog(), StandardCharsets.ISO_8859_1);
    List<String> basjes = Files.readAllLines(RealData.basjesLog(), StandardCharsets.ISO_8859_1);
    logs = dir.resolve("logs");
    moreLogs = dir.resolve("more-logs");
    List<String> first = new ArrayList<>(elastic.subList(0, 4000));
    first.add(1000, "not-an-address - - [27/Nov/2026:00:00:00 +0000] \"GET / HTTP/1.1\" 200 1");
    gzip(logs.resolve("dt=2026-11-27/part-0.gz"), first, "dt=2026-11-27");
    plain(logs.resolve("dt=2026-11-28/part-0"), elastic.subList(4000, 10000), "dt=2026-11-28");
    // A value with ':' (no Hadoop relative path may start with a segment holding one): Hive's
    // escape, %3A, in the output; a folder between two partition folders is no partition.
    plain(logs.resolve("dt=2026-11-29/hour=10:00/raw/basjes.log"), basjes,
        "dt=2026-11-29/hour=10%3A00");
    // Directly in --input, beside the partition folders: written at the output's top.
    List<String> top = new ArrayList<>(basjes.subList(0, 50));
    top.add("garbage");
    plain(logs.resolve("top.log"), top, "");
    // The same value as Hive escapes it, in the second --input: the same partition folder.
    plain(moreLogs.resolve("dt=2026-11-29/hour=10%3A00/escaped.log"), basjes.subList(100, 200),
        "dt=2026-11-29/hour=10%3A00");
    // The same partition in a second --input: merged into one folder.
    plain(moreLogs.resolve("dt=2026-11-27/more.log"), elastic.subList(9000, 10000),
        "dt=2026-11-27");
  }

  private void plain(Path file, List<String> lines, String partition) throws IOException {
    Files.createDirectories(file.getParent());
    Files.write(file, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.ISO_8859_1));
    written.put(file, lines);
    expectedPartition.put(file, partition);
  }

  private void gzip(Path file, List<String> lines, String partition) throws IOException {
    Files.createDirectories(file.getParent());
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.ISO_8859_1));
    }
    written.put(file, lines);
    expectedPartition.put(file, partition);
  }

  /** null: malformed; else whether the line's client (its first field) is in the list. */
  private Boolean listed(String line) {
    String client = line.split(" ", 2)[0];
    if (DOTTED.matcher(client).matches()) {
      return listed.contains(client);
    }
    return client.contains(":") ? Boolean.FALSE : null;
  }

  /** Per partition, the sorted lines expected there, by {@code mode}'s rule. */
  private Map<String, List<String>> expected(String mode) {
    Map<String, List<String>> byPartition = new TreeMap<>();
    written.forEach((file, lines) -> {
      for (String line : lines) {
        Boolean l = listed(line);
        String out = switch (mode) {
          case "match" -> Boolean.TRUE.equals(l) ? line : null;
          case "nomatch" -> Boolean.FALSE.equals(l) ? line : null;
          case "tag" -> line + "\t" + (l == null ? "-" : l ? "1" : "0");
          case "malformed" -> l == null ? line : null;
          default -> throw new IllegalArgumentException(mode);
        };
        if (out != null) {
          byPartition.computeIfAbsent(expectedPartition.get(file), p -> new ArrayList<>()).add(out);
        }
      }
    });
    byPartition.values().forEach(lines -> lines.sort(null));
    return byPartition;
  }

  private DriverRun run(String mode, Path out, String... more) throws Exception {
    List<String> args = new ArrayList<>(List.of("--index", index.toString(), "--mode", mode,
        "--input", logs.toString(), "--input", moreLogs.toString(), "--output", out.toString()));
    args.addAll(List.of(more));
    DriverRun run = DriverRun.of(args.toArray(String[]::new));
    assertEquals(0, run.exitCode(), run.toString());
    return run;
  }

  @Test
  void tagKeepsEveryRecordInItsFilesPartitionAndMalformedOnesInMalformedPartitions()
      throws Exception {
    Path out = dir.resolve("tagged");
    run("tag", out);

    Map<String, List<String>> all = partLinesFolders(out);
    Map<String, List<String>> records = new TreeMap<>();
    Map<String, List<String>> malformed = new TreeMap<>();
    all.forEach((folder, lines) -> {
      if (folder.equals("malformed") || folder.startsWith("malformed/")) {
        malformed.put(folder.equals("malformed") ? "" : folder.substring("malformed/".length()),
            lines);
      } else {
        records.put(folder, lines);
      }
    });
    assertEquals(expected("tag").keySet(), records.keySet());
    assertEquals(expected("tag"), records);
    assertEquals(expected("malformed"), malformed);

    RunSummary summary = RunSummary.read(
        org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration()),
        new org.apache.hadoop.fs.Path(out.toUri()));
    assertEquals(List.of("dt=2026-11-27", "dt=2026-11-28", "dt=2026-11-29/hour=10%3A00"),
        summary.partitions());
    // Published by one rename of the whole tree: no staging directory is left beside it.
    try (Stream<Path> beside = Files.list(dir)) {
      assertEquals(List.of(), beside.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith(".tagged")).toList());
    }
    assertTrue(Files.exists(out.resolve("_SUCCESS")));
  }

  @Test
  void matchOutputReadsBackAsHiveStylePartitions() throws Exception {
    Path out = dir.resolve("listed");
    run("match", out);

    // A Hive-style reader: list the folders, take each name=value segment as a column (its value
    // %-decoded), read every part file below; the top's files have no partition columns.
    Map<Map<String, String>, List<String>> read = new LinkedHashMap<>();
    try (Stream<Path> files = Files.walk(out)) {
      for (Path part : files.sorted().filter(p -> p.getFileName().toString().startsWith("part-"))
          .toList()) {
        Path rel = out.relativize(part.getParent());
        if (rel.toString().startsWith("malformed")) {
          continue;
        }
        Map<String, String> columns = new TreeMap<>();
        for (Path segment : rel) {
          String s = segment.toString();
          if (s.isEmpty()) {
            continue;
          }
          int eq = s.indexOf('=');
          assertTrue(eq > 0, "a folder that is no partition: " + rel);
          columns.put(s.substring(0, eq),
              URLDecoder.decode(s.substring(eq + 1), StandardCharsets.UTF_8));
        }
        read.computeIfAbsent(columns, c -> new ArrayList<>())
            .addAll(Files.readAllLines(part, StandardCharsets.ISO_8859_1));
      }
    }
    Map<Map<String, String>, List<String>> want = new LinkedHashMap<>();
    expected("match").forEach((partition, lines) -> {
      Map<String, String> columns = new TreeMap<>();
      // The values as the input's folders hold them (the ':' unescaped).
      if (!partition.isEmpty()) {
        for (String segment : partition.split("/")) {
          String[] kv = segment.split("=", 2);
          columns.put(kv[0], kv[1].replace("%3A", ":"));
        }
      }
      want.put(columns, lines);
    });
    read.values().forEach(lines -> lines.sort(null));
    assertEquals(want, read);
    assertFalse(want.isEmpty());
  }

  @Test
  void flatOutputWritesEveryRecordAtTheTopAndReplacesAPartitionedOne() throws Exception {
    Path out = dir.resolve("flat");
    // A partitioned output first, replaced as a whole: none of its folders stays.
    run("nomatch", out);
    assertTrue(Files.isDirectory(out.resolve("dt=2026-11-27")));
    run("nomatch", out, "--flat-output", "--overwrite");
    List<String> all = new ArrayList<>();
    expected("nomatch").values().forEach(all::addAll);
    all.sort(null);
    assertEquals(Map.of("", all), withoutMalformed(partLinesFolders(out)));
    RunSummary summary = RunSummary.read(
        org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration()),
        new org.apache.hadoop.fs.Path(out.toUri()));
    assertEquals(null, summary.partitions());
  }

  @Test
  void headerKeptFormatsStartEachPartitionsPartFileWithTheHeader() throws Exception {
    headersPerPartition("logkinds/iis_w3c.log", "w3c:c-ip", "81.2.69.143", "#Software:");
    headersPerPartition("logkinds/zeek_conn.log", "zeek:id.orig_h", "192.168.2.76", "#separator");
  }

  /**
   * The log copied into two partition folders gives, in each, the part file a flat job over the
   * log alone gives: its header lines first, then the tagged records.
   */
  private void headersPerPartition(String log, String format, String listedIp, String firstLine)
      throws Exception {
    Path source = RealData.file(log);
    String name = source.getFileName().toString();
    Path headerIndex = dir.resolve(name + ".ipidx");
    TestIndexes.write(headerIndex, listedIp);
    Path in = dir.resolve("in-" + name);
    for (String day : List.of("dt=2026-11-27", "dt=2026-11-28")) {
      Files.createDirectories(in.resolve(day));
      Files.copy(source, in.resolve(day).resolve(name));
    }
    Path flat = dir.resolve("flat-" + name);
    Path partitioned = dir.resolve("partitioned-" + name);
    for (String[] args : List.of(new String[] {"--input", source.toString(), "--output",
        flat.toString()}, new String[] {"--input", in.toString(), "--output",
        partitioned.toString()})) {
      DriverRun run = DriverRun.of("--index", headerIndex.toString(), "--format", format,
          "--mode", "tag", args[0], args[1], args[2], args[3]);
      assertEquals(0, run.exitCode(), run.toString());
    }
    List<Path> flatParts = DriverRun.parts(flat);
    assertEquals(1, flatParts.size());
    String want = Files.readString(flatParts.get(0), StandardCharsets.ISO_8859_1);
    assertTrue(want.startsWith(firstLine), want);
    assertEquals(List.of(), DriverRun.parts(partitioned));
    for (String day : List.of("dt=2026-11-27", "dt=2026-11-28")) {
      List<Path> parts = DriverRun.parts(partitioned.resolve(day));
      assertEquals(1, parts.size(), day);
      assertEquals(want, Files.readString(parts.get(0), StandardCharsets.ISO_8859_1), day);
    }
  }

  @Test
  void countStaysOneResultWhateverThePartitions() throws Exception {
    Path out = dir.resolve("counted");
    run("count", out);
    Map<String, Long> want = new TreeMap<>();
    written.values().forEach(lines -> lines.stream().filter(l -> Boolean.TRUE.equals(listed(l)))
        .forEach(l -> want.merge(l.split(" ", 2)[0], 1L, Long::sum)));
    Map<String, Long> got = new TreeMap<>();
    Map<String, List<String>> folders = partLinesFolders(out);
    assertEquals(Set.of("", "malformed"), folders.keySet());
    for (String line : folders.get("")) {
      String[] f = line.split("\t");
      got.put(f[0], Long.parseLong(f[1]));
    }
    assertEquals(want, got);
    assertEquals(expected("malformed").values().stream().flatMap(List::stream).sorted().toList(),
        folders.get("malformed"));
    RunSummary summary = RunSummary.read(
        org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration()),
        new org.apache.hadoop.fs.Path(out.toUri()));
    assertEquals(null, summary.partitions());
  }

  private static Map<String, List<String>> withoutMalformed(Map<String, List<String>> folders) {
    Map<String, List<String>> kept = new TreeMap<>(folders);
    kept.keySet().removeIf(f -> f.startsWith("malformed"));
    return kept;
  }

  /** Per folder below {@code out} holding part files ("" the top), all their lines, sorted. */
  private static Map<String, List<String>> partLinesFolders(Path out) throws IOException {
    Map<String, List<String>> byFolder = new TreeMap<>();
    try (Stream<Path> files = Files.walk(out)) {
      for (Path folder : files.filter(Files::isDirectory).toList()) {
        List<String> lines = DriverRun.partLines(folder);
        if (!DriverRun.parts(folder).isEmpty()) {
          byFolder.put(out.relativize(folder).toString(), DriverRun.sorted(lines));
        }
      }
    }
    return byFolder;
  }
}
