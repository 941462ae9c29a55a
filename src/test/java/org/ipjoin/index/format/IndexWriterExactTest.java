package org.ipjoin.index.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * {@link IndexWriter#writeExact}, which streams the keys of an exact-address list in chunks,
 * writes the bytes {@link IndexWriter#write} writes for the same keys in one array, whatever the
 * chunks; and refuses keys out of order or a count that does not match, as the array writer's
 * checks do.
 */
class IndexWriterExactTest {

  private static int[] keys(int n, long seed) {
    Random random = new Random(seed);
    TreeSet<Integer> set = new TreeSet<>();
    set.add(Integer.MIN_VALUE);
    set.add(Integer.MAX_VALUE);
    while (set.size() < n) {
      set.add(random.nextInt());
    }
    return set.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The keys in chunks of {@code size} (the last one shorter), each in a fresh array. */
  private static IndexWriter.KeySource chunked(int[] keys, int size) {
    return chunks -> {
      for (int from = 0; from < keys.length; from += size) {
        int n = Math.min(size, keys.length - from);
        chunks.accept(Arrays.copyOfRange(keys, from, from + size), n);
      }
    };
  }

  @Test
  void streamedKeysWriteTheBytesOfTheArray() throws IOException {
    for (int n : new int[] {2, 1000, 300_000}) {
      int[] keys = keys(n, n);
      ByteArrayOutputStream expected = new ByteArrayOutputStream();
      IndexHeader expectedHeader = IndexWriter.write(IndexContent.exact(keys, n, 123, 45),
          expected);
      for (int size : new int[] {1, 7, 4096, 1 << 20}) {
        ByteArrayOutputStream actual = new ByteArrayOutputStream();
        IndexHeader header = IndexWriter.writeExact(chunked(keys, size), n, 123, 45, actual);
        assertArrayEquals(expected.toByteArray(), actual.toByteArray(), n + " keys by " + size);
        assertEquals(expectedHeader, header);
      }
    }
  }

  @Test
  void theEmptyListWritesTheEmptyIndex() throws IOException {
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    IndexWriter.write(IndexContent.exact(new int[0], 0, 0, 0), expected);
    ByteArrayOutputStream actual = new ByteArrayOutputStream();
    IndexWriter.writeExact(chunks -> chunks.accept(new int[0], 0), 0, 0, 0, actual);
    assertArrayEquals(expected.toByteArray(), actual.toByteArray());
  }

  @Test
  void keysOutOfOrderOrMissingAreRefused() {
    int[] keys = {1, 5, 5, 9};
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> IndexWriter.writeExact(chunked(keys, 2), 4, 0, 0, new ByteArrayOutputStream()));
    assertEquals("starts must be strictly increasing; start 2 is not", e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> IndexWriter.writeExact(
        chunked(new int[] {1, 2, 3}, 2), 4, 0, 0, new ByteArrayOutputStream()));
    assertEquals("3 keys, 4 announced", e.getMessage());
  }
}
