package org.ipjoin.index.list;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A line of a text IP list that is not an address, blank line or comment, or a file that is not a
 * text list at all. One line that names file:line, what the line holds and, for a malformed
 * address, why; the echoed text has its control and non-ASCII bytes escaped as {@code \xNN}, so a
 * NUL, an escape sequence or a lone CR never reaches the terminal raw.
 */
public class MalformedIpListException extends IOException {
  private static final long serialVersionUID = 1L;

  /** How much of a line is echoed: lines can be anything, including megabytes of garbage. */
  static final int ECHOED_CHARS = 200;

  private final long line;
  private final IpListLine.Kind kind;

  /**
   * @param text the line as read, each byte one char (ISO-8859-1)
   */
  public MalformedIpListException(String file, long line, IpListLine.Kind kind, String text) {
    this(describe(file, line, kind, text), line, kind);
  }

  private MalformedIpListException(String message, long line, IpListLine.Kind kind) {
    super(message);
    this.line = line;
    this.kind = kind;
  }

  /** The whole file is not a text list (an index, compressed, UTF-16): {@code why} says what it is. */
  public static MalformedIpListException notATextList(String file, String why) {
    return new MalformedIpListException(file + " " + why, 1, IpListLine.Kind.MALFORMED);
  }

  /** {@code file:line: kind: 'text'}, plus why for a malformed address. */
  public static String describe(String file, long line, IpListLine.Kind kind, String text) {
    byte[] bytes = text.getBytes(StandardCharsets.ISO_8859_1);
    String why = kind == IpListLine.Kind.MALFORMED ? IpListLine.whyMalformed(bytes) : null;
    return file + ":" + line + ": " + kind.description + ": '" + abbreviate(text) + "'"
        + (why == null ? "" : ": " + why);
  }

  public long line() {
    return line;
  }

  public IpListLine.Kind kind() {
    return kind;
  }

  /** At most {@link #ECHOED_CHARS} characters of the line, escaped. */
  static String abbreviate(String text) {
    return text.length() <= ECHOED_CHARS ? escape(text)
        : escape(text.substring(0, ECHOED_CHARS)) + "… (" + text.length() + " chars)";
  }

  /** Printable ASCII as is, a backslash doubled, every other byte as {@code \xNN}. */
  static String escape(String text) {
    StringBuilder s = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        s.append("\\\\");
      } else if (c >= 0x20 && c < 0x7F) {
        s.append(c);
      } else {
        s.append(String.format("\\x%02X", c & 0xFF));
      }
    }
    return s.toString();
  }
}
