package org.ipjoin.job;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which {@code ipjoin.format} values name the client column in each file's header
 * ({@code csv:NAME}, {@code tsv:NAME}, {@code w3c:NAME}, {@code zeek:NAME}), told from the value's
 * text alone: the input format (which must not split such files) and the locators agree on it
 * here without knowing each other.
 */
public final class HeaderNamedFormat {

  /** A column number after {@code csv:}/{@code tsv:}, or what a user meant as one ({@code -1}). */
  public static final Pattern NUMBER = Pattern.compile("[+-]?[0-9]+");

  private HeaderNamedFormat() {}

  /** Whether {@code spec} names its column by each file's header. */
  public static boolean is(String spec) {
    String s = spec.trim().toLowerCase(Locale.ROOT);
    if (s.startsWith("w3c:") || s.startsWith("zeek:")) {
      return s.indexOf(':') + 1 < s.length();
    }
    if (s.startsWith("csv:") || s.startsWith("tsv:")) {
      String rest = s.substring(4);
      return !rest.isEmpty() && !NUMBER.matcher(rest).matches();
    }
    return false;
  }
}
