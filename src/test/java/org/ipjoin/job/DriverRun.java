package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.util.ToolRunner;
import org.ipjoin.cli.IpJoinDriver;
import org.ipjoin.job.driver.RunSummary;

/**
 * One run of {@code IpJoinDriver} through ToolRunner on the LocalJobRunner: exit code, stderr
 * lines, the output directory, and Hadoop's job staging root for this run (Hadoop creates it on
 * the first submission, so its absence proves nothing was submitted).
 */
record DriverRun(int exitCode, List<String> errLines, Path output, Path jobStaging) {

  static DriverRun of(String... args) throws Exception {
    Path output = Path.of(args[Arrays.asList(args).indexOf("--output") + 1]).toAbsolutePath();
    Path jobStaging = Files.createTempDirectory(output.getParent(), "_mr-staging").resolve("root");
    List<String> all = new ArrayList<>(List.of("-D", "mapreduce.framework.name=local",
        "-D", "fs.defaultFS=file:///", "-D", "mapreduce.jobtracker.staging.root.dir=" + jobStaging));
    all.addAll(Arrays.asList(args));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    IpJoinDriver driver = new IpJoinDriver(new PrintStream(OutputStream.nullOutputStream()),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    int rc = ToolRunner.run(driver, all.toArray(new String[0]));
    String e = err.toString(StandardCharsets.UTF_8);
    return new DriverRun(rc, e.isEmpty() ? List.of() : List.of(e.split("\n")), output, jobStaging);
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
