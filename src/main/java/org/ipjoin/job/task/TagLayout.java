package org.ipjoin.job.task;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.ipjoin.job.MatchTags;
import org.ipjoin.job.locate.ClientIpLocator;
import org.ipjoin.job.locate.HeaderNamedLocator;
import org.ipjoin.job.locate.JsonLocator;

/**
 * How {@code tag} mode writes its columns so that a tagged record stays a record of its format.
 * {@link MatchTags} appends them TAB-separated, which is what a plain log or a TSV file takes;
 * this rewrites them in place, after the record, for the formats that need another form:
 *
 * <ul>
 *   <li>{@code csv:NAME}: comma-separated, a value holding a comma, a quote, a CR or an LF, or
 *       blanks around it, in double quotes with its quotes doubled (RFC 4180);
 *   <li>{@code w3c:NAME}: separated as the {@code #Fields:} line in force separates its names
 *       (a space, or a TAB); with spaces, a space inside a value is written {@code +}, as IIS
 *       writes the spaces of its own fields;
 *   <li>{@code zeek:NAME}: the {@code #separator} in force (TAB unless the file says otherwise);
 *   <li>{@code json:PATH}: a field {@code ,"NAME":"VALUE"} per column (JSON-escaped) inserted
 *       before the record's final {@code }}; a record whose last non-blank byte is not {@code }}
 *       (not a JSON object) is written unchanged, without tags.
 * </ul>
 *
 * The column names (index name, or {@code NAME.ATTR}) are written the same way in the header
 * lines ({@link HeaderOutput}). Scratch space is reused: nothing is allocated per record.
 */
final class TagLayout {

  private enum Form { CSV, SEPARATED, JSON }

  private final Form form;
  private final byte[][] names;
  /** The separator, as an array to append from. */
  private final byte[] separator = new byte[1];
  private byte[] scratch = new byte[256];

  private TagLayout(Form form, byte separator, List<String> names) {
    this.form = form;
    this.separator[0] = separator;
    this.names = new byte[names.size()][];
    for (int i = 0; i < names.size(); i++) {
      this.names[i] = names.get(i).getBytes(StandardCharsets.UTF_8);
    }
  }

  /**
   * The layout for records read by {@code locator} with tag columns {@code names}; null when
   *MatchTags' TAB-separated columns are already right and no header names them (plain logs,
   * {@code tsv:N}).
   */
  static TagLayout of(ClientIpLocator locator, List<String> names) {
    if (locator.field() instanceof JsonLocator) {
      return new TagLayout(Form.JSON, (byte) ',', names);
    }
    if (locator.field() instanceof HeaderNamedLocator named) {
      return switch (named.dialect()) {
        case CSV -> new TagLayout(Form.CSV, (byte) ',', names);
        case W3C -> new TagLayout(Form.SEPARATED, (byte) ' ', names);
        case ZEEK -> new TagLayout(Form.SEPARATED, (byte) '\t', names);
        case TSV -> new TagLayout(Form.SEPARATED, (byte) '\t', names);
      };
    }
    return null;
  }

  /** The separator of the field line in force (W3C, Zeek), for the records after it. */
  void separator(byte separator) {
    if (form == Form.SEPARATED) {
      this.separator[0] = separator;
    }
  }

  byte separator() {
    return separator[0];
  }

  /**
   * Rewrites {@code text}'s end: the record starts at {@code record}, MatchTags' TAB-separated
   * columns at {@code tags} and run to the end.
   */
  void rewrite(Text text, int record, int tags) {
    int length = text.getLength();
    if (form == Form.SEPARATED && separator[0] == '\t') {
      return;
    }
    int from = form == Form.JSON ? record : tags;
    int n = length - from;
    if (scratch.length < n) {
      scratch = Arrays.copyOf(scratch, Math.max(n, 2 * scratch.length));
    }
    System.arraycopy(text.getBytes(), from, scratch, 0, n);
    // Keeps the array: set copies within it, from 0 on, what it already holds there.
    text.set(text.getBytes(), 0, from);
    int tagsAt = tags - from;
    if (form == Form.JSON) {
      json(text, tagsAt, n);
      return;
    }
    int i = 0;
    while (i < n) {
      int end = i + 1;
      while (end < n && scratch[end] != '\t') {
        end++;
      }
      text.append(separator, 0, 1);
      value(text, scratch, i + 1, end);
      i = end;
    }
  }

