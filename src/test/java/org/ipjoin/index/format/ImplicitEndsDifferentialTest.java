package org.ipjoin.index.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.testing.IndexReaders;
import org.ipjoin.testing.IndexReaders.Reader;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The same labelled range lists written with implicit ends ({@link IndexByteMap#FLAG_IMPLICIT_ENDS},
 * what {@link IndexWriter#write(IndexContent, OutputStream)} picks for them) and with stored ends
 * (the layout before the flag), read through every binary read path and trusted
 * {@code mmap-direct} and {@code nio} loads (what a map task runs): every address at and around each interval's edges, and random ones,
 * get the same interval (start, end, label) or no match from both files, and both agree with the
 * list itself, searched here. The lists cover the edge cases: an interval at 0.0.0.0, one ending
 * at 255.255.255.255 (no trailing gap), one-address intervals and gaps, gaps of one address.
 */
class ImplicitEndsDifferentialTest {

  @TempDir Path dir;

  /** A labelled range list: explicit columns, as the builder hands them to the writer. */
  record Shape(String name, IndexContent content) {
    @Override
    public String toString() {
      return name;
    }
  }

  static Stream<Shape> shapes() {
    return Stream.of(list("from-zero-to-top", 4_000, true, true, 1),
        list("trailing-gap", 4_000, false, false, 2),
        list("many-gaps", 20_000, false, true, 3),
        list("large", 120_000, true, false, 4));
  }

  /**
   * {@code n} intervals, three in four touching the one before, of 1 to 300 addresses (one in
   * eight a single address), gaps of 1 to 40 addresses, labels of two attributes.
   */
  private static Shape list(String name, int n, boolean fromZero, boolean toTop, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int[] starts = new int[n];
    int[] ends = new int[n];
    int[] ids = new int[n];
    int labels = 300;
    long at = fromZero ? 0 : 1L << 24;
    for (int i = 0; i < n; i++) {
      long width = random.nextInt(8) == 0 ? 1 : 1 + random.nextInt(300);
      long end = i == n - 1 && toTop ? 0xFFFF_FFFFL : at + width - 1;
      starts[i] = (int) at ^ Integer.MIN_VALUE;
      ends[i] = (int) end ^ Integer.MIN_VALUE;
      ids[i] = 1 + random.nextInt(labels);
      at = end + 1 + (random.nextInt(4) == 0 ? 1 + random.nextInt(40) : 0);
    }
    StringBuilder bytes = new StringBuilder();
    int[] labelEnds = new int[labels + 1];
    for (int id = 1; id <= labels; id++) {
      bytes.append("C").append(id).append('\t').append("R").append(id % 7);
      labelEnds[id] = bytes.length();
    }
    return new Shape(name, new IndexContent(starts, ends, ids, n, labelEnds,
        bytes.toString().getBytes(StandardCharsets.US_ASCII), 1, n, null,
        List.of("country", "region")));
  }

  static Stream<Object[]> shapesOnEveryPath() {
    List<Reader> paths = new ArrayList<>(IndexReaders.binaryPaths().toList());
    paths.add(new Reader("mmap-direct-trusted", (file, verify) -> ReadPath.MMAP_DIRECT.loader()
        .load(file, false, LoadTrust.CONTENT_VERIFIED_ELSEWHERE)));
    paths.add(new Reader("nio-trusted", (file, verify) -> ReadPath.NIO.loader()
        .load(file, true, LoadTrust.CONTENT_VERIFIED_ELSEWHERE)));
    return shapes().flatMap(s -> paths.stream().map(p -> new Object[] {s, p}));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("shapesOnEveryPath")
  void bothLayoutsAnswerAsTheList(Shape shape, Reader path) throws IOException {
    IndexContent c = shape.content();
    Path implicit = write(c, true);
    Path stored = write(c, false);
    LoadedIndex a = path.load(implicit, true);
    LoadedIndex b = path.load(stored, true);
    Ipv4Lookup gapped = a.index();
    Ipv4Lookup ended = b.index();
    assertEquals(c.count(), gapped.listedCount());
    assertEquals(c.count(), ended.listedCount());
    assertFalse(gapped.exact());
    int[] probes = probes(c);
    int[] gappedAll = new int[probes.length];
    gapped.matchAll(probes, probes.length, gappedAll);
    int[] endedAll = new int[probes.length];
    ended.matchAll(probes, probes.length, endedAll);
    for (int k = 0; k < probes.length; k++) {
      int key = probes[k];
      int expected = holding(c, key);
      String want = expected < 0 ? "no match" : describe(c, expected);
      assertEquals(want, describe(gapped, gapped.match(key)), () -> "implicit, match " + key);
      assertEquals(want, describe(gapped, gappedAll[k]), () -> "implicit, matchAll " + key);
      assertEquals(want, describe(ended, ended.match(key)), () -> "stored, match " + key);
      assertEquals(want, describe(ended, endedAll[k]), () -> "stored, matchAll " + key);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("shapes")
  void theWriterTakesImplicitEndsAndTheFileIsSmaller(Shape shape) throws IOException {
    Path implicit = write(shape.content(), true);
    Path stored = write(shape.content(), false);
    IndexHeader header = HeaderCodec.decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(implicit)),
        Files.size(implicit), implicit.toString());
    assertTrue(header.implicitEnds());
    assertEquals(shape.content().count(), header.intervalCount());
    assertEquals(null, header.section(SectionKind.V4_ENDS));
    assertTrue(Files.size(implicit) < Files.size(stored),
        Files.size(implicit) + " against " + Files.size(stored));
  }

  /** Each interval's edges and their neighbours, then random addresses. */
  private static int[] probes(IndexContent c) {
    SplittableRandom random = new SplittableRandom(7);
    int n = c.count();
    int[] probes = new int[6 * n + 20_000];
    int at = 0;
    for (int i = 0; i < n; i++) {
      for (int edge : new int[] {c.starts()[i], c.ends()[i]}) {
        probes[at++] = edge == Integer.MIN_VALUE ? edge : edge - 1;
        probes[at++] = edge;
        probes[at++] = edge == Integer.MAX_VALUE ? edge : edge + 1;
      }
    }
    while (at < probes.length) {
      probes[at++] = random.nextInt();
    }
    return probes;
  }

  /** The interval of the list holding {@code key}, by binary search; -1 for none. */
  private static int holding(IndexContent c, int key) {
    int lo = 0;
    int hi = c.count() - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (c.starts()[mid] <= key) {
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return hi >= 0 && key <= c.ends()[hi] ? hi : -1;
  }

  private static String describe(IndexContent c, int i) {
    int from = c.labelEnds()[c.labelIds()[i] - 1];
    int to = c.labelEnds()[c.labelIds()[i]];
    return c.starts()[i] + ".." + c.ends()[i] + " "
        + new String(c.labelBytes(), from, to - from, StandardCharsets.US_ASCII);
  }

  private static String describe(Ipv4Lookup index, int i) {
    return i == Ipv4Lookup.NO_MATCH ? "no match"
        : index.start(i) + ".." + index.end(i) + " " + index.labels().label(index.labelId(i));
  }

  /** The file with implicit ends (the writer's choice) or with stored ends (as before the flag). */
  private Path write(IndexContent c, boolean implicit) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    if (implicit) {
      IndexWriter.write(c, out);
    } else {
      IndexWriter.write(c, out, IndexByteMap.directoryBitsFor(c.count()), 4);
    }
    return Files.write(dir.resolve(implicit ? "implicit.ipidx" : "stored.ipidx"),
        out.toByteArray());
  }
}
