package org.ipjoin.job.locate;

import static org.ipjoin.job.locate.JsonSyntax.matchKey;
import static org.ipjoin.job.locate.JsonSyntax.skipSpace;
import static org.ipjoin.job.locate.JsonSyntax.stringEnd;
import static org.ipjoin.job.locate.JsonSyntax.value;

import java.nio.charset.StandardCharsets;

/**
 * Format {@code json:PATH}: the client is the value at PATH in a record holding one JSON object,
 * possibly after a text prefix (a syslog header, a container runtime's
 * {@code 2026-11-23T06:00:00Z stdout F }): the object starts at the record's first {@code {}.
 *
 * <p>PATH is keys joined by dots. In each object, a key matches when it is the whole rest of the
 * path (so Zeek's {@code id.orig_h}, a key holding a dot, matches {@code json:id.orig_h}), or when
 * it is the path's next keys up to a dot and its value is an object that holds the rest
 * ({@code json:client.ip} matches {@code {"client": {"ip": "…"}}}). Keys are compared after their
 * escapes are decoded (a key written as backslash, u, 0069 and p is {@code ip}). Only that path
 * matches: a key of the same name elsewhere (in another object, in an array) does not. The first
 * key in the record that leads to a value wins: a repeated key's first occurrence, and of
 * {@code "a.b"} and {@code "a": {"b"}} in one object whichever comes first.
 *
 * <p>The value is read as follows: a string is its content ({@link Range#setField} then takes the
 * address out of brackets, port or zone id); a string with an escape (a backslash) is malformed,
 * since an address is plain ASCII and the range must be the record's own bytes; {@code null} is
 * no address ({@link Range#absent}), as is {@code ""} or {@code "-"}; another bare token (a
 * number, {@code true}) is taken as it is, and the address parsers call it malformed; an object or
 * array is malformed. A record with no {@code {}, without the path, or with JSON that is not well
 * formed before the value is malformed: objects, arrays, strings (with their escapes and no
 * control characters) and commas are checked, numbers and literals only as runs of
 * {@code [A-Za-z0-9+-.]}. Nothing after the value is read.
 *
 * <p>The record's bytes are scanned once, without building objects: values of other keys are
 * skipped (nesting tracked in a per-instance stack that grows only for deeper records), and
 * nothing is allocated per record.
 */
public final class JsonFieldLocator implements JsonLocator {

  private final String spec;
  private final String pathText;
  /** PATH in UTF-8. */
  private final byte[] path;
  /** For each object level descended along the path: where the rest of the path starts. */
  private final int[] restAt;
  /** Skips the values of other keys, with its per-instance nesting stack. */
  private final JsonSyntax syntax = new JsonSyntax();

  /** @throws IllegalArgumentException when PATH is empty */
  public JsonFieldLocator(String path, String spec) {
    if (path.isEmpty()) {
      throw new IllegalArgumentException("the path is empty; name the key, e.g. json:client.ip");
    }
    this.path = path.getBytes(StandardCharsets.UTF_8);
    int dots = 0;
    for (byte b : this.path) {
      dots += b == '.' ? 1 : 0;
    }
    this.restAt = new int[dots + 1];
    this.spec = spec;
    this.pathText = path;
  }

  /** PATH as given. */
  public String path() {
    return pathText;
  }

  @Override
  public boolean locate(byte[] record, int from, int to, Range range) {
    int i = from;
    while (i < to && record[i] != '{') {
      i++;
    }
    if (i == to) {
      return false;
    }
    int level = 0;
    restAt[0] = 0;
    i++;
    boolean mayClose = true; // just after '{': '}' may follow; after ',' a key must
    while (true) {
      i = skipSpace(record, i, to);
      if (i == to) {
        return false;
      }
      if (record[i] == '}' && mayClose) {
        i++;
        if (level == 0) {
          return false;
        }
        level--;
      } else {
        if (record[i] != '"') {
          return false;
        }
        int keyEnd = stringEnd(record, i + 1, to);
        if (keyEnd < 0) {
          return false;
        }
        int matched = matchKey(path, record, i + 1, keyEnd, restAt[level]);
        i = skipSpace(record, keyEnd + 1, to);
        if (i == to || record[i] != ':') {
          return false;
        }
        i = skipSpace(record, i + 1, to);
        if (i == to) {
          return false;
        }
        if (matched == path.length) {
          return value(record, i, to, range);
        }
        if (matched >= 0 && record[i] == '{') {
          restAt[++level] = matched + 1;
          i++;
          mayClose = true;
          continue;
        }
        i = syntax.skipValue(record, i, to);
        if (i < 0) {
          return false;
        }
      }
      // After a member (or a nested object just closed): ',' or the end of this object.
      while (true) {
        i = skipSpace(record, i, to);
        if (i == to) {
          return false;
        }
        if (record[i] == ',') {
          i++;
          mayClose = false;
          break;
        }
        if (record[i] != '}') {
          return false;
        }
        i++;
        if (level == 0) {
          return false;
        }
        level--;
      }
    }
  }

  @Override
  public String spec() {
    return spec;
  }
}
