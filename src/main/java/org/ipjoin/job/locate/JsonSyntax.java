package org.ipjoin.job.locate;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.ipjoin.job.locate.ClientIpLocator.Range;

/**
 * The JSON reading {@code json:PATH} locators share ({@link JsonFieldLocator} for one path,
 * {@link JsonFieldsScanner} for every JSON column of a job at once), so both answer alike: strings
 * with their escapes checked, numbers and literals as runs of {@code [A-Za-z0-9+-.]}, keys compared
 * with a path after their escapes are decoded, values skipped with their nesting checked. Static
 * but for {@link #skipValue}, whose stack of open containers is per instance (one per locator).
 */
final class JsonSyntax {

  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long ONES = 0x0101_0101_0101_0101L;
  private static final long HIGHS = 0x8080_8080_8080_8080L;
  private static final long QUOTES = ONES * '"';
  private static final long BACKSLASHES = ONES * '\\';
  private static final long SPACES = ONES * ' ';

  /** Open containers ({ or [) of a value being skipped. */
  private byte[] open = new byte[16];

  /** The value at {@code record[i]}, which is not a blank, is the field. */
  static boolean value(byte[] record, int i, int to, Range range) {
    byte b = record[i];
    if (b == '"') {
      int end = stringEnd(record, i + 1, to);
      if (end < 0) {
        return false;
      }
      for (int j = i + 1; j < end; j++) {
        if (record[j] == '\\') {
          return false;
        }
      }
      range.setField(record, i + 1, end);
      return true;
    }
    int end = tokenEnd(record, i, to);
    if (end < 0) {
      return false;
    }
    boolean isNull = end - i == 4 && b == 'n' && record[i + 1] == 'u' && record[i + 2] == 'l'
        && record[i + 3] == 'l';
    if (isNull) {
      range.setAbsent(i);
    } else {
      range.setField(record, i, end);
    }
    return true;
  }

  /**
   * How much of the path from {@code at} the key {@code record[from, to)} (raw, between its
   * quotes) spells: the path offset after it when it ends there or at a dot, else -1.
   */
  static int matchKey(byte[] path, byte[] record, int from, int to, int at) {
    int p = at;
    int i = from;
    while (i < to) {
      int b = record[i] & 0xFF;
      if (b != '\\') {
        if (p == path.length || path[p] != (byte) b) {
          return -1;
        }
        p++;
        i++;
        continue;
      }
      // An escape: decode one code point, then compare its UTF-8 bytes.
      int cp;
      byte e = record[i + 1];
      i += 2;
      switch (e) {
        case 'b': cp = '\b'; break;
        case 'f': cp = '\f'; break;
        case 'n': cp = '\n'; break;
        case 'r': cp = '\r'; break;
        case 't': cp = '\t'; break;
        case 'u':
          cp = hex4(record, i);
          i += 4;
          if (Character.isHighSurrogate((char) cp) && i + 6 <= to && record[i] == '\\'
              && record[i + 1] == 'u' && Character.isLowSurrogate((char) hex4(record, i + 2))) {
            cp = Character.toCodePoint((char) cp, (char) hex4(record, i + 2));
            i += 6;
          } else if (Character.isSurrogate((char) cp)) {
            return -1; // a lone surrogate has no UTF-8 form, so no path spells it
          }
          break;
        default: cp = e; // \" \\ \/
      }
      p = matchUtf8(path, cp, p);
      if (p < 0) {
        return -1;
      }
    }
    return p == path.length || path[p] == '.' ? p : -1;
  }

  /** The path offset after code point {@code cp}'s UTF-8 bytes when the path has them at p. */
  private static int matchUtf8(byte[] path, int cp, int p) {
    int n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (p + n > path.length) {
      return -1;
    }
    if (n == 1) {
      return path[p] == (byte) cp ? p + 1 : -1;
    }
    int lead = n == 2 ? 0xC0 : n == 3 ? 0xE0 : 0xF0;
    if ((path[p] & 0xFF) != (lead | (cp >> (6 * (n - 1))))) {
      return -1;
    }
    for (int k = 1; k < n; k++) {
      if ((path[p + k] & 0xFF) != (0x80 | ((cp >> (6 * (n - 1 - k))) & 0x3F))) {
        return -1;
      }
    }
    return p + n;
  }

