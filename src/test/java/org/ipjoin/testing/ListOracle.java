package org.ipjoin.testing;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.ipjoin.index.list.OverlapPolicy;

/**
 * The reference answer of "which list entry does this address get", for tests to check ipjoin's
 * parsers, normaliser, indexes and job against: entries in line order, addresses as unsigned
 * {@link BigInteger}s, literals read by {@link InetAddress}, answers by a brute-force scan. No
 * ipjoin parser, key code or lookup, so it cannot share a bug with them.
 *
 * <p>Under {@link OverlapPolicy#LONGEST} the entry with the fewest addresses wins, the earliest
 * line among equal sizes; under {@link OverlapPolicy#FIRST} the earliest line wins. For disjoint
 * entries both give the one entry holding the address.
 */
public final class ListOracle {

  /** A strict dotted quad: octets 0-255 without leading zeros. */
  public static final Pattern IPV4 = Pattern.compile(
      "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");

  /** One entry: family, first and last address (inclusive), label (null for none), line (from 1). */
  public record Entry(boolean v6, BigInteger start, BigInteger end, String label, long line) {
    public BigInteger size() {
      return end.subtract(start).add(BigInteger.ONE);
    }

    public boolean contains(BigInteger address) {
      return start.compareTo(address) <= 0 && address.compareTo(end) <= 0;
    }
  }

  private final List<Entry> entries = new ArrayList<>();

  /** Appends an entry (its line is its position, from 1). */
  public ListOracle add(boolean v6, BigInteger start, BigInteger end, String label) {
    entries.add(new Entry(v6, start, end, label, entries.size() + 1));
    return this;
  }

  public List<Entry> entries() {
    return entries;
  }

  /** The entry answering for {@code address} of the family under {@code policy}, or null. */
  public Entry answer(boolean v6, BigInteger address, OverlapPolicy policy) {
    return winner(entries, v6, policy, address);
  }

  /** The entry of {@code entries} (one family, in line order) that {@code policy} picks, or null. */
  public static Entry winner(List<Entry> entries, OverlapPolicy policy, BigInteger address) {
    return entries.isEmpty() ? null : winner(entries, entries.get(0).v6(), policy, address);
  }

  private static Entry winner(List<Entry> entries, boolean v6, OverlapPolicy policy,
      BigInteger address) {
    Entry best = null;
    for (Entry e : entries) { // in line order, so ties keep the earlier line
      if (e.v6() == v6 && e.contains(address)) {
        if (best == null
            || policy == OverlapPolicy.LONGEST && e.size().compareTo(best.size()) < 0) {
          best = e;
        }
      }
    }
    return best;
  }

  /** The unsigned value of a strict dotted quad (see {@link #IPV4}). */
  public static BigInteger ipv4(String dotted) {
    long value = 0;
    for (String octet : dotted.split("\\.")) {
      value = value << 8 | Integer.parseInt(octet);
    }
    return BigInteger.valueOf(value);
  }

  /** The unsigned value of an address literal of either family, by {@link InetAddress}. */
  public static BigInteger literal(String text) throws UnknownHostException {
    return new BigInteger(1, InetAddress.getByName(text).getAddress());
  }
}
