package org.ipjoin.job;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.ipjoin.problem.OneLine;

/** What {@code count} mode counts records by (see {@link IpJoinKeys#COUNT_BY}). */
public enum CountBy {
  /**
   * Per listed client address: {@code address<TAB>records}, IPv4 first, then IPv6 (RFC 5952; an
   * IPv4-mapped client counts as its IPv4 address), each sorted by address.
   */
  ADDRESS,
  /**
   * Per label of the matching list entry: {@code label<TAB>records}, sorted by the label's bytes;
   * an entry without a label counts under {@code 1}, as tag mode writes it.
   */
  LABEL;

  /** The name users write: lower case. */
  public String externalName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** @throws IllegalArgumentException naming the value and the valid choices */
  public static CountBy fromName(String name) {
    for (CountBy c : values()) {
      if (c.externalName().equals(name.trim().toLowerCase(Locale.ROOT))) {
        return c;
      }
    }
    throw new IllegalArgumentException("unknown count-by '" + OneLine.of(name)
        + "'; choose one of " + names());
  }

  public static String names() {
    return Arrays.stream(values()).map(CountBy::externalName).collect(Collectors.joining(", "));
  }
}
