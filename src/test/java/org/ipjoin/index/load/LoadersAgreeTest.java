package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.CRC32C;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.RealData;
import org.ipjoin.index.TestLookups;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.testing.IndexReaders.Reader;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every read path must give the same intervals, the same answers and the same identity for the
 * same data: the job lets users switch paths, and the benchmark compares them, so any disagreement
 * is a wrong join. Expected values are computed with plain String code (no ipjoin parsing or
 * formatting), so that a parser bug cannot hide in both the expectation and the result.
 */
class LoadersAgreeTest {

  @TempDir Path dir;

  /** "a.b.c.d" as a key (address − 2^31), with String code only. */
  private static int key(String address) {
    String[] octets = address.split("\\.");
    long value = 0;
    for (String o : octets) {
      value = value * 256 + Integer.parseInt(o);
    }
    return (int) (value - (1L << 31));
  }

  /** A key as "a.b.c.d", with String code only. */
  private static String address(int key) {
    long v = key + (1L << 31);
    return (v >>> 24) + "." + ((v >>> 16) & 255) + "." + ((v >>> 8) & 255) + "." + (v & 255);
  }

  /** The addresses of ipsum.txt: first column, comments and blank lines skipped. */
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

  private Path writeIndex(String name, IndexContent content) throws IOException {
    Path file = dir.resolve(name + ".ipidx");
    try (OutputStream out = Files.newOutputStream(file)) {
      IndexWriter.write(content, out);
    }
    return file;
  }

  private Path writeIndex(String name, int[] sortedKeys) throws IOException {
    return writeIndex(name, IndexContent.exact(sortedKeys, sortedKeys.length, 0, sortedKeys.length));
  }

