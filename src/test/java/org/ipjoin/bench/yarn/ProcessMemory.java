package org.ipjoin.bench.yarn;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The kernel's view of this process's memory, read from {@code /proc}: its resident set, its
 * proportional set (each resident page divided by the processes mapping it, so pages of one file
 * mapped by k processes count 1/k in each), and the same two for the mappings of one file.
 */
final class ProcessMemory {

  private static final Path SELF = Path.of("/proc/self");

  private ProcessMemory() {}

  /** A {@code kB} field of {@code /proc/self/status} ({@code VmRSS}, {@code VmHWM}), or -1. */
  static long statusKb(String field) throws IOException {
    return field(Files.readAllLines(SELF.resolve("status")), field);
  }

  /** A {@code kB} field of {@code /proc/self/smaps_rollup} ({@code Rss}, {@code Pss}), or -1. */
  static long rollupKb(String field) throws IOException {
    return field(Files.readAllLines(SELF.resolve("smaps_rollup")), field);
  }

  /** Rss and Pss (kB) summed over this process's mappings of files whose path ends with {@code suffix}, and that path. */
  record FileMappings(String path, long rssKb, long pssKb) {}

  static FileMappings mappings(String suffix) throws IOException {
    return mappings(SELF, suffix);
  }

  /** {@link #mappings(String)} of process {@code proc} ({@code /proc/PID}). */
  private static FileMappings mappings(Path proc, String suffix) throws IOException {
    List<String> smaps = Files.readAllLines(proc.resolve("smaps"));
    String path = null;
    boolean inFile = false;
    long rss = 0;
    long pss = 0;
    for (String line : smaps) {
      if (isMappingHeader(line)) {
        String name = mappedPath(line);
        inFile = name != null && name.endsWith(suffix);
        if (inFile) {
          path = name;
        }
      } else if (inFile && line.startsWith("Rss:")) {
        rss += kb(line);
      } else if (inFile && line.startsWith("Pss:")) {
        pss += kb(line);
      }
    }
    return new FileMappings(path, rss, pss);
  }

  /**
   * The processes whose {@code /proc/PID/maps} names {@code path} (those this user may read), and
   * their mappings of it summed: Rss counts a shared page in every process, Pss once over all.
   */
  record Sharing(int processes, long rssSumKb, long pssSumKb) {}

  static Sharing sharing(String path) throws IOException {
    int count = 0;
    long rss = 0;
    long pss = 0;
    try (DirectoryStream<Path> pids = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path pid : pids) {
        try {
          FileMappings m = mappings(pid, path);
          if (path.equals(m.path())) {
            count++;
            rss += m.rssKb();
            pss += m.pssKb();
          }
        } catch (IOException | SecurityException gone) {
          // the process ended, or is another user's: it cannot share this task's file mapping
        }
      }
    }
    return new Sharing(count, rss, pss);
  }

  /** A mapping's first line: {@code start-end perms offset dev inode [path]}. */
  private static boolean isMappingHeader(String line) {
    int dash = line.indexOf('-');
    int space = line.indexOf(' ');
    return dash > 0 && space > dash && line.substring(0, dash).chars().allMatch(c -> Character.digit(c, 16) >= 0);
  }

  private static String mappedPath(String header) {
    String[] parts = header.trim().split("\\s+", 6);
    return parts.length == 6 && parts[5].startsWith("/") ? parts[5] : null;
  }

  private static long field(List<String> lines, String name) {
    for (String line : lines) {
      if (line.startsWith(name + ":")) {
        return kb(line);
      }
    }
    return -1;
  }

  private static long kb(String line) {
    String[] parts = line.trim().split("\\s+");
    return Long.parseLong(parts[1]);
  }
}