  /** scratch[0, tagsAt) is the record, scratch[tagsAt, n) its TAB-separated columns. */
  private void json(Text text, int tagsAt, int n) {
    int close = tagsAt - 1;
    while (close >= 0 && isBlank(scratch[close])) {
      close--;
    }
    if (close < 0 || scratch[close] != '}') {
      text.append(scratch, 0, tagsAt);
      return;
    }
    int before = close - 1;
    while (before >= 0 && isBlank(scratch[before])) {
      before--;
    }
    boolean empty = before >= 0 && scratch[before] == '{';
    text.append(scratch, 0, close);
    int column = 0;
    int i = tagsAt;
    while (i < n && column < names.length) {
      int end = i + 1;
      while (end < n && scratch[end] != '\t') {
        end++;
      }
      if (!(empty && column == 0)) {
        text.append(COMMA, 0, 1);
      }
      text.append(QUOTE, 0, 1);
      jsonString(text, names[column], 0, names[column].length);
      text.append(QUOTE_COLON_QUOTE, 0, QUOTE_COLON_QUOTE.length);
      jsonString(text, scratch, i + 1, end);
      text.append(QUOTE, 0, 1);
      column++;
      i = end;
    }
    text.append(scratch, close, tagsAt - close);
  }

  /** Appends the tag column names as a header line lists them: separator, then each name. */
  void appendNames(Text text) {
    for (byte[] name : names) {
      text.append(separator, 0, 1);
      value(text, name, 0, name.length);
    }
  }

  /** Appends {@code bytes[from, to)} as one value of the format. */
  private void value(Text text, byte[] bytes, int from, int to) {
    if (form == Form.CSV) {
      csvValue(text, bytes, from, to);
      return;
    }
    if (separator[0] != ' ') {
      text.append(bytes, from, to - from);
      return;
    }
    int start = from;
    for (int i = from; i < to; i++) {
      if (bytes[i] == ' ') {
        text.append(bytes, start, i - start);
        text.append(PLUS, 0, 1);
        start = i + 1;
      }
    }
    text.append(bytes, start, to - start);
  }

  private static void csvValue(Text text, byte[] bytes, int from, int to) {
    boolean quote = from < to && (isBlank(bytes[from]) || isBlank(bytes[to - 1]));
    for (int i = from; i < to && !quote; i++) {
      byte b = bytes[i];
      quote = b == ',' || b == '"' || b == '\r' || b == '\n';
    }
    if (!quote) {
      text.append(bytes, from, to - from);
      return;
    }
    text.append(QUOTE, 0, 1);
    int start = from;
    for (int i = from; i < to; i++) {
      if (bytes[i] == '"') {
        text.append(bytes, start, i + 1 - start);
        text.append(QUOTE, 0, 1);
        start = i + 1;
      }
    }
    text.append(bytes, start, to - start);
    text.append(QUOTE, 0, 1);
  }

  /** Appends {@code bytes[from, to)} (UTF-8) as the content of a JSON string. */
  private static void jsonString(Text text, byte[] bytes, int from, int to) {
    int start = from;
    for (int i = from; i < to; i++) {
      int b = bytes[i] & 0xFF;
      if (b >= 0x20 && b != '"' && b != '\\') {
        continue;
      }
      text.append(bytes, start, i - start);
      byte[] escape = b == '"' ? ESCAPED_QUOTE : b == '\\' ? ESCAPED_BACKSLASH
          : String.format("\\u%04x", b).getBytes(StandardCharsets.US_ASCII);
      text.append(escape, 0, escape.length);
      start = i + 1;
    }
    text.append(bytes, start, to - start);
  }

  private static boolean isBlank(byte b) {
    return b == ' ' || b == '\t' || b == '\r' || b == '\n';
  }

  private static final byte[] COMMA = {','};
  private static final byte[] QUOTE = {'"'};
  private static final byte[] PLUS = {'+'};
  private static final byte[] QUOTE_COLON_QUOTE = {'"', ':', '"'};
  private static final byte[] ESCAPED_QUOTE = {'\\', '"'};
  private static final byte[] ESCAPED_BACKSLASH = {'\\', '\\'};
}
