package org.ipjoin.job;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What the job writes for each record (see {@link IpJoinKeys#MODE}). */
public enum JoinMode {
  /** Records whose client IP is in the index, byte for byte. */
  MATCH,
  /** Records with a well-formed client IP (either family) that is not in the index, byte for byte. */
  NOMATCH,
  /**
   * Every record, then TAB and the matching entry's label ({@code 1} without one), the unmatched
   * tag ({@code 0} by default) or {@code -} (malformed); see {@link MatchTags}.
   */
  TAG,
  /**
   * Per listed address, how many records it made: {@code address<TAB>count}, IPv4 addresses
   * first, then IPv6 ones in RFC 5952 form, each sorted by address; or per label ({@link CountBy}).
   */
  COUNT;

  /** The name users write: lower case. */
  public String externalName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** Only count mode needs a reduce phase; the others are map-only. */
  public boolean needsReducer() {
    return this == COUNT;
  }

  /** @throws IllegalArgumentException naming the valid choices */
  public static JoinMode fromName(String name) {
    for (JoinMode m : values()) {
      if (m.externalName().equals(name.trim().toLowerCase(Locale.ROOT))) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown mode '" + name + "'; choose one of " + names());
  }

  public static String names() {
    return Arrays.stream(values()).map(JoinMode::externalName).collect(Collectors.joining(", "));
  }
}
