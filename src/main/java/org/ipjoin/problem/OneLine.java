package org.ipjoin.problem;

import java.io.IOException;
import java.util.regex.Pattern;

/**
 * A message as one printable line, for the driver's stderr: line breaks (with the indentation
 * around them) become one space, other control characters are escaped as {@code \xNN}, so a file
 * name or an exception message cannot break the one-line-per-problem promise.
 */
public final class OneLine {

  /** A line break with the blanks around it. */
  private static final Pattern LINE_BREAK = Pattern.compile("\\s*[\\r\\n]+\\s*");

  private OneLine() {}

  /** {@code text} with every line break, and the blanks around it, folded to one space. */
  public static String fold(String text) {
    return LINE_BREAK.matcher(String.valueOf(text)).replaceAll(" ");
  }

  /** {@code IOException: message}, folded: a permission denied or a FileSystem down. */
  public static String ioFailure(IOException e) {
    return e.getClass().getSimpleName() + ": " + fold(e.getMessage());
  }

  /** {@code text} folded, stripped, and its other control characters escaped. */
  public static String of(String text) {
    String joined = fold(String.valueOf(text).strip());
    StringBuilder s = new StringBuilder(joined.length());
    for (int i = 0; i < joined.length(); i++) {
      char c = joined.charAt(i);
      if (c < 0x20 && c != '\t' || c == 0x7f) {
        s.append(String.format("\\x%02x", (int) c));
      } else {
        s.append(c);
      }
    }
    return s.toString();
  }

  /**
   * The message of {@code t} as a reason: ipjoin's own messages as they are; others with their
   * type and only their first line (some Hadoop exceptions carry a remote stack trace after it).
   */
  public static String reason(Throwable t) {
    String message = t.getMessage();
    if (message == null || message.isBlank()) {
      return t.getClass().getName();
    }
    if (t.getClass().getName().startsWith("org.ipjoin.")) {
      return of(message);
    }
    String first = message.strip();
    int newline = first.indexOf('\n');
    return of(t.getClass().getName() + ": " + (newline < 0 ? first : first.substring(0, newline)));
  }
}
