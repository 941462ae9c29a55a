package org.ipjoin.index.lookup;

import java.nio.LongBuffer;

/**
 * A read-only column of {@code long}s: an IPv6 section of an index (interval starts or ends, two
 * key halves per interval), either copied into a {@code long[]} on the heap or read straight from
 * a memory mapping of the file; the IPv6 counterpart of {@link IntColumn}, for the same reasons.
 */
public sealed interface LongColumn permits LongColumn.Heap, LongColumn.Mapped {

  long get(int i);

  /** Number of longs (two per interval). */
  int size();

  /** Bytes this column holds on the Java heap (a mapping holds none). */
  long heapBytes();

  static LongColumn of(long[] values) {
    return new Heap(values);
  }

  /** {@code values} is a little-endian view of a mapping that must not change while in use. */
  static LongColumn of(LongBuffer values) {
    return new Mapped(values);
  }

  /** The values in a {@code long[]}. */
  final class Heap implements LongColumn {
    private final long[] values;

    Heap(long[] values) {
      this.values = values;
    }

    @Override
    public long get(int i) {
      return values[i];
    }

    @Override
    public int size() {
      return values.length;
    }

    @Override
    public long heapBytes() {
      return 8L * values.length;
    }
  }

  /** The values in a mapping: all map tasks on a node share one page-cache copy. */
  final class Mapped implements LongColumn {
    private final LongBuffer values;

    Mapped(LongBuffer values) {
      this.values = values;
    }

    @Override
    public long get(int i) {
      return values.get(i);
    }

    @Override
    public int size() {
      return values.limit();
    }

    @Override
    public long heapBytes() {
      return 0;
    }
  }
}
