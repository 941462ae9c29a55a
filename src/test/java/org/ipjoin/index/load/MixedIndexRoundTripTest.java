package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.index.V6Intervals;
import org.ipjoin.index.format.DecodedIndex;
import org.ipjoin.index.format.HeaderCodec;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexDecoder;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.lookup.IntColumn;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Random mixed IPv4/IPv6 contents (seeded), written with IndexWriter and read back in every way: the
 * decoder fed in chunks of odd sizes (splitting 16-byte keys), value by value, in place over a
 * buffer as a mapping, and every binary read path and {@link VerifyReader} over a real file.
 * Every IPv6 lookup (each interval's edges, ±1 in 128-bit arithmetic, and random addresses) equals
 * a linear scan of the intervals the test made ({@link V6Intervals}); the IPv4 part equals its own
 * linear scan; every path gives the same identity, counting both families.
 */
class MixedIndexRoundTripTest {

  @TempDir Path dir;

  /** Seed, IPv4 intervals, IPv6 intervals, IPv4 ranges, IPv6 ranges, labels. */
  @ParameterizedTest
  @CsvSource({
      "1, 0, 1, false, false, false", "2, 0, 700, false, true, true", "3, 500, 1, true, false, false",
      "4, 1000, 3000, false, false, false", "5, 1000, 3000, true, true, false",
      "6, 2000, 2000, false, true, true", "7, 300, 5000, true, false, true",
      "8, 0, 2, true, true, true", "9, 20000, 4000, true, true, true"})
  void everyReadingAnswersLikeALinearScan(long seed, int n4, int n6, boolean ranges4,
      boolean ranges6, boolean labels) throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    IndexContent v4 = Ipv4IntervalIndexRoundTripTest.randomContent(random, n4, ranges4, labels);
    int labelCount = labels ? v4.labelEnds().length - 1 : 0;
    V6Intervals v6 = V6Intervals.random(random, n6, ranges6, labels, labelCount);
    IndexContent content = new IndexContent(v4.starts(), v4.ends(), v4.labelIds(), v4.count(),
        v4.labelEnds(), v4.labelBytes(), 10, 20, v6.content);
    byte[] file = write(content);
    long[] probes = v6.probes(random, 3000);
    int[] expected = v6.expected(probes);
    IndexHeader header = HeaderCodec.decode(ByteBuffer.wrap(file), file.length, "t.ipidx");
    assertEquals(v4.count() + v6.count, header.totalIntervalCount());

    List<LoadedIndex> readings = new ArrayList<>();
    IndexDecoder chunks = IndexDecoder.copying(header, "t.ipidx", true);
    for (int at = (int) chunks.position(); at < file.length; ) {
      int size = Math.min(file.length - at, 1 + random.nextInt(9000));
      chunks.accept(ByteBuffer.wrap(file, at, size));
      at += size;
    }
    readings.add(Lookups.loadedOnHeap(chunks.finish(), header.identity(file.length)));

    IndexDecoder values = IndexDecoder.copying(header, "t.ipidx", true);
    ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    int at = (int) values.position();
    for (; at + 4 <= file.length; at += 4) {
      values.acceptInt(le.getInt(at));
    }
    values.accept(ByteBuffer.wrap(file, at, file.length - at));
    readings.add(Lookups.loadedOnHeap(values.finish(), header.identity(file.length)));

    ByteBuffer mapped = ByteBuffer.allocateDirect(file.length).put(file).flip();
    LongBuffer starts6 = keys(mapped, header.section(SectionKind.V6_STARTS));
    IndexDecoder inPlace = IndexDecoder.inPlace(header, "t.ipidx", true,
        column(mapped, header.section(SectionKind.V4_STARTS)), starts6);
    inPlace.accept(mapped.duplicate().position((int) inPlace.position()));
    DecodedIndex d = inPlace.finish();
    readings.add(new LoadedIndex(
        Lookups.mapped(d, mapped),
        Lookups.mapped6(d, starts6, keys(mapped, header.section(SectionKind.V6_ENDS)),
            ids(column(mapped, header.section(SectionKind.V6_LABEL_IDS)))),
        header.identity(file.length)));

    Path path = Files.write(dir.resolve("mixed-" + seed + ".ipidx"), file);
    for (IndexReaders.Reader reader : IndexReaders.binaryPaths().toList()) {
      for (boolean verify : new boolean[] {true, false}) {
        readings.add(reader.load(path, verify));
      }
    }
    try (var in = FileSystem.getLocal(new Configuration())
        .open(new org.apache.hadoop.fs.Path(path.toString()))) {
      readings.add(StreamLoader.load(in, file.length, path.toString(), true));
    }

    IndexIdentity identity = new IndexIdentity(file.length, v4.count() + v6.count,
        le.getInt(20));
    SplittableRandom probes4 = new SplittableRandom(seed);
    int[] probe4 = new int[5000];
    for (int i = 0; i < probe4.length; i++) {
      probe4[i] = i % 2 == 0 || v4.count() == 0 ? probes4.nextInt()
          : v4.starts()[probes4.nextInt(v4.count())] + probes4.nextInt(3) - 1;
    }
    int[] expected4 = new int[probe4.length];
    for (int i = 0; i < probe4.length; i++) {
      expected4[i] = scan4(v4, probe4[i]);
    }
    assertEquals(true, java.util.Arrays.stream(expected).anyMatch(e -> e >= 0), "some probes match");
    assertEquals(true, java.util.Arrays.stream(expected).anyMatch(e -> e < 0), "some probes miss");
    for (int r = 0; r < readings.size(); r++) {
      LoadedIndex loaded = readings.get(r);
      String what = "reading " + r;
      assertNull(v6.disagreement(loaded.index6(), probes, expected), what);
      assertEquals(identity, loaded.identity(), what);
      Ipv4Lookup index = loaded.index();
      assertEquals(v4.count(), index.size(), what);
      for (int i = 0; i < probe4.length; i++) {
        if (expected4[i] != index.match(probe4[i])) {
          assertEquals(expected4[i], index.match(probe4[i]), what + ": IPv4 key " + probe4[i]);
        }
      }
      if (labels) {
        assertEquals(labelCount, index.labels().count(), what);
      }
    }
  }

  /** The IPv4 interval holding {@code key}, by a linear scan. */
  private static int scan4(IndexContent c, int key) {
    for (int i = 0; i < c.count(); i++) {
      int end = c.ranges() ? c.ends()[i] : c.starts()[i];
      if (c.starts()[i] <= key && key <= end) {
        return i;
      }
    }
    return Ipv4Lookup.NO_MATCH;
  }

  private static byte[] write(IndexContent content) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexWriter.write(content, out);
    return out.toByteArray();
  }

  /** An i32 label id column of the mapping, or null. */
  private static IntColumn ids(IntBuffer ids) {
    return ids == null ? null : IntColumn.of(ids);
  }

  private static IntBuffer column(ByteBuffer file, Section s) {
    return s == null ? null
        : file.slice((int) s.offset(), (int) s.length()).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
  }

  private static LongBuffer keys(ByteBuffer file, Section s) {
    return s == null ? null
        : file.slice((int) s.offset(), (int) s.length()).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
  }

  /** A v6 part of count 0 is no v6 part: the file of the IPv4 intervals alone, byte for byte. */
  @Test
  void anEmptyV6PartWritesTheIpv4OnlyFile() throws IOException {
    SplittableRandom random = new SplittableRandom(11);
    IndexContent v4 = Ipv4IntervalIndexRoundTripTest.randomContent(random, 3000, true, true);
    byte[] plain = write(v4);
    byte[] withEmpty = write(new IndexContent(v4.starts(), v4.ends(), v4.labelIds(), v4.count(),
        v4.labelEnds(), v4.labelBytes(), v4.sourceBytes(), v4.sourceLines(),
        new IndexContent.V6(new long[0], null, new int[0], 0)));
    org.junit.jupiter.api.Assertions.assertArrayEquals(plain, withEmpty);
    Path path = Files.write(dir.resolve("v4.ipidx"), plain);
    for (IndexReaders.Reader reader : IndexReaders.binaryPaths().toList()) {
      assertSame(Ipv6IntervalIndex.EMPTY, reader.load(path, true).index6(), reader.name());
    }
  }
}
