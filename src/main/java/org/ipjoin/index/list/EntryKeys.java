package org.ipjoin.index.list;

import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;

/**
 * The interval an entry line names, as keys: {@link #startKey}, {@link #endKey} for IPv4
 * ({@link Ipv4Codec#toKey}), the {@code *HiKey}/{@code *LoKey} halves for IPv6
 * ({@link Ipv6Codec#toKey}). Both ends are included. Overwritten by each entry read.
 */
final class EntryKeys {

  /** Whether the entry is IPv6 (keys in the *Hi/*Lo fields) or IPv4 (startKey, endKey). */
  boolean ipv6;
  int startKey;
  int endKey;
  long startHiKey;
  long startLoKey;
  long endHiKey;
  long endLoKey;

  /** Sets the IPv4 addresses {@code start … end}. */
  void ipv4(long start, long end) {
    ipv6 = false;
    startKey = Ipv4Codec.toKey(start);
    endKey = Ipv4Codec.toKey(end);
  }

  /** Sets the one IPv4 address {@code address}. */
  void ipv4(long address) {
    ipv6 = false;
    startKey = Ipv4Codec.toKey(address);
    endKey = startKey;
  }

  /** Sets the IPv6 addresses {@code start … end}, given as unsigned halves. */
  void ipv6(long startHi, long startLo, long endHi, long endLo) {
    ipv6 = true;
    startHiKey = Ipv6Codec.toKey(startHi);
    startLoKey = Ipv6Codec.toKey(startLo);
    endHiKey = Ipv6Codec.toKey(endHi);
    endLoKey = Ipv6Codec.toKey(endLo);
  }
}
