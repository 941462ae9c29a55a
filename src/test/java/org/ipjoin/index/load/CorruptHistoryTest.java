package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.testing.IndexCorruption;
import org.ipjoin.testing.IndexReaders;
import org.ipjoin.testing.IndexReaders.Reader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
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

  /** Three addresses whose periods differ, then 15 listed throughout: two blocks of entries. */
  private static final int[] KEYS = keys();
  private static final long DAY = 86_400_000L;
  /** Three daily snapshots from 2026-03-12, the last valid for a day. */
  private static final long[] TIMES = {20_524 * DAY, 20_525 * DAY, 20_526 * DAY, 20_527 * DAY};
  /**
   * Entry 0 in every snapshot, entry 1 in the first and the last, entry 2 in the middle one,
   * entries 3 .. 17 in every snapshot.
   */
  private static final int[] PERIOD_ENDS = periodEnds();
  private static final int[] PERIODS = periods();
  private static final IndexBytes HISTORY = history();

  /**
   * Byte offsets inside the section (the map {@link ListingHistory} documents), and the codes
   * written by hand from its rules: entry 0 {@code 00 02} (from 0, one period; length 3), entry 1
   * {@code 01 06 00 00 00} (from 0, more; 3 bytes follow, not relabelled; length 1; gap 1; length
   * 1), entry 2
   * {@code 02 00} (from 1; length 1), entries 3 .. 17 {@code 00 02}: block 0 is 35 bytes, block
   * 1 (entries 16, 17) 4.
   */
  private static final int OFFSETS_AT = (int) ListingHistory.blockOffsetsAt(3);
  private static final int CODES_AT = (int) ListingHistory.codesAt(3, KEYS.length);
  private static final byte[] CODES = codes();

  private static int[] keys() {
    int[] keys = new int[18];
    keys[0] = -1000;
    keys[1] = 0;
    for (int i = 2; i < keys.length; i++) {
      keys[i] = 500 + i - 2;
    }
    return keys;
  }

  private static int[] periodEnds() {
    int[] ends = new int[19];
    ends[1] = 1;
    for (int e = 2; e <= 18; e++) {
      ends[e] = e + 1;
    }
    return ends;
  }

  private static int[] periods() {
    int[] periods = new int[2 * 19];
    int[] first = {0, 3, 0, 1, 2, 3, 1, 2};
    System.arraycopy(first, 0, periods, 0, first.length);
    for (int p = 4; p < 19; p++) {
      periods[2 * p] = 0;
      periods[2 * p + 1] = 3;
    }
    return periods;
  }

  private static byte[] codes() {
    byte[] codes = new byte[39];
    byte[] first = {0, 2, 1, 6, 0, 0, 0, 2, 0};
    System.arraycopy(first, 0, codes, 0, first.length);
    for (int at = first.length; at < codes.length; at += 2) {
      codes[at + 1] = 2;
    }
    return codes;
  }

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

  /** The section with its code bytes from {@code at} (counted from the first code) set to {@code values}. */
  private static IndexBytes codes(int at, int... values) {
    IndexBytes bytes = HISTORY.copy();
    for (int i = 0; i < values.length; i++) {
      bytes.putSectionByte(SectionKind.HISTORY, CODES_AT + at + i, values[i]);
    }
    return bytes.fixAll(SectionKind.HISTORY);
  }

  @Test
  void theCodesAreTheDocumentedOnes() {
    int at = HISTORY.offset(SectionKind.HISTORY);
    byte[] section = Arrays.copyOfRange(HISTORY.bytes(), at,
        at + HISTORY.sectionLength(SectionKind.HISTORY));
    assertEquals(CODES_AT + CODES.length, section.length);
    assertArrayEquals(CODES, Arrays.copyOfRange(section, CODES_AT, section.length));
    ByteBuffer b = ByteBuffer.wrap(section).order(ByteOrder.LITTLE_ENDIAN);
    assertEquals(0, b.getInt(OFFSETS_AT));
    assertEquals(35, b.getInt(OFFSETS_AT + 4));
    assertEquals(39, b.getInt(OFFSETS_AT + 8));
    assertEquals(19, b.getInt(ListingHistory.PERIODS_OFFSET));
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
    assertEquals(18, h.entries());
    assertEquals(19, h.periodCount());
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
    corruption.rejectsExactly(path, int32(ListingHistory.ENTRIES_OFFSET, 19), "entries",
        Check.HISTORY_SHAPE, "the history has 19 entries; the index has 18 intervals");
    corruption.rejectsExactly(path, int32(ListingHistory.RESERVED_OFFSET, 1), "reserved",
        Check.HISTORY_SHAPE, "its bytes 12-15 must be 0");
    corruption.rejectsExactly(path, int32(ListingHistory.SNAPSHOTS_OFFSET, 6), "short",
        Check.HISTORY_SHAPE, "the history section has 99 bytes; 6 snapshots and 18 entries take"
            + " at least 120 (two code bytes an entry)");
    corruption.rejectsExactly(path, int32(ListingHistory.PERIODS_OFFSET, 18), "period-count",
        Check.HISTORY_SHAPE, "the entries hold 19 periods; the head says 18");
    corruption.rejectsExactly(path, int64(ListingHistory.TIMES_OFFSET + 16, TIMES[1]),
        "times-repeat", Check.SNAPSHOT_TIMES, "snapshot 2's time " + TIMES[1] + " is not after "
            + TIMES[1]);
    corruption.rejectsExactly(path, int64(ListingHistory.TIMES_OFFSET + 24, TIMES[1]),
        "validity-end", Check.SNAPSHOT_TIMES, "the validity end " + TIMES[1] + " is not after "
            + TIMES[2]);
    corruption.rejectsExactly(path, int32(OFFSETS_AT, 1), "first-offset", Check.BLOCK_OFFSETS,
        "block 0's offset 1 is not 0");
    corruption.rejectsExactly(path, int32(OFFSETS_AT + 4, 0), "empty-block",
        Check.BLOCK_OFFSETS, "block 1's offset 0 is not after 0 (every block holds an entry)");
    corruption.rejectsExactly(path, int32(OFFSETS_AT + 4, 900), "past-the-codes",
        Check.BLOCK_OFFSETS, "block 1's offset 900 is past the codes' length 39");
    corruption.rejectsExactly(path, int32(OFFSETS_AT + 8, 38), "last-offset",
        Check.BLOCK_OFFSETS, "the last block offset 38 is not the codes' length 39");
    corruption.rejectsExactly(path, int32(OFFSETS_AT + 4, 36), "block-end",
        Check.BLOCK_OFFSETS, "block 0's entries end at code byte 35; block 1 begins at 36");
    corruption.rejectsExactly(path, int32(OFFSETS_AT + 4, 34), "block-cut", Check.PERIOD_CODES,
        "entry 15's codes run past the end of its block, code byte 34");
    corruption.rejectsExactly(path, codes(38, 0x82), "past-the-end", Check.PERIOD_CODES,
        "entry 17's codes run past the end of its block, code byte 39");
    corruption.rejectsExactly(path, codes(0, 0x80, 0), "needless-zero", Check.PERIOD_CODES,
        "entry 0 has a code that ends in a needless 0 byte, code byte 1");
    corruption.rejectsExactly(path, codes(2, 0x81, 0x80, 0x80, 0x80, 0x80), "too-long",
        Check.PERIOD_CODES, "entry 1 has a code longer than 5 bytes, at code byte 2");
    corruption.rejectsExactly(path, codes(2, 0x81, 0x80, 0x80, 0x80, 0x10), "too-large",
        Check.PERIOD_CODES, "entry 1 has a code of 4294967297, above 2^31 - 1, at code byte 2");
    corruption.rejectsExactly(path, codes(3, 0x7e), "length-past-the-block", Check.PERIOD_CODES,
        "entry 1's length code says 63 bytes, past the end of its block, code byte 35");
    corruption.rejectsExactly(path, codes(3, 2), "length-of-one-period", Check.PERIOD_CODES,
        "entry 1 is marked with more than one period, but its codes hold one");
    corruption.rejectsExactly(path, codes(3, 4), "past-the-length", Check.PERIOD_CODES,
        "entry 1's codes run past the end of its length code, code byte 6");
    corruption.rejectsExactly(path, codes(1, 3), "past-the-snapshots", Check.PERIOD_BOUNDS,
        "entry 0's period 1, 0..4, ends after the 3 snapshots");
    corruption.rejectsExactly(path, codes(5, 1), "second-past-the-snapshots",
        Check.PERIOD_BOUNDS, "entry 1's period 2, 3..4, ends after the 3 snapshots");
    corruption.rejectsExactly(path, codes(7, 6), "first-past-the-snapshots", Check.PERIOD_BOUNDS,
        "entry 2's period 1, 3..4, ends after the 3 snapshots");
    corruption.rejects(path, HISTORY.copy().putSectionByte(SectionKind.HISTORY, 20, 7),
        "checksum", Check.SECTION_CHECKSUM, "listing history");
  }

  /**
   * Labels "a" (1) and "b" (2); entry 0 relabelled: a in snapshot 0, b in 1 and 2, periods that
   * touch: codes {@code 01 0b 00 01 00 01 02} (from 0, more; 5 bytes follow, relabelled; length
   * 1, label 1; gap 0, length 2, label 2); entry 1 {@code 00 02}, entry 2 {@code 02 00}.
   */
  private static final byte[] LABELLED_CODES = {1, 11, 0, 1, 0, 1, 2, 0, 2, 2, 0};
  private static final IndexBytes LABELLED = labelled();

  private static IndexBytes labelled() {
    return labelled(new int[] {0, 1, 2}, "ab", List.of());
  }

  /**
   * The labelled history of labels {@code labels} (ends {@code ends}): two of them; with {@code
   * names}, a history of those attributes.
   */
  private static IndexBytes labelled(int[] ends, String labels, List<String> names) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int[] keys = {-1000, 0, 500};
    try {
      IndexWriter.writeHistory(new IndexContent(keys, null, new int[] {2, 1, 1}, 3, ends,
              labels.getBytes(java.nio.charset.StandardCharsets.UTF_8), 30, 9, null, names),
          new ListingHistory(TIMES, new int[] {0, 2, 3, 4}, new int[] {0, 1, 1, 3, 0, 3, 1, 2},
              new int[] {1, 2, 1, 1}), out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return IndexBytes.copyOf(out.toByteArray());
  }

  /** The labelled section with its code bytes from {@code at} set to {@code values}. */
  private static IndexBytes labelledCodes(int at, int... values) {
    return labelledCodes(LABELLED, at, values);
  }

  /** {@code labelled}'s section with its code bytes from {@code at} set to {@code values}. */
  private static IndexBytes labelledCodes(IndexBytes labelled, int at, int... values) {
    IndexBytes bytes = labelled.copy();
    int codesAt = (int) ListingHistory.codesAt(3, 3);
    for (int i = 0; i < values.length; i++) {
      bytes.putSectionByte(SectionKind.HISTORY, codesAt + at + i, values[i]);
    }
    return bytes.fixAll(SectionKind.HISTORY);
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void aRelabelledEntryAnswersEachPeriodsLabelAndItsLabelsAreChecked(Reader path)
      throws IOException {
    int at = LABELLED.offset(SectionKind.HISTORY);
    byte[] section = Arrays.copyOfRange(LABELLED.bytes(), at,
        at + LABELLED.sectionLength(SectionKind.HISTORY));
    assertArrayEquals(LABELLED_CODES, Arrays.copyOfRange(section,
        (int) ListingHistory.codesAt(3, 3), section.length));
    LoadedIndex loaded = corruption.loads(path, LABELLED, "labelled", true);
    AsOfLookup asOf = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
    long noon = DAY / 2;
    assertEquals(1, asOf.labelId(asOf.match(-1000, TIMES[0] + noon), TIMES[0] + noon));
    assertEquals(2, asOf.labelId(asOf.match(-1000, TIMES[1] + noon), TIMES[1] + noon));
    assertEquals(2, asOf.labelId(0, AsOfLookup.NOW));
    assertEquals(1, asOf.labelId(asOf.match(0, TIMES[0] + noon), TIMES[0] + noon));
    assertArrayEquals(new int[] {1, 2}, loaded.history().periodLabels(0));
    assertEquals(null, loaded.history().periodLabels(1));

    corruption.rejectsExactly(path, labelledCodes(3, 9), "label-id", Check.PERIOD_LABELS,
        "entry 0's period 1 has label id 9; the index has 2 labels");
    corruption.rejectsExactly(path, labelledCodes(6, 1), "touching-one-label",
        Check.PERIOD_LABELS, "entry 0's periods 1 and 2 touch at snapshot 1 with one label id, 1"
            + " (they are one period)");
    corruption.rejectsExactly(path, labelledCodes(4, 1, 0, 1), "one-label",
        Check.PERIOD_LABELS, "entry 0 is written relabelled, but each of its periods has label"
            + " id 1");
  }

  /**
   * The labelled history as a history of attributes ({@code ipindex build --as-of-from-file
   * --labels asn,org}): flags ATTRIBUTES and SHORT_LABEL_IDS beside HISTORY, the names and each
   * period's tuple of values on every path, its period label ids checked against the label count
   * as any history's.
   */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void aHistoryOfAttributesAnswersEachPeriodsValuesAndItsLabelsAreChecked(Reader path)
      throws IOException {
    IndexBytes attributes = labelled(new int[] {0, 7, 14}, "AS1\tOneAS2\tTwo",
        List.of("asn", "org"));
    int flags = ByteBuffer.wrap(attributes.bytes()).order(ByteOrder.LITTLE_ENDIAN)
        .getInt(IndexBytes.FLAGS_OFFSET);
    int expected = IndexByteMap.FLAG_LABELS | IndexByteMap.FLAG_ATTRIBUTES
        | IndexByteMap.FLAG_SHORT_LABEL_IDS | IndexByteMap.FLAG_HISTORY;
    assertEquals(expected, flags);
    LoadedIndex loaded = corruption.loads(path, attributes, "attributes", true);
    assertEquals(List.of("asn", "org"), loaded.index().labels().attributeNames());
    AsOfLookup asOf = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
    long noon = DAY / 2;
    String[] days = {"AS1\tOne", "AS2\tTwo", "AS2\tTwo"};
    for (int d = 0; d < days.length; d++) {
      long t = TIMES[d] + noon;
      assertEquals(days[d], loaded.index().labels().label(asOf.labelId(asOf.match(-1000, t), t)));
    }
    corruption.rejectsExactly(path, labelledCodes(attributes, 3, 9), "attributes-label-id",
        Check.PERIOD_LABELS, "entry 0's period 1 has label id 9; the index has 2 labels");
  }

  /**
   * A mixed history: IPv4 entries 0 (key -1000, every snapshot, label a) and 1 (key 0, snapshot
   * 0, label b), then IPv6 entries 2 .. 17, the ranges 2001:db8::10 i .. 2001:db8::10 i + f:
   * entry 2 relabelled (a in snapshot 0, b in 1 and 2), 3 .. 16 listed throughout (a), 17 in
   * snapshot 2 (b). Codes by hand: entry 0 {@code 00 02}, entry 1 {@code 00 00}, entry 2 {@code 01
   * 0b 00 01 00 01 02}, entries 3 .. 15 {@code 00 02} (block 0: 37 bytes), entry 16 {@code 00
   * 02}, entry 17 {@code 04 00} (block 1: 4).
   */
  private static final byte[] MIXED_CODES = mixedCodes();
  private static final IndexBytes MIXED = mixed();
  private static final long V6_HI = 0x2001_0db8_0000_0000L;

  private static byte[] mixedCodes() {
    byte[] codes = new byte[41];
    byte[] first = {0, 2, 0, 0, 1, 11, 0, 1, 0, 1, 2};
    System.arraycopy(first, 0, codes, 0, first.length);
    for (int at = first.length; at < 37; at += 2) {
      codes[at + 1] = 2;
    }
    codes[38] = 2;
    codes[39] = 4;
    return codes;
  }

  private static IndexBytes mixed() {
    long[] starts = new long[32];
    long[] ends = new long[32];
    int[] ids = new int[16];
    for (int i = 0; i < 16; i++) {
      starts[2 * i] = Ipv6Codec.toKey(V6_HI);
      starts[2 * i + 1] = Ipv6Codec.toKey(16L * i);
      ends[2 * i] = Ipv6Codec.toKey(V6_HI);
      ends[2 * i + 1] = Ipv6Codec.toKey(16L * i + 15);
      ids[i] = i == 0 || i == 15 ? 2 : 1;
    }
    int[] periodEnds = new int[19];
    int[] periods = new int[38];
    int[] labels = new int[19];
    int p = 0;
    for (int e = 0; e < 18; e++) {
      int[] mine = switch (e) {
        case 1 -> new int[] {0, 1, 2};
        case 2 -> new int[] {0, 1, 1, 1, 3, 2};
        case 17 -> new int[] {2, 3, 2};
        default -> new int[] {0, 3, 1};
      };
      for (int k = 0; k < mine.length; k += 3) {
        periods[2 * p] = mine[k];
        periods[2 * p + 1] = mine[k + 1];
        labels[p++] = mine[k + 2];
      }
      periodEnds[e + 1] = p;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      IndexWriter.writeHistory(new IndexContent(new int[] {-1000, 0}, null, new int[] {1, 2}, 2,
              new int[] {0, 1, 2}, "ab".getBytes(java.nio.charset.StandardCharsets.UTF_8), 30, 9,
              new IndexContent.V6(starts, ends, ids, 16)),
          new ListingHistory(TIMES, periodEnds, periods, labels), out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return IndexBytes.copyOf(out.toByteArray());
  }

  /** The mixed section with its code bytes from {@code at} set to {@code values}. */
  private static IndexBytes mixedCodes(int at, int... values) {
    IndexBytes bytes = MIXED.copy();
    int codesAt = (int) ListingHistory.codesAt(3, 18);
    for (int i = 0; i < values.length; i++) {
      bytes.putSectionByte(SectionKind.HISTORY, codesAt + at + i, values[i]);
    }
    return bytes.fixAll(SectionKind.HISTORY);
  }

  private static IndexBytes mixedInt32(int at, int value) {
    return MIXED.copy().putInt(MIXED.offset(SectionKind.HISTORY) + at, value)
        .fixAll(SectionKind.HISTORY);
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void ipv6EntriesFollowTheIpv4OnesAndAreCheckedAsThey(Reader path) throws IOException {
    int at = MIXED.offset(SectionKind.HISTORY);
    byte[] section = Arrays.copyOfRange(MIXED.bytes(), at,
        at + MIXED.sectionLength(SectionKind.HISTORY));
    int codesAt = (int) ListingHistory.codesAt(3, 18);
    assertArrayEquals(MIXED_CODES, Arrays.copyOfRange(section, codesAt, section.length));
    assertEquals(18, ByteBuffer.wrap(section).order(ByteOrder.LITTLE_ENDIAN)
        .getInt(ListingHistory.ENTRIES_OFFSET), "both families' intervals");
    LoadedIndex loaded = corruption.loads(path, MIXED, "mixed", true);
    assertEquals(2, loaded.index().size());
    assertEquals(16, loaded.index6().size());
    AsOfLookup asOf = new AsOfLookup(loaded, AsOfLookup.Outside.NONE);
    long noon = DAY / 2;
    long hi = Ipv6Codec.toKey(V6_HI);
    assertEquals(0, asOf.match6(hi, Ipv6Codec.toKey(7), TIMES[0] + noon));
    assertEquals(1, asOf.labelId6(0, TIMES[0] + noon));
    assertEquals(2, asOf.labelId6(0, TIMES[1] + noon));
    assertEquals(Ipv4Lookup.NO_MATCH, asOf.match6(hi, Ipv6Codec.toKey(0xf5), TIMES[1] + noon));
    assertEquals(15, asOf.match6(hi, Ipv6Codec.toKey(0xf5), TIMES[2] + noon));
    assertEquals(Ipv4Lookup.NO_MATCH, asOf.match6(hi, Ipv6Codec.toKey(0x100), TIMES[2] + noon));
    assertEquals(1, asOf.match(0, TIMES[0] + noon));
    assertEquals(Ipv4Lookup.NO_MATCH, asOf.match(0, TIMES[1] + noon));

    corruption.rejectsExactly(path, mixedInt32(ListingHistory.ENTRIES_OFFSET, 2), "ipv4-only",
        Check.HISTORY_SHAPE, "the history has 2 entries; the index has 18 intervals");
    corruption.rejectsExactly(path, mixedInt32((int) ListingHistory.blockOffsetsAt(3) + 4, 38),
        "mixed-block-end", Check.BLOCK_OFFSETS,
        "block 0's entries end at code byte 37; block 1 begins at 38");
    corruption.rejectsExactly(path, mixedCodes(7, 9), "ipv6-label-id", Check.PERIOD_LABELS,
        "entry 2's period 1 has label id 9; the index has 2 labels");
    corruption.rejectsExactly(path, mixedCodes(10, 1), "ipv6-one-label", Check.PERIOD_LABELS,
        "entry 2's periods 1 and 2 touch at snapshot 1 with one label id, 1 (they are one"
            + " period)");
    corruption.rejectsExactly(path, mixedCodes(40, 1), "ipv6-past-the-snapshots",
        Check.PERIOD_BOUNDS, "entry 17's period 1, 2..4, ends after the 3 snapshots");
    corruption.rejectsExactly(path, mixedCodes(40, 0x82), "ipv6-past-the-end",
        Check.PERIOD_CODES, "entry 17's codes run past the end of its block, code byte 41");
    corruption.rejectsExactly(path, mixedCodes(5, 2), "ipv6-length-of-one-period",
        Check.PERIOD_CODES, "entry 2 is marked with more than one period, but its codes hold one");
    corruption.rejects(path, MIXED.copy().putSectionByte(SectionKind.HISTORY, 20, 7),
        "mixed-checksum", Check.SECTION_CHECKSUM, "listing history");
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
