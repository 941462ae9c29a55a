package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.format.LoadTrust;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The compact layout ({@code --layout compact}) round trip: every binary read path, fully checked
 * or trusted, gives for every key its rank in a {@link TreeSet} of the keys (the oracle: plain
 * JDK code) and {@code NO_MATCH} for every other address probed, gives back each key from its rank,
 * and answers exactly as the sorted layout of the same list read the same way. The lists cover
 * the bucket kinds' edges: empty buckets, 4,096 keys (the largest sparse bucket), 4,097 (the
 * smallest dense one), a full /16, the first and the last address, one key, no key.
 */
class CompactLayoutTest {

  @TempDir Path dir;

  /** The key of address {@code a.b.c.d} given as its 32-bit value. */
  private static int key(long address) {
    return (int) (address - (1L << 31));
  }

  private static int key(int a, int b, int c, int d) {
    return key(((long) a << 24) | ((long) b << 16) | ((long) c << 8) | d);
  }

  /** {@code n} distinct random suffixes in bucket {@code a.b/16}. */
  private static void bucket(TreeSet<Integer> keys, int a, int b, int n, Random random) {
    TreeSet<Integer> lows = new TreeSet<>();
    while (lows.size() < n) {
      lows.add(random.nextInt(1 << 16));
    }
    for (int low : lows) {
      keys.add(key(a, b, low >>> 8, low & 255));
    }
  }

  static Stream<Arguments> lists() {
    Random random = new Random(20261123);
    TreeSet<Integer> edges = new TreeSet<>();
    bucket(edges, 0, 0, 4097, random);
    edges.add(key(0, 0, 0, 0));
    bucket(edges, 10, 0, 4096, random);
    bucket(edges, 10, 1, 4097, random);
    bucket(edges, 10, 2, 1 << 16, random);
    bucket(edges, 10, 4, 1, random);
    bucket(edges, 255, 255, 5000, random);
    edges.add(key(255, 255, 255, 255));
    for (int i = 0; i < 20_000; i++) {
      edges.add(random.nextInt());
    }
    TreeSet<Integer> scattered = new TreeSet<>();
    for (int i = 0; i < 100_000; i++) {
      scattered.add(random.nextInt());
    }
    // Sparse buckets far from even, where both interpolation steps miss and the binary search
    // finishes: a run at the bucket's start with a few keys at its end, two runs, every 16th suffix.
    TreeSet<Integer> clustered = new TreeSet<>();
    for (int low = 0; low < 3000; low++) {
      clustered.add(key(20, 0, low >>> 8, low & 255));
    }
    for (int low = 65_530; low < 65_536; low++) {
      clustered.add(key(20, 0, low >>> 8, low & 255));
    }
    for (int low = 0; low < 2000; low++) {
      clustered.add(key(20, 1, 40 + (low >>> 8), low & 255));
      clustered.add(key(20, 1, 200 + (low >>> 8), low & 255));
    }
    for (int low = 0; low < 65_536; low += 16) {
      clustered.add(key(20, 2, low >>> 8, low & 255));
    }
    TreeSet<Integer> ends = new TreeSet<>(List.of(key(0, 0, 0, 0), key(255, 255, 255, 255)));
    return Stream.of(
        Arguments.of("no key", new TreeSet<Integer>()),
        Arguments.of("one key", new TreeSet<>(List.of(key(1, 2, 3, 4)))),
        Arguments.of("first and last address", ends),
        Arguments.of("bucket edges", edges),
        Arguments.of("clustered sparse buckets", clustered),
        Arguments.of("100,000 scattered keys", scattered));
  }

  private Path write(String name, int[] keys, KeyLayout layout) throws IOException {
    Path file = dir.resolve(name + "-" + layout.externalName() + ".ipidx");
    try (OutputStream out = Files.newOutputStream(file)) {
      IndexWriter.write(IndexContent.exact(keys, keys.length, 100, 10), layout, out);
    }
    return file;
  }

