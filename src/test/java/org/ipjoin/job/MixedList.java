package org.ipjoin.job;

import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.testing.AddressText;
import org.ipjoin.testing.LogAddressForms;
import org.ipjoin.testing.ListOracle;

/**
 * A list of IPv4 and IPv6 entries for job tests, and an independent reading of what the job must
 * answer for a client field: plain String code, {@link BigInteger} addresses and
 * {@link InetAddress} as the IPv6 literal parser, the answer the {@link ListOracle}'s; no ipjoin
 * parser or lookup. The entries must be
 * disjoint (so the answer is the one entry holding the address, whatever the overlap policy).
 *
 * <p>The rules it encodes, as documented for the job: a client is a strict dotted quad, or an IPv6
 * literal, optionally in brackets with a {@code :port} after them; a port after {@code #}, or after
 * the only colon, and a zone id after {@code %} are taken off; an IPv4-mapped IPv6 client
 * ({@code ::ffff:a.b.c.d}) is the IPv4 client {@code a.b.c.d}; nothing else is translated; IPv4
 * in brackets, or anything else is malformed.
 */
public final class MixedList {

  private static final Pattern IPV4 = ListOracle.IPV4;
  private static final Pattern IPV6_CHARS = Pattern.compile("[0-9A-Fa-f:.]+");
  private static final BigInteger MAPPED_PREFIX = BigInteger.valueOf(0xFFFF).shiftLeft(32);

  /** An address of one family: 4 or 6, and its value. */
  public record Address(int family, BigInteger value) {}

  /** One entry: family, first and last address (inclusive), label or null. */
  public record Entry(int family, BigInteger first, BigInteger last, String label) {}

  /** What the job must do with one client field. */
  public record Answer(boolean malformed, Address client, Entry entry) {
    public boolean matched() {
      return entry != null;
    }

    /** The tag mode column: label, {@code 1} unlabelled, {@code 0} no match, {@code -} malformed. */
    public String tag() {
      return malformed ? "-" : entry == null ? "0" : entry.label() == null ? "1" : entry.label();
    }
  }

  private final List<Entry> entries = new ArrayList<>();
  /** The same entries, in the same order, for the answers. */
  private final ListOracle oracle = new ListOracle();

  /**
   * Adds an entry written as a list line would be: {@code a}, {@code a/n} or {@code a-b}
   * (either family), optionally TAB and a label.
   */
  public MixedList add(String line) throws UnknownHostException {
    String[] parts = line.split("\t", 2);
    String label = parts.length > 1 ? parts[1] : null;
    String range = parts[0];
    Address first;
    Address last;
    if (range.contains("/")) {
      String[] block = range.split("/");
      first = listAddress(block[0]);
      int bits = first.family() == 4 ? 32 : 128;
      BigInteger size = BigInteger.ONE.shiftLeft(bits - Integer.parseInt(block[1]));
      last = new Address(first.family(), first.value().add(size).subtract(BigInteger.ONE));
    } else if (range.contains("-")) {
      String[] ends = range.split("-");
      first = listAddress(ends[0]);
      last = listAddress(ends[1]);
    } else {
      first = listAddress(range);
      last = first;
    }
    entries.add(new Entry(first.family(), first.value(), last.value(), label));
    oracle.add(first.family() == 6, first.value(), last.value(), label);
    return this;
  }

  List<Entry> entries() {
    return entries;
  }

  /** Fails unless the entries are disjoint (the reading answers with the one entry holding an address). */
  MixedList requireDisjoint() {
    List<Entry> sorted = new ArrayList<>(entries);
    sorted.sort(Comparator.comparingInt(Entry::family).thenComparing(Entry::first));
    for (int i = 1; i < sorted.size(); i++) {
      Entry a = sorted.get(i - 1);
      Entry b = sorted.get(i);
      if (a.family() == b.family() && a.last().compareTo(b.first()) >= 0) {
        throw new AssertionError("test list entries overlap: " + a + " and " + b);
      }
    }
    return this;
  }

  /** An address in a list line (no mapped forms in these test lists). */
  private static Address listAddress(String text) throws UnknownHostException {
    if (IPV4.matcher(text).matches()) {
      return new Address(4, ListOracle.literal(text));
    }
    return new Address(6, ListOracle.literal(text));
  }

  /** The job's verdict for a client field, by the documented rules. */
  public Answer answer(String field) {
    Address client = client(field);
    if (client == null) {
      return new Answer(true, null, null);
    }
    ListOracle.Entry e = oracle.answer(client.family() == 6, client.value(), OverlapPolicy.FIRST);
    return new Answer(false, client, e == null ? null : entries.get((int) e.line() - 1));
  }

