package org.ipjoin.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.util.ToolRunner;
import org.ipjoin.cli.IpJoinDriver;

/**
 * One run of {@link IpJoinDriver} through ToolRunner, as {@code hadoop jar} runs it: the exit code
 * and what it printed on stdout and stderr.
 */
public record IpJoinRun(int exitCode, String out, String err) {

  /** The generic options that run a job in this JVM on the local file system. */
  public static final List<String> LOCAL =
      List.of("-D", "mapreduce.framework.name=local", "-D", "fs.defaultFS=file:///");

  /** Runs the driver with exactly {@code args}. */
  public static IpJoinRun of(List<String> args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    IpJoinDriver driver = new IpJoinDriver(new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    int exitCode = ToolRunner.run(driver, args.toArray(new String[0]));
    return new IpJoinRun(exitCode, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /** Runs the driver with {@link #LOCAL} before {@code args}. */
  public static IpJoinRun local(List<String> args) throws Exception {
    List<String> all = new ArrayList<>(LOCAL);
    all.addAll(args);
    return of(all);
  }

  /**
   * Runs the driver with {@link #LOCAL} and Hadoop's job staging root at {@code jobStaging} before
   * {@code args}: Hadoop creates that directory on the first submission, so its absence after the
   * run proves nothing was submitted.
   */
  public static IpJoinRun local(Path jobStaging, List<String> args) throws Exception {
    List<String> all = new ArrayList<>(List.of("-D",
        "mapreduce.jobtracker.staging.root.dir=" + jobStaging));
    all.addAll(args);
    return local(all);
  }

  /** The stderr lines; none for an empty stderr. */
  public List<String> errLines() {
    return err.isEmpty() ? List.of() : List.of(err.split("\n"));
  }
}
