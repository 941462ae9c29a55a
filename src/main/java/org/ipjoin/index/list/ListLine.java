package org.ipjoin.index.list;

/**
 * The list line being read ({@code bytes[from, to)}, trimmed) and what it has been read as so far:
 * its {@link LineKind} and, once it is {@link LineKind#MALFORMED}, the reason. Also the scanning
 * rules the entry and label grammars share (blanks, comment marks, where a token ends), so that
 * every part of {@link ListLineParser} splits a line the same way.
 */
final class ListLine {

  /** The caller's buffer; the line is {@code bytes[from, to)} without surrounding blanks. */
  byte[] bytes;
  int from;
  int to;

  LineKind kind;
  String error;
  /** {@link ListWarning} bits of an entry read as perhaps not meant; 0 for most lines. */
  int warnings;

  /** Starts on the non-blank, non-comment line {@code bytes[from, to)}. */
  void start(byte[] bytes, int from, int to) {
    this.bytes = bytes;
    this.from = from;
    this.to = to;
  }

  /** Records {@code what} as why the line is malformed; returns {@link LineKind#MALFORMED}. */
  LineKind fail(String what) {
    error = what + ": '" + Utf8Text.echo(bytes, from, to) + "'";
    warnings = 0; // a malformed line is reported as such, not also warned about
    return kind = LineKind.MALFORMED;
  }

  void warn(ListWarning warning) {
    warnings |= warning.bit();
  }

  /**
   * A comma range {@code start,end} whose end field, ended at {@code terminator}, is the last
   * field: ipcat's {@code start,end,name} says it is a range, two addresses alone do not.
   */
  void warnIfBareCommaRange(int terminator) {
    if (terminator >= to || bytes[terminator] != ',') {
      warn(ListWarning.COMMA_RANGE);
    }
  }

  /** Fails on the field {@code bytes[from, to)} that should be an IPv4 address in {@code role}. */
  LineKind badAddress(String role, int from, int to) {
    String reason = AddressProblem.of(bytes, from, to);
    if (role.equals("address") && reason.equals("not an IPv4 address")) {
      return fail("not an IPv4 or IPv6 address, block or range");
    }
    return fail(role + ": " + reason);
  }

  /** A {@code #} or {@code ;} that starts a comment: right after the entry, or after a blank. */
  boolean isCommentAt(int i, int entryEnd) {
    byte b = bytes[i];
    return (b == '#' || b == ';') && (i == entryEnd || isBlank(bytes[i - 1]));
  }

  /** The first field ends at a blank, a comment mark, or a block, range or comma separator. */
  int firstTokenEnd(int from, int to) {
    for (int i = from; i < to; i++) {
      byte b = bytes[i];
      if (b == '\t' || b == ' ' || b == '#' || b == ';' || b == '/' || b == '-' || b == ',') {
        return i;
      }
    }
    return to;
  }

  /** A prefix or range end ends at a blank, a comment mark or a comma. */
  int entryTokenEnd(int from, int to) {
    for (int i = from; i < to; i++) {
      byte b = bytes[i];
      if (b == '\t' || b == ' ' || b == '#' || b == ';' || b == ',') {
        return i;
      }
    }
    return to;
  }

  /** The byte at {@code i} (the separator after the first field), or 0 at the end of the line. */
  byte separatorAt(int i) {
    return i < to ? bytes[i] : 0;
  }

  int skipSpaces(int from, int to) {
    while (from < to && bytes[from] == ' ') {
      from++;
    }
    return from;
  }

  int skipBlanks(int from, int to) {
    while (from < to && isBlank(bytes[from])) {
      from++;
    }
    return from;
  }

  static int trimEnd(byte[] b, int from, int to) {
    while (to > from && isBlank(b[to - 1])) {
      to--;
    }
    return to;
  }

  static boolean isBlank(byte b) {
    return b == ' ' || b == '\t';
  }
}
