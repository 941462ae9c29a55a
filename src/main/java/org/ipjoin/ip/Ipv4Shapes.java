package org.ipjoin.ip;

/**
 * The 81 shapes of a valid dotted quad (each octet one to three digits) for {@link Ipv4WordParser}:
 * where its octets lie in the field's first eight bytes (the head) and last eight (the tail), and how
 * to move them into 32-bit lanes.
 *
 * <p>A shape is {@code dotMarks(head) | dotMarks(tail) >>> 3 | length}: the high bit of each dot
 * byte of the head, bit 4 of each dot byte of the tail, the length in bits 0–3. {@link #entry}
 * hashes it with one multiplication into a table of 256 entries of eight longs (16 KiB; the 81 used
 * entries are 5 KiB of it); the multiplier was found by search, and the table is built and checked
 * collision-free when the class loads. Any other shape lands on an entry whose shape differs, and is
 * rejected.
 */
final class Ipv4Shapes {

  /** Takes the 81 valid shapes to distinct top bytes. */
  private static final long HASH = 0x3F4B_B680_A91D_1977L;

  // An entry's longs: its shape, the bytes of octets 1-4, the shifts, the least lanes of two pairs.
  private static final int SHAPE = 0;
  private static final int SHIFTS = 5;
  private static final int LEAST = 6;
  private static final int STRIDE = 8;

  private static final long[] TABLE = build();

  private Ipv4Shapes() {}

  /** The entry of a shape: valid for the accessors below, whatever the shape. */
  static int entry(long shape) {
    return (int) ((shape * HASH) >>> 56) * STRIDE;
  }

  /** The entry's shape; -1 (no shape) for an unused entry. */
  static long shape(int entry) {
    return TABLE[entry + SHAPE];
  }

  /** The bytes holding octet 1, 2 (of the head) or 3, 4 (of the tail). */
  static long octetBytes(int entry, int octet) {
    return TABLE[entry + octet];
  }

  /**
   * Bits 0–5: left shift of octet 1 (masked head) into lane 0; bits 8–13: left shift of octet 2
   * into lane 1; bits 16–21: right shift of octet 3 (masked tail) into lane 0. Octet 4 always moves
   * right by one byte into lane 1.
   */
  static long shifts(int entry) {
    return TABLE[entry + SHIFTS];
  }

  /**
   * The least big-endian lanes of the octets' digit counts without a leading zero, in the order
   * after {@link Long#reverseBytes}: for {@code pair} 0, octet 2 in lane 0 and octet 1 in lane 1;
   * for {@code pair} 1, octets 4 and 3.
   */
  static long least(int entry, int pair) {
    return TABLE[entry + LEAST + pair];
  }

  private static long[] build() {
    long[] table = new long[256 * STRIDE];
    for (int i = 0; i < 256; i++) {
      table[i * STRIDE + SHAPE] = -1;
    }
    for (int shapes = 0; shapes < 81; shapes++) {
      int d1 = 1 + shapes % 3;
      int d2 = 1 + shapes / 3 % 3;
      int d3 = 1 + shapes / 9 % 3;
      int d4 = 1 + shapes / 27;
      int length = d1 + d2 + d3 + d4 + 3;
      long dots = 1L << d1 | 1L << (d1 + d2 + 1) | 1L << (d1 + d2 + d3 + 2);
      // A 7-byte field's tail holds its last four bytes only, in bytes 4-7.
      long shape = dotMarks(dots, 0, 0) | dotMarks(dots, length - 8, length < 8 ? 4 : 0) >>> 3 | length;
      int entry = entry(shape);
      if (table[entry + SHAPE] != -1) {
        throw new IllegalStateException("shape hash collision");
      }
      int tailStart = length - 8;
      table[entry + SHAPE] = shape;
      table[entry + 1] = bytes(0, d1);
      table[entry + 2] = bytes(d1 + 1, d2);
      table[entry + 3] = bytes(d1 + d2 + 2 - tailStart, d3);
      table[entry + 4] = bytes(8 - d4, d4);
      long shift1 = 8 * (3 - d1);
      long shift2 = 8 * (7 - d2 - (d1 + 1));
      long shift3 = 8 * ((d1 + d2 + d3 + 2 - tailStart) - 3);
      table[entry + SHIFTS] = shift1 | shift2 << 8 | shift3 << 16;
      table[entry + LEAST] = least(d2) | least(d1) << 32;
      table[entry + LEAST + 1] = least(d4) | least(d3) << 32;
    }
    return table;
  }

  /**
   * The high bit of byte i, from {@code firstRead} on, of the word whose byte 0 is field byte {@code
   * start}, for each dot bit.
   */
  private static long dotMarks(long dots, int start, int firstRead) {
    long marks = 0;
    for (int i = firstRead; i < 8; i++) {
      if ((dots >>> (start + i) & 1) != 0) {
        marks |= 0x80L << (8 * i);
      }
    }
    return marks;
  }

  /** Bytes {@code [first, first + count)} of a word. */
  private static long bytes(int first, int count) {
    return ((1L << (8 * count)) - 1) << (8 * first);
  }

  /** The least big-endian lane of {@code digits} digits without a leading zero. */
  private static long least(int digits) {
    return digits == 1 ? 0 : 1L << (8 * digits);
  }
}
