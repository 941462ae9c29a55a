package org.ipjoin.job.locate;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.job.JoinIndexes;

/**
 * Which address of a chain to take ({@code ipjoin.chain}): a client field holding several
 * addresses separated by commas, as an {@code X-Forwarded-For} header does
 * ({@code 203.0.113.7, 10.0.0.2}: the client first, then each proxy that passed it on).
 *
 * <ul>
 *   <li>{@code first} (default): the leftmost hop, the client as the first proxy was told;
 *   <li>{@code last}: the rightmost hop, the address the last proxy saw;
 *   <li>{@code untrusted=CIDR,CIDR,...}: the rightmost hop that is not in the trusted set (the
 *       rule the proxies' documentation recommends, since any hop left of the first untrusted one
 *       may have been written by the client itself); when every hop is trusted, the leftmost;
 *   <li>{@code untrusted=INDEX}: the same with the trusted set one of the job's indexes (a list of
 *       proxies too long to write as blocks), asked through {@link TrustedAddresses}; the driver
 *       checks the name ({@link #trustedIndex}), the task hands the loaded index over.
 * </ul>
 *
 * Hops are split on commas and blanks (runs of them count as one separator, so {@code a,b},
 * {@code a, b} and {@code a ,b} are the same chain); each hop is read with the usual address
 * rules ({@link ClientIpLocator.Range#setField}: brackets, port, zone id). A hop that is no
 * address is never trusted, so it stops the search from the right: when it is the chosen hop the
 * record is malformed. The trusted set is parsed once into sorted, merged ranges (IPv4 as keys,
 * IPv6 as key halves) and searched by bisection: picking a hop allocates nothing.
 *
 * <p>An instance holds scratch state: one per locator.
 */
public final class ChainRule {

  /** The rule used when none is given. */
  public static final String DEFAULT = "first";

  /** The accepted forms, for messages and usage. */
  public static final String FORMS = "first, last, untrusted=CIDR,CIDR,..., untrusted=INDEX";

  private enum Pick { FIRST, LAST, UNTRUSTED }

  private final Pick pick;
  private final String spec;
  /** Trusted IPv4 ranges as keys ({@link Ipv4Codec#toKey}): sorted, merged, inclusive ends. */
  private final int[] v4Starts;
  private final int[] v4Ends;
  /** Trusted IPv6 ranges as key halves ({@link Ipv6Codec#toKey}): sorted, merged, inclusive. */
  private final long[] v6StartHi;
  private final long[] v6StartLo;
  private final long[] v6EndHi;
  private final long[] v6EndLo;
  /** With {@code untrusted=INDEX}: the index, asked instead of the blocks; else null. */
  private final TrustedAddresses index;
  private final Ipv6Codec.Address scratch = new Ipv6Codec.Address();

  private ChainRule(Pick pick, String spec, List<long[]> v4, List<long[]> v6) {
    this(pick, spec, v4, v6, null);
  }

  private ChainRule(Pick pick, String spec, List<long[]> v4, List<long[]> v6,
      TrustedAddresses index) {
    this.pick = pick;
    this.spec = spec;
    this.index = index;
    this.v4Starts = new int[v4.size()];
    this.v4Ends = new int[v4.size()];
    for (int i = 0; i < v4.size(); i++) {
      v4Starts[i] = (int) v4.get(i)[0];
      v4Ends[i] = (int) v4.get(i)[1];
    }
    this.v6StartHi = new long[v6.size()];
    this.v6StartLo = new long[v6.size()];
    this.v6EndHi = new long[v6.size()];
    this.v6EndLo = new long[v6.size()];
    for (int i = 0; i < v6.size(); i++) {
      long[] r = v6.get(i);
      v6StartHi[i] = r[0];
      v6StartLo[i] = r[1];
      v6EndHi[i] = r[2];
      v6EndLo[i] = r[3];
    }
  }

  /**
   * Parses {@code first}, {@code last} or {@code untrusted=CIDR,CIDR,...} (keywords in any case;
   * a CIDR may be a single address; no host bits may be set below the prefix).
   *
   * @throws IllegalArgumentException one line naming the rule and what is wrong with it
   */
  public static ChainRule parse(String spec) {
    return parse(spec, name -> null);
  }

