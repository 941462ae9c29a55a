package org.ipjoin.index;

import java.io.IOException;

/** A line of a text IP list that is not an address, blank line or comment. Names file:line. */
public class MalformedIpListException extends IOException {
  private static final long serialVersionUID = 1L;

  private final long line;
  private final IpListLine.Kind kind;

  public MalformedIpListException(String file, long line, IpListLine.Kind kind, String text) {
    super(file + ":" + line + ": " + kind.description + ": '" + abbreviate(text) + "'");
    this.line = line;
    this.kind = kind;
  }

  public long line() {
    return line;
  }

  public IpListLine.Kind kind() {
    return kind;
  }

  /** Lines can be anything, including megabytes of garbage: quote at most 200 characters. */
  static String abbreviate(String text) {
    return text.length() <= 200 ? text : text.substring(0, 200) + "… (" + text.length() + " chars)";
  }
}