  /** Skips one value starting at {@code record[i]} (not a blank): the offset after it, or -1. */
  int skipValue(byte[] record, int i, int to) {
    int depth = 0;
    while (true) {
      i = skipSpace(record, i, to);
      if (i == to) {
        return -1;
      }
      byte b = record[i];
      if (b == '{' || b == '[') {
        if (depth == open.length) {
          open = Arrays.copyOf(open, 2 * depth);
        }
        open[depth++] = b;
        i = skipSpace(record, i + 1, to);
        if (i == to) {
          return -1;
        }
        if (record[i] == (b == '{' ? '}' : ']')) {
          depth--;
          i++;
        } else {
          if (b == '{') {
            i = skipKey(record, i, to);
            if (i < 0) {
              return -1;
            }
          }
          continue; // a value follows
        }
      } else if (b == '"') {
        i = stringEnd(record, i + 1, to);
        if (i < 0) {
          return -1;
        }
        i++;
      } else {
        i = tokenEnd(record, i, to);
        if (i < 0) {
          return -1;
        }
      }
      // After a value: done at depth 0, else ',' and the next member, or the container's end.
      while (true) {
        if (depth == 0) {
          return i;
        }
        i = skipSpace(record, i, to);
        if (i == to) {
          return -1;
        }
        byte top = open[depth - 1];
        if (record[i] == ',') {
          i++;
          if (top == '{') {
            i = skipKey(record, skipSpace(record, i, to), to);
            if (i < 0) {
              return -1;
            }
          }
          break;
        }
        if (record[i] != (top == '{' ? '}' : ']')) {
          return -1;
        }
        depth--;
        i++;
      }
    }
  }

  /** Skips {@code "key" :} at i: the offset after the colon, or -1. */
  static int skipKey(byte[] record, int i, int to) {
    if (i >= to || record[i] != '"') {
      return -1;
    }
    i = stringEnd(record, i + 1, to);
    if (i < 0) {
      return -1;
    }
    i = skipSpace(record, i + 1, to);
    return i < to && record[i] == ':' ? i + 1 : -1;
  }

  /**
   * The offset of the quote closing a string whose content starts at {@code i}, or -1 when it is
   * not closed, has a control character or a bad escape.
   */
  static int stringEnd(byte[] record, int i, int to) {
    while (true) {
      i = plainEnd(record, i, to);
      if (i == to) {
        return -1;
      }
      byte b = record[i];
      if (b == '"') {
        return i;
      }
      if (b != '\\') {
        return -1; // a control character
      }
      if (i + 1 == to) {
        return -1;
      }
      byte e = record[i + 1];
      if (e == 'u') {
        if (hex4(record, i + 2, to) < 0) {
          return -1;
        }
        i += 6;
        continue;
      }
      if (e != '"' && e != '\\' && e != '/' && e != 'b' && e != 'f' && e != 'n' && e != 'r'
          && e != 't') {
        return -1;
      }
      i += 2;
    }
  }

  /**
   * The offset of the first quote, backslash or control character in {@code record[i, to)}, or
   * {@code to}. Skipping other keys' string values (a timestamp, a user agent) is most of the
   * work of finding a field, so it goes eight bytes at a time: each long read (little-endian, so
   * the lowest set bit is the first byte) is tested for a quote and a backslash by the has-zero
   * test {@code (x - 0x01..) & ~x & 0x80..} on {@code x = word ^ byte*0x01..}, and for a byte
   * below {@code 0x20} by {@code (word - 0x20..) & ~word & 0x80..} (bytes from 0x80 up, UTF-8,
   * are never flagged). Each test can flag a byte above a true match (a borrow), never one below,
   * so the lowest flagged byte is exact. The last bytes before {@code to} are read one by one, so
   * nothing past {@code to} is read.
   */
  private static int plainEnd(byte[] record, int i, int to) {
    for (int last = to - Long.BYTES; i <= last; i += Long.BYTES) {
      long word = (long) LONG.get(record, i);
      long quote = word ^ QUOTES;
      long backslash = word ^ BACKSLASHES;
      long found = ((quote - ONES) & ~quote | (backslash - ONES) & ~backslash
          | (word - SPACES) & ~word) & HIGHS;
      if (found != 0) {
        return i + (Long.numberOfTrailingZeros(found) >>> 3);
      }
    }
    for (; i < to; i++) {
      byte b = record[i];
      if (b == '"' || b == '\\' || b >= 0 && b < ' ') {
        return i;
      }
    }
    return to;
  }

  /** The end of a bare token (number, true, false, null) at i, or -1 when it is empty. */
  static int tokenEnd(byte[] record, int i, int to) {
    int start = i;
    while (i < to) {
      byte b = record[i];
      if (!(b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '+'
          || b == '-' || b == '.')) {
        break;
      }
      i++;
    }
    return i > start ? i : -1;
  }

  static int skipSpace(byte[] record, int i, int to) {
    while (i < to) {
      byte b = record[i];
      if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
        break;
      }
      i++;
    }
    return i;
  }

  /** Four hex digits at i (checked by {@link #stringEnd} before), as a number. */
  private static int hex4(byte[] record, int i) {
    return hex4(record, i, record.length);
  }

  /** Four hex digits at {@code record[i, i + 4)} below {@code to} as a number, or -1. */
  private static int hex4(byte[] record, int i, int to) {
    if (i + 4 > to) {
      return -1;
    }
    int v = 0;
    for (int k = i; k < i + 4; k++) {
      int d = Character.digit(record[k], 16);
      if (d < 0) {
        return -1;
      }
      v = v << 4 | d;
    }
    return v;
  }
}
