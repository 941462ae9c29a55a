package org.ipjoin.index;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.testing.AddressText;
import org.ipjoin.testing.ListOracle;

/**
 * Random IPv6 interval lists for tests, and the expected answer of a lookup by a plain linear scan.
 * Addresses here are unsigned halves (hi, lo) compared with {@link Long#compareUnsigned}, and
 * 128-bit arithmetic is {@link BigInteger}: none of it is ipjoin code, so the oracle cannot share a
 * bug with the index (which stores key halves, top bit flipped, and compares them signed).
 */
public final class V6Intervals {

  public static final BigInteger MAX = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE);
  private static final BigInteger LO_MASK = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

  /** Addresses of the interval starts and ends, two unsigned halves per interval. */
  public final long[] startAddresses;
  public final long[] endAddresses;
  public final int count;
  /** The content to write: key halves; ends null when every interval is one address. */
  public final IndexContent.V6 content;

  private V6Intervals(long[] startAddresses, long[] endAddresses, int count, IndexContent.V6 content) {
    this.startAddresses = startAddresses;
    this.endAddresses = endAddresses;
    this.count = count;
    this.content = content;
  }

  public static long hi(BigInteger address) {
    return address.shiftRight(64).longValue();
  }

  public static long lo(BigInteger address) {
    return address.and(LO_MASK).longValue();
  }

  public static BigInteger value(long hi, long lo) {
    return AddressText.value(hi, lo);
  }

  /** Key half of an address half: the top bit flipped, as the format documents. */
  public static long key(long half) {
    return half ^ 0x8000_0000_0000_0000L;
  }

  /** Cluster bases: the bottom, the top, documentation space, a RIPE /12 and link-local. */
  private static final BigInteger[] BASES = {
      BigInteger.ZERO,
      MAX.subtract(BigInteger.ONE.shiftLeft(72)),
      new BigInteger("20010db8000000000000000000000000", 16),
      new BigInteger("2a000000000000000000000000000000", 16),
      new BigInteger("fe800000000000000000000000000000", 16),
      new BigInteger("20010db8ffffffffffffffffffffff00", 16), // just below a hi boundary
  };
  private static final int[] SPREADS = {8, 40, 63, 64, 65, 72, 100};

  /** A random address from clusters of several sizes, sometimes on a 64-bit boundary. */
  public static BigInteger randomAddress(SplittableRandom random) {
    if (random.nextInt(10) == 0) {
      return new BigInteger(128, new java.util.Random(random.nextLong()));
    }
    BigInteger base = BASES[random.nextInt(BASES.length)];
    int spread = SPREADS[random.nextInt(SPREADS.length)];
    BigInteger a = base.add(new BigInteger(spread, new java.util.Random(random.nextLong())));
    switch (random.nextInt(6)) {
      case 0 -> a = a.andNot(LO_MASK); // lo = 0
      case 1 -> a = a.or(LO_MASK); // lo = all ones
      default -> { }
    }
    return a.min(MAX);
  }

  /**
   * {@code n} disjoint intervals (fewer if the random points collide), exact or ranges (some one
   * address wide, some touching the next), with label ids in {@code [0, labelCount]} when
   * {@code labels}.
   */
  public static V6Intervals random(SplittableRandom random, int n, boolean ranges, boolean labels,
      int labelCount) {
    TreeSet<BigInteger> points = new TreeSet<>();
    int wanted = ranges ? 2 * n : n;
    for (int tries = 0; points.size() < wanted && tries < 4 * wanted; tries++) {
      points.add(randomAddress(random));
    }
    List<BigInteger> p = new ArrayList<>(points);
    int count = ranges ? p.size() / 2 : p.size();
    BigInteger[] starts = new BigInteger[count];
    BigInteger[] ends = new BigInteger[count];
    for (int i = 0; i < count; i++) {
      starts[i] = ranges ? p.get(2 * i) : p.get(i);
      ends[i] = ranges && random.nextInt(4) != 0 ? p.get(2 * i + 1) : starts[i];
    }
    if (ranges) {
      for (int i = 0; i + 1 < count; i++) {
        if (random.nextInt(5) == 0) {
          ends[i] = starts[i + 1].subtract(BigInteger.ONE); // touching neighbours
        }
      }
    }
    long[] startAddresses = new long[2 * count];
    long[] endAddresses = new long[2 * count];
    long[] startKeys = new long[2 * count];
    long[] endKeys = new long[2 * count];
    for (int i = 0; i < count; i++) {
      startAddresses[2 * i] = hi(starts[i]);
      startAddresses[2 * i + 1] = lo(starts[i]);
      endAddresses[2 * i] = hi(ends[i]);
      endAddresses[2 * i + 1] = lo(ends[i]);
    }
    for (int i = 0; i < 2 * count; i++) {
      startKeys[i] = key(startAddresses[i]);
      endKeys[i] = key(endAddresses[i]);
    }
    int[] ids = null;
    if (labels) {
      ids = new int[count];
      for (int i = 0; i < count; i++) {
        ids[i] = random.nextInt(labelCount + 1);
      }
    }
    return new V6Intervals(startAddresses, endAddresses, count,
        new IndexContent.V6(startKeys, ranges ? endKeys : null, ids, count));
  }

  /** The intervals as list entries, in order (built on the first {@link #scan}). */
  private ListOracle oracle;

  private static int compare(long hiA, long loA, long hiB, long loB) {
    int c = Long.compareUnsigned(hiA, hiB);
    return c != 0 ? c : Long.compareUnsigned(loA, loB);
  }

  /** The interval holding the address (hi, lo), by the {@link ListOracle}'s scan; -1 for none. */
  public int scan(long hi, long lo) {
    if (oracle == null) {
      oracle = new ListOracle();
      for (int i = 0; i < count; i++) {
        oracle.add(true, value(startAddresses[2 * i], startAddresses[2 * i + 1]),
            value(endAddresses[2 * i], endAddresses[2 * i + 1]), null);
      }
    }
    ListOracle.Entry e = oracle.answer(true, value(hi, lo), OverlapPolicy.FIRST);
    return e == null ? -1 : (int) e.line() - 1;
  }

  /**
   * Probe addresses as unsigned halves, two per probe: every start and end, one below and one
   * above each (128-bit arithmetic, so across lo = 0 and lo = all ones), a middle, the very first
   * and last addresses, and {@code randoms} random ones.
   */
  public long[] probes(SplittableRandom random, int randoms) {
    List<BigInteger> probes = new ArrayList<>();
    probes.add(BigInteger.ZERO);
    probes.add(MAX);
    probes.add(BigInteger.ONE.shiftLeft(64));
    probes.add(BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE));
    for (int i = 0; i < count; i++) {
      BigInteger s = value(startAddresses[2 * i], startAddresses[2 * i + 1]);
      BigInteger e = value(endAddresses[2 * i], endAddresses[2 * i + 1]);
      probes.add(s);
      probes.add(e);
      probes.add(s.add(e).shiftRight(1));
      if (s.signum() > 0) {
        probes.add(s.subtract(BigInteger.ONE));
      }
      if (e.compareTo(MAX) < 0) {
        probes.add(e.add(BigInteger.ONE));
      }
    }
    for (int i = 0; i < randoms; i++) {
      probes.add(randomAddress(random));
    }
    long[] halves = new long[2 * probes.size()];
    for (int i = 0; i < probes.size(); i++) {
      halves[2 * i] = hi(probes.get(i));
      halves[2 * i + 1] = lo(probes.get(i));
    }
    return halves;
  }

  /**
   * The interval holding the address (hi, lo), by a binary search for the last start at or before
   * it (unsigned halves); -1 for none. {@link #expected} checks it against {@link #scan}.
   */
  public int search(long hi, long lo) {
    int low = 0;
    int high = count - 1;
    while (low <= high) {
      int mid = (low + high) >>> 1;
      if (compare(startAddresses[2 * mid], startAddresses[2 * mid + 1], hi, lo) <= 0) {
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    return high >= 0 && compare(hi, lo, endAddresses[2 * high], endAddresses[2 * high + 1]) <= 0
        ? high : -1;
  }

  /**
   * The expected answers for {@code probes} (as {@link #probes} gives them): by {@link #search},
   * which must equal {@link #scan} for every probe of a small list and for an evenly spread sample
   * of a large one (about 20 M interval comparisons in all).
   */
  public int[] expected(long[] probes) {
    int[] answers = new int[probes.length / 2];
    int step = Math.max(1, (int) ((long) answers.length * count / 20_000_000L));
    for (int i = 0; i < answers.length; i++) {
      answers[i] = search(probes[2 * i], probes[2 * i + 1]);
      if (i % step == 0 && answers[i] != scan(probes[2 * i], probes[2 * i + 1])) {
        throw new AssertionError("the binary search and the scan disagree on probe " + i);
      }
    }
    return answers;
  }

  /**
   * Null when {@code index} holds these intervals and answers every probe as expected (also its
   * label ids against {@code content}), else what differs first.
   */
  public String disagreement(Ipv6IntervalIndex index, long[] probes, int[] expected) {
    if (index.size() != count) {
      return "size " + index.size() + ", expected " + count;
    }
    for (int i = 0; i < count; i++) {
      if (index.startHi(i) != key(startAddresses[2 * i]) || index.startLo(i) != key(startAddresses[2 * i + 1])
          || index.endHi(i) != key(endAddresses[2 * i]) || index.endLo(i) != key(endAddresses[2 * i + 1])) {
        return "interval " + i + " differs";
      }
      int id = content.labelIds() == null ? 0 : content.labelIds()[i];
      if (index.labelId(i) != id) {
        return "label id of interval " + i + " is " + index.labelId(i) + ", expected " + id;
      }
    }
    if (index.exact() != (content.ends() == null)) {
      return "exact() is " + index.exact();
    }
    for (int i = 0; i < expected.length; i++) {
      int actual = index.match(key(probes[2 * i]), key(probes[2 * i + 1]));
      if (actual != expected[i]) {
        return "probe " + value(probes[2 * i], probes[2 * i + 1]).toString(16) + ": matched "
            + actual + ", expected " + expected[i];
      }
    }
    return null;
  }
}
