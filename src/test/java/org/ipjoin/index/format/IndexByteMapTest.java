package org.ipjoin.index.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.load.IndexBytes;
import org.junit.jupiter.api.Test;

/**
 * What IndexWriter puts on disk, read back at the offsets of the byte map of {@link IndexByteMap}
 * (docs/index-format.md) with plain ByteBuffer and CRC32C code: the documented layout, not just
 * "whatever the reader accepts"; and every header and directory check of
 * {@link HeaderCodec#decode}, each with its {@link Check} and the words of its message.
 */
class IndexByteMapTest {

  private static final String FILE = "ips.ipidx";
  private static final int[] KEYS = {Integer.MIN_VALUE, -1, 0, 7, Integer.MAX_VALUE};
  /** 5 keys: an exact list (2 sections). */
  private static final IndexBytes EXACT = IndexBytes.of(KEYS);
  /** 5 ranges with labels: all 6 sections. */
  private static final IndexBytes FULL = IndexBytes.of(rangesWithLabels());

  private static IndexContent rangesWithLabels() {
    int[] starts = {-1000, -10, 0, 500, 70_000};
    int[] ends = {-900, -10, 99, 600, 80_000};
    int[] ids = {1, 0, 2, 1, 3};
    byte[] labels = "tornäx-exit".getBytes(StandardCharsets.UTF_8); // "tor", "näx", "-exit"
    int[] labelEnds = {0, 3, 7, 12};
    return new IndexContent(starts, ends, ids, 5, labelEnds, labels, 77, 6);
  }

  private static int crc32c(byte[] bytes, int from, int length) {
    CRC32C crc = new CRC32C();
    crc.update(bytes, from, length);
    return (int) crc.getValue();
  }

  private static long align64(long offset) {
    return (offset + 63) / 64 * 64;
  }

  /** The lookup directory by its definition: per /bits prefix, the first start in it, then n. */
  private static int[] directoryByDefinition(int[] starts, int bits) {
    int[] d = new int[(1 << bits) + 1];
    for (int p = 0; p < 1 << bits; p++) {
      long firstAddress = (long) p << (32 - bits);
      int first = (int) (firstAddress + Integer.MIN_VALUE);
      int i = 0;
      while (i < starts.length && starts[i] < first) {
        i++;
      }
      d[p] = i;
    }
    d[1 << bits] = starts.length;
    return d;
  }

