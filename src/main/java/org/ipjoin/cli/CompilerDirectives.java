package org.ipjoin.cli;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Keeps the job client's C2 compiler for ipjoin's own loops: adds the HotSpot compiler directives
 * of {@code c2-directives.json} (beside this class) to the running JVM through the platform's
 * DiagnosticCommand MBean, what {@code jcmd PID Compiler.directives_add FILE} does.
 *
 * <p>Why: the driver's JVM submits the job and, on the local runner, runs its map tasks. Left
 * alone, C2 spends about a second of CPU on the second core compiling Hadoop's start-up code, which
 * a small job never earns back; with C1 alone a large local job runs its loops slower. With C2 kept
 * for ipjoin's methods and Hadoop's line reading only, a one-line job starts about as cheaply as
 * with C1 alone (1.22 s against 1.20 s; the JVM's default 1.45 s) and a 4.5 GB local job took
 * 7.1 s instead of 8.1 s (default) and 8.4 s (C1 alone) (docs/benchmarks/2026-11-25-client-jit.md). The MBean is used rather than the JVM option
 * {@code -XX:CompilerDirectivesFile}, which prints a line on stdout, where the job's one result
 * line goes (index-tools/ipjoin gives the JVM that option with {@code -XX:-DisplayVMOutput}, so the
 * directives hold from the JVM's start, and sets the system property below). The system property
 * {@code ipjoin.compiler.directives=false} leaves the JVM's own policy.
 */
final class CompilerDirectives {

  /** Turns the directives off: {@code -Dipjoin.compiler.directives=false}. */
  static final String SWITCH = "ipjoin.compiler.directives";

  private CompilerDirectives() {}

  /**
   * Adds the directives, unless switched off; whether the JVM took them. A JVM without the
   * DiagnosticCommand MBean or the command (not HotSpot, or an older one) keeps its own policy.
   */
  static boolean install() {
    if ("false".equalsIgnoreCase(System.getProperty(SWITCH))) {
      return false;
    }
    Path file = null;
    try (InputStream in = CompilerDirectives.class.getResourceAsStream("c2-directives.json")) {
      if (in == null) {
        return false;
      }
      file = Files.createTempFile("ipjoin-c2-directives", ".json");
      Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
      Object answer = ManagementFactory.getPlatformMBeanServer().invoke(
          new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesAdd",
          new Object[] {new String[] {file.toString()}}, new String[] {String[].class.getName()});
      return String.valueOf(answer).contains("added");
    } catch (IOException | JMException | RuntimeException e) {
      return false;
    } finally {
      if (file != null) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException e) {
          file.toFile().deleteOnExit();
        }
      }
    }
  }
}
