package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.ipjoin.index.IndexFormat;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.IpIndex;
import org.ipjoin.index.IpLookup;
import org.ipjoin.ip.IpCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every read path must give the same keys and the same identity for the same data: the job lets
 * users switch paths, and the benchmark compares them, so any disagreement is a wrong join.
 */
class LoadersAgreeTest {

  @TempDir Path dir;

  private static Path realData(String relative) {
    return org.ipjoin.RealData.file(relative);
  }

  /**
   * The expected content of ipsum.txt, read with plain String code only (no ipjoin parsing), so a
   * parser bug cannot hide in both the expectation and the result.
   */
  private static Set<String> ipsumAddresses(Path file) throws IOException {
    Set<String> addresses = new HashSet<>();
    for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
      if (line.startsWith("#") || line.isEmpty()) {
        continue;
      }
      int tab = line.indexOf('\t');
      addresses.add(tab < 0 ? line : line.substring(0, tab));
    }
    return addresses;
  }

  private Path writeIndex(String name, int[] sortedKeys) throws IOException {
    Path file = dir.resolve(name + ".ipidx");
    try (OutputStream out = Files.newOutputStream(file)) {
      IndexWriter.write(sortedKeys, sortedKeys.length, 0, sortedKeys.length, out);
    }
    return file;
  }

  /** The same keys as a text list, shuffled, one address per line (what the text path reads). */
  private Path writeTextList(String name, int[] sortedKeys) throws IOException {
    List<String> lines = Arrays.stream(sortedKeys).mapToObj(IpCodec::format)
        .collect(Collectors.toList());
    java.util.Collections.shuffle(lines, new Random(sortedKeys.length));
    Path file = dir.resolve(name + ".txt");
    Files.write(file, lines, StandardCharsets.US_ASCII);
    return file;
  }

  private static int[] sortedDistinct(int count, long seed) {
    Random random = new Random(seed);
    Set<Integer> set = new HashSet<>();
    while (set.size() < count) {
      set.add(random.nextInt());
    }
    return set.stream().mapToInt(Integer::intValue).sorted().toArray();
  }

  @Test
  void everyPathLoadsIpsumIdentically() throws IOException {
    Path ipsum = realData("lists/ipsum.txt");
    Set<String> expected = ipsumAddresses(ipsum);
    int[] keys = expected.stream().mapToInt(IpCodec::parseKey).sorted().toArray();
    Path index = writeIndex("ipsum", keys);
    long indexLength = Files.size(index);
    assertEquals(IndexFormat.HEADER_SIZE + 4L * expected.size(), indexLength);

    IndexIdentity binaryIdentity = null;
    for (ReadPath path : ReadPath.values()) {
      for (boolean verify : new boolean[] {true, false}) {
        Path source = path.readsText() ? ipsum : index;
        LoadedIndex loaded = path.loader().load(source, verify);
        String what = path.externalName() + " verify=" + verify;
        IpLookup ips = loaded.index();
        assertEquals(expected.size(), ips.size(), what);
        Set<String> formatted = Arrays.stream(org.ipjoin.index.TestLookups.keys(ips)).mapToObj(IpCodec::format)
            .collect(Collectors.toSet());
        assertEquals(expected, formatted, what);
        assertArrayEquals(keys, org.ipjoin.index.TestLookups.keys(ips), what);

        IndexIdentity id = loaded.identity();
        assertEquals(expected.size(), id.count(), what);
        assertEquals(Files.size(source), id.fileLength(), what);
        if (binaryIdentity == null) {
          binaryIdentity = id;
        }
        // Same keys, same payload CRC, whichever file they came from.
        assertEquals(binaryIdentity.payloadCrc(), id.payloadCrc(), what);
        if (!path.readsText()) {
          assertEquals(new IndexIdentity(indexLength, expected.size(), binaryIdentity.payloadCrc()),
              id, what);
        }
      }
    }
  }

  /** Sizes where the read loops change: nothing, one key, and the buffer and chunk boundaries. */
  static Stream<Arguments> edgeSizes() {
    int chunkKeys = ChannelLoader.CHUNK_BYTES / IndexFormat.KEY_BYTES;
    int bufferKeys = (StreamLoader.BUFFER_BYTES - IndexFormat.HEADER_SIZE) / IndexFormat.KEY_BYTES;
    return Stream.of(
        Arguments.of("empty", 0),
        Arguments.of("one-key", 1),
        Arguments.of("payload-is-one-nio-chunk", chunkKeys),
        Arguments.of("payload-is-one-nio-chunk-plus-a-key", chunkKeys + 1),
        Arguments.of("file-is-one-stream-buffer", bufferKeys),
        Arguments.of("file-is-one-stream-buffer-plus-a-key", bufferKeys + 1));
  }

  @ParameterizedTest(name = "{0} ({1} keys)")
  @MethodSource("edgeSizes")
  void everyPathAgreesAtBufferEdges(String name, int count) throws IOException {
    int[] keys = sortedDistinct(count, count);
    if (count == 1) {
      keys[0] = Integer.MAX_VALUE; // 255.255.255.255 on its own
    }
    Path index = writeIndex(name, keys);
    Path text = writeTextList(name, keys);
    if (name.startsWith("payload-is-one-nio-chunk")) {
      assertEquals(ChannelLoader.CHUNK_BYTES + 4L * (count - ChannelLoader.CHUNK_BYTES / 4),
          Files.size(index) - IndexFormat.HEADER_SIZE);
    }
    if (name.startsWith("file-is-one-stream-buffer")) {
      assertEquals(StreamLoader.BUFFER_BYTES + 4L * (count - (StreamLoader.BUFFER_BYTES - 64) / 4),
          Files.size(index));
    }
    IndexIdentity expectedIdentity = null;
    for (ReadPath path : ReadPath.values()) {
      for (boolean verify : new boolean[] {true, false}) {
        String what = path.externalName() + " verify=" + verify;
        LoadedIndex loaded = path.loader().load(path.readsText() ? text : index, verify);
        assertArrayEquals(keys, org.ipjoin.index.TestLookups.keys(loaded.index()), what);
        IndexIdentity id = loaded.identity();
        if (path.readsText()) {
          assertEquals(Files.size(text), id.fileLength(), what);
          assertEquals(count, id.count(), what);
        } else if (expectedIdentity == null) {
          expectedIdentity = id;
          assertEquals(Files.size(index), id.fileLength(), what);
          assertEquals(count, id.count(), what);
        } else {
          assertEquals(expectedIdentity, id, what);
        }
      }
    }
    // The text path's identity carries the payload CRC the index would have.
    LoadedIndex fromText = ReadPath.TEXT.loader().load(text, true);
    assertEquals(expectedIdentity.payloadCrc(), fromText.identity().payloadCrc());
    if (count > 0) {
      assertTrue(ReadPath.NIO.loader().load(index, true).index().contains(keys[count - 1]));
    } else {
      assertFalse(ReadPath.NIO.loader().load(index, true).index().contains(0));
      assertEquals(0, expectedIdentity.payloadCrc());
    }
  }

  @Test
  void streamLoaderReadsFromAnyInputStream() throws IOException {
    int[] keys = sortedDistinct(1000, 5);
    Path index = writeIndex("from-stream", keys);
    try (var in = Files.newInputStream(index)) {
      LoadedIndex loaded = StreamLoader.load(in, Files.size(index), "hdfs://nn/ips.ipidx", true);
      assertArrayEquals(keys, org.ipjoin.index.TestLookups.keys(loaded.index()));
      assertEquals(ReadPath.NIO.loader().load(index, true).identity(), loaded.identity());
    }
  }

  @Test
  void readPathNamesRoundTrip() {
    for (ReadPath path : ReadPath.values()) {
      assertEquals(path, ReadPath.fromName(path.externalName()));
      assertEquals(path, ReadPath.fromName(" " + path.name() + " "));
    }
    assertEquals("text, stream, buffered, nio, mmap, mmap-direct", ReadPath.names());
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> ReadPath.fromName("mapped"));
    assertTrue(e.getMessage().contains("text, stream, buffered, nio, mmap, mmap-direct"), e.getMessage());
  }
}
