package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.testing.IndexCorruption;
import org.ipjoin.testing.IndexReaders.Reader;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corruption corpus of {@link CorruptIndexTest}, for the IPv6 sections: each damaged file,
 * damaged in exactly one way, on every binary read path and on {@link VerifyReader}
 * ({@code ipindex verify}), with the exact check and message. Addresses in the fixtures and in the
 * expected messages are RFC 5952 text; their key halves come from the JDK's
 * {@link InetAddress} (no ipjoin code), with the top bit of each half flipped as the byte map says.
 */
class CorruptIpv6IndexTest {

  @TempDir Path dir;
  private IndexCorruption corruption;

  @BeforeEach
  void corruption() {
    corruption = new IndexCorruption(dir);
  }

  /** IPv6 ranges with labels: (first, last, label id). Interval 1 is one address. */
  private static final String[][] V6 = {
      {"2001:db8::", "2001:db8::ff", "1"},
      {"2001:db8::1:0", "2001:db8::1:0", "0"},
      {"2001:db8:0:1::", "2001:db8:0:1:ffff:ffff:ffff:ffff", "2"},
      {"2001:db8:1::", "2001:db8:1::ffff", "3"},
      {"2a00:1450::", "2a00:1450:ffff:ffff:ffff:ffff:ffff:ffff", "1"}};
  private static final int[] V4_STARTS = {-1000, -10, 0};
  private static final int[] V4_ENDS = {-900, -10, 99};
  private static final int[] V4_IDS = {1, 0, 2};
  private static final String LABELS = "tornäx-exit"; // "tor", "näx", "-exit"
  private static final int[] LABEL_ENDS = {0, 3, 7, 12};

  /** Every section kind of both families. */
  private static final IndexBytes MIXED = IndexBytes.of(mixed());
  /** IPv6 only, exact addresses, no labels: V4 starts (0) and directory, V6 starts and directory. */
  private static final String[] EXACT = {"::", "::1", "2001:db8::1", "2001:db8::2", "fe80::1"};
  private static final IndexBytes V6_ONLY = IndexBytes.of(new IndexContent(new int[0], null, null,
      0, null, null, 5, 5, new IndexContent.V6(keys(EXACT), null, null, EXACT.length)));

