package org.ipjoin.index.format;

import java.util.Locale;

/**
 * How an index stores the keys of an exact IPv4 address list, chosen once at build time
 * ({@code ipindex build --layout}) and read from the header's flags by every reader.
 */
public enum KeyLayout {
  /**
   * Sorted 4-byte keys and a prefix directory ({@code V4_STARTS}, {@code V4_DIRECTORY}): the layout
   * of every list, the only one for blocks, ranges and labels.
   */
  SORTED("sorted"),
  /**
   * The keys in their /16 buckets, each as sorted 16-bit suffixes or, above 4,096 keys, as a
   * 65,536-bit bitmap ({@link IndexByteMap#FLAG_COMPACT}): about 2 bytes per key at 26 M keys, at
   * most 1 bit per address. Exact addresses only, without labels.
   */
  COMPACT("compact");

  private final String externalName;

  KeyLayout(String externalName) {
    this.externalName = externalName;
  }

  /** The name users write. */
  public String externalName() {
    return externalName;
  }

  /** @throws IllegalArgumentException naming the valid choices */
  public static KeyLayout fromName(String name) {
    String wanted = name.trim().toLowerCase(Locale.ROOT);
    for (KeyLayout l : values()) {
      if (l.externalName.equals(wanted)) {
        return l;
      }
    }
    throw new IllegalArgumentException("unknown layout '" + name + "'; choose sorted or compact");
  }
}
