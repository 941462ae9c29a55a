package org.ipjoin.job.task;

import java.util.Arrays;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv4WordParser;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.job.input.LineBlock;
import org.ipjoin.job.locate.ClientIpLocator;
import org.ipjoin.job.locate.HeaderNamedLocator;
import org.ipjoin.job.table.AddressSink;

/**
 * The clients of the records of one map call (a line, or every line of a {@link LineBlock}): each
 * record's client field found ({@link ClientIpLocator}) and parsed ({@link Ipv4WordParser}, else
 * {@link Ipv6Codec}) straight from the input's bytes, once, whatever the number of indexes; each
 * index of the join then looks all of them up at once ({@link JoinedIndex#lookUp}: the IPv4 keys
 * with one {@link Ipv4Lookup#matchAll} call, which may overlap the cache misses of their probes,
 * the IPv6 ones one by one). The mapper then reads the records back in order.
 *
 * <p>Families: an IPv4-mapped IPv6 client ({@code ::ffff:a.b.c.d}) is the IPv4 client {@code
 * a.b.c.d}; a field in brackets is IPv6 or malformed, never IPv4. The arrays grow to the largest
 * call and are reused; nothing is allocated per record.
 *
 * <p>A table's row is one record of one value per column ({@link AddressSink}), a call's rows one
 * after the other: a string is read as a field ({@link #text}), a number or bytes go in as the
 * address they are, with no bytes behind the record ({@link #bytes()} is then null: a table's
 * row, not these bytes, is written).
 */
final class ClientBatch implements AddressSink {

  /** A record without a client field, or one that is neither IPv4 nor IPv6. */
  static final byte MALFORMED = 0;
  /** An IPv4 client, IPv4-mapped ones included. */
  static final byte IPV4 = 1;
  /** Any other IPv6 client. */
  static final byte IPV6 = 2;
  /**
   * A record whose client field is there but holds no address ({@link
   * ClientIpLocator.Range#absent}: empty, {@code -}, JSON {@code null}).
   */
  static final byte NO_ADDRESS = 3;
  /**
   * A header line of a format named by the file's header ({@link HeaderNamedLocator}), not a
   * record: this plus the kind {@link HeaderNamedLocator#header} gave it (see {@link #isHeader}).
   */
  static final byte HEADER = 4;

  private static final int INITIAL = 16;

  private final ClientIpLocator locator;
  /** The locator when it reads each file's header lines, else null. */
  private final HeaderNamedLocator headers;
  private final ClientIpLocator.Range range = new ClientIpLocator.Range();
  private final Ipv6Codec.Address address = new Ipv6Codec.Address();

  private byte[] bytes;
  private int records;
  private int[] starts = new int[INITIAL];
  private int[] ends = new int[INITIAL];
  private byte[] kinds = new byte[INITIAL];
  /** Per record: its place among the clients of its family (in {@link #keys} or {@link #hi}). */
  private int[] slots = new int[INITIAL];

  private int ipv4;
  private int[] keys = new int[INITIAL];

  private int ipv6;
  private long[] hi = new long[INITIAL];
  private long[] lo = new long[INITIAL];

  /** The records' times, shared by the call's columns; read before this batch's addresses. */
  private final RecordTimes times;
  /** With a time per record: each IPv4 client's record time, by slot, as {@link #keys}. */
  private long[] ipv4Times = new long[0];
  /** With a time per record: each IPv6 client's record time, by slot. */
  private long[] ipv6Times = new long[0];

  ClientBatch(ClientIpLocator locator) {
    this(locator, RecordTimes.none());
  }

  ClientBatch(ClientIpLocator locator, RecordTimes times) {
    this.locator = locator;
    this.times = times;
    this.headers = locator.field() instanceof HeaderNamedLocator named ? named : null;
  }

  /** Whether a record kind is a header line's ({@link #HEADER}). */
  static boolean isHeader(byte kind) {
    return kind >= HEADER;
  }

