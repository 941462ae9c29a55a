package org.ipjoin.index.builder;

/**
 * How much heap {@link IndexBuilder} needs for a list of a given length, so that a list too big
 * for the JVM is refused before minutes of reading end in {@code OutOfMemoryError}.
 *
 * <p>What the build really allocates: the scanner's {@code int[]} of keys, sized up front to one
 * key per {@value #REALISTIC_BYTES_PER_LINE} bytes of list; then, at the same time as that array,
 * either the radix sort's scratch array of the same length or, after writing, the re-read copy of
 * the unique keys for the check before publishing. So the peak is two {@code int}s, 8 bytes, per
 * key, plus {@value #FIXED_MIB} MiB for the read/write buffers (4 MiB each), the JVM's own classes
 * and Hadoop's configuration.
 *
 * <p>Lists from {@link IndexBuilder#BIT_SET_FROM_BYTES} on are read into the 512 MiB bit set of
 * all addresses instead, which the writer streams into the file: the peak is the bit set and the
 * keys read back for the check before publishing, 4 bytes each.
 *
 * <p>The bound is realistic, not the worst case. The worst line, {@code 1.1.1.1\n}, is 8 bytes;
 * a list of random addresses averages 14.3 bytes a line (the benchmark's 26 M lines are 373 MB), and
 * lists with columns or comments are longer still. Refusing every list that would need the heap
 * only if it were all 8-byte lines would refuse lists that build fine; a list that does need more
 * than the estimate runs out of heap later and gets the same one-line message
 * ({@link #ranOutMessage}), with a suggestion that covers the worst case.
 *
 * <p>Lists with blocks, ranges or labels take the general path ({@link #checkGeneral}): per entry
 * its start, end and label id (12 bytes, ×1.5 while the arrays grow), then the normaliser's sort
 * order, sort keys and radix scratch, the per-entry count of addresses won ({@code long}) and the
 * output intervals: about {@value #GENERAL_BYTES_PER_ENTRY} bytes per entry at the peak, plus the
 * label dictionary, which is small next to them for real lists.
 */
public final class BuildHeap {

  static final int REALISTIC_BYTES_PER_LINE = 14;
  static final int WORST_BYTES_PER_LINE = 8;
  /** Two ints per key at the peak (keys + sort scratch, or keys + re-read copy). */
  static final int BYTES_PER_KEY = 8;
  /** The growth of the keys array by 1.5: old and new together, 2.5 ints per key at worst. */
  static final int WORST_BYTES_PER_KEY = 10;
  static final int FIXED_MIB = 32;
  /** The bit set of all IPv4 addresses big lists are read into ({@link AddressBits}). */
  static final long BIT_SET_BYTES = 1L << 29;
  /** Peak bytes per entry of the general path (entries, normaliser, output). */
  static final int GENERAL_BYTES_PER_ENTRY = 48;
  /** -Xmx suggestions are rounded up to this, in MiB. */
  private static final long SUGGESTION_STEP_MIB = 256;
  /** How to give the JVM more heap: the launcher's variable, and the hadoop command's. */
  static final String HOW = "IPJOIN_JAVA_OPTS for index-tools/ipindex, HADOOP_CLIENT_OPTS for"
      + " hadoop org.ipjoin.cli.ipindex.IndexTools";

  private BuildHeap() {}

  /** Bytes of heap a build of {@code listBytes} of text needs, on a realistic list. */
  public static long estimate(long listBytes) {
    long keys = listBytes / REALISTIC_BYTES_PER_LINE;
    long peak = keys * BYTES_PER_KEY;
    if (listBytes >= IndexBuilder.BIT_SET_FROM_BYTES) {
      // The bit set, streamed into the file, and the keys read back for the check.
      peak = BIT_SET_BYTES + keys * Integer.BYTES;
    }
    return peak + ((long) FIXED_MIB << 20);
  }

  /** Bytes of heap the general path (blocks, ranges, labels) needs for {@code listBytes} of list. */
  public static long estimateGeneral(long listBytes) {
    return listBytes / REALISTIC_BYTES_PER_LINE * GENERAL_BYTES_PER_ENTRY
        + ((long) FIXED_MIB << 20);
  }

  /** Bytes of heap a build of {@code listBytes} needs even if every line is 8 bytes. */
  static long worstCase(long listBytes) {
    return listBytes / WORST_BYTES_PER_LINE * WORST_BYTES_PER_KEY + ((long) FIXED_MIB << 20);
  }

  /** Refuses, before anything is read, lists whose estimate exceeds {@code maxHeap}. */
  public static void check(long listBytes, long maxHeap) throws ListTooBigForHeapException {
    long needed = estimate(listBytes);
    if (needed > maxHeap) {
      throw new ListTooBigForHeapException(String.format("%,d bytes of list need about %,d MB of"
          + " heap to build, this JVM has %,d MB; nothing was read or published. Give it more heap,"
          + " e.g. IPJOIN_JAVA_OPTS=-Xmx%dm (%s)", listBytes, mib(needed), mib(maxHeap),
          suggestion(needed), HOW));
    }
  }

  /**
   * Refuses, once a list turned out to have blocks, ranges or labels, lists whose general-path
   * estimate exceeds {@code maxHeap}, before they are read into entries.
   */
  public static void checkGeneral(long listBytes, long maxHeap) throws ListTooBigForHeapException {
    long needed = estimateGeneral(listBytes);
    if (needed > maxHeap) {
      throw new ListTooBigForHeapException(String.format("%,d bytes of list with blocks, ranges or"
          + " labels need about %,d MB of heap to build, this JVM has %,d MB; nothing was"
          + " published. Give it more heap, e.g. IPJOIN_JAVA_OPTS=-Xmx%dm (%s)", listBytes,
          mib(needed), mib(maxHeap), suggestion(needed), HOW));
    }
  }

  /** The message for a build that ran out of heap anyway. */
  static String ranOutMessage(long listBytes, long maxHeap) {
    return String.format("ran out of heap (%,d MB) building from %,d bytes of list; nothing was"
        + " published. Give it more heap, e.g. IPJOIN_JAVA_OPTS=-Xmx%dm (%s)", mib(maxHeap),
        listBytes, suggestion(Math.max(worstCase(listBytes), maxHeap + 1)), HOW);
  }

  private static long mib(long bytes) {
    return (bytes + (1 << 20) - 1) >> 20;
  }

  private static long suggestion(long bytes) {
    return (mib(bytes) + SUGGESTION_STEP_MIB - 1) / SUGGESTION_STEP_MIB * SUGGESTION_STEP_MIB;
  }
}
