package org.ipjoin.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code index-tools/ipjoin}, the launcher itself, on the built jar (failsafe runs after {@code
 * package}): its first run makes the class-data archive of the build in {@code target/cds}, later
 * runs map Hadoop's and ipjoin's classes from it, and stdout holds the one result line either way (the JVM's
 * own warnings go to stderr). The join is one line against a one-address text list.
 */
class LauncherClassDataIT {

  @TempDir Path dir;

  private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();

  private record Run(int exitCode, String out, String err) {}

  private Run ipjoin(String name, String javaOpts) throws Exception {
    Path out = dir.resolve(name + ".out");
    Path err = dir.resolve(name + ".err");
    ProcessBuilder pb = new ProcessBuilder("bash", ROOT.resolve("index-tools/ipjoin").toString(),
        "-D", "hadoop.tmp.dir=" + dir.resolve("tmp"), "--loader", "text",
        "--index", dir.resolve("ips.tsv").toString(), "--input", dir.resolve("access.log").toString(),
        "--output", dir.resolve("out-" + name).toString())
        .directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().remove("IPJOIN_CDS");
    pb.environment().put("IPJOIN_JAVA_OPTS", javaOpts);
    Process p = pb.start();
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), name + " did not finish");
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  private static List<Path> archives() throws IOException {
    Path cds = ROOT.resolve("target/cds");
    if (!Files.isDirectory(cds)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(cds)) {
      return s.filter(p -> p.getFileName().toString().endsWith(".jsa")).toList();
    }
  }

  @Test
  void theFirstRunMakesTheArchiveAndLaterRunsUseItWithTheSameOneLineOnStdout() throws Exception {
    Files.writeString(dir.resolve("ips.tsv"), "192.0.2.7\n");
    Files.writeString(dir.resolve("access.log"),
        "192.0.2.7 - - [25/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"-\"\n"
            + "198.51.100.1 - - [25/Nov/2026:10:00:01 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"-\"\n");
    Run first = ipjoin("first", "-Xmx1g");
    assertEquals(0, first.exitCode(), first.err());
    assertEquals(1, archives().size(), "one archive for this build: " + archives());

    Path classes = dir.resolve("classes.txt");
    Run second = ipjoin("second", "-Xmx1g -Xlog:class+load=info:file=" + classes);
    assertEquals(0, second.exitCode(), second.err());
    for (Run r : List.of(first, second)) {
      List<String> lines = r.out().lines().toList();
      assertEquals(1, lines.size(), r.out());
      assertTrue(lines.get(0).matches("ipjoin: 2 records, 1 matched, 1 unmatched, 0 malformed;"
          + " output file:.*out-(first|second) \\(\\d+\\.\\d s\\)"), lines.get(0));
      assertFalse(r.err().contains("warning"), r.err());
    }
    List<String> mapped = Files.readAllLines(classes).stream()
        .filter(l -> l.contains("shared objects file (top)")).toList();
    long hadoop = mapped.stream().filter(l -> l.contains(" org.apache.hadoop.")).count();
    long ipjoin = mapped.stream().filter(l -> l.contains(" org.ipjoin.")).count();
    assertTrue(hadoop > 500, hadoop + " of Hadoop's classes mapped from the archive");
    assertTrue(ipjoin > 50, ipjoin + " of ipjoin's classes mapped from the archive");
  }
}