  /** Starts a batch of about {@code expected} records, all of them in {@code bytes}. */
  void reset(byte[] bytes, int expected) {
    this.bytes = bytes;
    records = ipv4 = ipv6 = 0;
    if (expected > starts.length) {
      int n = Math.max(expected, starts.length * 2);
      starts = new int[n];
      ends = new int[n];
      kinds = new byte[n];
      slots = new int[n];
    }
  }

  /** Adds the record {@code bytes[from, to)}: finds and parses its client. */
  void add(int from, int to) {
    int r = begin(from, to);
    if (headers != null) {
      // In input order, so the header in force changes line by line within a block.
      byte header = headers.header(bytes, from, to);
      if (header != HeaderNamedLocator.RECORD) {
        kinds[r] = (byte) (HEADER + header);
        return;
      }
    }
    if (!locator.locate(bytes, from, to, range)) {
      return;
    }
    if (range.absent) {
      kinds[r] = NO_ADDRESS;
      return;
    }
    // Brackets hold an IPv6 literal only: "[1.2.3.4]" is not read as IPv4. The word parser answers
    // as Ipv4Codec.parseKey does, in about a third of its time (Ipv4WordParser's Javadoc).
    long key = range.bracketed ? Ipv4Codec.NOT_IPV4 : Ipv4WordParser.parseKey(bytes, range.from, range.to);
    if (key == Ipv4Codec.NOT_IPV4) {
      if (!Ipv6Codec.parse(bytes, range.from, range.to, address)) {
        return;
      }
      long mapped = Ipv6Codec.mappedIpv4(address.hi, address.lo);
      if (mapped == Ipv4Codec.NOT_IPV4) {
        addIpv6(r, address.hi, address.lo);
        return;
      }
      key = Ipv4Codec.toKey(mapped);
    }
    addIpv4(r, (int) key);
  }

  /** A new record {@code [from, to)}, malformed until its client is read. */
  private int begin(int from, int to) {
    if (records == starts.length) {
      int n = 2 * records;
      starts = Arrays.copyOf(starts, n);
      ends = Arrays.copyOf(ends, n);
      kinds = Arrays.copyOf(kinds, n);
      slots = Arrays.copyOf(slots, n);
    }
    int r = records++;
    starts[r] = from;
    ends[r] = to;
    kinds[r] = MALFORMED;
    return r;
  }

  /**
   * A table row's string value, {@code bytes[from, to)}: the next record of a batch of rows
   * ({@link #reset} with no bytes first), parsed at once (its bytes are not kept).
   */
  @Override
  public void text(byte[] bytes, int from, int to) {
    this.bytes = bytes;
    add(from, to);
    this.bytes = null;
  }

  /** A table row's IPv4 value: the next record, its key as the text's would be. */
  @Override
  public void ipv4(long address) {
    addIpv4(begin(0, 0), Ipv4Codec.toKey(address));
  }

  /** A table row's IPv6 value: the next record; IPv4-mapped is IPv4, as parsed text is. */
  @Override
  public void ipv6(long hi, long lo) {
    int r = begin(0, 0);
    long mapped = Ipv6Codec.mappedIpv4(hi, lo);
    if (mapped == Ipv4Codec.NOT_IPV4) {
      addIpv6(r, hi, lo);
    } else {
      addIpv4(r, Ipv4Codec.toKey(mapped));
    }
  }

  /** A table row's null value: the next record, without an address. */
  @Override
  public void absent() {
    kinds[begin(0, 0)] = NO_ADDRESS;
  }

  private void addIpv4(int record, int key) {
    if (ipv4 == keys.length) {
      keys = Arrays.copyOf(keys, 2 * ipv4);
    }
    kinds[record] = IPV4;
    slots[record] = ipv4;
    if (times.perRecord()) {
      if (ipv4 == ipv4Times.length) {
        ipv4Times = Arrays.copyOf(ipv4Times, Math.max(INITIAL, 2 * ipv4));
      }
      ipv4Times[ipv4] = times.at(record);
    }
    keys[ipv4++] = key;
  }

