package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.testing.IndexCorruption;
import org.ipjoin.testing.IndexReaders;
import org.ipjoin.testing.IndexReaders.Reader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An index with implicit ends ({@link IndexByteMap#FLAG_IMPLICIT_ENDS}), damaged one way at a
 * time, on every binary read path and {@code ipindex verify}: the exact check and message of each
 * new invariant. Section checksums are recomputed after each edit so that the content check fires.
 */
class CorruptImplicitEndsTest {

  @TempDir Path dir;
  private IndexCorruption corruption;

  @BeforeEach
  void corruption() {
    corruption = new IndexCorruption(dir);
  }

  /** Four listed intervals: two touching, a gap of 10 addresses, two touching, then the top. */
  private static final int[] STARTS = {-1000, -900, -790, -700};
  private static final int[] ENDS = {-901, -801, -701, -601};
  private static final int[] LABEL_IDS = {1, 2, 1, 2};
  private static final String LABELS = "AS1\tFooAS2\tBar";
  private static final int[] LABEL_ENDS = {0, 7, 14};
  private static final List<String> NAMES = List.of("asn", "org");
  /** In the file: 6 intervals, the gaps at 2 (-800 .. -791) and 5 (-600 .. 255.255.255.255). */
  private static final IndexBytes VALID = IndexBytes.of(content(null));
  private static final IndexBytes WITH_V6 = IndexBytes.of(content(
      new IndexContent.V6(new long[] {0x2001_0db8L << 32 ^ Long.MIN_VALUE, Long.MIN_VALUE}, null,
          new int[] {1}, 1)));

  private static IndexContent content(IndexContent.V6 v6) {
    return new IndexContent(STARTS, ENDS, LABEL_IDS, 4, LABEL_ENDS,
        LABELS.getBytes(StandardCharsets.UTF_8), 99, 4, v6, NAMES);
  }

  static Stream<Reader> binaryPaths() {
    return IndexReaders.binaryPaths();
  }

  private static IndexBytes id(IndexBytes bytes, SectionKind kind, int i, int value) {
    return bytes.copy().putShort(bytes.offset(kind) + 2 * i, value).fixAll(kind);
  }

  private static IndexBytes flags(int flags) {
    return VALID.copy().putInt(IndexBytes.FLAGS_OFFSET, flags).fixHeaderCrc();
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void theValidFileAnswersNoMatchInItsGaps(Reader path) throws IOException {
    assertEquals(6, VALID.count(SectionKind.V4_STARTS));
    assertEquals(IndexByteMap.GAP_LABEL_ID, VALID.u16(SectionKind.V4_LABEL_IDS, 2));
    Ipv4Lookup index = corruption.loads(path, VALID, "valid", true).index();
    assertEquals(4, index.listedCount());
    assertEquals(Ipv4Lookup.NO_MATCH, index.match(-1001));
    assertEquals(0, index.match(-1000));
    assertEquals(1, index.match(-801));
    for (int key : new int[] {-800, -795, -791, -600, 0, Integer.MAX_VALUE}) {
      assertEquals(Ipv4Lookup.NO_MATCH, index.match(key), "gap " + key);
    }
    assertEquals(3, index.match(-790));
    assertEquals(4, index.match(-601));
    assertEquals(-601, index.end(4));
    assertFalse(index.listed(2));
    assertTrue(index.listed(3));
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void eachBrokenRuleHasItsMessage(Reader path) {
    corruption.rejectsExactly(path, id(VALID, SectionKind.V4_LABEL_IDS, 0, 0xFFFF), "gap-first",
        Check.LABEL_IDS, "interval 0 has label id 65535 (a gap); the first interval is a listed one");
    corruption.rejectsExactly(path, id(VALID, SectionKind.V4_LABEL_IDS, 3, 0xFFFF), "two-gaps",
        Check.LABEL_IDS, "intervals 2 and 3 both have label id 65535 (a gap); a gap is one interval");
    corruption.rejectsExactly(path, id(VALID, SectionKind.V4_LABEL_IDS, 1, 3), "unknown-id",
        Check.LABEL_IDS, "interval 1 has label id 3; the dictionary holds ids 1 .. 2");
    corruption.rejectsExactly(path, VALID.copy().putLong(40, 5).fixHeaderCrc(), "listed-count",
        Check.LABEL_IDS, "6 intervals with 2 gaps are 4 listed ones; the header says 5");
    corruption.rejectsExactly(path, id(WITH_V6, SectionKind.V6_LABEL_IDS, 0, 0xFFFF), "ipv6-gap",
        Check.LABEL_IDS, "IPv6 interval 0 has label id 65535; the dictionary holds ids 1 .. 2");
  }

  /**
   * 65,535 single addresses, each of its own label of two attributes: u16 ids without the gap's
   * id free, so the writer keeps its file without implicit ends (nor ends: one address each).
   */
  private static IndexBytes everyShortId() {
    int n = IndexByteMap.MAX_SHORT_LABEL_IDS;
    int[] starts = new int[n];
    int[] ids = new int[n];
    int[] labelEnds = new int[n + 1];
    StringBuilder labels = new StringBuilder();
    for (int i = 0; i < n; i++) {
      starts[i] = i;
      ids[i] = i + 1;
      labels.append('L').append(i).append("\tx");
      labelEnds[i + 1] = labels.length();
    }
    return IndexBytes.of(new IndexContent(starts, null, ids, n, labelEnds,
        labels.toString().getBytes(StandardCharsets.US_ASCII), 0, 0, null, NAMES));
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void theGapIdIsNoLabels(Reader path) {
    IndexBytes full = everyShortId();
    int flags = IndexByteMap.FLAG_LABELS | IndexByteMap.FLAG_ATTRIBUTES
        | IndexByteMap.FLAG_SHORT_LABEL_IDS;
    assertEquals(flags, full.bytes()[IndexBytes.FLAGS_OFFSET] & 0xFF);
    corruption.rejectsExactly(path, full.copy()
            .putInt(IndexBytes.FLAGS_OFFSET, flags | IndexByteMap.FLAG_IMPLICIT_ENDS)
            .putLong(40, IndexByteMap.MAX_SHORT_LABEL_IDS).fixHeaderCrc(), "65535-labels",
        Check.SECTION_DIRECTORY, "65535 labels are more than implicit ends allow (65534; label id"
            + " 65535 marks a gap)");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void theFlagGoesWithShortIdsAndWithoutRanges(Reader path) {
    int valid = IndexByteMap.FLAG_LABELS | IndexByteMap.FLAG_ATTRIBUTES
        | IndexByteMap.FLAG_SHORT_LABEL_IDS | IndexByteMap.FLAG_IMPLICIT_ENDS;
    assertEquals(valid, VALID.copy().bytes()[IndexBytes.FLAGS_OFFSET] & 0xFF);
    corruption.rejectsExactly(path, flags(valid & ~IndexByteMap.FLAG_SHORT_LABEL_IDS),
        "without-short-ids", Check.FLAGS,
        "flag 0x80 (implicit ends) is set without flag 0x40 (short label ids)");
    corruption.rejectsExactly(path, flags(valid | IndexByteMap.FLAG_RANGES), "with-ranges",
        Check.FLAGS, "flag 0x80 (implicit ends) is set with flag 0x1 (ranges)");
    corruption.rejectsExactly(path, flags(valid & ~IndexByteMap.FLAG_IMPLICIT_ENDS),
        "count-without-flag", Check.RESERVED, "bytes 11 and 40-59 must be 0 (40-47 hold a key"
            + " count only with flag 0x10, compact, or 0x80, implicit ends)");
  }
}
