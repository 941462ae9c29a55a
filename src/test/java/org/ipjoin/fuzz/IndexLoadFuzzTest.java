package org.ipjoin.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.IndexFormat;
import org.ipjoin.index.IpIndex;
import org.ipjoin.index.IpLookup;
import org.ipjoin.index.load.FileSystemLoader;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;

/**
 * Fuzzes every binary read path (and {@link FileSystemLoader}) with arbitrary files. The seed
 * corpus holds valid small indexes, which mutation turns into near-valid ones: that reaches far more
 * checks than random bytes.
 *
 * <p>Input layout: byte 0 is a mode (bits 0-2: {@link FuzzFixups} repairs of count, payload CRC
 * and header CRC; bit 3: skip the payload checksum), the rest is the file.
 *
 * <p>Properties: the only exception any loader throws is {@link CorruptIndexException} (the
 * {@code IllegalStateException} PayloadDecoder throws for more keys than an {@code int[]} holds needs
 * an 8 GiB file: the length check comes first, so a small file must never reach it); a loaded index
 * has the header's count of strictly increasing keys, first/last equal to the header's min/max, and
 * the identity (length, count, CRC) of the file; and all loaders agree: the same keys, or the same
 * failed check.
 */
class IndexLoadFuzzTest {

  private static final String[] READ_PATHS = {"stream", "buffered", "nio", "mmap"};
  private static Path file;
  private static FileSystem localFs;

  @FuzzTest(maxDuration = "20s")
  void load(byte[] input) throws IOException {
    if (input.length < 1) {
      return;
    }
    int mode = input[0] & 0xFF;
    byte[] bytes = Arrays.copyOfRange(input, 1, input.length);
    FuzzFixups.apply(bytes, 0, mode & 7);
    boolean verifyChecksum = (mode & 8) == 0;
    Path path = file();
    Files.write(path, bytes);

    Map<String, String> outcomes = new LinkedHashMap<>();
    for (String name : READ_PATHS) {
      outcomes.put(name, outcome(bytes, verifyChecksum, name, () ->
          ReadPath.fromName(name).loader().load(path, verifyChecksum)));
    }
    outcomes.put("hadoop-fs", outcome(bytes, verifyChecksum, "hadoop-fs", () ->
        FileSystemLoader.load(localFs(), new org.apache.hadoop.fs.Path(path.toUri()),
            verifyChecksum)));
    String first = outcomes.values().iterator().next();
    for (Map.Entry<String, String> e : outcomes.entrySet()) {
      assertEquals(first, e.getValue(), "loaders disagree: " + outcomes);
    }
  }

  private interface Load {
    LoadedIndex run() throws IOException;
  }

  /** Loads, checks the properties, and describes the result ("ok <keys>" or the failed check). */
  private static String outcome(byte[] bytes, boolean verifyChecksum, String name, Load load) {
    LoadedIndex loaded;
    try {
      loaded = load.run();
    } catch (CorruptIndexException e) {
      assertNotNull(e.check(), name);
      assertNotNull(e.getMessage(), name);
      return "corrupt " + e.check();
    } catch (IOException | RuntimeException | Error e) {
      throw new AssertionError(name + " threw " + e + " (only CorruptIndexException may escape)", e);
    }
    ByteBuffer h = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    long count = h.getLong(IndexFormat.COUNT_OFFSET);
    IpLookup index = loaded.index();
    assertEquals(count, index.size(), name + ": key count differs from the header");
    assertEquals(bytes.length, IndexFormat.expectedLength(count), name + ": length");
    int[] keys = org.ipjoin.index.TestLookups.keys(index);
    for (int i = 1; i < keys.length; i++) {
      if (keys[i - 1] >= keys[i]) {
        fail(name + ": loaded keys not strictly increasing at " + i);
      }
    }
    for (int i = 0; i < keys.length; i++) {
      int key = h.getInt(IndexFormat.HEADER_SIZE + i * IndexFormat.KEY_BYTES);
      assertEquals(key, keys[i], name + ": key " + i + " differs from the payload bytes");
      assertTrue(index.contains(key), name + ": lookup misses key " + i);
    }
    if (keys.length > 0) {
      assertEquals(h.getInt(IndexFormat.MIN_KEY_OFFSET), keys[0], name + ": min key");
      assertEquals(h.getInt(IndexFormat.MAX_KEY_OFFSET), keys[keys.length - 1], name + ": max key");
    }
    assertEquals(bytes.length, loaded.identity().fileLength(), name + ": identity length");
    assertEquals(count, loaded.identity().count(), name + ": identity count");
    assertEquals(h.getInt(IndexFormat.PAYLOAD_CRC_OFFSET), loaded.identity().payloadCrc(),
        name + ": identity CRC");
    return "ok " + Arrays.toString(keys) + (verifyChecksum ? "" : " (checksum not verified)");
  }

  private static synchronized Path file() {
    if (file == null) {
      try {
        Path base = Paths.get(System.getProperty("ipjoin.test.dir",
            System.getProperty("java.io.tmpdir")));
        Files.createDirectories(base);
        file = Files.createTempDirectory(base, "fuzz-index").resolve("fuzzed.ipidx");
        file.toFile().deleteOnExit();
        file.getParent().toFile().deleteOnExit();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return file;
  }

  private static synchronized FileSystem localFs() throws IOException {
    if (localFs == null) {
      // The raw local file system: no .crc side files to read or go stale.
      localFs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    }
    return localFs;
  }
}