  private void addIpv6(int record, long addressHi, long addressLo) {
    if (ipv6 == hi.length) {
      hi = Arrays.copyOf(hi, 2 * ipv6);
      lo = Arrays.copyOf(lo, 2 * ipv6);
    }
    kinds[record] = IPV6;
    slots[record] = ipv6;
    if (times.perRecord()) {
      if (ipv6 == ipv6Times.length) {
        ipv6Times = Arrays.copyOf(ipv6Times, Math.max(INITIAL, 2 * ipv6));
      }
      ipv6Times[ipv6] = times.at(record);
    }
    hi[ipv6] = addressHi;
    lo[ipv6++] = addressLo;
  }

  /** The input bytes the records are in. */
  byte[] bytes() {
    return bytes;
  }

  int records() {
    return records;
  }

  int start(int record) {
    return starts[record];
  }

  /** The end of the record, exclusive. */
  int end(int record) {
    return ends[record];
  }

  /**
   * {@link #MALFORMED}, {@link #NO_ADDRESS}, {@link #IPV4}, {@link #IPV6}, or a header line
   * ({@link #isHeader}).
   */
  byte kind(int record) {
    return kinds[record];
  }

  /** The record's place among the clients of its family (IPv4 keys or IPv6 addresses). */
  int slot(int record) {
    return slots[record];
  }

  /** How many IPv4 clients the batch holds: {@link #ipv4Keys()}{@code [0, n)}. */
  int ipv4Clients() {
    return ipv4;
  }

  /** The IPv4 clients' keys ({@link Ipv4Codec#toKey}), by slot. */
  int[] ipv4Keys() {
    return keys;
  }

  /** How many IPv6 clients the batch holds. */
  int ipv6Clients() {
    return ipv6;
  }

  /** Bits 127–64 of IPv6 client {@code slot}. */
  long ipv6HiAt(int slot) {
    return hi[slot];
  }

  /** Bits 63–0 of IPv6 client {@code slot}. */
  long ipv6LoAt(int slot) {
    return lo[slot];
  }

  /**
   * The time record {@code record} is answered at, in epoch milliseconds (UTC): the input of an
   * as-of lookup, which answers each record against the list as it was then. It is the record's
   * own time with {@code --time}, the one {@code --as-of} time, or {@link
   * org.ipjoin.job.locate.RecordTime#UNREADABLE} when the job gives neither (the lists as they
   * are) or, with {@code --time}, when the record's time could not be read: such a record is set
   * aside as malformed (counted in {@code TIME_UNREADABLE}) whatever its lookups answer, so a
   * lookup may answer it anything.
   */
  long recordTime(int record) {
    return times.at(record);
  }

  /**
   * The record times of the IPv4 clients by slot, parallel to {@link #ipv4Keys()}{@code [0,
   * n)}, for a batched as-of lookup; with {@code --as-of} or no time, every slot's time is {@link
   * #recordTime} of any record (one time for all), and this array is not filled.
   */
  long[] ipv4Times() {
    return ipv4Times;
  }

  /** The record time of IPv6 client {@code slot}, as {@link #ipv4Times()} for IPv6. */
  long ipv6TimeAt(int slot) {
    return times.perRecord() ? ipv6Times[slot] : times.at(0);
  }

  /** Whether each record has its own time ({@code --time}): then read the times by slot. */
  boolean timePerRecord() {
    return times.perRecord();
  }

  /** The client's IPv4 key ({@link Ipv4Codec#toKey}) of an {@link #IPV4} record. */
  int ipv4Key(int record) {
    return keys[slots[record]];
  }

  /** Bits 127–64 of the client of an {@link #IPV6} record. */
  long ipv6Hi(int record) {
    return hi[slots[record]];
  }

  /** Bits 63–0 of the client of an {@link #IPV6} record. */
  long ipv6Lo(int record) {
    return lo[slots[record]];
  }
}
