package org.ipjoin.index.format;

/**
 * Checks the keys a {@link IndexWriter.KeySource} hands a writer, chunk by chunk: strictly
 * increasing across chunks, never more than the count announced, and exactly that many at the end.
 * A failure is the builder's bug, not the list's, so it is an {@link IllegalArgumentException}.
 */
final class AnnouncedKeys {

  /** What the messages call a key: "start" for the sorted layout's starts, "key" otherwise. */
  private final String noun;
  private final int count;
  private long seen;
  private int last;

  AnnouncedKeys(String noun, int count) {
    this.noun = noun;
    this.count = count;
  }

  /**
   * Checks {@code keys[0, n)}, which continue the keys checked before; returns the position of
   * {@code keys[0]} among all keys.
   */
  long accept(int[] keys, int n) {
    for (int i = 0; i < n; i++) {
      if ((seen > 0 || i > 0) && (i > 0 ? keys[i - 1] : last) >= keys[i]) {
        throw new IllegalArgumentException(noun + "s must be strictly increasing; " + noun + " "
            + (seen + i) + " is not");
      }
    }
    if (seen + n > count) {
      throw new IllegalArgumentException("more than the " + count + " keys announced");
    }
    if (n > 0) {
      last = keys[n - 1];
    }
    long at = seen;
    seen += n;
    return at;
  }

  /** After the last chunk: exactly the announced count came. */
  void finish() {
    if (seen != count) {
      throw new IllegalArgumentException(seen + " keys, " + count + " announced");
    }
  }
}
