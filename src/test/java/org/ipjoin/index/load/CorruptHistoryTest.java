package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.ListingHistory;
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
 * The {@code HISTORY} section (flag HISTORY), damaged one way at a time, on every binary read path
 * and {@code ipindex verify}: the exact check and message of each. The section checksum is
 * recomputed after each edit ({@link IndexBytes#fixAll}) so that the content check itself fires.
 */
class CorruptHistoryTest {

  @TempDir Path dir;
  private IndexCorruption corruption;

  @BeforeEach
  void corruption() {
    corruption = new IndexCorruption(dir);
  }

  private static final int[] KEYS = {-1000, 0, 500};
  private static final long DAY = 86_400_000L;
  /** Three daily snapshots from 2026-03-12, the last valid for a day. */
  private static final long[] TIMES = {20_524 * DAY, 20_525 * DAY, 20_526 * DAY, 20_527 * DAY};
  /** Entry 0 in every snapshot, entry 1 in the first and the last, entry 2 in the middle one. */
  private static final int[] PERIOD_ENDS = {0, 1, 3, 4};
  private static final int[] PERIODS = {0, 3, 0, 1, 2, 3, 1, 2};
  private static final IndexBytes HISTORY = history();

  /** Byte offsets inside the section (the layout {@link ListingHistory} documents). */
  private static final int OFFSETS_AT = ListingHistory.TIMES_OFFSET + 8 * TIMES.length;
  private static final int PERIODS_AT = OFFSETS_AT + 4 * PERIOD_ENDS.length;

  private static IndexBytes history() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      IndexWriter.writeHistory(IndexContent.exact(KEYS, KEYS.length, 30, 9),
          new ListingHistory(TIMES, PERIOD_ENDS, PERIODS), out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return IndexBytes.copyOf(out.toByteArray());
  }

  static Stream<Reader> binaryPaths() {
    return IndexReaders.binaryPaths();
  }

  private static IndexBytes int32(int at, int value) {
    return HISTORY.copy().putInt(HISTORY.offset(SectionKind.HISTORY) + at, value)
        .fixAll(SectionKind.HISTORY);
  }

  private static IndexBytes int64(int at, long value) {
    return HISTORY.copy().putLong(HISTORY.offset(SectionKind.HISTORY) + at, value)
        .fixAll(SectionKind.HISTORY);
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void theHistoryLoadsOnEveryPathAndAnswersAsOf(Reader path) throws IOException {
    LoadedIndex loaded = corruption.loads(path, HISTORY, "history", true);
    ListingHistory h = loaded.history();
    assertEquals(3, h.snapshots());
    assertEquals(3, h.entries());
    AsOfLookup asOf = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
    long noon = DAY / 2;
    assertEquals(1, asOf.match(0, TIMES[0] + noon));
    assertEquals(Ipv4Lookup.NO_MATCH, asOf.match(0, TIMES[1] + noon), "dropped");
    assertEquals(1, asOf.match(0, TIMES[2] + noon), "listed again");
    assertEquals(2, asOf.match(500, TIMES[1]));
    assertEquals(Ipv4Lookup.NO_MATCH, asOf.match(500, TIMES[2] - 1 + 1));
    assertEquals(Ipv4Lookup.NO_MATCH, asOf.match(-1000, TIMES[0] - 1), "before the first");
    assertEquals(Ipv4Lookup.NO_MATCH, asOf.match(-1000, TIMES[3]), "after the validity");
    assertEquals(1, asOf.match(0, AsOfLookup.NOW), "now: the last snapshot");
    AsOfLookup nearest = new AsOfLookup(loaded, AsOfLookup.Outside.NEAREST);
    assertEquals(1, nearest.match(0, TIMES[0] - 1));
    assertEquals(Ipv4Lookup.NO_MATCH, nearest.match(500, TIMES[3] + DAY));
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void eachBrokenRuleHasItsCheckAndMessage(Reader path) {
    corruption.rejectsExactly(path, int32(ListingHistory.SNAPSHOTS_OFFSET, 0), "no-snapshots",
        Check.HISTORY_SHAPE, "0 snapshots (1 .. 65535)");
    corruption.rejectsExactly(path, int32(ListingHistory.ENTRIES_OFFSET, 4), "entries",
        Check.HISTORY_SHAPE, "the history has 4 entries; the index has 3 intervals");
    corruption.rejectsExactly(path, int32(ListingHistory.PERIODS_OFFSET, 5), "period-count",
        Check.HISTORY_SHAPE, "the history section has 96 bytes; 3 snapshots, 3 entries and 5"
            + " periods take 104");
    corruption.rejectsExactly(path, int32(ListingHistory.RESERVED_OFFSET, 1), "reserved",
        Check.HISTORY_SHAPE, "its bytes 12-15 must be 0");
    corruption.rejectsExactly(path, int64(ListingHistory.TIMES_OFFSET + 16, TIMES[1]),
        "times-repeat", Check.SNAPSHOT_TIMES, "snapshot 2's time " + TIMES[1] + " is not after "
            + TIMES[1]);
    corruption.rejectsExactly(path, int64(ListingHistory.TIMES_OFFSET + 24, TIMES[1]),
        "validity-end", Check.SNAPSHOT_TIMES, "the validity end " + TIMES[1] + " is not after "
            + TIMES[2]);
    corruption.rejectsExactly(path, int32(OFFSETS_AT, 1), "first-offset", Check.PERIOD_OFFSETS,
        "entry 0's period offset 1 is not 0");
    corruption.rejectsExactly(path, int32(OFFSETS_AT + 4, 0), "entry-without-period",
        Check.PERIOD_OFFSETS, "entry 1's period offset 0 is not after 0 (every entry has a period)");
    corruption.rejectsExactly(path, int32(OFFSETS_AT + 12, 5), "last-offset",
        Check.PERIOD_OFFSETS, "the last period offset 5 is not the period count 4");
    corruption.rejectsExactly(path, int32(PERIODS_AT + 4, 0), "empty-period", Check.PERIOD_BOUNDS,
        "entry 0's period 0..0 is not 0 <= from < to <= 3 snapshots");
    corruption.rejectsExactly(path, int32(PERIODS_AT + 4, 4), "past-the-snapshots",
        Check.PERIOD_BOUNDS, "entry 0's period 0..4 is not 0 <= from < to <= 3 snapshots");
    corruption.rejectsExactly(path, int32(PERIODS_AT, -1), "negative-from", Check.PERIOD_BOUNDS,
        "entry 0's period -1..3 is not 0 <= from < to <= 3 snapshots");
    corruption.rejectsExactly(path, int32(PERIODS_AT + 16, 1), "touching", Check.PERIOD_ORDER,
        "entry 1's period 1..3 does not begin after the one before, which ends at 1");
    corruption.rejectsExactly(path, int32(PERIODS_AT + 16, 0), "overlapping", Check.PERIOD_ORDER,
        "entry 1's period 0..3 does not begin after the one before, which ends at 1");
    corruption.rejects(path, HISTORY.copy().putSectionByte(SectionKind.HISTORY, 20, 7),
        "checksum", Check.SECTION_CHECKSUM, "listing history");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void theFlagAndTheSectionGoTogether(Reader path) {
    corruption.rejectsExactly(path, IndexBytes.of(KEYS).putInt(IndexBytes.FLAGS_OFFSET,
            IndexByteMap.FLAG_HISTORY).fixHeaderCrc(), "flag-without-section",
        Check.SECTION_DIRECTORY, "no listing history section, which the header's flags require");
    corruption.rejectsExactly(path, HISTORY.copy().putInt(IndexBytes.FLAGS_OFFSET, 0)
            .fixHeaderCrc(), "section-without-flag", Check.SECTION_DIRECTORY,
        "a listing history section, which the header's flags exclude");
    corruption.rejectsExactly(path, HISTORY.copy().putInt(IndexBytes.FLAGS_OFFSET,
            IndexByteMap.FLAG_HISTORY | IndexByteMap.FLAG_COMPACT).fixHeaderCrc(), "with-compact",
        Check.FLAGS, "flag 0x100 (history) is set with flag 0x10 (compact) or 0x80 (implicit ends)");
  }
}
