package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.ipjoin.index.TestLookups;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.testing.IndexCorruption;
import org.ipjoin.testing.IndexReaders.Reader;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each structural invariant of the compact layout, damaged with every CRC fixed up so that only
 * that invariant is wrong, fails its own {@link Check} with its own message on every binary read
 * path (as {@link CorruptIndexTest} does for the sorted layout).
 */
class CompactCorruptIndexTest {

  @TempDir Path dir;
  private IndexCorruption corruption;

  @BeforeEach
  void corruption() {
    corruption = new IndexCorruption(dir);
  }

  /** 10.0.0.0/16: 3 keys (sparse); 10.1.0.0/16: 4,097 keys, every 15th address (dense). */
  private static final int[] KEYS = IntStream.concat(
      IntStream.of(key(10, 0, 0, 5), key(10, 0, 1, 7), key(10, 0, 200, 9)),
      IntStream.range(0, 4097).map(i -> key(10, 1, (15 * i) >>> 8, (15 * i) & 255))).toArray();
  private static final IndexBytes VALID = IndexBytes.compact(KEYS);
  /** Bucket 10.0/16 and 10.1/16 in the bucket directory. */
  private static final int SPARSE = 10 << 8;
  private static final int DENSE = SPARSE + 1;

  private static int key(int a, int b, int c, int d) {
    return (int) ((((long) a << 24) | ((long) b << 16) | ((long) c << 8) | d) - (1L << 31));
  }

  static java.util.stream.Stream<Reader> binaryPaths() {
    return IndexReaders.binaryPaths();
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void theValidFileLoads(Reader path) throws IOException {
    Path file = VALID.writeTo(dir.resolve("valid.ipidx"));
    assertArrayEquals(KEYS, TestLookups.keys(path.load(file, true).index()));
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void headerAndDirectory(Reader path) {
    corruption.rejects(path, VALID.copy().putInt(IndexBytes.FLAGS_OFFSET, 0x11).fixHeaderCrc(), "ranges",
        Check.FLAGS, "flag 0x10 (compact) is set with flag 0x1 (ranges) or 0x2 (labels)");
    corruption.rejects(path, VALID.copy().putInt(IndexBytes.FLAGS_OFFSET, 0).fixHeaderCrc(), "not-compact",
        Check.RESERVED, "bytes 11 and 40-59 must be 0 (40-47 hold a key count only with flag"
            + " 0x10, compact, or 0x80, implicit ends)");
    corruption.rejects(path, VALID.copy().putLong(40, 1L << 31).fixHeaderCrc(), "too-many-keys",
        Check.SECTION_DIRECTORY, "the header's key count 2147483648 is more than a compact index"
            + " holds (2147483647)");
    int e = IndexBytes.entry(VALID.entryOf(SectionKind.V4_BITMAP_RANKS));
    corruption.rejects(path, VALID.copy().putLong(e + IndexBytes.ENTRY_COUNT, 127)
        .putLong(e + IndexBytes.ENTRY_LENGTH, 254).fixHead(), "ranks-count",
        Check.SECTION_DIRECTORY, "the compact bitmaps (1024 words) and their ranks (127 entries)");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void bucketDirectory(Reader path) {
    corruption.rejects(path, VALID.copy().putLong(40, KEYS.length + 1).fixHeaderCrc(), "header-count",
        Check.BUCKETS, "the buckets hold 4100 keys; the header says 4101");
    corruption.rejects(path, VALID.copy().putValue(SectionKind.V4_BUCKETS, 0, 1)
        .fixAll(SectionKind.V4_BUCKETS), "first-rank", Check.BUCKETS,
        "bucket 0 (0.0.0.0/16) has rank 1, not 0");
    corruption.rejects(path, VALID.copy().putValue(SectionKind.V4_BUCKETS, 2 * SPARSE + 2, 2)
        .fixAll(SectionKind.V4_BUCKETS), "rank-down", Check.BUCKETS,
        "bucket 2562 (10.2.0.0/16, 0 keys, sparse) starts at 3; the buckets before it give 2");
    corruption.rejects(path, VALID.copy().putValue(SectionKind.V4_BUCKETS, 2 * SPARSE + 2, -5)
        .fixAll(SectionKind.V4_BUCKETS), "rank-negative", Check.BUCKETS,
        "bucket 2560 (10.0.0.0/16) has rank 0 and the next -5: -5 keys do not fit a /16");
    corruption.rejects(path, VALID.copy().putValue(SectionKind.V4_BUCKETS, 2 * DENSE + 1, 8)
        .fixAll(SectionKind.V4_BUCKETS), "data-start", Check.BUCKETS,
        "bucket 2561 (10.1.0.0/16, 4097 keys, dense) starts at 8; the buckets before it give 0");
    corruption.rejects(path, VALID.copy().putValue(SectionKind.V4_BUCKETS, 2 * 65536 + 1, 4)
        .fixAll(SectionKind.V4_BUCKETS), "suffix-count", Check.BUCKETS,
        "the sparse buckets hold 3 keys; the directory's last entry says 4 and the suffixes"
            + " section 3");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void suffixesStrictlyIncreasingInsideABucket(Reader path) {
    int second = VALID.u16(SectionKind.V4_SUFFIXES, 1);
    corruption.rejects(path, VALID.copy().putShort(VALID.offset(SectionKind.V4_SUFFIXES) + 4, second)
        .fixAll(SectionKind.V4_SUFFIXES), "duplicate", Check.SUFFIXES,
        "suffix 2 (10.0.1.7) of bucket 2560 (10.0.0.0/16) is not greater than the one before"
            + " (10.0.1.7)");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void bitmapPopcountsAndRanks(Reader path) {
    int at = VALID.offset(SectionKind.V4_BITMAPS);
    corruption.rejects(path, VALID.copy().putLong(at, VALID.i64(SectionKind.V4_BITMAPS, 0) | 2)
        .fixAll(SectionKind.V4_BITMAPS), "extra-bit", Check.BITMAPS,
        "the bitmap of bucket 2561 (10.1.0.0/16) has 4098 bits set; the directory gives it 4097"
            + " keys");
    // Moving a bit keeps the popcount but not the rank of the 512 bits after it.
    corruption.rejects(path, VALID.copy().putLong(at, VALID.i64(SectionKind.V4_BITMAPS, 0) & ~1L)
        .putLong(at + 8 * 8, VALID.i64(SectionKind.V4_BITMAPS, 8) | 2)
        .fixAll(SectionKind.V4_BITMAPS), "moved-bit", Check.BITMAP_RANKS,
        "rank entry 1 (bitmap 0, bits from 512) is 35; the bitmap gives 34");
    corruption.rejects(path, VALID.copy().putShort(VALID.offset(SectionKind.V4_BITMAP_RANKS) + 2, 36)
        .fixAll(SectionKind.V4_BITMAP_RANKS), "rank", Check.BITMAP_RANKS,
        "rank entry 1 (bitmap 0, bits from 512) is 36; the bitmap gives 35");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void aFlippedByteInEachCompactSectionFailsItsChecksum(Reader path) {
    for (SectionKind kind : new SectionKind[] {SectionKind.V4_BUCKETS, SectionKind.V4_SUFFIXES,
        SectionKind.V4_BITMAPS, SectionKind.V4_BITMAP_RANKS}) {
      corruption.rejects(path, VALID.copy().xorByte(VALID.offset(kind) + 1, 0x40), "flip-" + kind,
          Check.SECTION_CHECKSUM, kind.description + ": the directory says CRC32C");
    }
  }
}
