package org.ipjoin.index.lookup;

import java.nio.IntBuffer;
import java.nio.ShortBuffer;

/**
 * A read-only column of {@code int}s: one section of an index (interval starts, ends or label ids),
 * either copied into an {@code int[]} on the heap or read straight from a memory mapping of the
 * file. {@link Ipv4IntervalIndex} is written once against this interface, so the heap read paths and
 * {@code mmap-direct} run the same search. A map task loads one read path, so the JIT sees one
 * implementation at each call site and inlines it (with two, a bimorphic inline cache still does).
 */
public sealed interface IntColumn permits IntColumn.Heap, IntColumn.Mapped, ShortColumn.Mapped {

  int get(int i);

  int size();

  /** Bytes this column holds on the Java heap (a mapping holds none). */
  long heapBytes();

  static IntColumn of(int[] values) {
    return new Heap(values);
  }

  /** {@code values} is a little-endian view of a mapping that must not change while in use. */
  static IntColumn of(IntBuffer values) {
    return new Mapped(values);
  }

  /**
   * {@code values} is a little-endian view of a mapped section of u16 values (the label ids of an
   * index with short label ids), read as non-negative {@code int}s: the mapped {@link
   * ShortColumn}, which is both.
   */
  static IntColumn ofUnsigned(ShortBuffer values) {
    return new ShortColumn.Mapped(values);
  }

  /** The values in an {@code int[]}. */
  final class Heap implements IntColumn {
    private final int[] values;

    Heap(int[] values) {
      this.values = values;
    }

    @Override
    public int get(int i) {
      return values[i];
    }

    @Override
    public int size() {
      return values.length;
    }

    @Override
    public long heapBytes() {
      return 4L * values.length;
    }
  }

  /** The values in a mapping: all map tasks on a node share one page-cache copy. */
  final class Mapped implements IntColumn {
    private final IntBuffer values;

    Mapped(IntBuffer values) {
      this.values = values;
    }

    @Override
    public int get(int i) {
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
