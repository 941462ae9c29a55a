package org.ipjoin.index.lookup;

import java.nio.ShortBuffer;

/**
 * A read-only column of unsigned 16-bit values: a u16 section of a compact index (bucket suffixes,
 * bitmap ranks), either copied into a {@code short[]} on the heap or read straight from a memory
 * mapping; the counterpart of {@link IntColumn}, for the same reasons.
 */
public sealed interface ShortColumn permits ShortColumn.Heap, ShortColumn.Mapped {

  /** Value {@code i}, 0 .. 65535. */
  int get(int i);

  int size();

  /** Bytes this column holds on the Java heap (a mapping holds none). */
  long heapBytes();

  static ShortColumn of(short[] values) {
    return new Heap(values);
  }

  /** {@code values} is a little-endian view of a mapping that must not change while in use. */
  static ShortColumn of(ShortBuffer values) {
    return new Mapped(values);
  }

  /** The values in a {@code short[]}. */
  final class Heap implements ShortColumn {
    private final short[] values;

    Heap(short[] values) {
      this.values = values;
    }

    @Override
    public int get(int i) {
      return values[i] & 0xFFFF;
    }

    @Override
    public int size() {
      return values.length;
    }

    @Override
    public long heapBytes() {
      return 2L * values.length;
    }
  }

  /**
   * The values in a mapping: all map tasks on a node share one page-cache copy. Also an {@link
   * IntColumn}: u16 label ids read from a mapping ({@link IntColumn#ofUnsigned}).
   */
  final class Mapped implements ShortColumn, IntColumn {
    private final ShortBuffer values;

    Mapped(ShortBuffer values) {
      this.values = values;
    }

    @Override
    public int get(int i) {
      return values.get(i) & 0xFFFF;
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
