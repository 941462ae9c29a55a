package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.ipjoin.RealData;
import org.ipjoin.index.TestLookups;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.testing.IndexCorruption;
import org.ipjoin.testing.IndexReaders.Reader;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A corpus of damaged index files, each damaged in exactly one way, and for every binary read path
 * (and for {@link VerifyReader}, which {@code ipindex verify} uses) the exact check that must
 * reject it. The loaders share the checks, so a path that skips one (or runs them in another
 * order) shows up here as a different {@link Check}. Where the intended check sits behind
 * checksums, the helper recomputes them ({@link IndexBytes} "fix" methods, plain CRC32C code) so
 * that exactly that check fires.
 */
class CorruptIndexTest {

  @TempDir Path dir;
  private IndexCorruption corruption;

  @BeforeEach
  void corruption() {
    corruption = new IndexCorruption(dir);
  }

  /** 64 keys 16 apart around the sign boundary, so flipping a key's low bit keeps the order. */
  private static final int[] KEYS = IntStream.range(0, 64).map(i -> (i - 32) * 16).toArray();

  private static final IndexBytes VALID = IndexBytes.of(KEYS);

  /** Ranges and labels: every section kind. Interval 2 has room on both sides of its end. */
  private static final int[] STARTS = {-1000, -10, 0, 500, 70_000};
  private static final int[] ENDS = {-900, -10, 99, 600, 80_000};
  private static final int[] LABEL_IDS = {1, 0, 2, 1, 3};
  private static final String LABELS = "tornäx-exit"; // "tor", "näx", "-exit"
  private static final int[] LABEL_ENDS = {0, 3, 7, 12};
  private static final IndexBytes FULL = IndexBytes.of(new IndexContent(STARTS, ENDS, LABEL_IDS, 5,
      LABEL_ENDS, LABELS.getBytes(StandardCharsets.UTF_8), 99, 5));

  static Stream<Reader> binaryPaths() {
    return IndexReaders.binaryPaths();
  }

