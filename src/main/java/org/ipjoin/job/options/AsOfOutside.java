package org.ipjoin.job.options;

import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.index.load.AsOfLookup;
import org.ipjoin.job.IpJoinKeys;

/**
 * {@code ipjoin.as.of.outside} ({@code --as-of-outside none|nearest}), read and checked once: what
 * a history index answers for a record whose time lies before its first snapshot or after the
 * last one's validity. {@code none} (default): nothing, and tag mode writes {@link #TAG};
 * {@code nearest}: the first snapshot before it, the last after it.
 */
public final class AsOfOutside {

  /** What tag mode writes in a history index's columns for a record outside its history. */
  public static final String TAG = "?";

  private AsOfOutside() {}

  /**
   * @throws IllegalArgumentException one line naming the key and the accepted values
   */
  static AsOfLookup.Outside read(Configuration conf) {
    String value = IpJoinKeys.AS_OF_OUTSIDE.get(conf);
    try {
      return AsOfLookup.Outside.valueOf(value.toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("bad --as-of-outside '" + value + "' ("
          + IpJoinKeys.AS_OF_OUTSIDE.key() + "): give none or nearest");
    }
  }
}