  /** The 16 bytes of an IPv6 literal, by the JDK. */
  static byte[] bytes(String address) {
    try {
      byte[] b = InetAddress.getByName(address).getAddress();
      if (b.length != 16) {
        throw new IllegalArgumentException(address);
      }
      return b;
    } catch (UnknownHostException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Key half {@code h} (0 hi, 1 lo) of an address: its 8 bytes big-endian, top bit flipped. */
  static long keyHalf(String address, int h) {
    return ByteBuffer.wrap(bytes(address), 8 * h, 8).getLong() ^ Long.MIN_VALUE;
  }

  static long[] keys(String... addresses) {
    long[] k = new long[2 * addresses.length];
    for (int i = 0; i < addresses.length; i++) {
      k[2 * i] = keyHalf(addresses[i], 0);
      k[2 * i + 1] = keyHalf(addresses[i], 1);
    }
    return k;
  }

  private static IndexContent mixed() {
    String[] firsts = new String[V6.length];
    String[] lasts = new String[V6.length];
    int[] ids = new int[V6.length];
    for (int i = 0; i < V6.length; i++) {
      firsts[i] = V6[i][0];
      lasts[i] = V6[i][1];
      ids[i] = Integer.parseInt(V6[i][2]);
    }
    return new IndexContent(V4_STARTS, V4_ENDS, V4_IDS, 3, LABEL_ENDS,
        LABELS.getBytes(StandardCharsets.UTF_8), 99, 8,
        new IndexContent.V6(keys(firsts), keys(lasts), ids, V6.length));
  }

  static java.util.stream.Stream<Reader> binaryPaths() {
    return IndexReaders.binaryPaths();
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void theValidBaseFilesLoad(Reader path) throws IOException {
    Ipv6IntervalIndex v6 = corruption.loads(path, MIXED, "mixed", true).index6();
    assertEquals(V6.length, v6.size());
    for (int i = 0; i < V6.length; i++) {
      assertEquals(keyHalf(V6[i][0], 0), v6.startHi(i));
      assertEquals(keyHalf(V6[i][0], 1), v6.startLo(i));
      assertEquals(keyHalf(V6[i][1], 0), v6.endHi(i));
      assertEquals(keyHalf(V6[i][1], 1), v6.endLo(i));
      assertEquals(Integer.parseInt(V6[i][2]), v6.labelId(i));
      assertEquals(i, v6.match(keyHalf(V6[i][1], 0), keyHalf(V6[i][1], 1)));
    }
    LoadedIndex only = corruption.loads(path, V6_ONLY, "v6-only", true);
    assertEquals(0, only.index().size());
    assertEquals(EXACT.length, only.index6().size());
    assertTrue(only.index6().exact());
    assertEquals(EXACT.length, only.identity().count());
    for (int i = 0; i < EXACT.length; i++) {
      assertEquals(i, only.index6().match(keyHalf(EXACT[i], 0), keyHalf(EXACT[i], 1)));
    }
    assertEquals(-1, only.index6().match(keyHalf("::2", 0), keyHalf("::2", 1)));
  }

  // ---- header and directory

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void flagsAndSectionsMustAgree(Reader path) {
    int both = IndexByteMap.FLAG_RANGES | IndexByteMap.FLAG_LABELS;
    corruption.rejectsExactly(path, MIXED.copy().putInt(IndexBytes.FLAGS_OFFSET, both | IndexByteMap.FLAG_V6)
            .fixHeaderCrc(), "no-v6-ranges-flag", Check.SECTION_DIRECTORY,
        "a IPv6 interval ends section, which the header's flags exclude");
    corruption.rejectsExactly(path, MIXED.copy().putInt(IndexBytes.FLAGS_OFFSET, both | IndexByteMap.FLAG_V6_RANGES)
            .fixHeaderCrc(), "no-v6-flag", Check.FLAGS,
        "flag 0x8 (IPv6 ranges) is set without flag 0x4 (IPv6)");
    corruption.rejectsExactly(path, MIXED.copy().putInt(IndexBytes.FLAGS_OFFSET, both).fixHeaderCrc(),
        "no-v6-flags", Check.SECTION_DIRECTORY,
        "a IPv6 interval starts section, which the header's flags exclude");
    corruption.rejectsExactly(path, V6_ONLY.copy().putInt(IndexBytes.FLAGS_OFFSET, IndexByteMap.FLAG_V6
            | IndexByteMap.FLAG_V6_RANGES).fixHeaderCrc(), "v6-ranges-without-ends",
        Check.SECTION_DIRECTORY, "no IPv6 interval ends section, which the header's flags require");
    corruption.rejectsExactly(path, V6_ONLY.copy().putInt(IndexBytes.FLAGS_OFFSET, IndexByteMap.FLAG_V6
            | IndexByteMap.FLAG_LABELS).fixHeaderCrc(), "labels-without-sections",
        Check.SECTION_DIRECTORY, "no IPv4 label ids section, which the header's flags require");
    corruption.rejectsExactly(path, MIXED.copy().putShort(IndexBytes.entry(9) + IndexBytes.ENTRY_KIND, 17)
            .fixHead(), "unknown-kind-after-v6", Check.SECTION_DIRECTORY,
        "section 9 has kind 17, which this reader does not know (written by a newer ipjoin: upgrade ipjoin)");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void everyV6DirectoryEntryByteFlippedFailsTheDirectoryChecksum(Reader path) {
    for (int offset = IndexBytes.entry(6); offset < MIXED.directoryEnd(); offset += 3) {
      corruption.rejects(path, MIXED.copy().xorByte(offset, 0x10).fixHeaderCrc(), "dir-flip-" + offset,
          Check.SECTION_DIRECTORY, "of directory bytes 64-383, computed");
    }
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void countsAndLengthsThatDisagree(Reader path) {
    int starts = MIXED.entryOf(SectionKind.V6_STARTS);
    int ends = MIXED.entryOf(SectionKind.V6_ENDS);
    int ids = MIXED.entryOf(SectionKind.V6_LABEL_IDS);
    int directory = MIXED.entryOf(SectionKind.V6_DIRECTORY);
    corruption.rejectsExactly(path, MIXED.copy().putShort(IndexBytes.entry(starts) + IndexBytes.ENTRY_ITEM_BYTES, 8)
            .fixHead(), "item-bytes", Check.SECTION_DIRECTORY,
        "section 6 (IPv6 interval starts): 5 items of 8 bytes cannot be 80 bytes");
    corruption.rejectsExactly(path, MIXED.copy().putLong(IndexBytes.entry(starts) + IndexBytes.ENTRY_COUNT, 10)
            .fixHead(), "count-vs-length", Check.SECTION_DIRECTORY,
        "section 6 (IPv6 interval starts): 10 items of 16 bytes cannot be 80 bytes");
    // 6 ends (96 bytes) end in the same 64-byte block as 5 (80): the offsets after them still hold.
    corruption.rejectsExactly(path, MIXED.copy().putLong(IndexBytes.entry(ends) + IndexBytes.ENTRY_COUNT, 6)
            .putLong(IndexBytes.entry(ends) + IndexBytes.ENTRY_LENGTH, 96).fixHead(), "ends-count",
        Check.SECTION_DIRECTORY, "the IPv6 interval sections disagree on the interval count (5)");
    corruption.rejectsExactly(path, MIXED.copy().putLong(IndexBytes.entry(ids) + IndexBytes.ENTRY_COUNT, 4)
            .putLong(IndexBytes.entry(ids) + IndexBytes.ENTRY_LENGTH, 16).fixHead(), "ids-count",
        Check.SECTION_DIRECTORY, "the IPv6 interval sections disagree on the interval count (5)");
    corruption.rejectsExactly(path, MIXED.copy().putLong(IndexBytes.entry(directory) + IndexBytes.ENTRY_COUNT, 1 << 16)
            .putLong(IndexBytes.entry(directory) + IndexBytes.ENTRY_LENGTH, 4 << 16).fixHead(),
        "directory-size", Check.DIRECTORY_SIZE, "the IPv6 lookup directory has 65536 entries, not"
            + " 2^bits + 1 (bits 4 .. 22, 17 .. 4194305 entries)");
    corruption.rejectsExactly(path, MIXED.copy().putLong(IndexBytes.entry(directory) + IndexBytes.ENTRY_COUNT, 9)
            .putLong(IndexBytes.entry(directory) + IndexBytes.ENTRY_LENGTH, 36).fixHead(),
        "directory-bits-3", Check.DIRECTORY_SIZE, "the IPv6 lookup directory has 9 entries, 2^3 + 1;"
            + " a reader takes bits 4 .. 22, 17 .. 4194305 entries");
    long slash23 = (1L << 23) + 1;
    corruption.rejectsExactly(path, MIXED.copy().putLong(IndexBytes.entry(directory) + IndexBytes.ENTRY_COUNT, slash23)
            .putLong(IndexBytes.entry(directory) + IndexBytes.ENTRY_LENGTH, 4 * slash23).fixHead(),
        "directory-bits-23", Check.DIRECTORY_SIZE, "the IPv6 lookup directory has 8388609 entries,"
            + " 2^23 + 1; a reader takes bits 4 .. 22, 17 .. 4194305 entries");
    long offset = MIXED.offset(SectionKind.V6_ENDS);
    corruption.rejectsExactly(path, MIXED.copy().putLong(IndexBytes.entry(ends) + IndexBytes.ENTRY_OFFSET, offset + 16)
            .fixHead(), "misplaced", Check.SECTION_DIRECTORY,
        "section 7 (IPv6 interval ends) starts at " + (offset + 16) + ", expected " + offset);
  }

  /** Cut in the padding before, at the start of, inside and one byte short of each IPv6 section. */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void eachV6SectionTruncated(Reader path) {
    int full = MIXED.length();
    for (SectionKind kind : new SectionKind[] {SectionKind.V6_STARTS, SectionKind.V6_ENDS,
        SectionKind.V6_LABEL_IDS, SectionKind.V6_DIRECTORY}) {
      int offset = MIXED.offset(kind);
      int end = offset + MIXED.sectionLength(kind);
      for (int length : new int[] {offset - 1, offset, offset + 8, (offset + end) / 2, end - 1}) {
        corruption.rejectsExactly(path, MIXED.truncate(length), kind + "-cut-at-" + length, Check.FILE_LENGTH,
            "the section directory ends the file at byte " + full + "; the file is " + length
                + " bytes (truncated?)");
      }
    }
  }

  // ---- sections

  /**
   * A flipped byte in each IPv6 section: the section checksum fails; with checksums off, a
   * plausible one loads as damaged (the switch's price) and a breaking one fails its content check.
   */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void flippedBytes(Reader path) throws IOException {
    Object[][] cases = {
        // kind, byte in the section, mask, check with checksums off (null: loads)
        {SectionKind.V6_STARTS, 16 * 3 + 8, 0x01, null},                // lo of start 3 + 1
        {SectionKind.V6_STARTS, 16 * 1 + 10, 0x01, Check.SORTED},      // start 1 = start 0
        {SectionKind.V6_ENDS, 16 * 0 + 8, 0x01, null},                  // ::ff -> ::fe
        {SectionKind.V6_ENDS, 16 * 0 + 15, 0x80, Check.INTERVALS},     // end 0 before its start
        {SectionKind.V6_LABEL_IDS, 4 * 2, 0x01, null},                  // 2 -> 3
        {SectionKind.V6_LABEL_IDS, 4 * 2, 0x10, Check.LABEL_IDS},      // 18
        {SectionKind.V6_DIRECTORY, 4 * 10, 0x01, Check.LOOKUP_DIRECTORY},
    };
    for (Object[] c : cases) {
      SectionKind kind = (SectionKind) c[0];
      IndexBytes bytes = MIXED.copy().xorByte(MIXED.offset(kind) + (int) c[1], (int) c[2]);
      String name = "flip-" + kind + "-" + c[1] + "-" + c[2];
      corruption.rejects(path, bytes, name, Check.SECTION_CHECKSUM,
          kind.description + ": the directory says CRC32C 0x");
      if (c[3] != null) {
        corruption.rejects(path, bytes, name + "-off", (Check) c[3], "", false);
      } else {
        corruption.loads(path, bytes, name + "-off", false);
      }
    }
    Ipv6IntervalIndex damaged = corruption.loads(path, MIXED.copy().xorByte(MIXED.offset(SectionKind.V6_ENDS) + 8, 1),
        "ends-off", false).index6();
    assertEquals(keyHalf("2001:db8::fe", 1), damaged.endLo(0));
    assertEquals(-1, damaged.match(keyHalf("2001:db8::ff", 0), keyHalf("2001:db8::ff", 1)));
    assertEquals(3, corruption.loads(path, MIXED.copy().xorByte(MIXED.offset(SectionKind.V6_LABEL_IDS) + 8, 1),
        "ids-off", false).index6().labelId(2));
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void unsortedStartsWithConsistentChecksums(Reader path) throws IOException {
    SectionKind s = SectionKind.V6_STARTS;
    corruption.rejectsExactly(path, MIXED.copy().putKey(s, 1, keyHalf(V6[2][0], 0), keyHalf(V6[2][0], 1))
            .putKey(s, 2, keyHalf(V6[1][0], 0), keyHalf(V6[1][0], 1)).fixAll(s), "swapped",
        Check.SORTED, "IPv6 start 2 (2001:db8::1:0) is not greater than IPv6 start 1 (2001:db8:0:1::)");
    // Same hi half, lower lo half: the lo halves are compared.
    corruption.rejectsExactly(path, MIXED.copy().putKey(s, 1, keyHalf("2001:db8::", 0), keyHalf("2001:db8::", 1))
            .fixAll(s), "duplicate", Check.SORTED,
        "IPv6 start 1 (2001:db8::) is not greater than IPv6 start 0 (2001:db8::)");
    corruption.rejectsExactly(path, V6_ONLY.copy().putKey(s, 4, keyHalf("2001:db8::1", 0), keyHalf("2001:db8::1", 1))
            .fixAll(s), "last-lower", Check.SORTED,
        "IPv6 start 4 (2001:db8::1) is not greater than IPv6 start 3 (2001:db8::2)");
    // Lo halves compare as unsigned addresses: ::8000:0:0:0 is after ::7fff:ffff:ffff:ffff.
    IndexBytes signs = IndexBytes.of(new IndexContent(new int[0], null, null, 0, null, null, 1, 1,
        new IndexContent.V6(keys("::7fff:ffff:ffff:ffff", "::8000:0:0:0"), null, null, 2)));
    corruption.loads(path, signs, "lo-sign", true);
    corruption.rejectsExactly(path, signs.copy().putKey(s, 0, keyHalf("::8000:0:0:1", 0), keyHalf("::8000:0:0:1", 1))
            .fixAll(s), "lo-sign-swapped", Check.SORTED,
        "IPv6 start 1 (::8000:0:0:0) is not greater than IPv6 start 0 (::8000:0:0:1)");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void endsOutsideTheirIntervalWithConsistentChecksums(Reader path) throws IOException {
    SectionKind e = SectionKind.V6_ENDS;
    corruption.rejectsExactly(path, MIXED.copy().putKey(e, 0, keyHalf(V6[1][0], 0), keyHalf(V6[1][0], 1)).fixAll(e),
        "overlaps-next", Check.INTERVALS,
        "IPv6 interval 0 ends at 2001:db8::1:0, outside 2001:db8:: .. before 2001:db8::1:0");
    corruption.rejectsExactly(path, MIXED.copy().putKey(e, 3, keyHalf("2001:db8:0:1:ffff:ffff:ffff:ffff", 0),
            keyHalf("2001:db8:0:1:ffff:ffff:ffff:ffff", 1)).fixAll(e), "end-before-start",
        Check.INTERVALS, "IPv6 interval 3 ends at 2001:db8:0:1:ffff:ffff:ffff:ffff, outside"
            + " 2001:db8:1:: .. before 2a00:1450::");
    corruption.rejectsExactly(path, MIXED.copy().putKey(e, 4, keyHalf("2a00:144f:ffff:ffff:ffff:ffff:ffff:ffff", 0),
            keyHalf("2a00:144f:ffff:ffff:ffff:ffff:ffff:ffff", 1)).fixAll(e), "last-before-start",
        Check.INTERVALS, "IPv6 interval 4 ends at 2a00:144f:ffff:ffff:ffff:ffff:ffff:ffff, outside"
            + " 2a00:1450:: .. ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff");
    // One below the next start is fine; the last interval may end at the last address.
    IndexBytes touching = MIXED.copy().putKey(e, 1, keyHalf("2001:db8:0:0:ffff:ffff:ffff:ffff", 0),
        keyHalf("2001:db8:0:0:ffff:ffff:ffff:ffff", 1)).putKey(e, 4, Long.MAX_VALUE, Long.MAX_VALUE)
        .fixAll(e);
    Ipv6IntervalIndex v6 = corruption.loads(path, touching, "touching", true).index6();
    assertEquals(1, v6.match(keyHalf("2001:db8::ffff:ffff:ffff:ffff", 0),
        keyHalf("2001:db8::ffff:ffff:ffff:ffff", 1)));
    assertEquals(4, v6.match(Long.MAX_VALUE, Long.MAX_VALUE));
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void labelIdsPastTheDictionary(Reader path) {
    SectionKind ids = SectionKind.V6_LABEL_IDS;
    corruption.rejectsExactly(path, MIXED.copy().putValue(ids, 2, 4).fixAll(ids), "id-4", Check.LABEL_IDS,
        "IPv6 interval 2 has label id 4; the dictionary holds ids 1 .. 3");
    corruption.rejectsExactly(path, MIXED.copy().putValue(ids, 0, -1).fixAll(ids), "id-minus-1", Check.LABEL_IDS,
        "IPv6 interval 0 has label id -1; the dictionary holds ids 1 .. 3");
  }

  /**
   * The IPv6 directory by its definition: bucket p holds the starts whose hi-address bits after
   * the prefix all starts share are p. Here the hi halves 2001:0db8:.. and 2a00:1450:.. share 4
   * bits, and 5 intervals get a /4 directory, so start 0 to 3 (2001:0db8:...) are in bucket 0x0,
   * start 4 in 0xa.
   */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void wrongStoredLookupDirectory(Reader path) {
    SectionKind d = SectionKind.V6_DIRECTORY;
    assertEquals((1 << 4) + 1, MIXED.count(d));
    long firstHi = keyHalf(V6[0][0], 0) ^ Long.MIN_VALUE;
    long lastHi = keyHalf(V6[4][0], 0) ^ Long.MIN_VALUE;
    int shared = Long.numberOfLeadingZeros(firstHi ^ lastHi);
    assertEquals(4, shared);
    int bucket4 = (int) ((lastHi << shared) >>> (64 - 4));
    assertEquals(0xa, bucket4);
    assertEquals(4, MIXED.value(d, bucket4), "start 4 is the first of its bucket");
    assertEquals(5, MIXED.value(d, bucket4 + 1));
    corruption.rejectsExactly(path, MIXED.copy().putValue(d, bucket4, 3).fixAll(d), "one-entry",
        Check.LOOKUP_DIRECTORY, "IPv6 entry " + bucket4 + " is 3; the IPv6 interval starts give 4");
    corruption.rejectsExactly(path, MIXED.copy().putValue(d, 1 << 4, 4).fixAll(d), "count-entry",
        Check.LOOKUP_DIRECTORY, "IPv6 entry 16 is 4; the IPv6 interval starts give 5");
    corruption.rejectsExactly(path, MIXED.copy().putValue(d, 0, 1).fixAll(d), "first-entry",
        Check.LOOKUP_DIRECTORY, "IPv6 entry 0 is 1; the IPv6 interval starts give 0");
  }

  /**
   * Disorder exactly where a loader hands over to its next piece of work (the decoder's 16 Ki-key
   * pieces, the nio 1 MiB chunks, a key split between two chunks): the comparison across the
   * seam must not be skipped.
   */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void disorderAcrossChunkSeams(Reader path) {
    int n = (1 << 16) + 16;
    long[] keys = new long[2 * n];
    for (int i = 0; i < n; i++) {
      keys[2 * i] = keyHalf("2001:db8::", 0) + i / 7;
      keys[2 * i + 1] = Long.MIN_VALUE + (i % 7) * 1000L;
    }
    IndexBytes big = IndexBytes.of(new IndexContent(new int[0], null, null, 0, null, null, 1, 1,
        new IndexContent.V6(keys, null, null, n)));
    SectionKind s = SectionKind.V6_STARTS;
    int offset = big.offset(s);
    int chunkSeam = (ChannelLoader.CHUNK_BYTES - offset) / 16; // the first key after 1 MiB
    assertTrue(chunkSeam > 1 << 14 && chunkSeam < n, "the fixture spans a chunk seam");
    for (int seam : new int[] {1 << 14, chunkSeam - 1, chunkSeam, chunkSeam + 1}) {
      long hi = big.half(s, seam - 1, 0);
      long lo = big.half(s, seam - 1, 1) - 1;
      corruption.rejects(path, big.copy().putKey(s, seam, hi, lo).fixAll(s), "seam-" + seam, Check.SORTED,
          "IPv6 start " + seam + " (");
    }
  }

  /** {@code ipindex verify}: exit 1 and one line naming the file and the check. */
  @Test
  void ipindexVerifyExitsOneNamingTheCheck() throws Exception {
    corruption.ipindexVerifyFails(MIXED.copy().xorByte(MIXED.offset(SectionKind.V6_STARTS) + 3, 1),
        "v6-bit-rot", Check.SECTION_CHECKSUM);
    corruption.ipindexVerifyFails(MIXED.copy().putKey(SectionKind.V6_ENDS, 0, keyHalf(V6[1][0], 0),
        keyHalf(V6[1][0], 1)).fixAll(SectionKind.V6_ENDS), "v6-end-overlaps", Check.INTERVALS);
    corruption.ipindexVerifyFails(MIXED.truncate(MIXED.length() - 4), "v6-cut", Check.FILE_LENGTH);
  }

  /** The fixtures hold the sections the cases above edit, at the directory entries they name. */
  @Test
  void fixturesAreWhatTheTestsSay() {
    assertEquals(10, MIXED.sectionCount());
    assertEquals(6, MIXED.entryOf(SectionKind.V6_STARTS));
    assertEquals(9, MIXED.entryOf(SectionKind.V6_DIRECTORY));
    assertEquals(4, V6_ONLY.sectionCount());
    assertEquals(0, V6_ONLY.count(SectionKind.V4_STARTS));
    assertEquals(2, V6_ONLY.entryOf(SectionKind.V6_STARTS));
    assertEquals(5, V6_ONLY.count(SectionKind.V6_STARTS));
  }
}