  @Test
  void everyBinaryReadPathIsCovered() {
    assertEquals(List.of("stream", "buffered", "nio", "mmap", "mmap-direct", "verify"),
        binaryPaths().map(Reader::name).toList());
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void theValidBaseFilesLoad(Reader path) throws IOException {
    assertArrayEquals(KEYS, TestLookups.keys(corruption.loads(path, VALID, "valid", true).index()));
    Ipv4Lookup full = corruption.loads(path, FULL, "full", true).index();
    assertArrayEquals(STARTS, TestLookups.keys(full));
    for (int i = 0; i < STARTS.length; i++) {
      assertEquals(ENDS[i], full.end(i));
      assertEquals(LABEL_IDS[i], full.labelId(i));
    }
    assertEquals(List.of("tor", "näx", "-exit"),
        List.of(full.labels().label(1), full.labels().label(2), full.labels().label(3)));
  }

  // ---- truncation

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void emptyFileIsTooShortForAHeader(Reader path) {
    corruption.rejects(path, VALID.truncate(0), "empty", Check.HEADER_LENGTH, "file is 0 bytes");
  }

  /**
   * Cut anywhere inside the header: the bytes that are there are a correct prefix, so the complaint
   * is the length, not the magic (a prefix of the magic is not evidence of a foreign file).
   */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void headerTruncatedAtEachOffset(Reader path) {
    for (int length = 1; length < IndexByteMap.HEADER_SIZE; length++) {
      corruption.rejects(path, VALID.truncate(length), "cut-at-" + length, Check.HEADER_LENGTH,
          "file is " + length + " bytes, shorter than the 64-byte header");
    }
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void directoryTruncatedAtEachOffset(Reader path) {
    for (int length = 64; length < FULL.directoryEnd(); length++) {
      corruption.rejects(path, FULL.truncate(length), "dir-cut-at-" + length, Check.FILE_LENGTH,
          "file is " + length + " bytes, shorter than its 6-section directory (256 bytes)");
    }
  }

  /** Cut in the padding before, at the start of, inside and one byte short of each section. */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void eachSectionTruncatedOrTheFileExtended(Reader path) {
    int full = FULL.length();
    for (SectionKind kind : SectionKind.values()) {
      if (FULL.entryOf(kind) < 0) {
        continue; // the IPv6 sections: see Corrupt6IndexTest
      }
      int offset = FULL.offset(kind);
      int end = offset + FULL.sectionLength(kind);
      int before = Math.max(FULL.directoryEnd(), offset - 1); // in the padding, if there is one
      for (int length : new int[] {before, offset, offset + 1, (offset + end) / 2, end - 1}) {
        corruption.rejects(path, FULL.truncate(length), kind + "-cut-at-" + length, Check.FILE_LENGTH,
            "the section directory ends the file at byte " + full + "; the file is " + length
                + " bytes (truncated?)");
      }
    }
    corruption.rejects(path, FULL.extend(4), "one-value-too-many", Check.FILE_LENGTH,
        "the file is " + (full + 4) + " bytes");
    corruption.rejects(path, VALID.truncate(VALID.length() - 4), "exact-cut", Check.FILE_LENGTH, "(truncated?)");
  }

  // ---- header

  /** Any single damaged header byte is caught; which check depends on where it is. */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void everyHeaderByteFlippedIsRejected(Reader path) {
    for (int offset = 0; offset < IndexByteMap.HEADER_SIZE; offset++) {
      Check expected = offset < 8 ? Check.MAGIC : offset < 10 ? Check.VERSION : Check.HEADER_CHECKSUM;
      for (int mask : new int[] {0x01, 0x80, 0xFF}) {
        corruption.rejects(path, VALID.copy().xorByte(offset, mask),
            "flip-" + offset + "-" + Integer.toHexString(mask), expected);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void olderVersionSaysRebuildNewerSaysUpgrade(Reader path) {
    // Version is checked before the header checksum: no fix needed, as with a real old file.
    CorruptIndexException v1 = corruption.rejects(path, VALID.copy().putShort(IndexBytes.VERSION_OFFSET, 1),
        "v1", Check.VERSION, "file has format version 1, this reader reads version 2 (written by an"
            + " older ipjoin: rebuild the index with 'ipindex build')");
    assertFalse(v1.getMessage().contains("upgrade"), v1.getMessage());
    CorruptIndexException v3 = corruption.rejects(path, VALID.copy().putShort(IndexBytes.VERSION_OFFSET, 3)
        .fixHeaderCrc(), "v3", Check.VERSION, "(written by a newer ipjoin: upgrade ipjoin)");
    assertFalse(v3.getMessage().contains("rebuild"), v3.getMessage());
  }

  /** Fields with a valid header CRC, so the field's own check is the one that fires. */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void headerFieldsWithAValidHeaderChecksum(Reader path) {
    corruption.rejects(path, VALID.copy().putByte(IndexBytes.BYTE_ORDER_OFFSET, 2).fixHeaderCrc(),
        "big-endian", Check.BYTE_ORDER, "expected 1 (little-endian), found 2");
    corruption.rejects(path, VALID.copy().putByte(IndexBytes.BYTE_ORDER_OFFSET, 0).fixHeaderCrc(),
        "no-byte-order", Check.BYTE_ORDER);
    corruption.rejects(path, VALID.copy().putInt(IndexBytes.FLAGS_OFFSET, 512).fixHeaderCrc(),
        "flag-bit-9", Check.FLAGS, "unknown flag bits 0x00000200");
    corruption.rejects(path, VALID.copy().putInt(IndexBytes.FLAGS_OFFSET, 128).fixHeaderCrc(),
        "implicit-ends-without-labels", Check.FLAGS,
        "flag 0x80 (implicit ends) is set without flag 0x2 (labels)");
    corruption.rejects(path, VALID.copy().putInt(IndexBytes.FLAGS_OFFSET, Integer.MIN_VALUE).fixHeaderCrc(),
        "flag-bit-31", Check.FLAGS);
    for (int offset : new int[] {IndexBytes.RESERVED_1_OFFSET, IndexBytes.RESERVED_2_OFFSET, 47, 59}) {
      corruption.rejects(path, VALID.copy().putByte(offset, 1).fixHeaderCrc(), "reserved-" + offset,
          Check.RESERVED, "bytes 11 and 40-59 must be 0");
    }
  }

  // ---- directory (edited, then directory and header CRCs fixed)

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void everyDirectoryByteFlippedFailsTheDirectoryChecksum(Reader path) {
    for (int offset = 64; offset < FULL.directoryEnd(); offset += 3) {
      corruption.rejects(path, FULL.copy().xorByte(offset, 0x10).fixHeaderCrc(), "dir-flip-" + offset,
          Check.SECTION_DIRECTORY, "of directory bytes 64-255, computed");
    }
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void directoryFieldsWithValidChecksums(Reader path) {
    corruption.rejects(path, VALID.copy().putInt(IndexBytes.SECTION_COUNT_OFFSET, 1).fixHeaderCrc(),
        "one-section", Check.SECTION_DIRECTORY, "section count 1 is not between 2 and 16");
    corruption.rejects(path, VALID.copy().putInt(IndexBytes.SECTION_COUNT_OFFSET, 17).fixHeaderCrc(),
        "17-sections", Check.SECTION_DIRECTORY, "section count 17 is not between 2 and 16");
    corruption.rejects(path, FULL.copy().putShort(IndexBytes.entry(5) + IndexBytes.ENTRY_KIND, 17).fixHead(),
        "unknown-kind", Check.SECTION_DIRECTORY,
        "section 5 has kind 17, which this reader does not know (written by a newer ipjoin: upgrade ipjoin)");
    corruption.rejects(path, FULL.copy().putShort(IndexBytes.entry(2) + IndexBytes.ENTRY_KIND, 2).fixHead(),
        "repeated-kind", Check.SECTION_DIRECTORY, "section 2 (IPv4 interval ends) is out of order or repeated");
    corruption.rejects(path, VALID.copy().putShort(IndexBytes.entry(0) + IndexBytes.ENTRY_ITEM_BYTES, 2).fixHead(),
        "item-bytes", Check.SECTION_DIRECTORY, "64 items of 2 bytes cannot be 256 bytes");
    corruption.rejects(path, VALID.copy().putLong(IndexBytes.entry(0) + IndexBytes.ENTRY_COUNT, 63).fixHead(),
        "count-vs-length", Check.SECTION_DIRECTORY, "63 items of 4 bytes cannot be 256 bytes");
    corruption.rejects(path, VALID.copy().putLong(IndexBytes.entry(1) + IndexBytes.ENTRY_OFFSET, 388).fixHead(),
        "misaligned", Check.SECTION_DIRECTORY, "section 1 (IPv4 lookup directory) starts at 388, expected 384");
    corruption.rejects(path, VALID.copy().putInt(IndexBytes.FLAGS_OFFSET, IndexByteMap.FLAG_RANGES).fixHeaderCrc(),
        "ranges-flag-without-ends", Check.SECTION_DIRECTORY,
        "no IPv4 interval ends section, which the header's flags require");
    corruption.rejects(path, FULL.copy().putInt(IndexBytes.FLAGS_OFFSET, IndexByteMap.FLAG_RANGES).fixHeaderCrc(),
        "labels-without-flag", Check.SECTION_DIRECTORY,
        "a IPv4 label ids section, which the header's flags exclude");
    int ends = IndexBytes.entry(1);
    corruption.rejects(path, FULL.copy().putLong(ends + IndexBytes.ENTRY_COUNT, 4)
            .putLong(ends + IndexBytes.ENTRY_LENGTH, 16).fixHead(), "ends-count", Check.SECTION_DIRECTORY,
        "the interval sections disagree on the interval count (5)");
  }

  /**
   * A stored lookup directory of any 2^bits + 1 entries, bits 4 .. 22, loads (below, and
   * {@code SmallDirectoryTest}); any other size is {@code DIRECTORY_SIZE}, checked with the section
   * directory, before any section is read.
   */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void lookupDirectoryOfAnotherSize(Reader path) {
    int lookup = IndexBytes.entry(1);
    for (long entries : new long[] {64, 65_536, 0}) {
      corruption.rejects(path, VALID.copy().putLong(lookup + IndexBytes.ENTRY_COUNT, entries)
              .putLong(lookup + IndexBytes.ENTRY_LENGTH, 4 * entries).fixHead(), "size-" + entries,
          Check.DIRECTORY_SIZE, "the lookup directory has " + entries + " entries, not 2^bits + 1"
              + " (bits 4 .. 22, 17 .. 4194305 entries)");
    }
    for (int bits : new int[] {0, 3, 23}) {
      long entries = (1L << bits) + 1;
      corruption.rejects(path, VALID.copy().putLong(lookup + IndexBytes.ENTRY_COUNT, entries)
              .putLong(lookup + IndexBytes.ENTRY_LENGTH, 4 * entries).fixHead(), "bits-" + bits,
          Check.DIRECTORY_SIZE, "the lookup directory has " + entries + " entries, 2^" + bits
              + " + 1; a reader takes bits 4 .. 22, 17 .. 4194305 entries");
    }
  }

  // ---- sections

  /**
   * One flipped byte per section, chosen so that the content stays plausible: with checksums on it
   * is the section checksum that fails; with them off it goes unnoticed (the switch's price) and
   * the damaged value is what gets loaded.
   */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void flippedByteThatKeepsTheContentPlausible(Reader path) throws IOException {
    Map<SectionKind, IndexBytes> damaged = new LinkedHashMap<>();
    damaged.put(SectionKind.V4_STARTS, FULL.copy().xorByte(FULL.offset(SectionKind.V4_STARTS) + 8, 0x01));
    damaged.put(SectionKind.V4_ENDS, FULL.copy().xorByte(FULL.offset(SectionKind.V4_ENDS) + 8, 0x01));
    damaged.put(SectionKind.V4_LABEL_IDS,
        FULL.copy().xorByte(FULL.offset(SectionKind.V4_LABEL_IDS) + 8, 0x03));
    damaged.put(SectionKind.LABEL_ENDS, FULL.copy().xorByte(FULL.offset(SectionKind.LABEL_ENDS) + 4, 0x01));
    damaged.put(SectionKind.LABEL_BYTES, FULL.copy().xorByte(FULL.offset(SectionKind.LABEL_BYTES), 0x01));
    for (Map.Entry<SectionKind, IndexBytes> d : damaged.entrySet()) {
      corruption.rejects(path, d.getValue(), "rot-" + d.getKey(), Check.SECTION_CHECKSUM,
          d.getKey().description + ": the directory says CRC32C 0x");
    }
    Ipv4Lookup starts = corruption.loads(path, damaged.get(SectionKind.V4_STARTS), "starts-off", false).index();
    assertEquals(1, starts.start(2)); // 0 ^ 1, still inside (-10, 99]
    assertEquals(-1, starts.match(0));
    assertEquals(98, corruption.loads(path, damaged.get(SectionKind.V4_ENDS), "ends-off", false).index().end(2));
    assertEquals(1, corruption.loads(path, damaged.get(SectionKind.V4_LABEL_IDS), "ids-off", false).index().labelId(2));
    Ipv4Lookup labelEnds = corruption.loads(path, damaged.get(SectionKind.LABEL_ENDS), "lends-off", false).index();
    assertEquals("to", labelEnds.labels().label(1));
    assertEquals("rnäx", labelEnds.labels().label(2));
    assertEquals("uor", corruption.loads(path, damaged.get(SectionKind.LABEL_BYTES), "lbytes-off", false)
        .index().labels().label(1));
    // The damage that no content check sees, in the exact list too.
    IndexBytes rot = VALID.copy().xorByte(VALID.offset(SectionKind.V4_STARTS) + 20 * 4, 0x01);
    corruption.rejects(path, rot, "exact-rot", Check.SECTION_CHECKSUM);
    LoadedIndex unverified = corruption.loads(path, rot, "exact-rot-off", false);
    assertEquals(KEYS[20] + 1, unverified.index().start(20));
    assertEquals(-1, unverified.index().match(KEYS[20]));
    assertEquals(KEYS.length, unverified.identity().count());
  }

  /**
   * A flipped byte that breaks the content: with checksums on, still reported as the checksum (the
   * check order of IndexByteMap); with them off, the content check that applies catches it.
   */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void flippedByteThatBreaksTheContent(Reader path) {
    Object[][] cases = {
        {SectionKind.V4_STARTS, 4 * 3 + 3, 0x80, Check.SORTED},        // start 3 negative
        {SectionKind.V4_ENDS, 4 * 0 + 1, 0x40, Check.INTERVALS},       // end 0 before its start
        {SectionKind.V4_LABEL_IDS, 4 * 4, 0x10, Check.LABEL_IDS},      // id 19
        {SectionKind.V4_DIRECTORY, 4 * 10, 0x01, Check.LOOKUP_DIRECTORY},
        {SectionKind.LABEL_ENDS, 4 * 3, 0x20, Check.LABELS},           // last end 44
        {SectionKind.LABEL_BYTES, 4, 0x40, Check.LABELS},              // ä's first byte
    };
    for (Object[] c : cases) {
      SectionKind kind = (SectionKind) c[0];
      IndexBytes bytes = FULL.copy().xorByte(FULL.offset(kind) + (int) c[1], (int) c[2]);
      corruption.rejects(path, bytes, "break-" + kind, Check.SECTION_CHECKSUM, kind.description);
      corruption.rejects(path, bytes, "break-" + kind + "-off", (Check) c[3], false);
    }
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void unsortedStartsWithConsistentChecksums(Reader path) {
    SectionKind s = SectionKind.V4_STARTS;
    corruption.rejects(path, VALID.copy().putValue(s, 10, KEYS[11]).putValue(s, 11, KEYS[10]).fixAll(s),
        "swapped", Check.SORTED, "start 11 (" + Ipv4Codec.format(KEYS[10]) + ") is not greater than"
            + " start 10 (" + Ipv4Codec.format(KEYS[11]) + ")");
    corruption.rejects(path, VALID.copy().putValue(s, 10, KEYS[9]).fixAll(s), "duplicate", Check.SORTED,
        "start 10 ");
    corruption.rejects(path, VALID.copy().putValue(s, 1, KEYS[0]).fixAll(s), "duplicate-first-pair",
        Check.SORTED, "start 1 ");
    int last = KEYS.length - 1;
    corruption.rejects(path, VALID.copy().putValue(s, last - 1, KEYS[last]).fixAll(s), "duplicate-last-pair",
        Check.SORTED, "start " + last + " ");
  }

  /**
   * Disorder exactly where a loader hands over to its next piece of work (the decoder's 64 Ki-value
   * pieces, the nio 1 MiB chunks): the comparison across the seam must not be skipped. The stored
   * lookup directory stays the one of the sorted list, so order is the first check to fail.
   */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void disorderAcrossChunkSeams(Reader path) {
    int chunkValues = ChannelLoader.CHUNK_BYTES / 4;
    int[] keys = IntStream.range(0, chunkValues + 16).map(i -> i * 4 - (chunkValues * 2)).toArray();
    IndexBytes big = IndexBytes.of(keys);
    SectionKind s = SectionKind.V4_STARTS;
    for (int seam : new int[] {1 << 16, chunkValues - 16, chunkValues}) {
      corruption.rejects(path, big.copy().putValue(s, seam, keys[seam - 1] - 1).fixAll(s), "seam-" + seam,
          Check.SORTED, "start " + seam + " (");
    }
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void endsOutsideTheirIntervalWithConsistentChecksums(Reader path) {
    SectionKind e = SectionKind.V4_ENDS;
    corruption.rejects(path, FULL.copy().putValue(e, 0, STARTS[1]).fixAll(e), "end-reaches-next-start",
        Check.INTERVALS, "interval 0 ends at " + Ipv4Codec.format(STARTS[1]) + ", outside "
            + Ipv4Codec.format(STARTS[0]) + " .. before " + Ipv4Codec.format(STARTS[1]));
    corruption.rejects(path, FULL.copy().putValue(e, 3, STARTS[3] - 1).fixAll(e), "end-before-start",
        Check.INTERVALS, "interval 3 ends at ");
    corruption.rejects(path, FULL.copy().putValue(e, 4, STARTS[4] - 1).fixAll(e), "last-end-before-start",
        Check.INTERVALS, "interval 4 ends at " + Ipv4Codec.format(STARTS[4] - 1) + ", outside "
            + Ipv4Codec.format(STARTS[4]) + " .. 255.255.255.255");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void labelIdsPastTheDictionary(Reader path) {
    SectionKind ids = SectionKind.V4_LABEL_IDS;
    corruption.rejects(path, FULL.copy().putValue(ids, 2, 4).fixAll(ids), "id-4", Check.LABEL_IDS,
        "interval 2 has label id 4; the dictionary holds ids 1 .. 3");
    corruption.rejects(path, FULL.copy().putValue(ids, 0, -1).fixAll(ids), "id-minus-1", Check.LABEL_IDS,
        "interval 0 has label id -1");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void badLabelOffsetsOrBytes(Reader path) {
    SectionKind ends = SectionKind.LABEL_ENDS;
    corruption.rejects(path, FULL.copy().putValue(ends, 0, 1).fixAll(ends), "first-not-0", Check.LABELS,
        "label offset 0 is 1 after 0 (12 label bytes)");
    corruption.rejects(path, FULL.copy().putValue(ends, 2, 2).fixAll(ends), "decreasing", Check.LABELS,
        "label offset 2 is 2 after 3");
    corruption.rejects(path, FULL.copy().putValue(ends, 2, 13).fixAll(ends), "past-the-bytes", Check.LABELS,
        "label offset 2 is 13 after 3 (12 label bytes)");
    corruption.rejects(path, FULL.copy().putValue(ends, 3, 11).fixAll(ends), "last-short", Check.LABELS,
        "the last label ends at 11, the label bytes are 12 long");
    // Splitting "ä" between labels 2 and 3: both valid offsets, neither label valid UTF-8.
    corruption.rejects(path, FULL.copy().putValue(ends, 2, 5).fixAll(ends), "split-char", Check.LABELS,
        "label 2 is not valid UTF-8");
    SectionKind bytes = SectionKind.LABEL_BYTES;
    corruption.rejects(path, FULL.copy().putSectionByte(bytes, 8, 0xFF).fixAll(bytes), "invalid-utf8",
        Check.LABELS, "label 3 is not valid UTF-8");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void wrongStoredLookupDirectory(Reader path) {
    SectionKind d = SectionKind.V4_DIRECTORY;
    assertEquals((1 << 6) + 1, VALID.count(d), "64 keys: a /6 directory");
    int prefixOfKey0 = (KEYS[0] ^ Integer.MIN_VALUE) >>> (32 - 6); // 0x1f
    corruption.rejects(path, VALID.copy().putValue(d, prefixOfKey0 + 1, 0).fixAll(d), "one-entry",
        Check.LOOKUP_DIRECTORY, "entry " + (prefixOfKey0 + 1) + " is 0; the interval starts give 32");
    corruption.rejects(path, VALID.copy().putValue(d, 1 << 6, 63).fixAll(d), "count-entry",
        Check.LOOKUP_DIRECTORY, "entry 64 is 63; the interval starts give 64");
  }

  /** 50,000 random keys: a directory sized to the list, /10 (50,000 / 40 = 1,250 per prefix). */
  private static final int[] SIZED_KEYS = new java.util.SplittableRandom(50).ints(100_000).distinct()
      .limit(50_000).sorted().toArray();
  private static final IndexBytes SIZED = IndexBytes.of(SIZED_KEYS);

  /** Keys whose address is below {@code prefix << (32 - bits)}: a directory entry, from its definition. */
  private static int keysBelow(int prefix, int bits) {
    long first = ((long) prefix << (32 - bits)) + Integer.MIN_VALUE;
    int k = 0;
    while (k < SIZED_KEYS.length && SIZED_KEYS[k] < first) {
      k++;
    }
    return k;
  }

  /**
   * A directory of the size the width says (2^10 + 1 entries) whose entries are another width's
   * (/11, the first 1,024 of them): a full load compares it with the one the starts give at the
   * stored size and names the first entry that differs. A section claiming 2^16 + 1 entries over
   * the 2^10 + 1 stored ones runs past the end of the file; 2^10 entries are no 2^bits + 1.
   */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void aSizedDirectoryThatDisagreesWithItsWidth(Reader path) {
    SectionKind d = SectionKind.V4_DIRECTORY;
    assertEquals((1 << 10) + 1, SIZED.count(d), "50,000 keys: a /10 directory");
    IndexBytes otherWidth = SIZED.copy();
    for (int p = 0; p < 1 << 10; p++) {
      otherWidth.putValue(d, p, keysBelow(p, 11));
    }
    corruption.rejectsExactly(path, otherWidth.fixAll(d), "other-width", Check.LOOKUP_DIRECTORY,
        "entry 1 is " + keysBelow(1, 11) + "; the interval starts give " + keysBelow(1, 10));
    int entry = IndexBytes.entry(SIZED.entryOf(d));
    long entries = (1 << 16) + 1;
    long end = SIZED.offset(d) + 4 * entries;
    corruption.rejectsExactly(path, SIZED.copy().putLong(entry + IndexBytes.ENTRY_COUNT, entries)
        .putLong(entry + IndexBytes.ENTRY_LENGTH, 4 * entries).fixHead(), "old-width-claimed",
        Check.FILE_LENGTH, "the section directory ends the file at byte " + end + "; the file is "
            + SIZED.length() + " bytes (truncated?)");
    corruption.rejectsExactly(path, SIZED.copy().putLong(entry + IndexBytes.ENTRY_COUNT, 1 << 10)
        .putLong(entry + IndexBytes.ENTRY_LENGTH, 4 << 10).fixHead(), "no-count-entry",
        Check.DIRECTORY_SIZE, "the lookup directory has 1024 entries, not 2^bits + 1 (bits 4 .. 22,"
            + " 17 .. 4194305 entries)");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void wrongSectionChecksumField(Reader path) throws IOException {
    IndexBytes bytes = VALID.copy().xorByte(IndexBytes.entry(0) + IndexBytes.ENTRY_CRC + 2, 0x10)
        .fixHead();
    corruption.rejects(path, bytes, "crc-field", Check.SECTION_CHECKSUM, "IPv4 interval starts: the directory says");
    assertArrayEquals(KEYS, TestLookups.keys(corruption.loads(path, bytes, "crc-field-off", false).index()));
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void textFilesAreNotIndexes(Reader path) throws IOException {
    Path ipsum = RealData.ipsum().toAbsolutePath().normalize(); // Hadoop paths normalise "..", so compare normalised
    CorruptIndexException e = assertThrows(CorruptIndexException.class,
        () -> path.load(ipsum, true));
    assertEquals(Check.MAGIC, e.check());
    assertTrue(e.getMessage().startsWith(ipsum + ": "), e.getMessage());
    assertTrue(e.getMessage().contains("text loader"), e.getMessage());

    // Shorter than a header, but the first byte already says it is not an index.
    Path shortList = dir.resolve("short.txt");
    Files.write(shortList, "1.2.3.4\n".getBytes(StandardCharsets.US_ASCII));
    assertEquals(Check.MAGIC, assertThrows(CorruptIndexException.class,
        () -> path.load(shortList, true)).check());

    // The CRLF in the magic catches a transfer that turned CRLF into LF.
    byte[] lf = VALID.bytes();
    byte[] mangled = new byte[lf.length - 1];
    System.arraycopy(lf, 0, mangled, 0, 6);
    System.arraycopy(lf, 7, mangled, 6, lf.length - 7);
    corruption.rejects(path, IndexBytes.copyOf(mangled), "crlf-to-lf", Check.MAGIC);
    // And the 0x89 catches a transfer that stripped the 8th bit.
    corruption.rejects(path, VALID.copy().putByte(0, 0x09), "seven-bit", Check.MAGIC);
  }

  /**
   * {@code ipindex verify} as users run it: exit 1 and one line naming the file and the check, for a
   * sample of the corpus (the loader under it is covered for every entry above).
   */
  @Test
  void ipindexVerifyExitsOneNamingTheCheck() throws Exception {
    SectionKind s = SectionKind.V4_STARTS;
    corruption.ipindexVerifyFails(VALID.truncate(40), "cut-in-header", Check.HEADER_LENGTH);
    corruption.ipindexVerifyFails(VALID.copy().putByte(0, 0x09), "not-magic", Check.MAGIC);
    corruption.ipindexVerifyFails(VALID.copy().putShort(IndexBytes.VERSION_OFFSET, 1), "v1",
        Check.VERSION);
    corruption.ipindexVerifyFails(VALID.copy().xorByte(IndexBytes.SOURCE_BYTES_OFFSET, 1),
        "header-bit", Check.HEADER_CHECKSUM);
    corruption.ipindexVerifyFails(VALID.copy().xorByte(IndexBytes.entry(1), 1), "directory-bit",
        Check.SECTION_DIRECTORY);
    corruption.ipindexVerifyFails(VALID.truncate(VALID.length() - 4), "section-cut",
        Check.FILE_LENGTH);
    corruption.ipindexVerifyFails(VALID.copy().putValue(s, 10, KEYS[11]).putValue(s, 11, KEYS[10])
        .fixAll(s), "swapped", Check.SORTED);
    corruption.ipindexVerifyFails(VALID.copy().xorByte(VALID.offset(s) + 80, 0x01), "bit-rot",
        Check.SECTION_CHECKSUM);
    corruption.ipindexVerifyFails(FULL.copy().putValue(SectionKind.V4_ENDS, 0, STARTS[1])
        .fixAll(SectionKind.V4_ENDS), "end-overlaps", Check.INTERVALS);
    corruption.ipindexVerifyFails(VALID.copy().putValue(SectionKind.V4_DIRECTORY, 0, 1)
        .fixAll(SectionKind.V4_DIRECTORY), "lookup-directory", Check.LOOKUP_DIRECTORY);
  }

  @Test
  void textLoaderNamesFileAndLineOfAMalformedLine() throws IOException {
    Path list = dir.resolve("ips.tsv");
    Files.write(list, "# header\r\n1.2.3.4\t3\r\n\r\n5.6.7.8\r\n10.0.0.1/8\r\n9.9.9.9\r\n"
        .getBytes(StandardCharsets.US_ASCII));
    MalformedIpListException e = assertThrows(MalformedIpListException.class,
        () -> ReadPath.TEXT.loader().load(list, true));
    assertEquals(5, e.line());
    assertEquals(list + ":5: 10.0.0.1/8 has host bits set; the block is 10.0.0.0/8: '10.0.0.1/8'",
        e.getMessage());

    Path garbage = dir.resolve("garbage.tsv");
    Files.write(garbage, "1.2.3.4\nnot an ip\n".getBytes(StandardCharsets.US_ASCII));
    MalformedIpListException g = assertThrows(MalformedIpListException.class,
        () -> ReadPath.TEXT.loader().load(garbage, true));
    assertEquals(2, g.line());
    assertEquals(garbage + ":2: not an IPv4 or IPv6 address, block or range: 'not an ip'", g.getMessage());
  }

  @Test
  void textLoaderSkipsAByteOrderMarkOnTheFirstLineOnly() throws IOException {
    Path bom = dir.resolve("bom.tsv");
    byte[] body = "1.2.3.4\n".getBytes(StandardCharsets.US_ASCII);
    byte[] bytes = new byte[body.length + 3];
    bytes[0] = (byte) 0xEF;
    bytes[1] = (byte) 0xBB;
    bytes[2] = (byte) 0xBF;
    System.arraycopy(body, 0, bytes, 3, body.length);
    Files.write(bom, bytes);
    assertArrayEquals(new int[] {Ipv4Codec.parseKey("1.2.3.4")},
        TestLookups.keys(ReadPath.TEXT.loader().load(bom, true).index()));

    // Further down, the same bytes are not a BOM but garbage in front of an address.
    Path late = dir.resolve("late-bom.tsv");
    byte[] twoLines = new byte[body.length + bytes.length];
    System.arraycopy(body, 0, twoLines, 0, body.length);
    System.arraycopy(bytes, 0, twoLines, body.length, bytes.length);
    Files.write(late, twoLines);
    MalformedIpListException e = assertThrows(MalformedIpListException.class,
        () -> ReadPath.TEXT.loader().load(late, true));
    assertEquals(2, e.line());
  }
}
