package org.ipjoin.index.builder;

import java.io.IOException;

/**
 * The lists are too big to build in this JVM's heap: refused before reading, from an estimate
 * ({@link BuildHeap}), or reported in one line when the heap ran out anyway. Nothing was published.
 */
public class ListTooBigForHeapException extends IOException {
  private static final long serialVersionUID = 1L;

  public ListTooBigForHeapException(String message) {
    super(message);
  }
}
