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
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.util.ToolRunner;

/**
 * One run of {@code IpJoinDriver} through ToolRunner on the LocalJobRunner: exit code, stderr
 * lines, and the job (null when nothing was submitted).
 */
record DriverRun(int exitCode, List<String> errLines, IpJoinDriver driver) {

  static DriverRun of(String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of("-D", "mapreduce.framework.name=local",
        "-D", "fs.defaultFS=file:///"));
    all.addAll(Arrays.asList(args));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    IpJoinDriver driver = new IpJoinDriver(new PrintStream(OutputStream.nullOutputStream()),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    int rc = ToolRunner.run(driver, all.toArray(new String[0]));
    String e = err.toString(StandardCharsets.UTF_8);
    return new DriverRun(rc, e.isEmpty() ? List.of() : List.of(e.split("\n")), driver);
  }

  boolean submitted() {
    return driver.job() != null;
  }

  long counter(IpJoinCounter c) throws IOException {
    Counters counters = driver.job().getCounters();
    return counters.findCounter(c).getValue();
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
