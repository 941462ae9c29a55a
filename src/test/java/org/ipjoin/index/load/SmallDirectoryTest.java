package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.BuiltIndex;
import org.ipjoin.api.IpJoin;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.index.V6Intervals;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.DirectorySizes;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.LoadTrust;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Small lists get small files: the lookup directory of a list has the largest 2^bits + 1 entries
 * with 2^bits at most count / 40, but at least the largest 2^bits at most the count up to 2^9
 * (at least 2^4), per family. Exact lists of both families at every size around each step of that
 * rule up to 40 x 2^13 intervals, read back through every read path
 * (text, stream, buffered, nio, mmap, mmap-direct, and {@code ipindex verify}'s loader), with and
 * without checksums, and as a trusted task loads them, answer every probe as a binary search over
 * the sorted addresses the test made (plain {@code Arrays}/{@code BigInteger} code). Files written
 * with the old 2^16 + 1 directories (and any other size 4 .. 22) still load and answer right.
 */
class SmallDirectoryTest {

  @TempDir Path dir;

  /** The writer's rule, from its definition (docs/index-format.md). */
  private static int bitsFor(long n) {
    int bits = 4;
    while (bits < 22 && (1L << (bits + 1) <= n / 40 || (bits < 9 && 1L << (bits + 1) <= n))) {
      bits++;
    }
    return bits;
  }

  private static long align(long offset) {
    return (offset + IndexByteMap.ALIGNMENT - 1) / IndexByteMap.ALIGNMENT * IndexByteMap.ALIGNMENT;
  }

  /** The length of an exact index of {@code n4} IPv4 and {@code n6} IPv6 addresses (-1: none). */
  private static long exactLength(long n4, long n6, int bits, int bits6) {
    int sections = n6 < 0 ? 2 : 4;
    long at = IndexByteMap.HEADER_SIZE + (long) sections * IndexByteMap.ENTRY_SIZE;
    at = align(at) + 4 * n4;
    at = align(at) + 4 * IndexByteMap.directoryEntries(bits);
    if (n6 >= 0) {
      at = align(at) + 16 * n6;
      at = align(at) + 4 * IndexByteMap.directoryEntries(bits6);
    }
    return at;
  }

  @Test
  void aThreeAddressIndexIsSmall() throws Exception {
    Path list = Files.writeString(dir.resolve("three.txt"), "10.0.0.1\n10.0.0.2\n192.168.1.1\n");
    Path index = dir.resolve("three.ipidx");
    assertEquals(0, IndexTools.run(new Configuration(), new String[] {"build", "--input",
        list.toString(), "--output", index.toString()}));
    // Header and two entries, the 3 keys at the next multiple of 64, then 2^4 + 1 entries.
    long expected = align(align(IndexByteMap.HEADER_SIZE + 2 * IndexByteMap.ENTRY_SIZE) + 3 * 4)
        + 4 * IndexByteMap.directoryEntries(4);
    assertEquals(expected, Files.size(index));
    assertEquals(260, expected, "the size README quotes");
    LoadedIndex loaded = ReadPath.NIO.loader().load(index, true);
    assertEquals(0, loaded.index().match(Ipv4Codec.parseKey("10.0.0.1")));
    assertEquals(-1, loaded.index().match(Ipv4Codec.parseKey("10.0.0.3")));

    // 3 IPv4 and 3 IPv6 addresses: both directories the smallest.
    Path mixed = Files.writeString(dir.resolve("mixed.txt"),
        "10.0.0.1\n2001:db8::1\n10.0.0.2\n2001:db8::2\n192.168.1.1\n2a00:1450::1\n");
    Path mixedIndex = dir.resolve("mixed.ipidx");
    assertEquals(0, IndexTools.run(new Configuration(), new String[] {"build", "--input",
        mixed.toString(), "--output", mixedIndex.toString()}));
    assertEquals(exactLength(3, 3, 4, 4), Files.size(mixedIndex));
    assertEquals(516, Files.size(mixedIndex), "the size README quotes");
    // 1,000 addresses: a /9 directory.
    Path thousand = dir.resolve("thousand.txt");
    Files.writeString(thousand, String.join("\n", IntStream.range(0, 1000)
        .mapToObj(i -> "10.1." + (i / 250) + "." + (i % 250)).toList()) + "\n");
    Path thousandIndex = dir.resolve("thousand.ipidx");
    assertEquals(0, IndexTools.run(new Configuration(), new String[] {"build", "--input",
        thousand.toString(), "--output", thousandIndex.toString()}));
    assertEquals(exactLength(1000, -1, 9, 0), Files.size(thousandIndex));
    assertEquals(6212, Files.size(thousandIndex), "the size README quotes");
  }

  /**
   * An exact IPv4 list of 287,570 addresses, built through the API as {@code ipindex build} builds
   * it, costs at most 4.1 bytes per key + 4 KiB (with the 2^16 + 1 directory it was 1,412,612
   * bytes, 4.91 per key): the keys, header and a /12 directory. Read back by nio it answers every
   * listed address and its neighbours as a binary search over the addresses the test wrote.
   */
  @Test
  void a287570AddressListCostsAtMostFourPointOneBytesPerKeyPlusFourKiB() throws Exception {
    int n = 287_570;
    int[] keys = new SplittableRandom(287).ints(2 * n).distinct().limit(n).sorted().toArray();
    assertEquals(n, keys.length);
    StringBuilder text = new StringBuilder();
    for (int k : keys) {
      text.append(Ipv4Codec.format(k)).append('\n');
    }
    Path list = Files.writeString(dir.resolve("list.txt"), text, StandardCharsets.US_ASCII);
    Path index = dir.resolve("list.ipidx");
    BuiltIndex built = IpJoin.buildIndex(new Configuration()).input(list.toString())
        .output(index.toString()).run();
    assertEquals(n, built.intervals());
    long length = Files.size(index);
    assertTrue(length <= 4.1 * n + 4096, length + " bytes, " + (double) length / n + " per key");
    assertEquals(exactLength(n, -1, 12, 0), length);
    assertEquals(1_166_852, length, "the size docs/index-format.md quotes");
    Ipv4Lookup lookup = ReadPath.NIO.loader().load(index, true).index();
    for (int i = 0; i < n; i += 7) {
      for (int probe : new int[] {keys[i], keys[i] - 1, keys[i] + 1}) {
        assertEquals(Math.max(-1, Arrays.binarySearch(keys, probe)), lookup.match(probe),
            Ipv4Codec.format(probe));
      }
    }
  }

  /**
   * 0-3, 15-17, 1000, 1024 and 287,570, both sides of every step of the count itself (2^b - 1 and
   * 2^b, b = 5..9) and of count / 40 (40 x 2^b - 1 and 40 x 2^b, b = 10..13).
   */
  static IntStream sizes() {
    IntStream small = IntStream.rangeClosed(5, 9).flatMap(b -> IntStream.of((1 << b) - 1, 1 << b));
    IntStream sized = IntStream.rangeClosed(10, 13)
        .flatMap(b -> IntStream.of(40 * (1 << b) - 1, 40 * (1 << b)));
    return IntStream.concat(IntStream.concat(IntStream.of(0, 1, 2, 3, 15, 16, 17, 1000, 1024,
        287_570), small), sized);
  }

  @Test
  void theSizesCoverEveryStepOfTheRule() {
    int[] bits = sizes().map(SmallDirectoryTest::bitsFor).distinct().sorted().toArray();
    assertEquals(Arrays.toString(IntStream.rangeClosed(4, 13).toArray()), Arrays.toString(bits));
    assertEquals(9, bitsFor(40 * 1024 - 1));
    assertEquals(12, bitsFor(287_570));
  }

  /** Sorted distinct addresses of both families, half of each clustered in a small block. */
  record Lists(int[] v4, BigInteger[] v6) {

    static Lists of(int n, long seed) {
      SplittableRandom random = new SplittableRandom(seed);
      TreeSet<Integer> v4 = new TreeSet<>();
      while (v4.size() < n) {
        v4.add(v4.size() % 2 == 0 ? random.nextInt() : (0x0A0B0000 ^ Integer.MIN_VALUE)
            + random.nextInt(1 << 20));
      }
      BigInteger doc = new BigInteger("20010db8000000000000000000000000", 16);
      BigInteger google = new BigInteger("2a001450400000000000000000000000", 16);
      TreeSet<BigInteger> v6 = new TreeSet<>();
      while (v6.size() < n) {
        v6.add(v6.size() % 2 == 0 ? doc.add(new BigInteger(96, new java.util.Random(random.nextLong())))
            : google.add(BigInteger.valueOf(random.nextInt(1 << 24))));
      }
      return new Lists(v4.stream().mapToInt(Integer::intValue).toArray(),
          v6.toArray(new BigInteger[0]));
    }

    IndexContent content() {
      long[] keys6 = new long[2 * v6.length];
      for (int i = 0; i < v6.length; i++) {
        keys6[2 * i] = V6Intervals.key(V6Intervals.hi(v6[i]));
        keys6[2 * i + 1] = V6Intervals.key(V6Intervals.lo(v6[i]));
      }
      return new IndexContent(v4, null, null, v4.length, null, null, 100, 2L * v4.length,
          new IndexContent.V6(keys6, null, null, v6.length));
    }

    String text() {
      StringBuilder s = new StringBuilder();
      for (int k : v4) {
        s.append(Ipv4Codec.format(k)).append('\n');
      }
      for (BigInteger a : v6) {
        s.append(Ipv6Codec.format(V6Intervals.hi(a), V6Intervals.lo(a))).append('\n');
      }
      return s.toString();
    }
  }

  /** Probes with their expected answers, from binary searches over the sorted lists. */
  record Probes(int[] v4, int[] expected4, long[] v6, int[] expected6) {

    static Probes of(Lists l, long seed) {
      SplittableRandom random = new SplittableRandom(seed);
      // Every address of a small list; about 3,000 evenly spread ones of a larger list.
      int stride = Math.max(1, l.v4.length / 3000);
      IntStream.Builder p4 = IntStream.builder();
      for (int i = 0; i < l.v4.length; i += stride) {
        int k = l.v4[i];
        p4.add(k).add(k - 1).add(k + 1);
      }
      random.ints(2000).forEach(p4::add);
      int[] v4 = p4.build().toArray();
      int[] expected4 = Arrays.stream(v4).map(k -> Math.max(-1, Arrays.binarySearch(l.v4, k))).toArray();
      List<BigInteger> p6 = new ArrayList<>();
      for (int j = 0; j < l.v6.length; j += stride) {
        BigInteger a = l.v6[j];
        p6.add(a);
        p6.add(a.subtract(BigInteger.ONE));
        p6.add(a.add(BigInteger.ONE));
      }
      for (int i = 0; i < 1000; i++) {
        p6.add(new BigInteger(128, new java.util.Random(random.nextLong())));
        p6.add(new BigInteger("20010db8", 16).shiftLeft(96)
            .add(new BigInteger(96, new java.util.Random(random.nextLong()))));
      }
      long[] v6 = new long[2 * p6.size()];
      int[] expected6 = new int[p6.size()];
      for (int i = 0; i < p6.size(); i++) {
        v6[2 * i] = V6Intervals.hi(p6.get(i));
        v6[2 * i + 1] = V6Intervals.lo(p6.get(i));
        expected6[i] = Math.max(-1, Arrays.binarySearch(l.v6, p6.get(i)));
      }
      return new Probes(v4, expected4, v6, expected6);
    }

    void assertAnswers(LoadedIndex loaded, String what) {
      Ipv4Lookup index = loaded.index();
      for (int i = 0; i < v4.length; i++) {
        if (index.match(v4[i]) != expected4[i]) {
          assertEquals(expected4[i], index.match(v4[i]), what + ": " + Ipv4Codec.format(v4[i]));
        }
      }
      Ipv6IntervalIndex index6 = loaded.index6();
      for (int i = 0; i < expected6.length; i++) {
        int actual = index6.match(V6Intervals.key(v6[2 * i]), V6Intervals.key(v6[2 * i + 1]));
        if (actual != expected6[i]) {
          assertEquals(expected6[i], actual,
              what + ": " + Ipv6Codec.format(v6[2 * i], v6[2 * i + 1]));
        }
      }
    }
  }

  /**
   * Every binary reader with checksums on and off, fully checked and as a trusted task; the
   * unbuffered {@code stream} path (four read calls per value, the slowest by far) with checksums
   * on only (off, it runs the same decoder over the same values), and trusted only up to 8,192
   * intervals.
   */
  private static void assertEveryBinaryReadingAnswers(Path file, Probes probes, String what)
      throws IOException {
    IndexIdentity identity = ReadPath.NIO.loader().load(file, true).identity();
    for (IndexReaders.Reader reader : IndexReaders.binaryPaths().toList()) {
      for (boolean verify : reader.name().equals("stream") ? new boolean[] {true}
          : new boolean[] {true, false}) {
        String how = what + ", " + reader.name() + " verify=" + verify;
        LoadedIndex full = reader.load(file, verify);
        assertEquals(identity, full.identity(), how);
        probes.assertAnswers(full, how);
      }
    }
    for (ReadPath path : ReadPath.values()) {
      if (path.readsText()) {
        continue;
      }
      if (path == ReadPath.STREAM && identity.count() > 1 << 13) {
        continue; // read fully above, at 4 read calls per value
      }
      for (boolean verify : path == ReadPath.STREAM ? new boolean[] {true}
          : new boolean[] {true, false}) {
        String how = what + ", " + path.externalName() + " trusted verify=" + verify;
        LoadedIndex trusted = path.loader().load(file, verify, LoadTrust.pinned(identity, "test"));
        assertEquals(identity, trusted.identity(), how);
        probes.assertAnswers(trusted, how);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("sizes")
  void everyReadPathAnswersAtEverySize(int n) throws IOException {
    Lists lists = Lists.of(n, n);
    Probes probes = Probes.of(lists, n + 1);
    Path file = Files.write(dir.resolve(n + ".ipidx"), DirectorySizes.write(lists.content(),
        bitsFor(n), bitsFor(n)));
    byte[] written = IndexBytes.of(lists.content()).bytes();
    assertTrue(Arrays.equals(written, Files.readAllBytes(file)), "IndexWriter uses the rule");
    IndexBytes bytes = IndexBytes.copyOf(written);
    assertEquals(IndexByteMap.directoryEntries(bitsFor(n)), bytes.count(SectionKind.V4_DIRECTORY));
    if (n > 0) {
      assertEquals(IndexByteMap.directoryEntries(bitsFor(n)), bytes.count(SectionKind.V6_DIRECTORY));
      assertEquals(exactLength(n, n, bitsFor(n), bitsFor(n)), written.length);
    } else {
      assertEquals(exactLength(0, -1, 4, 0), written.length, "no IPv6 sections without IPv6");
    }
    assertEveryBinaryReadingAnswers(file, probes, n + " addresses");
    Path text = Files.writeString(dir.resolve(n + ".txt"), lists.text(), StandardCharsets.US_ASCII);
    for (boolean verify : new boolean[] {true, false}) {
      probes.assertAnswers(ReadPath.TEXT.loader().load(text, verify), n + " addresses, text");
    }
  }

  /**
   * Files written before small directories: 2^16 + 1 entries per family for every list below
   * 40 x 2^16 intervals (287,570 addresses: a file written before directories were sized to the
   * list, as well as before small directories). They
   * load on every path, fully checked (their directories compared with the starts at that size)
   * and trusted, and answer as the small file of the same list.
   */
  @ParameterizedTest
  @ValueSource(ints = {0, 1, 3, 1000, 287_570})
  void anIndexWithTheOld65537EntryDirectoriesStillLoads(int n) throws IOException {
    Lists lists = Lists.of(n, 7 * n + 1);
    byte[] old = DirectorySizes.write(lists.content(), 16, 16);
    IndexBytes bytes = IndexBytes.copyOf(old);
    assertEquals((1 << 16) + 1, bytes.count(SectionKind.V4_DIRECTORY));
    assertEquals(n == 0 ? exactLength(0, -1, 16, 0) : exactLength(n, n, 16, 16), old.length);
    Path file = Files.write(dir.resolve("old-" + n + ".ipidx"), old);
    assertEveryBinaryReadingAnswers(file, Probes.of(lists, n), "old file of " + n);
  }

  /**
   * Any stored size 4 .. 22 of either family loads, for a list of ranges with labels too. A 2^22
   * directory is 16 MiB, which the unbuffered {@code stream} path reads in 4 M x 4 read calls: it
   * reads the sizes up to 2^18 here.
   */
  @ParameterizedTest
  @CsvSource({"4, 18", "9, 13", "16, 6", "18, 4", "22, 22"})
  void anyStoredDirectorySizeLoads(int bits, int v6Bits) throws IOException {
    SplittableRandom random = new SplittableRandom(bits);
    IndexContent v4 = Ipv4IntervalIndexRoundTripTest.randomContent(random, 1000, true, true);
    V6Intervals v6 = V6Intervals.random(random, 700, true, true, v4.labelEnds().length - 1);
    IndexContent content = new IndexContent(v4.starts(), v4.ends(), v4.labelIds(), v4.count(),
        v4.labelEnds(), v4.labelBytes(), 10, 20, v6.content);
    Path file = Files.write(dir.resolve("bits-" + bits + ".ipidx"),
        DirectorySizes.write(content, bits, v6Bits));
    long[] probes6 = v6.probes(random, 2000);
    int[] expected6 = v6.expected(probes6);
    int[] probes4 = random.ints(5000).toArray();
    for (IndexReaders.Reader reader : IndexReaders.binaryPaths().toList()) {
      if (reader.name().equals("stream") && Math.max(bits, v6Bits) > 18) {
        continue;
      }
      LoadedIndex loaded = reader.load(file, true);
      assertEquals(null, v6.disagreement(loaded.index6(), probes6, expected6), reader.name());
      Ipv4Lookup index = loaded.index();
      for (int i = 0; i < v4.count(); i++) {
        assertEquals(i, index.match(v4.starts()[i]), reader.name());
        assertEquals(i, index.match(v4.ends()[i]), reader.name());
        assertEquals(v4.labelIds()[i], index.labelId(i), reader.name());
      }
      for (int probe : probes4) {
        int at = Arrays.binarySearch(v4.starts(), probe);
        int before = at >= 0 ? at : -at - 2;
        int expected = before >= 0 && probe <= v4.ends()[before] ? before : -1;
        assertEquals(expected, index.match(probe), reader.name() + ": " + probe);
      }
    }
  }

  /** The stored old-size directory is still compared with the starts, entry by entry. */
  @Test
  void aDamagedEntryOfAnOldSizeDirectoryIsStillFound() throws IOException {
    Lists lists = Lists.of(3, 5);
    IndexBytes old = IndexBytes.copyOf(DirectorySizes.write(lists.content(), 16, 16));
    for (SectionKind kind : new SectionKind[] {SectionKind.V4_DIRECTORY, SectionKind.V6_DIRECTORY}) {
      int real = old.value(kind, 1 << 15);
      IndexBytes bad = old.copy().putValue(kind, 1 << 15, real ^ 1).fixAll(kind);
      Path file = bad.writeTo(dir.resolve("bad-" + kind + ".ipidx"));
      String family = kind == SectionKind.V6_DIRECTORY ? "IPv6 " : "";
      for (IndexReaders.Reader reader : IndexReaders.binaryPaths().toList()) {
        CorruptIndexException e = assertThrows(CorruptIndexException.class,
            () -> reader.load(file, true), reader.name());
        assertEquals(Check.LOOKUP_DIRECTORY, e.check(), e.getMessage());
        assertEquals(file + ": lookup directory check failed: " + family + "entry 32768 is " + (real ^ 1) + "; the "
            + family + "interval starts give " + real, e.getMessage());
      }
    }
  }

  /**
   * A directory size no rule gives is refused before any section is read, also by a trusted task
   * (the size is a header check, made before the identity is compared).
   */
  @Test
  void aTrustedTaskRefusesAnOddDirectorySizeToo() throws IOException {
    IndexBytes valid = IndexBytes.of(Lists.of(3, 9).content());
    int entry = IndexBytes.entry(valid.entryOf(SectionKind.V4_DIRECTORY));
    IndexBytes odd = valid.copy().putLong(entry + IndexBytes.ENTRY_COUNT, 18)
        .putLong(entry + IndexBytes.ENTRY_LENGTH, 72).fixHead();
    Path file = odd.writeTo(dir.resolve("odd.ipidx"));
    IndexIdentity anything = new IndexIdentity(odd.length(), 6, 0);
    for (ReadPath path : ReadPath.values()) {
      if (path.readsText()) {
        continue;
      }
      CorruptIndexException e = assertThrows(CorruptIndexException.class,
          () -> path.loader().load(file, false, LoadTrust.pinned(anything, "test")));
      assertEquals(Check.DIRECTORY_SIZE, e.check(), e.getMessage());
      assertEquals(file + ": lookup directory size check failed: the lookup directory has 18"
          + " entries, not 2^bits + 1 (bits 4 .. 22, 17 .. 4194305 entries)", e.getMessage());
    }
  }
}
