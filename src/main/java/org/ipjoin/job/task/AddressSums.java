package org.ipjoin.job.task;

import java.io.IOException;
import java.util.Arrays;

/**
 * Count mode's sums per address inside one map task: each listed record adds 1 to its address's
 * sum here instead of writing an (address, 1) pair, and the sums go out as one (address, sum) pair
 * per distinct address ({@link #flush}), so Hadoop's map output buffer sorts and spills one record
 * per address and task rather than one per listed record. Memory is bounded: once {@link #limit}
 * addresses are held the sums are written out and the table starts empty again (an address may
 * then leave the task in more than one pair; the reducer sums them as it sums every task's).
 *
 * <p>An open-addressing table (linear probing, at most half full) of the address's family, its
 * two halves (an IPv4 key in {@code lo}) and its sum: no object per address or record.
 */
final class AddressSums {

  /**
   * The most addresses held before a flush: 2^18, so the table is at most 2^19 slots of 25 bytes
   * (about 13 MB) per map task, whatever the split's size.
   */
  static final int LIMIT = 1 << 18;

  private static final byte EMPTY = 0;
  private static final byte V4 = 1;
  private static final byte V6 = 2;

  /** Where the sums go: one (address, sum) pair each. */
  interface Sink {
    void ipv4(int key, long sum) throws IOException, InterruptedException;

    void ipv6(long hi, long lo, long sum) throws IOException, InterruptedException;
  }

  private final int limit;
  private final Sink sink;
  private byte[] families;
  private long[] his;
  private long[] los;
  private long[] sums;
  private int size;

  AddressSums(Sink sink) {
    this(LIMIT, sink);
  }

  /** With {@code limit} addresses held at most (a power of two or not). */
  AddressSums(int limit, Sink sink) {
    this.limit = limit;
    this.sink = sink;
    allocate(16);
  }

  private void allocate(int capacity) {
    families = new byte[capacity];
    his = new long[capacity];
    los = new long[capacity];
    sums = new long[capacity];
  }

  /** Adds 1 to the IPv4 address with key {@code key}. */
  void addIpv4(int key) throws IOException, InterruptedException {
    add(V4, 0, key);
  }

  /** Adds 1 to the IPv6 address {@code hi}, {@code lo}. */
  void addIpv6(long hi, long lo) throws IOException, InterruptedException {
    add(V6, hi, lo);
  }

  private void add(byte family, long hi, long lo) throws IOException, InterruptedException {
    int mask = families.length - 1;
    int slot = hash(family, hi, lo) & mask;
    while (families[slot] != EMPTY) {
      if (families[slot] == family && his[slot] == hi && los[slot] == lo) {
        sums[slot]++;
        return;
      }
      slot = (slot + 1) & mask;
    }
    if (size == limit) {
      flush();
      add(family, hi, lo);
      return;
    }
    families[slot] = family;
    his[slot] = hi;
    los[slot] = lo;
    sums[slot] = 1;
    if (++size * 2 > families.length) {
      grow();
    }
  }

  private static int hash(byte family, long hi, long lo) {
    long h = (hi * 0x9E37_79B9_7F4A_7C15L + lo) * 0xC2B2_AE3D_27D4_EB4FL + family;
    return (int) (h ^ (h >>> 29));
  }

  private void grow() {
    byte[] f = families;
    long[] h = his;
    long[] l = los;
    long[] s = sums;
    allocate(f.length * 2);
    int mask = families.length - 1;
    for (int i = 0; i < f.length; i++) {
      if (f[i] != EMPTY) {
        int slot = hash(f[i], h[i], l[i]) & mask;
        while (families[slot] != EMPTY) {
          slot = (slot + 1) & mask;
        }
        families[slot] = f[i];
        his[slot] = h[i];
        los[slot] = l[i];
        sums[slot] = s[i];
      }
    }
  }

  /** Writes every sum held to the sink and empties the table (keeping its size). */
  void flush() throws IOException, InterruptedException {
    for (int i = 0; i < families.length; i++) {
      if (families[i] == V4) {
        sink.ipv4((int) los[i], sums[i]);
      } else if (families[i] == V6) {
        sink.ipv6(his[i], los[i], sums[i]);
      }
    }
    Arrays.fill(families, EMPTY);
    size = 0;
  }
}