  /**
   * Parses the rule as {@link #parse(String)} does, {@code untrusted=INDEX} too: the trusted set is
   * then {@code indexes}' answer for INDEX. A rule whose index is not given (null) can be checked
   * but not used: picking a hop with it throws IllegalStateException.
   *
   * @throws IllegalArgumentException one line naming the rule and what is wrong with it
   */
  public static ChainRule parse(String spec, Function<String, TrustedAddresses> indexes) {
    String s = spec.trim();
    String name = trustedIndex(s);
    if (name != null) {
      TrustedAddresses set = indexes.apply(name);
      return new ChainRule(Pick.UNTRUSTED, "untrusted=" + name, List.of(), List.of(),
          set != null ? set : notGiven(name));
    }
    String keyword = s.toLowerCase(Locale.ROOT);
    if (keyword.equals("first")) {
      return new ChainRule(Pick.FIRST, "first", List.of(), List.of());
    }
    if (keyword.equals("last")) {
      return new ChainRule(Pick.LAST, "last", List.of(), List.of());
    }
    if (!keyword.startsWith("untrusted=")) {
      throw new IllegalArgumentException("bad chain rule '" + spec + "'; use one of " + FORMS);
    }
    List<long[]> v4 = new ArrayList<>();
    List<long[]> v6 = new ArrayList<>();
    String list = s.substring("untrusted=".length());
    for (String item : list.split(",", -1)) {
      String cidr = item.trim();
      if (cidr.isEmpty()) {
        throw new IllegalArgumentException("bad chain rule '" + spec + "': an empty CIDR in the"
            + " trusted list; give e.g. untrusted=10.0.0.0/8,192.168.0.0/16");
      }
      try {
        block(cidr, v4, v6);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("bad chain rule '" + spec + "': " + e.getMessage());
      }
    }
    return new ChainRule(Pick.UNTRUSTED, "untrusted=" + list.trim(), merged4(v4), merged6(v6));
  }

  /**
   * The index a rule {@code untrusted=INDEX} names as its trusted set, or null for any other rule:
   * a single item that is a name ({@link JoinIndexes#NAME}), which no address or CIDR block is.
   */
  public static String trustedIndex(String spec) {
    String s = spec.trim();
    if (!s.toLowerCase(Locale.ROOT).startsWith("untrusted=")) {
      return null;
    }
    String item = s.substring("untrusted=".length()).trim();
    return JoinIndexes.NAME.matcher(item).matches() ? item : null;
  }

  private static TrustedAddresses notGiven(String name) {
    return new TrustedAddresses() {
      @Override
      public boolean holdsIpv4(int key) {
        throw new IllegalStateException("the trusted index " + name + " was not given");
      }

      @Override
      public boolean holdsIpv6(long hiKey, long loKey) {
        return holdsIpv4(0);
      }
    };
  }

  /** The rule as given (keyword in lower case), for logs and messages. */
  public String spec() {
    return spec;
  }

  /**
   * Sets {@code range} to the hop this rule picks from the chain {@code record[from, to)}, read
   * with {@link ClientIpLocator.Range#setField}. A chain of separators only is left whole, so the
   * address parsers call it malformed.
   */
  public void pick(byte[] record, int from, int to, ClientIpLocator.Range range) {
    int firstStart = skip(record, from, to);
    if (firstStart == to) {
      range.set(from, to);
      return;
    }
    if (pick == Pick.FIRST) {
      range.setField(record, firstStart, hopEnd(record, firstStart, to));
      return;
    }
    // From the right: each hop's [start, end), until one is chosen.
    int end = to;
    while (true) {
      while (end > from && isSeparator(record[end - 1])) {
        end--;
      }
      int start = end;
      while (start > from && !isSeparator(record[start - 1])) {
        start--;
      }
      range.setField(record, start, end);
      if (pick == Pick.LAST || !trusted(record, range)) {
        return;
      }
      if (start == firstStart) {
        // Every hop is trusted: the leftmost, the range just set.
        return;
      }
      end = start;
    }
  }

  /** Whether the hop in {@code range} is an address in the trusted set. */
  private boolean trusted(byte[] record, ClientIpLocator.Range range) {
    if (range.absent) {
      return false;
    }
    if (!range.bracketed) {
      long address = Ipv4Codec.parseAddress(record, range.from, range.to);
      if (address != Ipv4Codec.NOT_IPV4) {
        return inV4(Ipv4Codec.toKey(address));
      }
    }
    if (!Ipv6Codec.parse(record, range.from, range.to, scratch)) {
      return false;
    }
    long mapped = Ipv6Codec.mappedIpv4(scratch.hi, scratch.lo);
    if (mapped != Ipv4Codec.NOT_IPV4) {
      return inV4(Ipv4Codec.toKey(mapped));
    }
    return inV6(Ipv6Codec.toKey(scratch.hi), Ipv6Codec.toKey(scratch.lo));
  }

  private boolean inV4(int key) {
    if (index != null) {
      return index.holdsIpv4(key);
    }
    // The last range starting at or before key.
    int lo = 0;
    int hi = v4Starts.length - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (v4Starts[mid] <= key) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found >= 0 && key <= v4Ends[found];
  }

  private boolean inV6(long keyHi, long keyLo) {
    if (index != null) {
      return index.holdsIpv6(keyHi, keyLo);
    }
    int lo = 0;
    int hi = v6StartHi.length - 1;
    int found = -1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      if (compare(v6StartHi[mid], v6StartLo[mid], keyHi, keyLo) <= 0) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found >= 0 && compare(keyHi, keyLo, v6EndHi[found], v6EndLo[found]) <= 0;
  }

