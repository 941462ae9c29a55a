package org.ipjoin;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.testing.AddressText;
import org.ipjoin.testing.CsvFields;
import org.ipjoin.testing.ListOracle;

/**
 * An independent reading of a real list for tests: plain String code and unsigned addresses in
 * longs, no ipjoin parser. {@link #answer} is the {@link ListOracle}'s under the {@code longest}
 * rule (the fewest addresses wins; among equal sizes the earliest line).
 */
public final class ReferenceList {

  /** One entry; {@code label} is null when the line has none. */
  public record Entry(long start, long end, String label) {}

  private final List<Entry> entries;
  private final ListOracle oracle = new ListOracle();

  private ReferenceList(List<Entry> entries) {
    this.entries = entries;
    for (Entry e : entries) {
      oracle.add(false, BigInteger.valueOf(e.start), BigInteger.valueOf(e.end), e.label);
    }
  }

  public List<Entry> entries() {
    return entries;
  }

  /** {@code start,end,name,url} lines (ipcat): the name is the label; quoted fields allowed. */
  public static ReferenceList ipcatCsv(Path file) throws IOException {
    List<Entry> entries = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      List<String> f = CsvFields.split(line);
      entries.add(new Entry(address(f.get(0)), address(f.get(1)), f.get(2)));
    }
    return new ReferenceList(entries);
  }

  /** {@code a.b.c.d/n ; comment} lines and {@code ;} comment lines (Spamhaus DROP): no labels. */
  public static ReferenceList cidrBlocks(Path file) throws IOException {
    List<Entry> entries = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String block = line.split(";")[0].trim();
      if (block.isEmpty()) {
        continue;
      }
      String[] parts = block.split("/");
      long start = address(parts[0]);
      long size = 1L << (32 - Integer.parseInt(parts[1]));
      entries.add(new Entry(start, start + size - 1, null));
    }
    return new ReferenceList(entries);
  }

  /** The entry answering for {@code address} under the longest rule, or null. */
  public Entry answer(long address) {
    ListOracle.Entry e = oracle.answer(false, BigInteger.valueOf(address), OverlapPolicy.LONGEST);
    return e == null ? null : entries.get((int) e.line() - 1);
  }

  /**
   * What tag mode must write for a combined-log record: the client is the first space-delimited
   * field; an IPv4 client gets the answer's label ({@code 1} without one) or {@code unmatched};
   * a client with a ':' is IPv6 ({@code unmatched}); anything else is malformed ({@code -}).
   */
  public String tag(String record, String unmatched) {
    int space = record.indexOf(' ');
    String client = space < 0 ? record : record.substring(0, space);
    if (ListOracle.IPV4.matcher(client).matches()) {
      Entry e = answer(address(client));
      return e == null ? unmatched : e.label == null ? "1" : e.label;
    }
    return client.contains(":") ? unmatched : "-";
  }

  public static long address(String dotted) {
    long a = 0;
    for (String octet : dotted.split("\\.")) {
      a = a * 256 + Integer.parseInt(octet);
    }
    return a;
  }

  public static String dotted(long a) {
    return AddressText.dotted(a);
  }
}
