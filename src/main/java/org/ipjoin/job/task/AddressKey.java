package org.ipjoin.job.task;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.apache.hadoop.io.WritableComparable;
import org.apache.hadoop.io.WritableComparator;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;

/**
 * Count mode's map output key: a client address of either family.
 *
 * <p>Written as one family byte ({@value #IPV4} IPv4, {@value #IPV6} IPv6) and then the address
 * big-endian, 4 or 16 bytes. Comparing those bytes as unsigned bytes, lexicographically, is
 * therefore the output order: every IPv4 address before every IPv6 address, each family in
 * address order. {@link Comparator} compares the serialised bytes so, without reading the keys
 * back, which keeps the sort as cheap as it was with an {@code IntWritable} key (one more byte per
 * IPv4 key).
 */
public final class AddressKey implements WritableComparable<AddressKey> {

  static final byte IPV4 = 0;
  static final byte IPV6 = 1;

  static {
    WritableComparator.define(AddressKey.class, new Comparator());
  }

  private byte family;
  /** IPv6 bits 127–64; 0 for IPv4. */
  private long hi;
  /** IPv6 bits 63–0, or the IPv4 address 0 … 2^32−1. */
  private long lo;

  /** The IPv4 address with {@link Ipv4Codec#toKey} key {@code key}. */
  public AddressKey setIpv4(int key) {
    family = IPV4;
    hi = 0;
    lo = Ipv4Codec.toAddress(key);
    return this;
  }

  /** The IPv6 address with (unsigned) halves {@code hi} and {@code lo}. */
  public AddressKey setIpv6(long hi, long lo) {
    family = IPV6;
    this.hi = hi;
    this.lo = lo;
    return this;
  }

  public boolean isIpv6() {
    return family == IPV6;
  }

  /** The IPv4 address's {@link Ipv4Codec#toKey} key; only for an IPv4 key. */
  public int ipv4Key() {
    return Ipv4Codec.toKey(lo);
  }

  /** IPv6 bits 127–64. */
  public long hi() {
    return hi;
  }

  /** IPv6 bits 63–0. */
  public long lo() {
    return lo;
  }

  /** The address as count mode prints it: dotted quad, or RFC 5952 text for IPv6. */
  public String text() {
    return isIpv6() ? Ipv6Codec.format(hi, lo) : Ipv4Codec.format(ipv4Key());
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeByte(family);
    if (isIpv6()) {
      out.writeLong(hi);
      out.writeLong(lo);
    } else {
      out.writeInt((int) lo);
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    byte f = in.readByte();
    if (f == IPV4) {
      setIpv4(Ipv4Codec.toKey(in.readInt() & 0xFFFF_FFFFL));
    } else if (f == IPV6) {
      long h = in.readLong();
      setIpv6(h, in.readLong());
    } else {
      throw new IOException("not an address key: family byte " + f);
    }
  }

  @Override
  public int compareTo(AddressKey o) {
    if (family != o.family) {
      return family < o.family ? -1 : 1;
    }
    int c = Long.compareUnsigned(hi, o.hi);
    return c != 0 ? c : Long.compareUnsigned(lo, o.lo);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof AddressKey k && family == k.family && hi == k.hi && lo == k.lo;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(hi * 31 + lo) * 2 + family;
  }

  @Override
  public String toString() {
    return text();
  }

  /** Orders serialised keys by their bytes: the same order as {@link #compareTo}. */
  public static final class Comparator extends WritableComparator {

    public Comparator() {
      super(AddressKey.class);
    }

    @Override
    public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
      return compareBytes(b1, s1, l1, b2, s2, l2);
    }
  }
}
