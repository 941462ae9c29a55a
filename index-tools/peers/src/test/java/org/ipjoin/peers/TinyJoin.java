package org.ipjoin.peers;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A tiny list, ranges and logs with the cases that trip a join up (quotes, commas and TABs in a
 * line, a client listed twice in the list, a malformed client, the first and last address of a
 * range and the ones just outside), and the outputs ipjoin writes for them, computed here with plain
 * String code, independent of any SQL engine.
 */
final class TinyJoin {

  static final List<String> LIST = List.of("10.0.0.1", "192.168.1.20", "10.0.0.1", "255.255.255.255");

  static final List<String> RANGES = List.of(
      "1.2.3.0-1.2.3.255\tAS64512 \"quoted\", net",
      "10.0.0.0-10.0.0.9\tinternal",
      "200.0.0.5-200.0.1.4\tAS64999 net-7");

  static final List<String> LOGS = List.of(
      "10.0.0.1 - - [01/Jan/2026:00:00:00 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"curl, with \\\"quotes\\\"\"",
      "10.0.0.10 - - [01/Jan/2026:00:00:00 +0000] \"GET /a HTTP/1.1\" 404 2 \"-\" \"x\"",
      "192.168.1.20 - - [01/Jan/2026:00:00:01 +0000] \"GET /b\tTAB HTTP/1.1\" 200 3 \"-\" \"y\"",
      "1.2.3.255 - - [01/Jan/2026:00:00:02 +0000] \"GET / HTTP/1.1\" 200 4 \"-\" \"z\"",
      "1.2.4.0 - - [01/Jan/2026:00:00:02 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"z\"",
      "200.0.0.5 - - [01/Jan/2026:00:00:03 +0000] \"GET / HTTP/1.1\" 200 6 \"-\" \"z\"",
      "200.0.1.4 - - [01/Jan/2026:00:00:03 +0000] \"GET / HTTP/1.1\" 200 7 \"-\" \"z\"",
      "255.255.255.255 - - [01/Jan/2026:00:00:04 +0000] \"GET / HTTP/1.1\" 200 8 \"-\" \"z\"",
      "10.0.0.1 - - [01/Jan/2026:00:00:05 +0000] \"GET /again HTTP/1.1\" 200 9 \"-\" \"z\"",
      "0.0.0.0 - - [01/Jan/2026:00:00:06 +0000] \"GET / HTTP/1.1\" 200 10 \"-\" \"z\"");

  private TinyJoin() {
  }

  /**
   * {@link #LOGS} as JSON access-log lines, one flat object of strings a line ({@code remote_addr},
   * then the rest of the line as {@code request}, escaped as nginx's {@code escape=json} writes it:
   * quotes, backslashes and the TAB escaped, slashes not), plus a record whose client is {@code -}.
   */
  static List<String> jsonLogs() {
    List<String> out = new ArrayList<>();
    for (String line : LOGS) {
      int space = line.indexOf(' ');
      out.add(json(line.substring(0, space), line.substring(space + 1)));
    }
    out.add(json("-", "GET /none HTTP/1.1"));
    return out;
  }

  /** The lines of {@link #jsonLogs} whose client is in {@link #LIST}. */
  static List<String> expectedJsonMatch() {
    Set<String> listed = Set.copyOf(LIST);
    List<String> out = new ArrayList<>();
    for (String line : LOGS) {
      int space = line.indexOf(' ');
      if (listed.contains(line.substring(0, space))) {
        out.add(json(line.substring(0, space), line.substring(space + 1)));
      }
    }
    return sorted(out);
  }

  private static String json(String client, String request) {
    String escaped = request.replace("\\", "\\\\").replace("\"", "\\\"").replace("\t", "\\t");
    return "{\"remote_addr\":\"" + client + "\",\"request\":\"" + escaped + "\"}";
  }

  static Path write(Path dir, String name, List<String> lines) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    return file;
  }

  /** The log lines whose client is in {@link #LIST}. */
  static List<String> expectedMatch() {
    Set<String> listed = Set.copyOf(LIST);
    List<String> out = new ArrayList<>();
    for (String line : LOGS) {
      if (listed.contains(line.substring(0, line.indexOf(' ')))) {
        out.add(line);
      }
    }
    return sorted(out);
  }

  /** Every log line, TAB, the label of the range holding its client or {@code 0}. */
  static List<String> expectedTag() {
    List<String> out = new ArrayList<>();
    for (String line : LOGS) {
      long client = number(line.substring(0, line.indexOf(' ')));
      String label = "0";
      for (String range : RANGES) {
        String[] ends = range.substring(0, range.indexOf('\t')).split("-");
        if (number(ends[0]) <= client && client <= number(ends[1])) {
          label = range.substring(range.indexOf('\t') + 1);
        }
      }
      out.add(line + "\t" + label);
    }
    return sorted(out);
  }

  /** The value of a dotted quad, each octet checked to be 0-255 and written without leading zeros. */
  static long number(String dotted) {
    long n = 0;
    for (String part : dotted.split("\\.")) {
      int octet = Integer.parseInt(part);
      assertTrue(octet >= 0 && octet <= 255 && String.valueOf(octet).equals(part), dotted);
      n = n * 256 + octet;
    }
    return n;
  }

  /** Lines, sorted as {@link #outputLines} sorts an output. */
  static List<String> outputLines(List<String> lines) {
    return sorted(lines);
  }

  /** The lines of a file or of the part files of a directory, sorted. */
  static List<String> outputLines(Path output) throws IOException {
    List<String> lines = new ArrayList<>();
    if (Files.isDirectory(output)) {
      try (Stream<Path> files = Files.list(output)) {
        for (Path part : files.filter(p -> p.getFileName().toString().startsWith("part-")).toList()) {
          lines.addAll(Files.readAllLines(part, StandardCharsets.UTF_8));
        }
      }
    } else {
      lines.addAll(Files.readAllLines(output, StandardCharsets.UTF_8));
    }
    return sorted(lines);
  }

  private static List<String> sorted(List<String> lines) {
    List<String> copy = new ArrayList<>(lines);
    Collections.sort(copy);
    return copy;
  }
}