  /** The same keys as a text list, shuffled, one address per line (what the text path reads). */
  private Path writeTextList(String name, int[] sortedKeys) throws IOException {
    List<String> lines = Arrays.stream(sortedKeys).mapToObj(LoadersAgreeTest::address)
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

  /** CRC32C of the starts section as stored: what the text path's identity carries. */
  private static int startsCrc(int[] keys) {
    ByteBuffer b = ByteBuffer.allocate(4 * keys.length).order(ByteOrder.LITTLE_ENDIAN);
    b.asIntBuffer().put(keys);
    CRC32C crc = new CRC32C();
    crc.update(b);
    return (int) crc.getValue();
  }

  /**
   * The text path's identity CRC for a list of distinct addresses each with a label: CRC32C over
   * the starts, the label ids, the label end offsets and the label bytes, each little-endian as in
   * an index section; labels numbered in the order the list first mentions them.
   */
  private static int labelledTextCrc(int[] keys, Map<Integer, String> labelOfKey,
      List<String> labelsInFileOrder) {
    List<String> dictionary = new ArrayList<>();
    for (String label : labelsInFileOrder) {
      if (!dictionary.contains(label)) {
        dictionary.add(label);
      }
    }
    byte[] text = String.join("", dictionary).getBytes(StandardCharsets.UTF_8);
    ByteBuffer b = ByteBuffer.allocate(8 * keys.length + 4 * (dictionary.size() + 1) + text.length)
        .order(ByteOrder.LITTLE_ENDIAN);
    for (int k : keys) {
      b.putInt(k);
    }
    for (int k : keys) {
      b.putInt(dictionary.indexOf(labelOfKey.get(k)) + 1);
    }
    int end = 0;
    b.putInt(0);
    for (String label : dictionary) {
      end += label.getBytes(StandardCharsets.UTF_8).length;
      b.putInt(end);
    }
    b.put(text);
    b.flip();
    CRC32C crc = new CRC32C();
    crc.update(b);
    return (int) crc.getValue();
  }

  /** Header, 2-entry directory, starts padded to 64, then the /4 .. /22 lookup directory. */
  private static long exactIndexLength(long n) {
    // The directory: the largest 2^bits <= n / 40 (at most 2^22), but at least the largest
    // 2^bits <= n up to 2^9 (at least 2^4).
    long least = Math.min(9, Math.max(4, 63 - Long.numberOfLeadingZeros(n)));
    long bits = Math.max(least, Math.min(22, 63 - Long.numberOfLeadingZeros(n / 40)));
    return (128 + 4 * n + 63) / 64 * 64 + 4 * ((1L << bits) + 1);
  }

  static List<Reader> binaryReaders() {
    List<Reader> readers = new ArrayList<>(IndexReaders.binaryPaths().toList());
    readers.add(new Reader("hadoop-fs-stream", (file, verify) -> {
      try (var in = FileSystem.getLocal(new Configuration()).open(
          new org.apache.hadoop.fs.Path(file.toString()))) {
        return StreamLoader.load(in, Files.size(file), file.toString(), verify);
      }
    }));
    return readers;
  }

  @Test
  void everyPathLoadsIpsumIdentically() throws IOException {
    Path ipsum = RealData.ipsum();
    Set<String> expected = ipsumAddresses(ipsum);
    int[] keys = expected.stream().mapToInt(LoadersAgreeTest::key).sorted().toArray();
    Path index = writeIndex("ipsum", keys);
    // The text path reads the count column as each address's label (the first line's label).
    Map<Integer, String> labelOfKey = new HashMap<>();
    List<String> labelsInFileOrder = new ArrayList<>();
    for (String line : Files.readAllLines(ipsum, StandardCharsets.US_ASCII)) {
      if (!line.startsWith("#") && !line.isEmpty()) {
        String[] columns = line.split("\t");
        labelOfKey.putIfAbsent(key(columns[0]), columns[1]);
        labelsInFileOrder.add(columns[1]);
      }
    }
    long indexLength = Files.size(index);
    assertEquals(exactIndexLength(expected.size()), indexLength);

    IndexIdentity binaryIdentity = null;
    for (ReadPath path : ReadPath.values()) {
      for (boolean verify : new boolean[] {true, false}) {
        Path source = path.readsText() ? ipsum : index;
        LoadedIndex loaded = path.loader().load(source, verify);
        String what = path.externalName() + " verify=" + verify;
        Ipv4Lookup ips = loaded.index();
        assertEquals(expected.size(), ips.size(), what);
        assertTrue(ips.exact(), what);
        Set<String> formatted = Arrays.stream(TestLookups.keys(ips)).mapToObj(LoadersAgreeTest::address)
            .collect(Collectors.toSet());
        assertEquals(expected, formatted, what);
        assertArrayEquals(keys, TestLookups.keys(ips), what);
        for (int i = 0; i < keys.length; i++) {
          assertEquals(i, ips.match(keys[i]), what);
          int after = Arrays.binarySearch(keys, keys[i] + 1);
          assertEquals(after >= 0 ? after : Ipv4Lookup.NO_MATCH, ips.match(keys[i] + 1), what);
        }

        IndexIdentity id = loaded.identity();
        assertEquals(expected.size(), id.count(), what);
        assertEquals(Files.size(source), id.fileLength(), what);
        if (path.readsText()) {
          assertEquals(labelledTextCrc(keys, labelOfKey, labelsInFileOrder), id.crc(), what);
          for (int i = 0; i < keys.length; i++) {
            assertEquals(labelOfKey.get(keys[i]), ips.labels().label(ips.labelId(i)), what);
          }
        } else if (binaryIdentity == null) {
          binaryIdentity = id;
        } else {
          assertEquals(binaryIdentity, id, what);
        }
      }
    }
    for (Reader r : binaryReaders()) {
      LoadedIndex loaded = r.how().load(index, true);
      assertArrayEquals(keys, TestLookups.keys(loaded.index()), r.name());
      assertEquals(binaryIdentity, loaded.identity(), r.name());
    }
  }

  /**
   * Sizes where the read loops change: nothing, one key, the first read of the head (576 bytes),
   * the stream buffer (64 KiB) and the nio chunk (1 MiB).
   */
  static Stream<Arguments> edgeSizes() {
    int headKeys = (576 - 128) / 4;
    int chunkKeys = ChannelLoader.CHUNK_BYTES / 4;
    int bufferKeys = (StreamLoader.BUFFER_BYTES - 128) / 4;
    return Stream.of(
        Arguments.of("empty", 0),
        Arguments.of("one-key", 1),
        Arguments.of("starts-end-before-the-first-read", headKeys - 1),
        Arguments.of("starts-end-with-the-first-read", headKeys),
        Arguments.of("starts-end-after-the-first-read", headKeys + 1),
        Arguments.of("starts-are-one-nio-chunk", chunkKeys),
        Arguments.of("starts-are-one-nio-chunk-plus-a-key", chunkKeys + 1),
        Arguments.of("starts-end-with-one-stream-buffer", bufferKeys),
        Arguments.of("starts-end-one-key-after-one-stream-buffer", bufferKeys + 1));
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
    assertEquals(exactIndexLength(count), Files.size(index));
    IndexIdentity expectedIdentity = null;
    Random random = new Random(count);
    int[] probes = new int[2000];
    for (int i = 0; i < probes.length; i++) {
      probes[i] = count > 0 && i % 2 == 0 ? keys[random.nextInt(count)] + (i % 4 == 0 ? 0 : 1)
          : random.nextInt();
    }
    for (ReadPath path : ReadPath.values()) {
      for (boolean verify : new boolean[] {true, false}) {
        String what = path.externalName() + " verify=" + verify;
        LoadedIndex loaded = path.loader().load(path.readsText() ? text : index, verify);
        assertArrayEquals(keys, TestLookups.keys(loaded.index()), what);
        for (int probe : probes) {
          int at = Arrays.binarySearch(keys, probe);
          assertEquals(at >= 0 ? at : -1, loaded.index().match(probe), what);
        }
        IndexIdentity id = loaded.identity();
        if (path.readsText()) {
          assertEquals(new IndexIdentity(Files.size(text), count, startsCrc(keys)), id, what);
        } else if (expectedIdentity == null) {
          expectedIdentity = id;
          assertEquals(Files.size(index), id.fileLength(), what);
          assertEquals(count, id.count(), what);
        } else {
          assertEquals(expectedIdentity, id, what);
        }
      }
    }
    for (Reader r : binaryReaders()) {
      assertEquals(expectedIdentity, r.how().load(index, true).identity(), r.name());
    }
  }

  /**
   * Ranges with labels, described as text ("first-last label"), written with IndexWriter and read
   * back by every binary path: the same intervals, labels and answers, checked against the text.
   */
  @Test
  void everyPathAgreesOnRangesWithLabels() throws IOException {
    Random random = new Random(42);
    List<String> lines = new ArrayList<>();
    long next = 0;
    String[] names = {"tor-exit", "vpn", "scanner", "bot net", "ünïcode"};
    while (lines.size() < 70_000) {
      long first = next + (random.nextInt(3) == 0 ? 0 : random.nextInt(5000));
      long last = first + (random.nextInt(4) == 0 ? 0 : random.nextInt(random.nextBoolean() ? 300 : 70_000));
      if (last > 0xFFFF_FFFFL) {
        break;
      }
      String label = random.nextInt(6) == 0 ? "" : names[random.nextInt(names.length)];
      lines.add(dotted(first) + "-" + dotted(last) + " " + label);
      next = last + 1;
    }
    // The content from the text, with String code.
    int n = lines.size();
    int[] starts = new int[n];
    int[] ends = new int[n];
    int[] ids = new int[n];
    Map<String, Integer> dictionary = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      String line = lines.get(i);
      String range = line.substring(0, line.indexOf(' '));
      String label = line.substring(line.indexOf(' ') + 1);
      starts[i] = key(range.substring(0, range.indexOf('-')));
      ends[i] = key(range.substring(range.indexOf('-') + 1));
      ids[i] = label.isEmpty() ? 0 : dictionary.computeIfAbsent(label, l -> dictionary.size() + 1);
    }
    StringBuilder all = new StringBuilder();
    int[] labelEnds = new int[dictionary.size() + 1];
    int id = 0;
    for (String label : dictionary.keySet()) {
      all.append(label);
      labelEnds[++id] = all.toString().getBytes(StandardCharsets.UTF_8).length;
    }
    Path index = writeIndex("ranges", new IndexContent(starts, ends, ids, n, labelEnds,
        all.toString().getBytes(StandardCharsets.UTF_8), 1, n));

    // Expected answers: the line holding the probe, by a sorted map of the text's first addresses.
    TreeMap<Long, String> byFirst = new TreeMap<>();
    for (String line : lines) {
      byFirst.put(value(line.substring(0, line.indexOf('-'))), line);
    }
    long[] probes = new long[50_000];
    for (int i = 0; i < probes.length; i++) {
      String near = lines.get(random.nextInt(n));
      long around = value(near.substring(0, near.indexOf('-')));
      probes[i] = i % 3 == 0 ? random.nextLong(1L << 32)
          : Math.max(0, Math.min(0xFFFF_FFFFL, around + random.nextInt(140_000) - 70_000));
    }
    IndexIdentity first = null;
    for (Reader r : binaryReaders()) {
      for (boolean verify : new boolean[] {true, false}) {
        String what = r.name() + " verify=" + verify;
        LoadedIndex loaded = r.how().load(index, verify);
        Ipv4Lookup ix = loaded.index();
        assertEquals(n, ix.size(), what);
        for (int i = 0; i < n; i++) {
          String line = lines.get(i);
          String text = address(ix.start(i)) + "-" + address(ix.end(i)) + " "
              + (ix.labelId(i) == 0 ? "" : ix.labels().label(ix.labelId(i)));
          if (!text.equals(line)) {
            assertEquals(line, text, what + ": interval " + i);
          }
        }
        for (long probe : probes) {
          Map.Entry<Long, String> e = byFirst.floorEntry(probe);
          String expected = null;
          if (e != null) {
            String line = e.getValue();
            long last = value(line.substring(line.indexOf('-') + 1, line.indexOf(' ')));
            expected = probe <= last ? line : null;
          }
          int match = ix.match((int) (probe - (1L << 31)));
          String actual = match < 0 ? null : lines.get(match);
          if (!java.util.Objects.equals(expected, actual)) {
            assertEquals(expected, actual, what + ": probe " + dotted(probe));
          }
        }
        if (first == null) {
          first = loaded.identity();
          assertEquals(Files.size(index), first.fileLength());
          assertEquals(n, first.count());
        } else {
          assertEquals(first, loaded.identity(), what);
        }
      }
    }
  }

  private static String dotted(long v) {
    return (v >>> 24) + "." + ((v >>> 16) & 255) + "." + ((v >>> 8) & 255) + "." + (v & 255);
  }

  private static long value(String address) {
    return key(address) + (1L << 31);
  }

  @Test
  void streamLoaderReadsFromAnyInputStream() throws IOException {
    int[] keys = sortedDistinct(1000, 5);
    Path index = writeIndex("from-stream", keys);
    try (var in = Files.newInputStream(index)) {
      LoadedIndex loaded = StreamLoader.load(in, Files.size(index), "hdfs://nn/ips.ipidx", true);
      assertArrayEquals(keys, TestLookups.keys(loaded.index()));
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