  /** The probes: every key, its neighbours, the edges of its bucket and random addresses. */
  private static int[] probes(int[] keys) {
    Random random = new Random(keys.length);
    List<Integer> p = new ArrayList<>();
    for (int k : keys) {
      p.add(k);
      p.add(k - 1);
      p.add(k + 1);
      p.add(k & 0xFFFF0000);
      p.add(k | 0xFFFF);
    }
    for (int i = 0; i < 20_000; i++) {
      p.add(random.nextInt());
    }
    p.add(Integer.MIN_VALUE);
    p.add(Integer.MAX_VALUE);
    return p.stream().mapToInt(Integer::intValue).toArray();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("lists")
  void everyReadPathAnswersAsTheOracleAndTheSortedLayout(String name, TreeSet<Integer> oracle)
      throws IOException {
    int[] keys = oracle.stream().mapToInt(Integer::intValue).toArray();
    Path compact = write("list", keys, KeyLayout.COMPACT);
    Path sorted = write("list", keys, KeyLayout.SORTED);
    int[] probes = probes(keys);
    // The rank by the oracle: the key's position when the set is walked in order.
    HashMap<Integer, Integer> rank = new HashMap<>();
    for (int k : oracle) {
      rank.put(k, rank.size());
    }
    int[] expected = new int[probes.length];
    for (int i = 0; i < probes.length; i++) {
      expected[i] = rank.getOrDefault(probes[i], Ipv4Lookup.NO_MATCH);
    }
    for (IndexReaders.Reader path : IndexReaders.binaryPaths().toList()) {
      // Fully checked with and without checksums; trusted as a task of a verified job, checksums
      // off (mmap-direct then reads no compact column at load).
      for (LoadTrust trust : List.of(LoadTrust.FULL, LoadTrust.CONTENT_VERIFIED_ELSEWHERE)) {
        if (trust != LoadTrust.FULL && path.name().equals("verify")) {
          continue; // VerifyReader always checks everything
        }
        for (boolean checksums : trust == LoadTrust.FULL ? new boolean[] {true, false}
            : new boolean[] {false}) {
          String what = name + ", " + path.name() + ", " + trust + ", checksums " + checksums;
          Ipv4Lookup c = load(path, compact, checksums, trust);
          Ipv4Lookup s = load(path, sorted, checksums, trust);
          assertEquals(keys.length, c.size(), what);
          assertTrue(c.exact(), what);
          for (int i = 0; i < keys.length; i++) {
            if (c.start(i) != keys[i] || c.end(i) != keys[i] || c.labelId(i) != 0) {
              assertEquals(keys[i], c.start(i), what + ": key of rank " + i);
            }
          }
          for (int i = 0; i < probes.length; i++) {
            int m = c.match(probes[i]);
            if (m != expected[i] || s.match(probes[i]) != m) {
              assertEquals(expected[i], m, what + ": probe " + probes[i]);
              assertEquals(s.match(probes[i]), m, what + ": sorted, probe " + probes[i]);
            }
          }
          // The batched lookup: the same ranks, in batches that end inside a group and past it.
          for (int batch : new int[] {1, 31, 37, 4096}) { // around the group of 32
            int[] ids = new int[batch + 3];
            for (int from = 0; from < probes.length; from += batch) {
              int n = Math.min(batch, probes.length - from);
              java.util.Arrays.fill(ids, -7);
              c.matchAll(java.util.Arrays.copyOfRange(probes, from, from + n), n, ids);
              for (int i = 0; i < n; i++) {
                if (ids[i] != expected[from + i]) {
                  assertEquals(expected[from + i], ids[i], what + ": matchAll of " + batch
                      + ", probe " + probes[from + i]);
                }
              }
              assertEquals(-7, ids[n], what + ": matchAll wrote past the batch");
            }
          }
        }
      }
    }
  }

  private static Ipv4Lookup load(IndexReaders.Reader path, Path file, boolean checksums,
      LoadTrust trust) throws IOException {
    if (trust == LoadTrust.FULL) {
      return path.load(file, checksums).index();
    }
    return ReadPath.fromName(path.name()).loader().load(file, checksums, trust).index();
  }

  /**
   * Sparse buckets cost 2 bytes per key; the directory is a fixed 512 KiB; a dense bucket 8 KiB
   * plus 256 bytes of ranks whatever its keys.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("lists")
  void theFileHoldsTwoBytesPerSparseKeyAndEightKibPerDenseBucket(String name,
      TreeSet<Integer> oracle) throws IOException {
    int[] keys = oracle.stream().mapToInt(Integer::intValue).toArray();
    int[] perBucket = new int[1 << 16];
    for (int k : keys) {
      perBucket[(k ^ Integer.MIN_VALUE) >>> 16]++;
    }
    long sparseKeys = 0;
    long dense = 0;
    for (int n : perBucket) {
      if (n > 4096) {
        dense++;
      } else {
        sparseKeys += n;
      }
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexWriter.write(IndexContent.exact(keys, keys.length, 0, 0), KeyLayout.COMPACT, out);
    long payload = 4L * (2 * 65536 + 2) + 2 * sparseKeys + dense * (8192 + 256);
    // Header, 4 directory entries, at most 63 bytes of padding before each section.
    long head = 64 + 4 * 32;
    assertTrue(out.size() >= head + payload && out.size() <= head + payload + 4 * 63,
        name + ": " + out.size() + " bytes for a payload of " + payload);
  }
}
