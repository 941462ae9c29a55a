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

  /**
   * Appends the entry of one line of a netset-style list (an address or a CIDR block, IPv4 or
   * IPv6, then an optional {@code ;} or {@code #} comment), read with plain String code; a blank or
   * comment-only line adds nothing.
   */
  public ListOracle addBlockLine(String line, String label) throws UnknownHostException {
    String text = line.replaceAll("[;#].*", "").strip();
    if (text.isEmpty()) {
      return this;
    }
    String[] parts = text.split("/");
    boolean v6 = parts[0].contains(":");
    int bits = v6 ? 128 : 32;
    int prefix = parts.length == 1 ? bits : Integer.parseInt(parts[1]);
    BigInteger start = literal(parts[0]);
    BigInteger size = BigInteger.TWO.pow(bits - prefix);
    return add(v6, start, start.add(size).subtract(BigInteger.ONE), label);
  }

  /**
   * The oracle of a folder of netset-style lists labelled by file name: every file in name order,
   * each entry labelled with the file name's first {@code regex} group (String code only: the
   * file names are listed and matched here, the lines read by {@link #addBlockLine}).
   */
  public static ListOracle ofFolderLabelledByFile(java.nio.file.Path folder, String regex)
      throws java.io.IOException {
    ListOracle oracle = new ListOracle();
    List<java.nio.file.Path> files;
    try (var listing = java.nio.file.Files.list(folder)) {
      files = listing.sorted().toList();
    }
    for (java.nio.file.Path file : files) {
      String label = file.getFileName().toString().replaceAll("^" + regex + "$", "$1");
      for (String line : java.nio.file.Files.readAllLines(file,
          java.nio.charset.StandardCharsets.UTF_8)) {
        oracle.addBlockLine(line, label);
      }
    }
    return oracle;
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
