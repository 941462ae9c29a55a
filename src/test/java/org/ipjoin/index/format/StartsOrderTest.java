package org.ipjoin.index.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import java.util.zip.CRC32C;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.lookup.IntColumn;
import org.ipjoin.index.lookup.Ipv4IntervalIndex;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.ip.Ipv4Codec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The order check of the starts section in {@link IndexDecoder} (a branch-free pass per 64 Ki-value
 * piece, then a precise one on a bad piece) names the first offending start wherever it is:
 * inside a piece, at a piece or chunk boundary, a duplicate or a step down, for the extreme keys;
 * fed as a stream reader does (chunks of any size, also cutting values in two), value by value
 * ({@code acceptInt}, the {@code stream}/{@code buffered} paths) and in place over a buffer
 * ({@code mmap-direct}). A sorted section decodes to the same starts and the same lookup directory
 * as {@link Ipv4LookupDirectory#of}.
 */
class StartsOrderTest {

  private static final int PIECE = ColumnDecoder.PIECE;
  private static final String FILE = "test.ipidx";

  /** How a read path feeds the decoder. */
  enum Feed { CHUNKS, ODD_CHUNKS, VALUES, IN_PLACE }

  private static byte[] write(int[] sortedKeys) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexWriter.write(IndexContent.exact(sortedKeys, sortedKeys.length, 0, sortedKeys.length), out);
    return out.toByteArray();
  }

  /**
   * Decodes the file of {@code sorted} with its starts replaced by {@code starts} (same count): the
   * section CRC is then stale, but the order check fires while the section is read, before it.
   */
  private static DecodedIndex decode(int[] sorted, int[] starts, Feed feed, int chunkValues)
      throws IOException {
    return decode(sorted, starts, feed, chunkValues, true, true);
  }

  /**
   * @param fixCrc give the directory entry the CRC of the replaced starts, so that only their
   *     order is wrong
   */
  private static DecodedIndex decode(int[] sorted, int[] starts, Feed feed, int chunkValues,
      boolean verify, boolean fixCrc) throws IOException {
    byte[] file = write(sorted);
    IndexHeader header = HeaderCodec.decode(ByteBuffer.wrap(file), file.length, FILE);
    Section s = header.section(SectionKind.V4_STARTS);
    ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < starts.length; i++) {
      le.putInt((int) s.offset() + 4 * i, starts[i]);
    }
    if (fixCrc) {
      CRC32C crc = new CRC32C();
      crc.update(file, (int) s.offset(), (int) s.length());
      s = new Section(s.kind(), s.count(), s.offset(), (int) crc.getValue());
      header = new IndexHeader(header.flags(), List.of(s, header.sections().get(1)),
          header.directoryCrc(), header.sourceBytes(), header.sourceLines());
    }
    switch (feed) {
      case CHUNKS, ODD_CHUNKS -> {
        IndexDecoder d = IndexDecoder.copying(header, FILE, verify);
        int chunk = chunkValues * 4 + (feed == Feed.ODD_CHUNKS ? 3 : 0);
        for (int at = (int) d.position(); at < file.length; at += chunk) {
          d.accept(ByteBuffer.wrap(file, at, Math.min(chunk, file.length - at)));
        }
        return d.finish();
      }
      case VALUES -> {
        IndexDecoder d = IndexDecoder.copying(header, FILE, verify);
        int at = (int) d.position();
        for (; at + 4 <= file.length; at += 4) {
          d.acceptInt(le.getInt(at));
        }
        d.accept(ByteBuffer.wrap(file, at, file.length - at));
        return d.finish();
      }
      case IN_PLACE -> {
        ByteBuffer mapped = ByteBuffer.allocateDirect(file.length).put(file).flip();
        IndexDecoder d = IndexDecoder.inPlace(header, FILE, verify, mapped
            .slice((int) s.offset(), (int) s.length()).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer());
        for (int at = (int) d.position(); at < file.length; at += chunkValues * 4) {
          d.accept(mapped.slice(at, Math.min(chunkValues * 4, file.length - at)));
        }
        return d.finish();
      }
      default -> throw new AssertionError(feed);
    }
  }

  @ParameterizedTest
  @EnumSource(Feed.class)
  void sortedStartsDecodeToTheSameStartsAndDirectory(Feed feed) throws Exception {
    int[] keys = IntStream.concat(new SplittableRandom(3).ints(300_000),
        IntStream.of(Integer.MIN_VALUE, Integer.MAX_VALUE)).sorted().distinct().toArray();
    DecodedIndex d = decode(keys, keys, feed, 100_003);
    if (feed != Feed.IN_PLACE) {
      assertArrayEquals(keys, d.starts());
    }
    assertArrayEquals(Ipv4LookupDirectory.of(keys, keys.length), d.directory());
    assertEquals(12, d.directoryBits(), "300,002 keys / 40 = 7,500: 2^12 prefixes");
    // The directory built inside the order check answers like binary search, misses included.
    Ipv4Lookup index = new Ipv4IntervalIndex(IntColumn.of(keys), null, null, LabelDictionary.NONE,
        d.directory(), d.directoryBits());
    SplittableRandom random = new SplittableRandom(9);
    for (int i = 0; i < 300_000; i++) {
      int probe = i % 3 == 0 ? keys[random.nextInt(keys.length)] + 1 : random.nextInt();
      int expected = Arrays.binarySearch(keys, probe);
      assertEquals(expected >= 0 ? expected : -1, index.match(probe), "probe " + probe);
    }
  }

  @ParameterizedTest
  @EnumSource(value = Feed.class, names = {"CHUNKS", "IN_PLACE"})
  void largeSectionGetsTheSameDirectoryAsLookupDirectoryOf(Feed feed) throws Exception {
    int[] keys = new SplittableRandom(21).ints(6_000_000).sorted().distinct().toArray();
    DecodedIndex d = decode(keys, keys, feed, 262_147);
    assertEquals(17, d.directoryBits());
    assertArrayEquals(Ipv4LookupDirectory.of(keys, keys.length), d.directory());
  }

  @ParameterizedTest
  @EnumSource(Feed.class)
  void firstOffendingStartIsNamedWherever(Feed feed) {
    int[] sorted = IntStream.range(0, 3 * PIECE).map(i -> i * 3 - 100_000).toArray();
    for (int bad : new int[] {1, 2, PIECE - 1, PIECE, PIECE + 1, 2 * PIECE + 5, sorted.length - 1}) {
      for (boolean equal : new boolean[] {true, false}) {
        int[] starts = sorted.clone();
        // equal: a duplicate; else a step down (starts[bad] < starts[bad - 1]).
        starts[bad] = equal ? starts[bad - 1] : starts[bad - 1] - 1;
        // A second fault later on must not be the one named.
        if (bad + 10 < starts.length) {
          starts[bad + 10] = Integer.MIN_VALUE;
        }
        for (boolean verify : new boolean[] {true, false}) {
          CorruptIndexException e = assertThrows(CorruptIndexException.class,
              () -> decode(sorted, starts, feed, PIECE + 7, verify, true));
          assertSorted(e, bad, starts[bad - 1], starts[bad]);
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(Feed.class)
  void extremeKeysInOrderPassAndOutOfOrderFail(Feed feed) throws Exception {
    int[] keys = {Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE};
    DecodedIndex ok = decode(keys, keys, feed, 4);
    if (feed != Feed.IN_PLACE) {
      assertArrayEquals(keys, ok.starts());
    }
    int[] wrapped = {Integer.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE + 1, Integer.MAX_VALUE};
    assertSorted(assertThrows(CorruptIndexException.class, () -> decode(keys, wrapped, feed, 4)),
        2, Integer.MAX_VALUE, Integer.MIN_VALUE + 1);
    int[] maxTwice = {Integer.MIN_VALUE, -1, Integer.MAX_VALUE, Integer.MAX_VALUE};
    assertSorted(assertThrows(CorruptIndexException.class, () -> decode(keys, maxTwice, feed, 1)),
        3, Integer.MAX_VALUE, Integer.MAX_VALUE);
    int[] minTwice = {Integer.MIN_VALUE, Integer.MIN_VALUE, 0, Integer.MAX_VALUE};
    assertSorted(assertThrows(CorruptIndexException.class, () -> decode(keys, minTwice, feed, 3)),
        1, Integer.MIN_VALUE, Integer.MIN_VALUE);
  }

  /**
   * Damaged starts whose CRC no longer matches: with checksums on, the damage is reported as what
   * it is (the section checksum, checked at the end of the section) rather than as disorder; with
   * checksums off, the order check still catches it.
   */
  @ParameterizedTest
  @EnumSource(Feed.class)
  void disorderWithAStaleChecksumIsReportedAsChecksum(Feed feed) {
    int[] sorted = IntStream.range(0, 2 * PIECE + 9).map(i -> i * 5).toArray();
    int[] starts = sorted.clone();
    starts[PIECE + 3] = starts[PIECE + 2];
    CorruptIndexException crc = assertThrows(CorruptIndexException.class,
        () -> decode(sorted, starts, feed, 1000, true, false));
    assertEquals(Check.SECTION_CHECKSUM, crc.check(), crc.getMessage());
    assertTrue(crc.getMessage().startsWith(FILE + ": section checksum check failed: IPv4 interval "
        + "starts: the directory says CRC32C 0x"), crc.getMessage());
    assertSorted(assertThrows(CorruptIndexException.class,
        () -> decode(sorted, starts, feed, 1000, false, false)), PIECE + 3, starts[PIECE + 2],
        starts[PIECE + 3]);
  }

  private static void assertSorted(CorruptIndexException e, int bad, int previous, int start) {
    assertEquals(Check.SORTED, e.check(), e.getMessage());
    assertEquals(FILE + ": sorted interval starts check failed: start " + bad + " ("
        + Ipv4Codec.format(start) + ") is not greater than start " + (bad - 1) + " ("
        + Ipv4Codec.format(previous) + ")", e.getMessage());
  }
}
