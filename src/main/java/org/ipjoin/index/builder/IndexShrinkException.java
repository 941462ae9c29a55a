package org.ipjoin.index.builder;

import java.io.IOException;
import org.ipjoin.index.format.CorruptIndexException;

/**
 * {@code ipindex build --overwrite --max-shrink F} refused to replace an index by one with fewer
 * than (1 - F) times its keys: a list that suddenly lost many addresses is usually cut short
 * upstream (a truncated download, a failed export), and publishing it would make every later join
 * miss the lost addresses without any error. Nothing was published; the old index is untouched.
 */
public class IndexShrinkException extends IOException {
  private static final long serialVersionUID = 1L;

  public IndexShrinkException(String output, long oldKeys, long newKeys, double maxShrink) {
    super(String.format("the new index would have %,d keys, the existing %s has %,d: %.1f%% fewer,"
        + " more than --max-shrink %s allows; nothing was published and %s is unchanged (a list"
        + " cut short upstream? to publish anyway, raise --max-shrink or leave it out)",
        newKeys, output, oldKeys, 100.0 * (oldKeys - newKeys) / oldKeys,
        String.valueOf(maxShrink), output));
  }

  private IndexShrinkException(String message) {
    super(message);
  }

  /** The existing output is not an index whose key count can be read. */
  static IndexShrinkException unreadable(String output, CorruptIndexException cause) {
    return new IndexShrinkException("--max-shrink needs the key count of the existing " + output
        + ", which is not a readable index (" + cause.getMessage() + "); nothing was published;"
        + " leave out --max-shrink to replace it");
  }
}
