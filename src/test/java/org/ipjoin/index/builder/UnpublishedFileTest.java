package org.ipjoin.index.builder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.ShutdownHookManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The temporary file of an output never outlives the command: the shutdown hook (run here by the
 * test at the point it chooses, as SIGTERM would run it) deletes it while it is being written,
 * and never touches a target once published.
 */
class UnpublishedFileTest {

  private static final byte[] OLD = "the published index".getBytes(StandardCharsets.US_ASCII);

  @TempDir Path dir;

  @Test
  void theHookDeletesTheFileBeingWrittenAndThePublishedTargetStays() throws Exception {
    Path target = dir.resolve("ips.ipidx");
    Files.write(target, OLD);
    FileSystem fs = local();
    UnpublishedFile file = UnpublishedFile.beside(fs, hadoop(target));
    assertTrue(ShutdownHookManager.get().hasShutdownHook(file.shutdownHook()));
    try (file) {
      file.write(1 << 10, out -> {
        out.write(new byte[4096]);
        out.flush();
        assertTrue(Files.exists(Path.of(file.temp().toUri().getPath())));
        file.shutdownHook().run(); // SIGTERM in the middle of the write
        return null;
      });
      assertThrows(IOException.class, () -> file.publish(true));
    }
    assertFalse(ShutdownHookManager.get().hasShutdownHook(file.shutdownHook()));
    assertEquals(List.of("ips.ipidx"), names());
    assertArrayEquals(OLD, Files.readAllBytes(target));
  }

  @Test
  void aHookAfterThePublishLeavesThePublishedFile() throws Exception {
    Path target = dir.resolve("ips.ipidx");
    byte[] fresh = "the new index".getBytes(StandardCharsets.US_ASCII);
    try (UnpublishedFile file = UnpublishedFile.beside(local(), hadoop(target))) {
      file.write(1 << 10, out -> {
        out.write(fresh);
        return null;
      });
      file.publish(false);
      file.shutdownHook().run();
    }
    assertEquals(List.of("ips.ipidx"), names());
    assertArrayEquals(fresh, Files.readAllBytes(target));
  }

  @Test
  void aFileIsNotCreatedOnceTheHookRan() throws Exception {
    try (UnpublishedFile file = UnpublishedFile.beside(local(), hadoop(dir.resolve("ips.ipidx")))) {
      file.shutdownHook().run();
      assertThrows(IOException.class, () -> file.write(1 << 10, out -> null));
    }
    assertEquals(List.of(), names());
  }

  private static FileSystem local() throws IOException {
    return IndexBuilder.withoutChecksumFiles(FileSystem.getLocal(new Configuration()));
  }

  private static org.apache.hadoop.fs.Path hadoop(Path p) {
    return new org.apache.hadoop.fs.Path(p.toUri());
  }

  private List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