  /** Compares two 128-bit keys given as signed-ordered halves. */
  private static int compare(long aHi, long aLo, long bHi, long bLo) {
    int c = Long.compare(aHi, bHi);
    return c != 0 ? c : Long.compare(aLo, bLo);
  }

  private static int skip(byte[] record, int from, int to) {
    while (from < to && isSeparator(record[from])) {
      from++;
    }
    return from;
  }

  private static int hopEnd(byte[] record, int from, int to) {
    while (from < to && !isSeparator(record[from])) {
      from++;
    }
    return from;
  }

  private static boolean isSeparator(byte b) {
    return b == ',' || b == ' ' || b == '\t';
  }

  /** Adds the block {@code cidr} to {@code v4} as {start key, end key} or to {@code v6}. */
  private static void block(String cidr, List<long[]> v4, List<long[]> v6) {
    int slash = cidr.indexOf('/');
    String address = slash < 0 ? cidr : cidr.substring(0, slash);
    byte[] bytes = address.getBytes(StandardCharsets.ISO_8859_1);
    long ipv4 = Ipv4Codec.parseAddress(bytes, 0, bytes.length);
    Ipv6Codec.Address ipv6 = new Ipv6Codec.Address();
    boolean isV6 = ipv4 == Ipv4Codec.NOT_IPV4 && Ipv6Codec.parse(bytes, 0, bytes.length, ipv6);
    if (ipv4 == Ipv4Codec.NOT_IPV4 && !isV6) {
      throw new IllegalArgumentException("'" + cidr + "' is not an IPv4 or IPv6 address or CIDR"
          + " block" + (JoinIndexes.NAME.matcher(cidr).matches()
              ? " (an index name stands alone: untrusted=" + cidr + ")" : ""));
    }
    int bits = isV6 ? 128 : 32;
    int prefix = bits;
    if (slash >= 0) {
      String length = cidr.substring(slash + 1);
      if (!length.matches("[0-9]{1,3}") || Integer.parseInt(length) > bits) {
        throw new IllegalArgumentException("'" + cidr + "': the prefix length must be 0 to " + bits);
      }
      prefix = Integer.parseInt(length);
    }
    if (!isV6) {
      long hostMask = prefix == 0 ? 0xFFFF_FFFFL : (1L << (32 - prefix)) - 1;
      if ((ipv4 & hostMask) != 0) {
        throw new IllegalArgumentException("'" + cidr + "' has host bits set; the block is "
            + Ipv4Codec.format(Ipv4Codec.toKey(ipv4 & ~hostMask)) + "/" + prefix);
      }
      v4.add(new long[] {Ipv4Codec.toKey(ipv4), Ipv4Codec.toKey(ipv4 | hostMask)});
      return;
    }
    long hiMask = prefix >= 64 ? 0 : (prefix == 0 ? -1L : -1L >>> prefix);
    long loMask = prefix >= 128 ? 0 : (prefix <= 64 ? -1L : -1L >>> (prefix - 64));
    if ((ipv6.hi & hiMask) != 0 || (ipv6.lo & loMask) != 0) {
      throw new IllegalArgumentException("'" + cidr + "' has host bits set; the block is "
          + Ipv6Codec.format(ipv6.hi & ~hiMask, ipv6.lo & ~loMask) + "/" + prefix);
    }
    v6.add(new long[] {Ipv6Codec.toKey(ipv6.hi), Ipv6Codec.toKey(ipv6.lo),
        Ipv6Codec.toKey(ipv6.hi | hiMask), Ipv6Codec.toKey(ipv6.lo | loMask)});
  }

  private static List<long[]> merged4(List<long[]> ranges) {
    List<long[]> sorted = new ArrayList<>(ranges);
    sorted.sort(Comparator.comparingLong(r -> r[0]));
    List<long[]> merged = new ArrayList<>();
    for (long[] r : sorted) {
      long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && r[0] <= last[1]) {
        last[1] = Math.max(last[1], r[1]);
      } else {
        merged.add(r.clone());
      }
    }
    return merged;
  }

  private static List<long[]> merged6(List<long[]> ranges) {
    List<long[]> sorted = new ArrayList<>(ranges);
    sorted.sort((a, b) -> compare(a[0], a[1], b[0], b[1]));
    List<long[]> merged = new ArrayList<>();
    for (long[] r : sorted) {
      long[] last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && compare(r[0], r[1], last[2], last[3]) <= 0) {
        if (compare(r[2], r[3], last[2], last[3]) > 0) {
          last[2] = r[2];
          last[3] = r[3];
        }
      } else {
        merged.add(r.clone());
      }
    }
    return merged;
  }

  @Override
  public String toString() {
    return spec + (pick == Pick.UNTRUSTED && index == null ? " (" + v4Starts.length + " IPv4 and "
        + v6StartHi.length + " IPv6 ranges)" : "");
  }
}
