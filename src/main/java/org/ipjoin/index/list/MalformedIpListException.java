package org.ipjoin.index.list;

import java.io.IOException;

/**
 * A malformed line of a text IP list, or a file that is not a text list at all. One line that
 * names file:line and what was wrong: for a line, {@link org.ipjoin.index.list.ListLineParser}'s
 * reason with the echoed text (control and non-ASCII bytes escaped as {@code \xNN}, so a NUL, an
 * escape sequence or a lone CR never reaches the terminal raw).
 */
public class MalformedIpListException extends IOException {
  private static final long serialVersionUID = 1L;

  private final long line;

  private MalformedIpListException(String message, long line) {
    super(message);
    this.line = line;
  }

  /**
   * {@code file:line: error}.
   *
   * @param error the parser's one-line reason ({@link org.ipjoin.index.list.ListLineParser#error()})
   */
  public static MalformedIpListException of(String file, long line, String error) {
    return new MalformedIpListException(file + ":" + line + ": " + error, line);
  }

  /** The whole file is not a text list (an index, compressed, UTF-16): {@code why} says what it is. */
  public static MalformedIpListException notATextList(String file, String why) {
    return new MalformedIpListException(file + " " + why, 1);
  }

  /** The line, from 1 (1 for a file that is not a text list). */
  public long line() {
    return line;
  }
}
