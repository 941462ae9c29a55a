package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.LogManager;
import org.apache.log4j.PropertyConfigurator;
import org.apache.log4j.spi.LoggingEvent;
import org.ipjoin.api.IpJoin;
import org.ipjoin.api.JoinResult;
import org.ipjoin.testing.LocalHadoop;
import org.ipjoin.testing.ProjectFiles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a user of the launchers sees on the console, with their logging setup
 * (conf/local/log4j.properties): a failed task's reason once, as the driver's last line, with no
 * stack trace of the local runner before it; a count job without the metrics system's warning per
 * reducer. Real local runner.
 */
class LocalConsoleTest {

  @TempDir Path dir;
  private final List<LoggingEvent> warnings = new ArrayList<>();
  private Configuration conf;

  @BeforeEach
  void launchersLogging() throws Exception {
    Path properties = ProjectFiles.resolve("conf/local/log4j.properties");
    LogManager.resetConfiguration();
    PropertyConfigurator.configure(properties.toString());
    LogManager.getRootLogger().addAppender(new AppenderSkeleton() {
      @Override
      protected void append(LoggingEvent event) {
        if (event.getLevel().isGreaterOrEqual(Level.WARN)) {
          warnings.add(event);
        }
      }

      @Override
      public void close() {}

      @Override
      public boolean requiresLayout() {
        return false;
      }
    });
    conf = LocalHadoop.conf(dir);
  }

  @AfterEach
  void testsLogging() {
    LogManager.resetConfiguration();
    PropertyConfigurator.configure(LocalConsoleTest.class.getResource("/log4j.properties"));
  }

  private String index() throws Exception {
    Path list = Files.write(dir.resolve("list.txt"), List.of("10.0.0.1"));
    String index = dir.resolve("list.ipidx").toString();
    IpJoin.buildIndex(conf).input(list.toString()).output(index).run();
    return index;
  }

  private static List<String> logLines() {
    return List.of("10.0.0.1 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1",
        "10.0.0.2 - - [17/May/2015:10:05:04 +0000] \"GET / HTTP/1.1\" 200 2");
  }

  @Test
  void aFailedTaskIsOneLineWithoutTheLocalRunnersStackTrace() throws Exception {
    // A gzip file cut short: the task fails reading it.
    ByteArrayOutputStream gz = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(gz)) {
      for (int i = 0; i < 2000; i++) {
        z.write((String.join("\n", logLines()) + "\n").getBytes(StandardCharsets.US_ASCII));
      }
    }
    byte[] whole = gz.toByteArray();
    Path cut = Files.createDirectories(dir.resolve("logs")).resolve("day.log.gz");
    Files.write(cut, java.util.Arrays.copyOf(whole, whole.length / 2));
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    JoinResult result = IpJoin.join(conf).index(index()).input(cut.toString())
        .output(dir.resolve("out").toString())
        .warnings(new PrintStream(err, true, StandardCharsets.UTF_8)).prepare().run();

    assertEquals(1, result.exitCode());
    String[] lines = err.toString(StandardCharsets.UTF_8).split("\n");
    assertTrue(lines[lines.length - 1].matches("ipjoin: task attempt_local\\S+ failed: cannot read"
        + " input file:" + cut + ": java.io.EOFException: Unexpected end of input stream"),
        String.join("\n", lines));
    assertEquals(List.of(), warnings.stream().filter(e -> e.getThrowableInformation() != null)
        .map(e -> e.getLoggerName() + ": " + e.getRenderedMessage()).toList(),
        "no stack trace is logged before the driver's one line");
  }

  @Test
  void aCountJobLogsNoMetricsWarning() throws Exception {
    Path logs = Files.write(dir.resolve("access.log"), logLines());
    JoinResult result = IpJoin.join(conf).index(index()).input(logs.toString())
        .output(dir.resolve("counts").toString()).mode("count")
        .warnings(new PrintStream(OutputStream.nullOutputStream())).prepare().run();
    assertEquals(0, result.exitCode());
    assertEquals(List.of(), warnings.stream()
        .filter(e -> e.getLoggerName().startsWith("org.apache.hadoop.metrics2"))
        .map(e -> e.getLoggerName() + ": " + e.getRenderedMessage()).toList());
  }
}
