package org.ipjoin.index.format;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.SplittableRandom;
import java.util.zip.CRC32C;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Lists of 40 x 2^16 intervals and more are written byte for byte as before small lists got small
 * directories; smaller ones differ only in the directory's size. The expected file is assembled
 * here from the byte map (docs/index-format.md) with plain ByteBuffer and CRC32C code and the size
 * rules written out from their definitions ({@link DirectorySizes#oldRule}, {@link #sizedRule}),
 * the directory from its definition (per prefix, the first key at or above it): nothing of the
 * writer is reused.
 */
class LargeListFilesUnchangedTest {

  /** The smallest list the old rule and the sized one agree on, and both sides of the 2^17 step. */
  @ParameterizedTest
  @ValueSource(ints = {2_621_440, 5_242_879, 5_242_880})
  void anExactListIsWrittenAsBefore(int n) throws IOException {
    int bits = DirectorySizes.oldRule(n);
    assertEquals(n < 5_242_880 ? 16 : 17, bits);
    assertEquals(bits, sizedRule(n));
    assertWrittenAs(keys(n, n), bits);
  }

  /**
   * Below 40 x 2^16 intervals the directory is sized to the list (at most 0.1 byte per interval)
   * where the old rule gave 2^16 + 1 entries; the rest of the file is as before.
   */
  @ParameterizedTest
  @ValueSource(ints = {65_536, 200_000, 287_570, 2_621_439})
  void aSmallerListGetsADirectorySizedToIt(int n) throws IOException {
    int bits = sizedRule(n);
    assertEquals(n == 65_536 ? 10 : n == 2_621_439 ? 15 : 12, bits);
    assertEquals(16, DirectorySizes.oldRule(n));
    assertWrittenAs(keys(n, n), bits);
  }

  /**
   * The largest 2^bits at most count / 40 (at most 2^22), but at least the largest 2^bits at
   * most the count up to 2^9 (at least 2^4): docs/index-format.md, written out from its words.
   */
  static int sizedRule(long count) {
    int bits = 0;
    while (bits < 22 && 1L << (bits + 1) <= count / 40) {
      bits++;
    }
    int least = 4;
    while (least < 9 && 1L << (least + 1) <= count) {
      least++;
    }
    return Math.max(least, bits);
  }

  private static void assertWrittenAs(int[] keys, int bits) throws IOException {
    int n = keys.length;
    byte[] expected = exactFile(keys, bits, 1234, 56);

    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexWriter.write(IndexContent.exact(keys, n, 1234, 56), out);
    assertArrayEquals(expected, out.toByteArray(), "IndexWriter.write");

    ByteArrayOutputStream streamed = new ByteArrayOutputStream();
    IndexWriter.writeExact(chunks -> {
      for (int from = 0; from < n; from += 100_000) {
        int m = Math.min(100_000, n - from);
        chunks.accept(java.util.Arrays.copyOfRange(keys, from, from + m), m);
      }
    }, n, 1234, 56, streamed);
    assertArrayEquals(expected, streamed.toByteArray(), "IndexWriter.writeExact");
  }

  /** Sorted distinct keys, clustered and spread. */
  static int[] keys(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int[] keys = new int[n];
    long at = Integer.MIN_VALUE;
    long room = (1L << 32) - n;
    for (int i = 0; i < n; i++) {
      long gap = random.nextInt(4) == 0 ? 0 : random.nextLong(Math.max(1, 2 * room / n));
      gap = Math.min(gap, room);
      room -= gap;
      at += (i == 0 ? 0 : 1) + gap;
      keys[i] = (int) at;
    }
    return keys;
  }

  /** Header, two directory entries, the starts and the lookup directory, as format 2 lays them out. */
  static byte[] exactFile(int[] keys, int bits, long sourceBytes, long sourceLines) {
    int n = keys.length;
    int entries = (1 << bits) + 1;
    int startsAt = align(64 + 2 * 32);
    int directoryAt = align(startsAt + 4 * n);
    int length = directoryAt + 4 * entries;
    ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
    for (int i = 0; i < n; i++) {
      b.putInt(startsAt + 4 * i, keys[i]);
    }
    int k = 0;
    for (int p = 0; p < entries - 1; p++) {
      long first = ((long) p << (32 - bits)) + Integer.MIN_VALUE;
      while (k < n && keys[k] < first) {
        k++;
      }
      b.putInt(directoryAt + 4 * p, k);
    }
    b.putInt(directoryAt + 4 * (entries - 1), n);
    byte[] a = b.array();
    entry(b, 0, 1, 4, crc(a, startsAt, 4 * n), n, startsAt);
    entry(b, 1, 4, 4, crc(a, directoryAt, 4 * entries), entries, directoryAt);
    b.put(0, new byte[] {(byte) 0x89, 'I', 'P', 'I', 'D', 'X', '\r', '\n'});
    b.putShort(8, (short) 2);
    b.put(10, (byte) 1);
    b.putInt(16, 2);
    b.putInt(20, crc(a, 64, 64));
    b.putLong(24, sourceBytes);
    b.putLong(32, sourceLines);
    b.putInt(60, crc(a, 0, 60));
    return a;
  }

  private static void entry(ByteBuffer b, int i, int kind, int itemBytes, int crc, long count,
      long offset) {
    int e = 64 + 32 * i;
    b.putShort(e, (short) kind);
    b.putShort(e + 2, (short) itemBytes);
    b.putInt(e + 4, crc);
    b.putLong(e + 8, count);
    b.putLong(e + 16, offset);
    b.putLong(e + 24, count * itemBytes);
  }

  private static int align(int offset) {
    return (offset + 63) / 64 * 64;
  }

  private static int crc(byte[] a, int from, int length) {
    CRC32C crc = new CRC32C();
    crc.update(a, from, length);
    return (int) crc.getValue();
  }
}
