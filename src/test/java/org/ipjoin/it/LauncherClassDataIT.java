package org.ipjoin.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code index-tools/ipjoin}, the launcher itself, on the built jar (failsafe runs after {@code
 * package}): its first run makes the class-data archive of the build (here in a folder of the
 * test's own, {@code IPJOIN_CDS_DIR}, so that no archive of an earlier build can pass for it),
 * later runs map Hadoop's and ipjoin's classes from it, and stdout holds the one result line either
 * way (the JVM's own warnings go to stderr). An archive that cannot be made, a damaged one, a failed
 * or stopped training and a classpath file naming jars that are gone never stop the join. The join
 * is one line against a one-address text list.
 */
class LauncherClassDataIT {

  @TempDir Path dir;

  private static final Path ROOT = Path.of(System.getProperty("basedir", ".")).toAbsolutePath();

  private static final String RESULT = "ipjoin: 2 records, 1 matched, 1 unmatched, 0 malformed;"
      + " output file:.*out-%s \\(\\d+\\.\\d s\\)";

  private record Run(int exitCode, String out, String err) {
    List<String> errLines() {
      return err.lines().toList();
    }
  }

  private Path cds;

  @BeforeEach
  void writeTheJoinsInputs() throws IOException {
    cds = dir.resolve("cds");
    Files.writeString(dir.resolve("ips.tsv"), "192.0.2.7\n");
    Files.writeString(dir.resolve("access.log"),
        "192.0.2.7 - - [25/Nov/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"-\"\n"
            + "198.51.100.1 - - [25/Nov/2026:10:00:01 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"-\"\n");
  }

  /** The launcher's command line for the join; its output is {@code out-NAME}. */
  private List<String> command(Path root, String name) {
    return List.of(root.resolve("index-tools/ipjoin").toString(),
        "-D", "hadoop.tmp.dir=" + dir.resolve("tmp"), "--loader", "text",
        "--index", dir.resolve("ips.tsv").toString(), "--input", dir.resolve("access.log").toString(),
        "--output", dir.resolve("out-" + name).toString());
  }

  /**
   * The launcher's environment: the archive in the test's folder, at most 1 GiB of heap; {@code
   * env} adds to it, a null value removes a variable.
   */
  private ProcessBuilder launcher(List<String> command, Map<String, String> env) {
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile());
    Map<String, String> e = pb.environment();
    e.remove("IPJOIN_CDS");
    e.put("IPJOIN_CDS_DIR", cds.toString());
    e.put("IPJOIN_JAVA_OPTS", "-Xmx1g");
    env.forEach((k, v) -> {
      if (v == null) {
        e.remove(k);
      } else {
        e.put(k, v);
      }
    });
    return pb;
  }

  private Run ipjoin(Path root, String name, Map<String, String> env) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash"));
    command.addAll(command(root, name));
    Path out = dir.resolve(name + ".out");
    Path err = dir.resolve(name + ".err");
    Process p = launcher(command, env).redirectOutput(out.toFile()).redirectError(err.toFile())
        .start();
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), name + " did not finish");
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  private Run ipjoin(String name, Map<String, String> env) throws Exception {
    return ipjoin(ROOT, name, env);
  }

  private static void assertJoined(Run r, String name) {
    assertEquals(0, r.exitCode(), r.err());
    List<String> lines = r.out().lines().toList();
    assertEquals(1, lines.size(), r.out());
    assertTrue(lines.get(0).matches(String.format(RESULT, name)), lines.get(0));
    assertFalse(r.err().contains("warning"), r.err());
  }

  private static List<String> names(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(folder)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static List<Path> archives(Path folder) throws IOException {
    return names(folder).stream().filter(n -> n.endsWith(".jsa")).map(folder::resolve).toList();
  }

  /**
   * A checkout of the launcher's own, for a test that changes its {@code target/}: the scripts find
   * the jar, the classpath file and conf/local from their own place. The jar is newer than pom.xml,
   * as after a build (else the launcher would build it again).
   */
  private Path checkout() throws IOException {
    Path copy = dir.resolve("checkout");
    List<String> files = new ArrayList<>(List.of("index-tools/ipjoin", "index-tools/lib/job-jar.sh",
        "index-tools/lib/class-data.sh", "pom.xml", "target/classpath.txt", "target/ipjoin.jar"));
    files.addAll(names(ROOT.resolve("conf/local")).stream().map(n -> "conf/local/" + n).toList());
    for (String f : files) {
      Files.createDirectories(copy.resolve(f).getParent());
      Files.copy(ROOT.resolve(f), copy.resolve(f), StandardCopyOption.COPY_ATTRIBUTES);
    }
    Files.setLastModifiedTime(copy.resolve("target/ipjoin.jar"), FileTime.from(Instant.now()));
    return copy;
  }

  /**
   * A {@code java} first on the PATH that runs {@code training} (sh) when started for the training
   * join ({@code -XX:ArchiveClassesAtExit}), and is the test's own java otherwise.
   */
  private Map<String, String> javaWhoseTraining(String training) throws IOException {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path java = bin.resolve("java");
    Files.writeString(java, "#!/bin/sh\n"
        + "case \"$*\" in *-XX:ArchiveClassesAtExit=*) " + training + " ;; esac\n"
        + "exec '" + Path.of(System.getProperty("java.home"), "bin", "java") + "' \"$@\"\n");
    assertTrue(java.toFile().setExecutable(true));
    return Map.of("PATH", bin + ":" + System.getenv("PATH"));
  }

  @Test
  void theFirstRunMakesTheArchiveAndLaterRunsUseItWithTheSameOneLineOnStdout() throws Exception {
    Run first = ipjoin("first", Map.of());
    assertJoined(first, "first");
    assertEquals(1, archives(cds).size(), "one archive for this build: " + names(cds));

    Path classes = dir.resolve("classes.txt");
    Run second = ipjoin("second", Map.of("IPJOIN_JAVA_OPTS",
        "-Xmx1g -Xlog:class+load=info:file=" + classes));
    assertJoined(second, "second");
    assertEquals("", second.err());
    List<String> mapped = Files.readAllLines(classes).stream()
        .filter(l -> l.contains("shared objects file (top)")).toList();
    long hadoop = mapped.stream().filter(l -> l.contains(" org.apache.hadoop.")).count();
    long ipjoin = mapped.stream().filter(l -> l.contains(" org.ipjoin.")).count();
    assertTrue(hadoop > 500, hadoop + " of Hadoop's classes mapped from the archive");
    assertTrue(ipjoin > 50, ipjoin + " of ipjoin's classes mapped from the archive");
  }

  /**
   * target/ read-only, or target/cds not a folder: no archive, the job runs as without one. A
   * regular file where the folder belongs fails mkdir for root too (permission bits would not).
   */
  @Test
  void aTargetWhereTheArchiveCannotBeMadeRunsTheJobWithoutIt() throws Exception {
    Path root = checkout();
    Files.writeString(root.resolve("target/cds"), "not a folder\n");
    Map<String, String> env = new HashMap<>();
    env.put("IPJOIN_CDS_DIR", null);
    Run r = ipjoin(root, "no-folder", env);
    assertJoined(r, "no-folder");
    assertEquals(1, r.errLines().size(), r.err());
    assertTrue(r.err().startsWith("ipjoin: running without the class-data archive: ")
        && r.err().contains("target/cds"), r.err());
    assertEquals("not a folder\n", Files.readString(root.resolve("target/cds")));
  }

  /** A cut archive would crash the JVM (SIGBUS) at every start: it is made again instead. */
  @Test
  void aTruncatedArchiveIsMadeAgainInsteadOfMapped() throws Exception {
    assertJoined(ipjoin("first", Map.of()), "first");
    Path archive = archives(cds).get(0);
    long whole = Files.size(archive);
    try (RandomAccessFile f = new RandomAccessFile(archive.toFile(), "rw")) {
      f.setLength(whole / 2);
    }

    Run r = ipjoin("cut", Map.of());
    assertJoined(r, "cut");
    assertEquals(1, r.errLines().size(), r.err());
    assertTrue(r.err().contains("making the class-data archive")
        && r.err().contains("again") && r.err().contains(archive.getFileName().toString()), r.err());
    assertEquals(List.of(archive), archives(cds));
    assertTrue(Files.size(archive) > whole / 2, Files.size(archive) + " bytes");
    assertJoined(ipjoin("after", Map.of()), "after");
  }

  /**
   * A training that fails leaves a marker with its reason: every run says so in one line and runs
   * without the archive, and the next build (a newer jar) tries again.
   */
  @Test
  void aFailedTrainingIsSaidOnEveryRunAndTriedAgainAfterTheNextBuild() throws Exception {
    Path root = checkout();
    Path attempts = dir.resolve("attempts");
    Map<String, String> env = javaWhoseTraining("echo $$ >> '" + attempts + "';"
        + " echo 'Exception in thread \"main\" java.lang.IllegalStateException: no training here'"
        + " >&2; exit 1");

    Run first = ipjoin(root, "first", env);
    assertJoined(first, "first");
    assertTrue(first.errLines().get(first.errLines().size() - 1).matches(
        "ipjoin: running without the class-data archive: its training join failed"
            + " \\(.*no training here\\).*ipjoin-\\d+\\.failed.*"), first.err());
    List<String> left = names(cds);
    assertEquals(1, left.size(), left.toString());
    assertTrue(left.get(0).endsWith(".failed"), left.toString());

    Run second = ipjoin(root, "second", env);
    assertJoined(second, "second");
    assertEquals(1, second.errLines().size(), second.err());
    assertTrue(second.err().contains("no training here") && second.err().contains(left.get(0)),
        second.err());
    assertEquals(1, Files.readAllLines(attempts).size(), "one training for one build");

    Files.setLastModifiedTime(root.resolve("target/ipjoin.jar"),
        FileTime.from(Instant.now().plusSeconds(60)));
    assertJoined(ipjoin(root, "rebuilt", env), "rebuilt");
    assertEquals(2, Files.readAllLines(attempts).size(), "the new build tried again");
    assertEquals(1, names(cds).size(), "the marker of the old build is gone: " + names(cds));
  }

  /**
   * SIGTERM while the training join runs: the training JVM is stopped, its folder deleted, and the
   * next run makes the archive as if nothing had happened.
   */
  @Test
  void aLauncherStoppedDuringTheTrainingLeavesNothingBehind() throws Exception {
    // The training's own output goes to its log: it says it started on fd 3, the launcher's stderr.
    Map<String, String> env = javaWhoseTraining("echo \"training $$\" >&3");
    List<String> command = new ArrayList<>(List.of("bash", "-c", "exec 3>&2; exec bash \"$@\"",
        "bash"));
    command.addAll(command(ROOT, "stopped"));
    Process p = launcher(command, env).redirectOutput(dir.resolve("stopped.out").toFile()).start();
    long training = -1;
    BufferedReader err = new BufferedReader(
        new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
    List<String> said = new ArrayList<>();
    for (String line; training < 0 && (line = err.readLine()) != null; ) {
      said.add(line);
      if (line.startsWith("training ")) {
        training = Long.parseLong(line.substring("training ".length()));
      }
    }
    assertTrue(training > 0, "the training did not start: " + said);
    p.toHandle().destroy(); // SIGTERM; Process.destroy would close the stream read below too
    String rest = err.lines().collect(Collectors.joining("\n"));
    assertTrue(p.waitFor(5, TimeUnit.MINUTES));
    assertEquals(128 + 15, p.exitValue(), said + rest);
    assertFalse(ProcessHandle.of(training).map(ProcessHandle::isAlive).orElse(false),
        "the training JVM still runs");
    assertEquals(List.of(), names(cds));

    Run next = ipjoin("next", Map.of());
    assertJoined(next, "next");
    assertEquals(1, archives(cds).size(), names(cds).toString());
    assertTrue(names(cds).stream().noneMatch(n -> n.startsWith("training") || n.endsWith(".failed")),
        names(cds).toString());
  }

  /**
   * A classpath file naming jars that are gone (a deleted or moved Maven repository) is made again
   * with Maven before java starts, instead of a NoClassDefFoundError.
   */
  @Test
  void aClasspathFileNamingJarsThatAreGoneIsMadeAgain() throws Exception {
    Path root = checkout();
    Path classpath = root.resolve("target/classpath.txt");
    Path gone = dir.resolve("gone-repository");
    List<String> entries = Arrays.asList(Files.readString(classpath).trim().split(":"));
    Files.writeString(classpath,
        entries.stream().map(e -> gone + e).collect(Collectors.joining(":")));

    Run r = ipjoin(root, "gone", Map.of("IPJOIN_CDS", "0"));
    assertJoined(r, "gone");
    assertTrue(r.errLines().get(0).startsWith("ipjoin: target/classpath.txt names jars that are"
        + " gone (" + gone + entries.get(0) + " and " + (entries.size() - 1) + " more)"), r.err());
    List<String> remade = Arrays.asList(Files.readString(classpath).trim().split(":"));
    assertEquals(entries, remade);
  }
}
