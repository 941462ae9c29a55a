package org.ipjoin.index.list;

import java.util.Arrays;

/** A binary min-heap of {@code long} priorities; no boxing, for the normaliser's sweep. */
final class EntryHeap {

  private long[] heap = new long[64];
  private int size;

  boolean isEmpty() {
    return size == 0;
  }

  long peek() {
    return heap[0];
  }

  void push(long value) {
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
    }
    int i = size++;
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (heap[parent] <= value) {
        break;
      }
      heap[i] = heap[parent];
      i = parent;
    }
    heap[i] = value;
  }

  long pop() {
    long top = heap[0];
    long last = heap[--size];
    int i = 0;
    int half = size >>> 1;
    while (i < half) {
      int child = 2 * i + 1;
      if (child + 1 < size && heap[child + 1] < heap[child]) {
        child++;
      }
      if (last <= heap[child]) {
        break;
      }
      heap[i] = heap[child];
      i = child;
    }
    heap[i] = last;
    return top;
  }
}
