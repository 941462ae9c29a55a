package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.ipjoin.job.driver.RunSummary;
import org.ipjoin.testing.IpJoinRun;

/**
 * One run of {@code IpJoinDriver} ({@link IpJoinRun}) on the LocalJobRunner: exit code, stderr
 * lines, the output directory, and Hadoop's job staging root for this run (Hadoop creates it on
 * the first submission, so its absence proves nothing was submitted).
 */
record DriverRun(int exitCode, List<String> errLines, Path output, Path jobStaging) {

  static DriverRun of(String... args) throws Exception {
    Path output = Path.of(args[Arrays.asList(args).indexOf("--output") + 1]).toAbsolutePath();
    Path jobStaging = Files.createTempDirectory(output.getParent(), "_mr-staging").resolve("root");
    IpJoinRun run = IpJoinRun.local(jobStaging, Arrays.asList(args));
    return new DriverRun(run.exitCode(), run.errLines(), output, jobStaging);
  }

  boolean submitted() {
    return Files.exists(jobStaging);
  }

  /** A counter of the published run, from its {@code _ipjoin.json}. */
  long counter(IpJoinCounter c) throws IOException {
    return RunSummary.read(org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration()),
        new org.apache.hadoop.fs.Path(output.toUri())).counter(c);
  }

  /** What a test prints when an expectation fails. */
  @Override
  public String toString() {
    return "exit " + exitCode + ", stderr " + errLines;
  }

  /** The qualified form the driver prints for a local path. */
  static String qualified(Path p) {
    return "file:" + p.toAbsolutePath();
  }

  /** Part files directly in {@code dir}, in name order. */
  static List<Path> parts(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
    }
  }

  /** The lines of the part files directly in {@code dir}, concatenated in file-name order. */
  static List<String> partLines(Path dir) throws IOException {
    List<String> lines = new ArrayList<>();
    for (Path part : parts(dir)) {
      String text = Files.readString(part, StandardCharsets.ISO_8859_1);
      assertTrue(text.isEmpty() || text.endsWith("\n"), part + " does not end with a newline");
      if (!text.isEmpty()) {
        lines.addAll(Arrays.asList(text.substring(0, text.length() - 1).split("\n", -1)));
      }
    }
    return lines;
  }

  static List<String> sorted(List<String> lines) {
    List<String> copy = new ArrayList<>(lines);
    copy.sort(null);
    return copy;
  }
}
