package org.ipjoin.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/** The output of a count job, its {@code ADDRESS<TAB>COUNT} lines, as addresses and counts. */
public final class CountOutput {

  private CountOutput() {}

  /** Address → count over every {@code part-*} file of {@code folder} (an address once). */
  public static Map<InetAddress, Long> read(Path folder) throws IOException {
    Map<InetAddress, Long> counts = new HashMap<>();
    try (Stream<Path> parts = Files.list(folder)) {
      for (Path part : parts.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
        for (String line : Files.readAllLines(part)) {
          String[] f = line.split("\t");
          if (counts.put(InetAddress.getByName(f[0]), Long.parseLong(f[1])) != null) {
            throw new AssertionError(f[0] + " counted on two lines");
          }
        }
      }
    }
    return counts;
  }
}
