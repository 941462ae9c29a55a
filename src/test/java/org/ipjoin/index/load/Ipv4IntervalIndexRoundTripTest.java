package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.ipjoin.index.format.DecodedIndex;
import org.ipjoin.index.format.HeaderCodec;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexDecoder;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Writes random interval lists (exact addresses, ranges, with and without labels), reads them back
 * through the decoder in every way a read path feeds it (chunks of odd sizes, value by value, in
 * place over a buffer as a mapping) and checks every lookup against a plain linear scan of the
 * intervals the test made.
 */
class Ipv4IntervalIndexRoundTripTest {

  @ParameterizedTest
  @CsvSource({
      "1, 0, false, false", "2, 1, false, false", "3, 1000, false, false", "4, 200000, false, false",
      "5, 1, true, false", "6, 3000, true, false", "7, 3000, true, true", "8, 150000, true, true",
      "9, 5000, false, true", "10, 0, true, true"})
  void everyReadingOfTheFileAnswersLikeALinearScan(long seed, int n, boolean ranges, boolean labels)
      throws Exception {
    SplittableRandom random = new SplittableRandom(seed);
    IndexContent content = randomContent(random, n, ranges, labels);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexWriter.write(content, out);
    byte[] file = out.toByteArray();
    IndexHeader header = HeaderCodec.decode(ByteBuffer.wrap(file), file.length, "t.ipidx");

    IndexDecoder chunks = IndexDecoder.copying(header, "t.ipidx", true);
    for (int at = (int) chunks.position(); at < file.length; ) {
      int size = Math.min(file.length - at, 1 + random.nextInt(9000));
      chunks.accept(ByteBuffer.wrap(file, at, size));
      at += size;
    }
    assertAgrees(content, Lookups.onHeap(chunks.finish()), random);

    IndexDecoder values = IndexDecoder.copying(header, "t.ipidx", true);
    ByteBuffer le = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    int at = (int) values.position();
    for (; at + 4 <= file.length; at += 4) {
      values.acceptInt(le.getInt(at));
    }
    values.accept(ByteBuffer.wrap(file, at, file.length - at));
    assertAgrees(content, Lookups.onHeap(values.finish()), random);

    ByteBuffer mapped = ByteBuffer.allocateDirect(file.length).put(file).flip();
    IndexDecoder inPlace = IndexDecoder.inPlace(header, "t.ipidx", true,
        column(mapped, header.section(SectionKind.V4_STARTS)));
    inPlace.accept(mapped.duplicate().position((int) inPlace.position()));
    DecodedIndex d = inPlace.finish();
    assertAgrees(content, Lookups.mapped(d, mapped), random);
  }

  private static IntBuffer column(ByteBuffer file, Section s) {
    return s == null ? null
        : file.slice((int) s.offset(), (int) s.length()).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
  }

  /** Disjoint intervals with random gaps (sometimes none) and widths, clustered in a few prefixes. */
  static IndexContent randomContent(SplittableRandom random, int n, boolean ranges, boolean labels) {
    int[] starts = new int[n];
    int[] ends = new int[n];
    long at = Integer.MIN_VALUE + random.nextInt(1000);
    for (int i = 0; i < n; i++) {
      long gap = random.nextInt(8) == 0 ? random.nextLong(1L << 24) : random.nextInt(3) == 0 ? 0 : random.nextInt(4000);
      long start = at + (i == 0 ? 0 : 1 + gap);
      long width = ranges ? (random.nextInt(4) == 0 ? 0 : random.nextInt(random.nextBoolean() ? 70_000 : 300)) : 0;
      if (start + width > Integer.MAX_VALUE) {
        n = i;
        break;
      }
      starts[i] = (int) start;
      ends[i] = (int) (start + width);
      at = start + width;
    }
    starts = Arrays.copyOf(starts, n);
    ends = Arrays.copyOf(ends, n);
    if (!labels) {
      return new IndexContent(starts, ranges ? ends : null, null, n, null, null, 1, 2);
    }
    int labelCount = 1 + random.nextInt(50);
    StringBuilder all = new StringBuilder();
    int[] labelEnds = new int[labelCount + 1];
    for (int id = 1; id <= labelCount; id++) {
      all.append("label-").append(id).append(id % 7 == 0 ? "-ünïcode" : "");
      labelEnds[id] = all.toString().getBytes(StandardCharsets.UTF_8).length;
    }
    int[] ids = IntStream.range(0, n).map(i -> random.nextInt(labelCount + 1)).toArray();
    return new IndexContent(starts, ranges ? ends : null, ids, n, labelEnds,
        all.toString().getBytes(StandardCharsets.UTF_8), 1, 2);
  }

  private static void assertAgrees(IndexContent c, Ipv4Lookup index, SplittableRandom random) {
    assertEquals(c.count(), index.size());
    IntStream.Builder probes = IntStream.builder();
    probes.add(Integer.MIN_VALUE).add(Integer.MAX_VALUE).add(0).add(-1);
    for (int i = 0; i < c.count(); i++) {
      int end = c.ranges() ? c.ends()[i] : c.starts()[i];
      probes.add(c.starts()[i]).add(c.starts()[i] - 1).add(end).add(end + 1);
      probes.add(c.starts()[i] + (int) ((long) end - c.starts()[i]) / 2);
    }
    for (int i = 0; i < 20_000; i++) {
      probes.add(random.nextInt());
    }
    for (int key : probes.build().toArray()) {
      int expected = Ipv4Lookup.NO_MATCH;
      for (int i = 0; i < c.count(); i++) {
        int end = c.ranges() ? c.ends()[i] : c.starts()[i];
        if (c.starts()[i] <= key && key <= end) {
          expected = i;
          break;
        }
      }
      int actual = index.match(key);
      assertEquals(expected, actual, "key " + key);
      if (actual >= 0 && c.labels()) {
        int id = c.labelIds()[actual];
        assertEquals(id, index.labelId(actual));
        if (id > 0) {
          assertEquals(new String(c.labelBytes(), c.labelEnds()[id - 1],
              c.labelEnds()[id] - c.labelEnds()[id - 1], StandardCharsets.UTF_8), index.labels().label(id));
        }
      }
    }
  }
}
