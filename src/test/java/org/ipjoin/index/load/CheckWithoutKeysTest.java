package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link VerifyReader#check} (what {@code ipindex verify}, the driver before submission and
 * {@code ipindex build} before publishing run) keeps no keys of an exact-address list: a JVM whose
 * heap cannot hold the keys verifies the index, while loading the same index into that heap fails.
 * The differential tests over the corruption corpus ({@code IndexReaders.viaFileSystem}) show
 * that it rejects exactly what a full load rejects.
 */
class CheckWithoutKeysTest {

  /** 16 M keys = 64 MiB of starts: more than the child's whole heap. */
  private static final int KEYS = 16 << 20;
  private static final String CHILD_HEAP = "-Xmx40m";

  @TempDir Path dir;

  @Test
  void verifyNeedsNoHeapForTheKeys() throws Exception {
    int[] keys = new int[KEYS];
    for (int i = 0; i < KEYS; i++) {
      keys[i] = Integer.MIN_VALUE + i * 251; // 16 M distinct addresses in order, 251 apart
    }
    Path index = dir.resolve("big.ipidx");
    try (OutputStream out = Files.newOutputStream(index)) {
      IndexWriter.write(IndexContent.exact(keys, KEYS, 0, 0), out);
    }
    assertTrue(Files.size(index) > 64L << 20);

    Child verify = run("verify", index.toString());
    assertEquals(0, verify.exit, verify.output);
    assertTrue(verify.output.contains(String.format("%,d", KEYS)), verify.output);

    Child load = run("load", "--loader", "nio", index.toString());
    assertEquals(1, load.exit, "the keys do not fit the child's heap: " + load.output);
  }

  private record Child(int exit, String output) {}

  private Child run(String... args) throws Exception {
    Path classes = Paths.get(IndexTools.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    String hadoop = Files.readString(classes.getParent().resolve("classpath.txt")).trim();
    List<String> command = new java.util.ArrayList<>(List.of(
        Paths.get(System.getProperty("java.home"), "bin", "java").toString(), CHILD_HEAP,
        "-cp", classes + File.pathSeparator + hadoop, IndexTools.class.getName()));
    command.addAll(List.of(args));
    Path log = dir.resolve(args[0] + ".log");
    Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    int exit = p.waitFor();
    return new Child(exit, Files.readString(log, StandardCharsets.ISO_8859_1));
  }
}
