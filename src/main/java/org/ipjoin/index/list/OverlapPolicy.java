package org.ipjoin.index.list;

import java.util.Locale;

/**
 * Which entry answers for an address that several entries of a list contain.
 *
 * <p>Under both policies, of identical ranges (same start and end) the earliest line wins; a later
 * identical range with another label is counted as a label conflict.
 */
public enum OverlapPolicy {
  /**
   * The most specific entry wins: the one with the fewest addresses (a /24 inside a /8 answers for
   * its 256 addresses); among equally large entries, the earliest line. The default: it is how
   * routing tables and most "exceptions inside a block" lists are meant.
   */
  LONGEST,
  /** The earliest line that contains the address wins, whatever its size. */
  FIRST;

  /** The option value: {@code longest} or {@code first}. */
  public String optionValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /**
   * Reads an option value, in any case (as every option keyword of ipjoin).
   *
   * @throws IllegalArgumentException with a one-line message naming the value and the choices
   */
  public static OverlapPolicy parse(String value) {
    for (OverlapPolicy p : values()) {
      if (p.optionValue().equalsIgnoreCase(value.trim())) {
        return p;
      }
    }
    throw new IllegalArgumentException(
        "overlap policy must be 'longest' or 'first': '" + value + "'");
  }
}