  /** The client address of a field, or null when it is malformed. */
  static Address client(String field) {
    LogAddressForms.Form form = LogAddressForms.of(field);
    String text = form.text();
    boolean bracketed = form.bracketed();
    if (!bracketed && IPV4.matcher(text).matches()) {
      return new Address(4, ListOracle.ipv4(text));
    }
    if (!IPV6_CHARS.matcher(text).matches() || !text.contains(":")) {
      return null; // zone ids (%), brackets left over, ports on IPv4, anything else
    }
    // The JDK's parser accepts a dotted quad with leading zeros in the tail; the job does not.
    String tail = text.substring(text.lastIndexOf(':') + 1);
    if (tail.contains(".") && !IPV4.matcher(tail).matches()) {
      return null;
    }
    byte[] bytes;
    try {
      bytes = InetAddress.getByName(text).getAddress();
    } catch (UnknownHostException e) {
      return null;
    }
    if (bytes.length == 4) {
      // The JDK reads ::ffff:a.b.c.d as the IPv4 address a.b.c.d, as the job does.
      return new Address(4, new BigInteger(1, bytes));
    }
    BigInteger value = new BigInteger(1, bytes);
    if (value.shiftRight(32).equals(BigInteger.valueOf(0xFFFF))) {
      return new Address(4, value.subtract(MAPPED_PREFIX));
    }
    return new Address(6, value);
  }

  /** The address as count mode must print it: a dotted quad, or RFC 5952 text. */
  public static String text(Address a) {
    return a.family() == 4 ? AddressText.dotted(a.value().longValue())
        : AddressText.rfc5952(a.value());
  }

  /** Count mode's order: IPv4 before IPv6, each by value. */
  static final Comparator<Address> ORDER =
      Comparator.comparingInt(Address::family).thenComparing(Address::value);

  /**
   * The intervals of one family an index of these (disjoint) entries holds: in address order,
   * touching entries with the same label (or both without) merged into one, as a build does.
   */
  List<Entry> intervals(int family) {
    List<Entry> sorted = entries.stream().filter(e -> e.family() == family)
        .sorted(Comparator.comparing(Entry::first)).toList();
    List<Entry> merged = new ArrayList<>();
    for (Entry e : sorted) {
      Entry last = merged.isEmpty() ? null : merged.get(merged.size() - 1);
      if (last != null && last.last().add(BigInteger.ONE).equals(e.first())
          && java.util.Objects.equals(last.label(), e.label())) {
        merged.set(merged.size() - 1, new Entry(family, last.first(), e.last(), e.label()));
      } else {
        merged.add(e);
      }
    }
    return merged;
  }

  /** Writes the index of these entries (ranges and labels, both families) to {@code file}. */
  public IndexIdentity writeIndex(Path file) throws IOException {
    List<Entry> v4 = intervals(4);
    List<Entry> v6 = intervals(6);
    Map<String, Integer> ids = new LinkedHashMap<>();
    for (Entry e : entries) {
      if (e.label() != null) {
        ids.putIfAbsent(e.label(), ids.size() + 1);
      }
    }
    int[] labelEnds = new int[ids.size() + 1];
    StringBuilder all = new StringBuilder();
    int i = 1;
    int bytes = 0;
    for (String label : ids.keySet()) {
      all.append(label);
      bytes += label.getBytes(StandardCharsets.UTF_8).length;
      labelEnds[i++] = bytes;
    }
    int[] starts = new int[v4.size()];
    int[] ends = new int[v4.size()];
    int[] labels4 = new int[v4.size()];
    for (int k = 0; k < v4.size(); k++) {
      starts[k] = (int) (v4.get(k).first().longValue() ^ 0x8000_0000L);
      ends[k] = (int) (v4.get(k).last().longValue() ^ 0x8000_0000L);
      labels4[k] = v4.get(k).label() == null ? 0 : ids.get(v4.get(k).label());
    }
    long[] starts6 = new long[2 * v6.size()];
    long[] ends6 = new long[2 * v6.size()];
    int[] labels6 = new int[v6.size()];
    for (int k = 0; k < v6.size(); k++) {
      halves(v6.get(k).first(), starts6, k);
      halves(v6.get(k).last(), ends6, k);
      labels6[k] = v6.get(k).label() == null ? 0 : ids.get(v6.get(k).label());
    }
    IndexContent.V6 part = v6.isEmpty() ? null
        : new IndexContent.V6(starts6, ends6, labels6, v6.size());
    return BuiltIndexes.write(new IndexContent(starts, ends, labels4, v4.size(), labelEnds,
        all.toString().getBytes(StandardCharsets.UTF_8), 0, entries.size(), part), file);
  }

  /** The key halves (top bit flipped, so signed order is address order) of interval k. */
  private static void halves(BigInteger value, long[] into, int k) {
    into[2 * k] = value.shiftRight(64).longValue() ^ Long.MIN_VALUE;
    into[2 * k + 1] = value.longValue() ^ Long.MIN_VALUE;
  }
}