  @Test
  void writerLaysOutTheDocumentedBytes() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexHeader written = IndexWriter.write(IndexContent.exact(KEYS, KEYS.length, 123_456_789_012L,
        987_654L), out);
    byte[] file = out.toByteArray();
    ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);

    assertArrayEquals(new byte[] {(byte) 0x89, 0x49, 0x50, 0x49, 0x44, 0x58, 0x0D, 0x0A},
        Arrays.copyOf(file, 8));
    assertEquals(2, b.getShort(8));
    assertEquals(1, b.get(10));
    assertEquals(0, b.get(11));
    assertEquals(0, b.getInt(12), "no flags: exact addresses, no labels");
    assertEquals(2, b.getInt(16), "section count");
    assertEquals(crc32c(file, 64, 2 * 32), b.getInt(20), "directory CRC");
    assertEquals(123_456_789_012L, b.getLong(24));
    assertEquals(987_654L, b.getLong(32));
    for (int i = 40; i < 60; i++) {
      assertEquals(0, file[i], "reserved byte " + i);
    }
    assertEquals(crc32c(file, 0, 60), b.getInt(60), "header CRC");

    // Entry 0: the starts, at the first multiple of 64 after the directory.
    assertEquals(1, b.getShort(64));
    assertEquals(4, b.getShort(66));
    assertEquals(5, b.getLong(72));
    assertEquals(128, b.getLong(80));
    assertEquals(20, b.getLong(88));
    assertEquals(crc32c(file, 128, 20), b.getInt(68));
    for (int i = 0; i < KEYS.length; i++) {
      assertEquals(KEYS[i], b.getInt(128 + 4 * i), "start " + i);
    }
    // Entry 1: the lookup directory, /4 (the smallest) for 5 keys.
    int dirEntries = (1 << 4) + 1;
    assertEquals(4, b.getShort(96));
    assertEquals(4, b.getShort(98));
    assertEquals(dirEntries, b.getLong(104));
    assertEquals(align64(148), b.getLong(112));
    assertEquals(4L * dirEntries, b.getLong(120));
    assertEquals(crc32c(file, 192, 4 * dirEntries), b.getInt(100));
    for (int i = 148; i < 192; i++) {
      assertEquals(0, file[i], "padding byte " + i);
    }
    int[] expected = directoryByDefinition(KEYS, 4);
    for (int p = 0; p < dirEntries; p++) {
      if (expected[p] != b.getInt(192 + 4 * p)) {
        assertEquals(expected[p], b.getInt(192 + 4 * p), "directory entry " + p);
      }
    }
    assertEquals(192 + 4L * dirEntries, file.length);
    assertEquals(written, HeaderCodec.decode(ByteBuffer.wrap(file), file.length, FILE));
  }

  @Test
  void everySectionOfARangeListWithLabelsInKindOrderAligned() throws IOException {
    IndexContent c = rangesWithLabels();
    byte[] file = FULL.bytes();
    ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(3, b.getInt(12), "flags: ranges | labels");
    assertEquals(6, b.getInt(16));
    long[][] expected = { // kind, item bytes, count
        {1, 4, 5}, {2, 4, 5}, {3, 4, 5}, {4, 4, (1 << 4) + 1}, {5, 4, 4}, {6, 1, 12}};
    long end = 64 + 6 * 32;
    for (int i = 0; i < 6; i++) {
      int e = 64 + 32 * i;
      assertEquals(expected[i][0], b.getShort(e), "kind of entry " + i);
      assertEquals(expected[i][1], b.getShort(e + 2), "item bytes of entry " + i);
      assertEquals(expected[i][2], b.getLong(e + 8), "count of entry " + i);
      long offset = b.getLong(e + 16);
      long length = b.getLong(e + 24);
      assertEquals(align64(end), offset, "offset of entry " + i);
      assertEquals(expected[i][1] * expected[i][2], length);
      assertEquals(crc32c(file, (int) offset, (int) length), b.getInt(e + 4), "CRC of entry " + i);
      end = offset + length;
    }
    assertEquals(end, file.length);
    int[][] columns = {c.starts(), c.ends(), c.labelIds()};
    for (int s = 0; s < 3; s++) {
      int offset = (int) b.getLong(64 + 32 * s + 16);
      for (int i = 0; i < 5; i++) {
        assertEquals(columns[s][i], b.getInt(offset + 4 * i), "section " + s + " value " + i);
      }
    }
    int labelEnds = (int) b.getLong(64 + 32 * 4 + 16);
    assertEquals(List.of(0, 3, 7, 12), List.of(b.getInt(labelEnds), b.getInt(labelEnds + 4),
        b.getInt(labelEnds + 8), b.getInt(labelEnds + 12)));
    int labelBytes = (int) b.getLong(64 + 32 * 5 + 16);
    assertEquals("tornäx-exit", new String(file, labelBytes, 12, StandardCharsets.UTF_8));
    IndexHeader h = HeaderCodec.decode(ByteBuffer.wrap(file), file.length, FILE);
    assertTrue(h.ranges() && h.labels());
    assertEquals(5, h.intervalCount());
    assertEquals(3, h.labelCount());
    assertEquals(4, h.directoryBits());
    assertEquals(77, h.sourceBytes());
    assertEquals(6, h.sourceLines());
  }

  /** Key halves of an address given as its two unsigned halves: top bit flipped. */
  private static long[] keyHalves(long... addressHalves) {
    long[] k = new long[addressHalves.length];
    for (int i = 0; i < k.length; i++) {
      k[i] = addressHalves[i] ^ Long.MIN_VALUE;
    }
    return k;
  }

  /**
   * The IPv6 lookup directory by its definition: the hi address halves of the first and last start
   * share some leading bits (at most 64 - bits); bucket p holds the starts whose next {@code bits}
   * bits are p; entry p is the first start of a bucket at or after p, then the count.
   */
  private static int[] v6DirectoryByDefinition(long[] startAddresses, int n, int bits) {
    int shared = n == 0 ? 0 : Math.min(64 - bits,
        Long.numberOfLeadingZeros(startAddresses[0] ^ startAddresses[2 * n - 2]));
    int[] d = new int[(1 << bits) + 1];
    for (int p = 0; p < 1 << bits; p++) {
      int i = 0;
      while (i < n && (startAddresses[2 * i] << shared) >>> (64 - bits) < p) {
        i++;
      }
      d[p] = i;
    }
    d[1 << bits] = n;
    return d;
  }

  /**
   * IPv4 exact keys and IPv6 ranges: flags V6 | V6_RANGES, the IPv4 sections as before, then the
   * IPv6 sections in code order, 64-byte aligned, keys as two little-endian i64 halves, hi first.
   */
  @Test
  void writerLaysOutTheDocumentedIpv6Sections() throws IOException {
    long[] startAddresses = {0x2001_0db8_0000_0000L, 0, 0x2001_0db8_0000_0000L, 0x1_0000L,
        0x2a00_1450_0000_0000L, 0xFFFF_FFFF_FFFF_FFFFL};
    long[] endAddresses = {0x2001_0db8_0000_0000L, 0xFFL, 0x2001_0db8_0000_0000L, 0x1_0000L,
        0x2a00_1450_0000_0001L, 0};
    IndexContent.V6 v6 = new IndexContent.V6(keyHalves(startAddresses), keyHalves(endAddresses),
        null, 3);
    byte[] file = IndexBytes.of(new IndexContent(KEYS, null, null, KEYS.length, null, null, 7, 8, v6))
        .bytes();
    ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(4 | 8, b.getInt(12), "flags: IPv6 | IPv6 ranges");
    assertEquals(5, b.getInt(16));
    int dir = (1 << 4) + 1;
    long[][] expected = { // kind, item bytes, count
        {1, 4, 5}, {4, 4, dir}, {7, 16, 3}, {8, 16, 3}, {10, 4, dir}};
    long end = 64 + 5 * 32;
    long[] offsets = new long[5];
    for (int i = 0; i < 5; i++) {
      int e = 64 + 32 * i;
      assertEquals(expected[i][0], b.getShort(e), "kind of entry " + i);
      assertEquals(expected[i][1], b.getShort(e + 2), "item bytes of entry " + i);
      assertEquals(expected[i][2], b.getLong(e + 8), "count of entry " + i);
      offsets[i] = b.getLong(e + 16);
      long length = b.getLong(e + 24);
      assertEquals(align64(end), offsets[i], "offset of entry " + i);
      assertEquals(expected[i][1] * expected[i][2], length);
      assertEquals(crc32c(file, (int) offsets[i], (int) length), b.getInt(e + 4), "CRC of entry " + i);
      end = offsets[i] + length;
    }
    assertEquals(end, file.length);
    for (int i = 0; i < 6; i++) {
      assertEquals(startAddresses[i] ^ Long.MIN_VALUE, b.getLong((int) offsets[2] + 8 * i), "start half " + i);
      assertEquals(endAddresses[i] ^ Long.MIN_VALUE, b.getLong((int) offsets[3] + 8 * i), "end half " + i);
    }
    int[] directory = v6DirectoryByDefinition(startAddresses, 3, 4);
    for (int p = 0; p < dir; p++) {
      if (directory[p] != b.getInt((int) offsets[4] + 4 * p)) {
        assertEquals(directory[p], b.getInt((int) offsets[4] + 4 * p), "IPv6 directory entry " + p);
      }
    }
    IndexHeader h = HeaderCodec.decode(ByteBuffer.wrap(file), file.length, FILE);
    assertTrue(h.v6() && h.v6Ranges() && !h.ranges() && !h.labels());
    assertEquals(5, h.intervalCount());
    assertEquals(3, h.v6IntervalCount());
    assertEquals(4, h.v6DirectoryBits());
    assertEquals(new IndexIdentity(file.length, 8, b.getInt(20)), h.identity(file.length),
        "the identity counts both families");
  }

  /**
   * No IPv4 intervals, IPv6 exact addresses with labels: empty IPv4 starts and label ids, an
   * all-zero IPv4 directory, the label sections, then IPv6 starts, label ids and directory.
   */
  @Test
  void anIpv6OnlyListWithLabels() throws IOException {
    long[] startAddresses = {0, 1, 0xFE80_0000_0000_0000L, 1};
    byte[] labels = "ab".getBytes(StandardCharsets.UTF_8);
    IndexContent c = new IndexContent(new int[0], null, new int[0], 0, new int[] {0, 1, 2}, labels,
        1, 2, new IndexContent.V6(keyHalves(startAddresses), null, new int[] {2, 1}, 2));
    byte[] file = IndexBytes.of(c).bytes();
    ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(2 | 4, b.getInt(12), "flags: labels | IPv6");
    int sections = b.getInt(16);
    List<Integer> kinds = new java.util.ArrayList<>();
    for (int i = 0; i < sections; i++) {
      kinds.add((int) b.getShort(64 + 32 * i));
    }
    assertEquals(List.of(1, 3, 4, 5, 6, 7, 9, 10), kinds);
    assertEquals(0, b.getLong(64 + 8), "no IPv4 starts");
    assertEquals(0, b.getLong(64 + 32 + 8), "no IPv4 label ids");
    long v4Directory = b.getLong(64 + 64 + 16);
    assertEquals((1 << 4) + 1, b.getLong(64 + 64 + 8), "the smallest IPv4 directory");
    for (int p = 0; p <= 1 << 4; p++) {
      assertEquals(0, b.getInt((int) v4Directory + 4 * p));
    }
    long ids = b.getLong(64 + 6 * 32 + 16);
    assertEquals(2, b.getLong(64 + 6 * 32 + 8));
    assertEquals(List.of(2, 1), List.of(b.getInt((int) ids), b.getInt((int) ids + 4)));
    IndexHeader h = HeaderCodec.decode(ByteBuffer.wrap(file), file.length, FILE);
    assertEquals(0, h.intervalCount());
    assertEquals(2, h.v6IntervalCount());
    assertEquals(2, h.identity(file.length).count());
  }

  /**
   * What an older reader gets, one that knew flag bits 0 and 1 only (ranges, labels): a file with
   * IPv6 sections sets bit 2 (0x4), and bit 3 (0x8) when an IPv6 interval is wider than one
   * address, so that reader's FLAGS check refuses it naming those bits, while a file without IPv6
   * sets neither and is read as ever. A reader's FLAGS check refuses any bit it does not know,
   * naming it: shown here with a bit this reader does not know (0x200) in an IPv6 file.
   */
  @Test
  void anIpv6FileCarriesFlagBitsAnOlderReaderRefusesAndAnIpv4FileNone() {
    int olderReaderKnows = 0x1 | 0x2;
    assertEquals(0, flags(EXACT) & ~olderReaderKnows, "an exact IPv4 list");
    assertEquals(0, flags(FULL) & ~olderReaderKnows, "IPv4 ranges with labels");
    IndexBytes narrow = IndexBytes.of(new IndexContent(KEYS, null, null, KEYS.length, null, null, 0,
        0, new IndexContent.V6(keyHalves(0x2001_0db8_0000_0000L, 1), null, null, 1)));
    IndexBytes wide = IndexBytes.of(new IndexContent(KEYS, null, null, KEYS.length, null, null, 0,
        0, new IndexContent.V6(keyHalves(0x2001_0db8_0000_0000L, 1),
            keyHalves(0x2001_0db8_0000_0000L, 9), null, 1)));
    assertEquals(0x4, flags(narrow) & ~olderReaderKnows, "IPv6 addresses");
    assertEquals(0x4 | 0x8, flags(wide) & ~olderReaderKnows, "an IPv6 range");
    refused(narrow.copy().putInt(IndexBytes.FLAGS_OFFSET, flags(narrow) | 0x200).fixHeaderCrc(),
        Check.FLAGS, "unknown flag bits 0x00000200");
  }

  /** The FLAGS word of a file, read from its bytes (u32 little-endian at byte 12). */
  private static int flags(IndexBytes file) {
    return ByteBuffer.wrap(file.bytes()).order(ByteOrder.LITTLE_ENDIAN).getInt(12);
  }

  @Test
  void writerRefusesBadIpv6Intervals() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long[] twoStarts = keyHalves(0x2001_0db8_0000_0000L, 5, 0x2001_0db8_0000_0000L, 9);
    assertThrows(IllegalArgumentException.class, () -> IndexWriter.write(new IndexContent(new int[0],
        null, null, 0, null, null, 0, 0, new IndexContent.V6(keyHalves(0, 9, 0, 5), null, null, 2)), out));
    assertThrows(IllegalArgumentException.class, () -> IndexWriter.write(new IndexContent(new int[0],
        null, null, 0, null, null, 0, 0, new IndexContent.V6(keyHalves(0, 9, 0, 9), null, null, 2)), out));
    assertThrows(IllegalArgumentException.class, () -> IndexWriter.write(new IndexContent(new int[0],
        null, null, 0, null, null, 0, 0,
        new IndexContent.V6(twoStarts, keyHalves(0x2001_0db8_0000_0000L, 9, 0x2001_0db8_0000_0000L, 9),
            null, 2)), out), "overlap");
    assertThrows(IllegalArgumentException.class, () -> IndexWriter.write(new IndexContent(new int[0],
        null, null, 0, null, null, 0, 0,
        new IndexContent.V6(twoStarts, keyHalves(0x2001_0db8_0000_0000L, 4, 0x2001_0db8_0000_0000L, 9),
            null, 2)), out), "end before start");
    assertThrows(IllegalArgumentException.class, () -> IndexWriter.write(new IndexContent(new int[0],
        null, null, 0, null, null, 0, 0, new IndexContent.V6(twoStarts, null, new int[] {1, 1}, 2)),
        out), "IPv6 label ids without a dictionary");
    assertEquals(0, out.size(), "nothing written for rejected content");
  }

  @Test
  void tooManyIpv6Intervals() {
    IndexBytes v6 = IndexBytes.of(new IndexContent(new int[0], null, null, 0, null, null, 0, 0,
        new IndexContent.V6(keyHalves(0, 1), null, null, 1)));
    long n = 1_073_741_820L; // (2^31 - 1 - 8) / 2 + 1: one more than a long[] of halves holds
    int starts = IndexBytes.entry(2);
    refused(v6.copy().putLong(starts + IndexBytes.ENTRY_COUNT, n).putLong(starts + IndexBytes.ENTRY_LENGTH, 16 * n)
        .putLong(IndexBytes.entry(3) + IndexBytes.ENTRY_OFFSET, align64(v6.offset(SectionKind.V6_STARTS) + 16 * n))
        .fixHead(), Check.SECTION_DIRECTORY,
        "1073741820 IPv6 intervals are more than a lookup holds (at most 1073741819)");
  }

  @Test
  void emptyIndexIsTwoSectionsWithAnAllZeroDirectory() throws IOException {
    byte[] file = IndexBytes.of().bytes();
    ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(0, b.getLong(72), "no starts");
    assertEquals(128, b.getLong(80));
    assertEquals(0, b.getInt(68), "CRC32C of no bytes");
    assertEquals(128, b.getLong(112), "the directory follows at the same aligned offset");
    assertEquals((1 << 4) + 1, b.getLong(104), "the smallest directory");
    assertEquals(128 + 4 * ((1 << 4) + 1), file.length);
    for (int p = 0; p <= 1 << 4; p++) {
      assertEquals(0, b.getInt(128 + 4 * p));
    }
    IndexHeader h = HeaderCodec.decode(ByteBuffer.wrap(file), file.length, FILE);
    assertEquals(0, h.intervalCount());
    assertEquals(new IndexIdentity(file.length, 0, b.getInt(20)), h.identity(file.length));
  }

  @Test
  void decodeReturnsWhatEncodeWrote() throws IOException {
    int[] crcs = {11, 22, 33, 0xCAFEBABE, 55, -66};
    List<Section> sections = IndexByteMap.layOut(9, true, true, 4, 30, crcs);
    IndexHeader header = HeaderCodec.describe(IndexByteMap.FLAG_RANGES | IndexByteMap.FLAG_LABELS,
        sections, -1L, 1L << 40);
    ByteBuffer encoded = HeaderCodec.encode(header);
    assertEquals(0, encoded.position());
    assertEquals(64 + 6 * 32, encoded.limit());
    assertEquals(header, HeaderCodec.decode(encoded, header.fileLength(), FILE));
    assertEquals(0, encoded.position(), "decode leaves the caller's buffer alone");
    byte[] head = Arrays.copyOf(encoded.array(), encoded.limit());
    assertEquals(crc32c(head, 0, 60), encoded.order(ByteOrder.LITTLE_ENDIAN).getInt(60));
    assertEquals(crc32c(head, 64, 6 * 32), header.directoryCrc());
    assertEquals(0xCAFEBABE, header.section(SectionKind.V4_DIRECTORY).crc());
  }

  /** The head may sit anywhere in the buffer a caller hands over. */
  @Test
  void decodesAHeadThatDoesNotStartAtIndexZero() throws IOException {
    byte[] file = EXACT.bytes();
    ByteBuffer big = ByteBuffer.allocate(file.length + 16);
    big.position(16);
    big.put(file);
    big.position(16);
    assertEquals(HeaderCodec.decode(ByteBuffer.wrap(file), file.length, FILE),
        HeaderCodec.decode(big, file.length, FILE));
  }

  @Test
  void writerRefusesUnsortedDuplicateOrOverlappingIntervals() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertThrows(IllegalArgumentException.class,
        () -> IndexWriter.write(IndexContent.exact(new int[] {1, 1}, 2, 0, 0), out));
    assertThrows(IllegalArgumentException.class,
        () -> IndexWriter.write(IndexContent.exact(new int[] {2, 1}, 2, 0, 0), out));
    assertThrows(IllegalArgumentException.class, () -> IndexWriter.write(
        new IndexContent(new int[] {1, 5}, new int[] {5, 6}, null, 2, null, null, 0, 0), out));
    assertEquals(0, out.size(), "nothing written for rejected content");
  }

  /**
   * The writer's rule, written out here from its definition: the largest 2^bits at most count / 40
   * (at most 2^22), but at least the largest 2^bits at most the count up to 2^9 (at least 2^4).
   * Below 1,024 intervals that is the rule of the first small directories, from 40 x 2^16 on the
   * rule every file had before them (so those files stay the same), and in between the
   * directory costs at most 0.1 byte per interval.
   */
  @Test
  void directorySizeGrowsWithTheList() {
    assertEquals(4, IndexByteMap.directoryBitsFor(0));
    assertEquals(4, IndexByteMap.directoryBitsFor(1));
    assertEquals(4, IndexByteMap.directoryBitsFor(3));
    assertEquals(4, IndexByteMap.directoryBitsFor(31));
    assertEquals(5, IndexByteMap.directoryBitsFor(32));
    assertEquals(9, IndexByteMap.directoryBitsFor(1000));
    assertEquals(9, IndexByteMap.directoryBitsFor(1024));
    assertEquals(9, IndexByteMap.directoryBitsFor(40 * 1024 - 1));
    assertEquals(10, IndexByteMap.directoryBitsFor(40 * 1024));
    assertEquals(10, IndexByteMap.directoryBitsFor(65_535));
    assertEquals(10, IndexByteMap.directoryBitsFor(65_536));
    assertEquals(12, IndexByteMap.directoryBitsFor(287_570));
    assertEquals(15, IndexByteMap.directoryBitsFor(40L * (1 << 16) - 1));
    assertEquals(16, IndexByteMap.directoryBitsFor(40L * (1 << 16)));
    assertEquals(16, IndexByteMap.directoryBitsFor(40L * (1 << 17) - 1));
    assertEquals(17, IndexByteMap.directoryBitsFor(40L * (1 << 17)));
    assertEquals(17, IndexByteMap.directoryBitsFor(6_000_000));
    assertEquals(19, IndexByteMap.directoryBitsFor(26_123_456));
    assertEquals(22, IndexByteMap.directoryBitsFor(Integer.MAX_VALUE));
    assertEquals(22, IndexByteMap.directoryBitsFor(1L << 32));
    assertEquals((1L << 19) + 1, IndexByteMap.directoryEntries(19));
    for (long n = 0; n < 1 << 10; n++) {
      int bits = IndexByteMap.directoryBitsFor(n);
      assertTrue(bits >= 4 && (1L << bits) <= Math.max(n, 16) && (n < 16 || n < 1L << (bits + 1)),
          n + " intervals: " + bits);
    }
    for (long n = 1 << 10; n <= 1L << 33; n = n * 3 / 2 + 7) {
      long target = n / 40;
      int bits = 0;
      while (bits < 22 && 1L << (bits + 1) <= target) {
        bits++;
      }
      assertEquals(Math.max(9, bits), IndexByteMap.directoryBitsFor(n), n + " intervals");
      if (n >= 40L << 16) {
        assertEquals(DirectorySizes.oldRule(n), IndexByteMap.directoryBitsFor(n), n + " intervals");
      }
    }
  }

  /**
   * An exact IPv4 list costs at most 4.1 bytes per key + 4 KiB whatever its size: the header, two
   * section entries, the keys padded to 64 and the directory, laid out here from the byte map.
   */
  @Test
  void anExactListCostsAtMostFourPointOneBytesPerKeyPlusFourKiB() {
    for (long n = 0; n <= 1L << 31; n = n < 4096 ? n + 1 : n * 9 / 8 + 1) {
      long keysEnd = 128 + 4 * n;
      long length = (keysEnd + 63) / 64 * 64 + 4 * IndexByteMap.directoryEntries(
          IndexByteMap.directoryBitsFor(n));
      assertTrue(length <= 4.1 * n + 4096, n + " keys: " + length + " bytes");
    }
  }

  @Test
  void identityTextRoundTripsIncludingHighBitCrc() throws CorruptIndexException {
    IndexIdentity id = new IndexIdentity(104_857_664L, 26_214_400L, 0xF00DBEEF);
    assertEquals("104857664:26214400:f00dbeef", id.toString());
    assertEquals(id, IndexIdentity.parse(id.toString()));
    id.check(IndexIdentity.parse(id.toString()), FILE);

    CorruptIndexException e = assertThrows(CorruptIndexException.class,
        () -> id.check(new IndexIdentity(104_857_664L, 26_214_400L, 0), FILE));
    assertEquals(Check.IDENTITY, e.check());
    assertTrue(e.getMessage().startsWith(FILE + ": index identity check failed: "), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> IndexIdentity.parse("1:2"));
  }

  // ---- the header checks

  private static CorruptIndexException refused(byte[] bytes, long fileLength, Check check,
      String fragment) {
    CorruptIndexException e = assertThrows(CorruptIndexException.class,
        () -> HeaderCodec.decode(ByteBuffer.wrap(bytes), fileLength, FILE));
    assertEquals(check, e.check(), e.getMessage());
    assertTrue(e.getMessage().startsWith(FILE + ": " + check.description + " check failed: "),
        e.getMessage());
    assertTrue(e.getMessage().contains(fragment), () -> "no '" + fragment + "' in " + e.getMessage());
    return e;
  }

  private static CorruptIndexException refused(IndexBytes bytes, Check check, String fragment) {
    return refused(bytes.bytes(), bytes.length(), check, fragment);
  }

  @Test
  void magic() {
    refused(EXACT.copy().putByte(0, 0x09), Check.MAGIC,
        "expected 89 49 50 49 44 58 0d 0a, found 09 49 50 49 44 58 0d 0a; this is not an ipjoin index");
    refused("1.2.3.4\n".getBytes(StandardCharsets.US_ASCII), 8, Check.MAGIC, "use the text loader");
    refused(new byte[] {'1'}, 1, Check.MAGIC, "found 31;");
  }

  @Test
  void headerLength() {
    for (int length : new int[] {0, 1, 7, 8, 9, 10, 40, 63}) {
      refused(EXACT.truncate(length), Check.HEADER_LENGTH,
          "file is " + length + " bytes, shorter than the 64-byte header");
    }
  }

  @Test
  void version1IsRefusedWithRebuildAdvice() {
    // A format-1 header: magic, version 1, byte order 1, then fields this reader no longer knows.
    byte[] v1 = new byte[64 + 8];
    System.arraycopy(IndexByteMap.MAGIC, 0, v1, 0, 8);
    v1[8] = 1;
    v1[10] = 1;
    CorruptIndexException e = refused(v1, v1.length, Check.VERSION,
        "file has format version 1, this reader reads version 2 (written by an older ipjoin: rebuild"
            + " the index with 'ipindex build')");
    assertTrue(!e.getMessage().contains("upgrade"), e.getMessage());
    // The version is read before the length: even a cut-short old file says so.
    refused(Arrays.copyOf(v1, 10), 10, Check.VERSION, "rebuild the index with 'ipindex build'");
    refused(EXACT.copy().putShort(IndexBytes.VERSION_OFFSET, 0), Check.VERSION,
        "rebuild the index with 'ipindex build'");
  }

  @Test
  void version3SaysUpgrade() {
    CorruptIndexException e = refused(EXACT.copy().putShort(IndexBytes.VERSION_OFFSET, 3),
        Check.VERSION, "file has format version 3, this reader reads version 2 (written by a newer"
            + " ipjoin: upgrade ipjoin)");
    assertTrue(!e.getMessage().contains("rebuild"), e.getMessage());
    refused(EXACT.copy().putShort(IndexBytes.VERSION_OFFSET, 0xFFFF), Check.VERSION,
        "version 65535");
  }

  @Test
  void headerChecksum() {
    for (int offset : new int[] {11, 12, 16, 20, 24, 39, 40, 59, 60, 63}) {
      refused(EXACT.copy().xorByte(offset, 0x01), Check.HEADER_CHECKSUM, "of header bytes 0-59, computed");
    }
  }

  @Test
  void byteOrderFlagsAndReservedWithAValidHeaderChecksum() {
    refused(EXACT.copy().putByte(IndexBytes.BYTE_ORDER_OFFSET, 2).fixHeaderCrc(), Check.BYTE_ORDER,
        "expected 1 (little-endian), found 2");
    refused(EXACT.copy().putByte(IndexBytes.BYTE_ORDER_OFFSET, 0).fixHeaderCrc(), Check.BYTE_ORDER,
        "found 0");
    refused(EXACT.copy().putInt(IndexBytes.FLAGS_OFFSET, 512).fixHeaderCrc(), Check.FLAGS,
        "unknown flag bits 0x00000200 (known: 0x1 ranges, 0x2 labels, 0x4 IPv6, 0x8 IPv6 ranges,"
            + " 0x10 compact, 0x20 attributes, 0x40 short label ids, 0x80 implicit ends,"
            + " 0x100 history);"
            + " written by a newer ipjoin?");
    refused(EXACT.copy().putInt(IndexBytes.FLAGS_OFFSET, 128).fixHeaderCrc(), Check.FLAGS,
        "flag 0x80 (implicit ends) is set without flag 0x2 (labels)");
    refused(EXACT.copy().putInt(IndexBytes.FLAGS_OFFSET, 64).fixHeaderCrc(), Check.FLAGS,
        "flag 0x40 (short label ids) is set without flag 0x2 (labels)");
    refused(EXACT.copy().putInt(IndexBytes.FLAGS_OFFSET, 32).fixHeaderCrc(), Check.FLAGS,
        "flag 0x20 (attributes) is set without flag 0x2 (labels)");
    refused(EXACT.copy().putInt(IndexBytes.FLAGS_OFFSET, Integer.MIN_VALUE | 1).fixHeaderCrc(),
        Check.FLAGS, "unknown flag bits 0x80000000");
    for (int offset : new int[] {IndexBytes.RESERVED_1_OFFSET, IndexBytes.RESERVED_2_OFFSET, 50, 59}) {
      refused(EXACT.copy().putByte(offset, 1).fixHeaderCrc(), Check.RESERVED,
          "bytes 11 and 40-59 must be 0");
    }
  }

  // ---- the directory checks (the edit, then the directory and header CRCs fixed)

  @Test
  void sectionCountOutOfRange() {
    for (long n : new long[] {0, 1, 17, 0xFFFF_FFFFL}) {
      refused(EXACT.copy().putInt(IndexBytes.SECTION_COUNT_OFFSET, (int) n).fixHeaderCrc(),
          Check.SECTION_DIRECTORY, "section count " + n + " is not between 2 and 16");
    }
  }

  @Test
  void fileEndsInsideTheDirectory() {
    for (int length : new int[] {64, 65, 100, 127}) {
      refused(EXACT.truncate(length), Check.FILE_LENGTH,
          "file is " + length + " bytes, shorter than its 2-section directory (128 bytes)");
    }
    refused(FULL.truncate(200), Check.FILE_LENGTH, "shorter than its 6-section directory (256 bytes)");
    // A larger count claims a longer directory than the file has.
    refused(EXACT.copy().putInt(IndexBytes.SECTION_COUNT_OFFSET, 16).fixHeaderCrc().truncate(400),
        Check.FILE_LENGTH, "shorter than its 16-section directory (576 bytes)");
  }

  @Test
  void directoryChecksum() {
    for (int offset = 64; offset < 128; offset += 7) {
      refused(EXACT.copy().xorByte(offset, 0x40).fixHeaderCrc(), Check.SECTION_DIRECTORY,
          "of directory bytes 64-127, computed");
    }
    refused(FULL.copy().xorByte(255, 0x01).fixHeaderCrc(), Check.SECTION_DIRECTORY,
        "of directory bytes 64-255");
  }

  @Test
  void unknownSectionKindSaysUpgrade() {
    for (int kind : new int[] {0, 17, 0xFFFF}) {
      refused(FULL.copy().putShort(IndexBytes.entry(5) + IndexBytes.ENTRY_KIND, kind).fixHead(),
          Check.SECTION_DIRECTORY, "section 5 has kind " + kind
              + ", which this reader does not know (written by a newer ipjoin: upgrade ipjoin)");
    }
  }

  @Test
  void sectionsOutOfOrderOrRepeated() {
    refused(FULL.copy().putShort(IndexBytes.entry(1) + IndexBytes.ENTRY_KIND, 1).fixHead(),
        Check.SECTION_DIRECTORY, "section 1 (IPv4 interval starts) is out of order or repeated");
    refused(FULL.copy().putShort(IndexBytes.entry(2) + IndexBytes.ENTRY_KIND, 2)
            .putShort(IndexBytes.entry(1) + IndexBytes.ENTRY_KIND, 3).fixHead(),
        Check.SECTION_DIRECTORY, "section 2 (IPv4 interval ends) is out of order or repeated");
  }

  @Test
  void itemSizeCountAndLengthMustAgree() {
    int e0 = IndexBytes.entry(0);
    refused(EXACT.copy().putShort(e0 + IndexBytes.ENTRY_ITEM_BYTES, 8).fixHead(),
        Check.SECTION_DIRECTORY, "section 0 (IPv4 interval starts): 5 items of 8 bytes cannot be 20 bytes");
    refused(EXACT.copy().putLong(e0 + IndexBytes.ENTRY_LENGTH, 24).fixHead(),
        Check.SECTION_DIRECTORY, "5 items of 4 bytes cannot be 24 bytes");
    refused(EXACT.copy().putLong(e0 + IndexBytes.ENTRY_COUNT, -1).putLong(e0 + IndexBytes.ENTRY_LENGTH, -4)
        .fixHead(), Check.SECTION_DIRECTORY, "-1 items of 4 bytes cannot be -4 bytes");
    long tooMany = (1L << 33) + 1;
    refused(EXACT.copy().putLong(e0 + IndexBytes.ENTRY_COUNT, tooMany)
        .putLong(e0 + IndexBytes.ENTRY_LENGTH, 4 * tooMany).fixHead(), Check.SECTION_DIRECTORY,
        tooMany + " items of 4 bytes cannot be");
    refused(FULL.copy().putShort(IndexBytes.entry(5) + IndexBytes.ENTRY_ITEM_BYTES, 4).fixHead(),
        Check.SECTION_DIRECTORY, "section 5 (label bytes): 12 items of 4 bytes cannot be 12 bytes");
  }

  @Test
  void misalignedOrMisplacedOffsets() {
    int e0 = IndexBytes.entry(0);
    refused(EXACT.copy().putLong(e0 + IndexBytes.ENTRY_OFFSET, 132).fixHead(), Check.SECTION_DIRECTORY,
        "section 0 (IPv4 interval starts) starts at 132, expected 128");
    refused(EXACT.copy().putLong(e0 + IndexBytes.ENTRY_OFFSET, 192).fixHead(), Check.SECTION_DIRECTORY,
        "starts at 192, expected 128");
    refused(EXACT.copy().putLong(e0 + IndexBytes.ENTRY_OFFSET, 64).fixHead(), Check.SECTION_DIRECTORY,
        "starts at 64, expected 128");
    refused(EXACT.copy().putLong(IndexBytes.entry(1) + IndexBytes.ENTRY_OFFSET, 148).fixHead(),
        Check.SECTION_DIRECTORY, "section 1 (IPv4 lookup directory) starts at 148, expected 192");
  }

  @Test
  void flagsAndSectionsMustAgree() {
    refused(EXACT.copy().putInt(IndexBytes.FLAGS_OFFSET, IndexByteMap.FLAG_RANGES).fixHeaderCrc(),
        Check.SECTION_DIRECTORY, "no IPv4 interval ends section, which the header's flags require");
    refused(EXACT.copy().putInt(IndexBytes.FLAGS_OFFSET, IndexByteMap.FLAG_LABELS).fixHeaderCrc(),
        Check.SECTION_DIRECTORY, "no IPv4 label ids section, which the header's flags require");
    refused(FULL.copy().putInt(IndexBytes.FLAGS_OFFSET, IndexByteMap.FLAG_LABELS).fixHeaderCrc(),
        Check.SECTION_DIRECTORY, "a IPv4 interval ends section, which the header's flags exclude");
    refused(FULL.copy().putInt(IndexBytes.FLAGS_OFFSET, IndexByteMap.FLAG_RANGES).fixHeaderCrc(),
        Check.SECTION_DIRECTORY, "a IPv4 label ids section, which the header's flags exclude");
    // The sections every file has: starts (here relabelled as ends) and the lookup directory.
    refused(EXACT.copy().putShort(IndexBytes.entry(0) + IndexBytes.ENTRY_KIND, 2)
            .putInt(IndexBytes.FLAGS_OFFSET, IndexByteMap.FLAG_RANGES).fixHead(),
        Check.SECTION_DIRECTORY, "no IPv4 interval starts section, which the header's flags require");
    refused(EXACT.copy().putShort(IndexBytes.entry(1) + IndexBytes.ENTRY_KIND, 5).fixHead(),
        Check.SECTION_DIRECTORY, "no IPv4 lookup directory section, which the header's flags require");
  }

  @Test
  void countsThatDisagree() {
    // 5 ranges: the ends take 320..340; 4 would take 320..336, and the ids stay at 384.
    IndexBytes b = FULL.copy();
    int ends = IndexBytes.entry(1);
    refused(b.putLong(ends + IndexBytes.ENTRY_COUNT, 4).putLong(ends + IndexBytes.ENTRY_LENGTH, 16)
        .fixHead(), Check.SECTION_DIRECTORY,
        "the interval sections disagree on the interval count (5)");
    int ids = IndexBytes.entry(2);
    refused(FULL.copy().putLong(ids + IndexBytes.ENTRY_COUNT, 6).putLong(ids + IndexBytes.ENTRY_LENGTH, 24)
        .fixHead(), Check.SECTION_DIRECTORY, "the interval sections disagree on the interval count (5)");
    // More than 2^32 intervals, with every offset after the starts moved to match.
    long n = (1L << 32) + 1;
    int e0 = IndexBytes.entry(0);
    refused(EXACT.copy().putLong(e0 + IndexBytes.ENTRY_COUNT, n).putLong(e0 + IndexBytes.ENTRY_LENGTH, 4 * n)
        .putLong(IndexBytes.entry(1) + IndexBytes.ENTRY_OFFSET, align64(128 + 4 * n)).fixHead(),
        Check.SECTION_DIRECTORY, n + " IPv4 intervals are impossible (at most 2^32)");
  }

  /**
   * A stored directory of 2^bits + 1 entries loads for any bits 4 .. 22, whatever the interval
   * count (the writer's rule changed once and may again); any other size is the
   * {@code DIRECTORY_SIZE} check, for either family.
   */
  @Test
  void lookupDirectorySize() throws CorruptIndexException {
    int dir = IndexBytes.entry(1);
    for (long entries : new long[] {0, 1, 4, 16, 18, 65_536, 65_538, (1L << 22) + 3}) {
      IndexBytes b = EXACT.copy().putLong(dir + IndexBytes.ENTRY_COUNT, entries)
          .putLong(dir + IndexBytes.ENTRY_LENGTH, 4 * entries).fixHead();
      refused(b.bytes(), 192 + 4 * entries, Check.DIRECTORY_SIZE, "the lookup directory has "
          + entries + " entries, not 2^bits + 1 (bits 4 .. 22, 17 .. 4194305 entries)");
    }
    for (int bits : new int[] {0, 1, 3, 23, 30}) {
      long entries = (1L << bits) + 1;
      IndexBytes b = EXACT.copy().putLong(dir + IndexBytes.ENTRY_COUNT, entries)
          .putLong(dir + IndexBytes.ENTRY_LENGTH, 4 * entries).fixHead();
      refused(b.bytes(), 192 + 4 * entries, Check.DIRECTORY_SIZE, "the lookup directory has "
          + entries + " entries, 2^" + bits + " + 1; a reader takes bits 4 .. 22, 17 .. 4194305 entries");
    }
    for (int bits = 4; bits <= 22; bits++) {
      long entries = (1L << bits) + 1;
      IndexBytes b = EXACT.copy().putLong(dir + IndexBytes.ENTRY_COUNT, entries)
          .putLong(dir + IndexBytes.ENTRY_LENGTH, 4 * entries).fixHead();
      IndexHeader h = HeaderCodec.decode(ByteBuffer.wrap(b.bytes()), 192 + 4 * entries, FILE);
      assertEquals(bits, h.directoryBits(), "5 intervals, /" + bits);
    }
    // The IPv6 directory: the same rule, named as the IPv6 one.
    IndexBytes v6 = IndexBytes.of(new IndexContent(new int[0], null, null, 0, null, null, 0, 0,
        new IndexContent.V6(keyHalves(0, 1), null, null, 1)));
    int dir6 = IndexBytes.entry(3);
    long at = v6.offset(SectionKind.V6_DIRECTORY);
    refused(v6.copy().putLong(dir6 + IndexBytes.ENTRY_COUNT, 1 << 16)
        .putLong(dir6 + IndexBytes.ENTRY_LENGTH, 4L << 16).fixHead().bytes(), at + (4L << 16),
        Check.DIRECTORY_SIZE, "the IPv6 lookup directory has 65536 entries, not 2^bits + 1");
    refused(v6.copy().putLong(dir6 + IndexBytes.ENTRY_COUNT, 9)
        .putLong(dir6 + IndexBytes.ENTRY_LENGTH, 36).fixHead().bytes(), at + 36,
        Check.DIRECTORY_SIZE, "the IPv6 lookup directory has 9 entries, 2^3 + 1; a reader takes");
    IndexBytes old6 = v6.copy().putLong(dir6 + IndexBytes.ENTRY_COUNT, (1 << 16) + 1)
        .putLong(dir6 + IndexBytes.ENTRY_LENGTH, 4L * ((1 << 16) + 1)).fixHead();
    assertEquals(16, HeaderCodec.decode(ByteBuffer.wrap(old6.bytes()), at + 4L * ((1 << 16) + 1),
        FILE).v6DirectoryBits());
  }

  @Test
  void labelOffsetsSectionNeedsAnEntry() {
    int labelEnds = IndexBytes.entry(4);
    IndexBytes b = FULL.copy();
    long endsOffset = b.offset(SectionKind.LABEL_ENDS);
    refused(b.putLong(labelEnds + IndexBytes.ENTRY_COUNT, 0).putLong(labelEnds + IndexBytes.ENTRY_LENGTH, 0)
        .putLong(IndexBytes.entry(5) + IndexBytes.ENTRY_OFFSET, endsOffset).fixHead(),
        Check.SECTION_DIRECTORY, "the label offsets section has 0 entries");
  }

  @Test
  void fileLengthMustBeTheEndOfTheLastSection() {
    int full = EXACT.length();
    refused(EXACT.extend(1), Check.FILE_LENGTH, "the section directory ends the file at byte " + full
        + "; the file is " + (full + 1) + " bytes");
    CorruptIndexException cut = refused(EXACT.truncate(full - 1), Check.FILE_LENGTH,
        "the section directory ends the file at byte " + full + "; the file is " + (full - 1)
            + " bytes (truncated?)");
    assertTrue(cut.getMessage().endsWith("(truncated?)"), cut.getMessage());
    refused(EXACT.truncate(128), Check.FILE_LENGTH, "the file is 128 bytes (truncated?)");
    // The length a caller gives counts, not what the buffer holds.
    refused(EXACT.bytes(), full + 64L, Check.FILE_LENGTH, "the file is " + (full + 64) + " bytes");
  }
}
