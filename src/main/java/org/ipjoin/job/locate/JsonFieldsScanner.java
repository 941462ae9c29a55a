package org.ipjoin.job.locate;

import static org.ipjoin.job.locate.JsonSyntax.matchKey;
import static org.ipjoin.job.locate.JsonSyntax.skipSpace;
import static org.ipjoin.job.locate.JsonSyntax.stringEnd;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Every {@code json:PATH} column of a job found in one pass over each record: a job with several
 * JSON address columns ({@code --client src=json:src_ip --client dst=json:dest_ip}) would scan each
 * record once per column with a {@link JsonFieldLocator} each. Each path's answer is the one its
 * own {@link JsonFieldLocator} gives (the same rules: a key matching the whole rest of a path
 * first, nesting, escapes, the first key leading to a value wins), since the pass walks the same
 * objects in the same order and checks the same syntax: it descends into an object when the rest
 * of any path not yet answered goes through it, skips every other value as the single locator
 * does, and stops once every path is answered. A path whose value is found keeps it, whatever
 * comes after it; a path not answered when the JSON stops being well formed is not found, as it
 * would not be by its own locator.
 *
 * <p>Per record only offsets are written: {@link #valueAt} the start of each path's value, read
 * into a range by {@link #value} (the single locator's reading). Nothing is allocated per record.
 * One instance per task (thread), shared by the task's JSON columns ({@link JsonPathColumn}).
 */
public final class JsonFieldsScanner {

  /** A path not (yet) found in the record scanned. */
  private static final int NOT_FOUND = -1;

  private final byte[][] paths;
  /**
   * Per object level descended ({@code level * paths + k}): where path k's rest starts in that
   * object, or -1 when path k does not lead into it.
   */
  private final int[] restAt;
  /** Per path: where its value starts in the record scanned, or {@link #NOT_FOUND}. */
  private final int[] valueAt;
  private final JsonSyntax syntax = new JsonSyntax();

  /** The record scanned last, so that columns after the first read its answers. */
  private byte[] scanned;
  private int scannedFrom;
  private int scannedTo;

  /** @throws IllegalArgumentException when a path is empty */
  public JsonFieldsScanner(List<String> paths) {
    this.paths = new byte[paths.size()][];
    int levels = 1;
    for (int k = 0; k < this.paths.length; k++) {
      if (paths.get(k).isEmpty()) {
        throw new IllegalArgumentException("the path is empty; name the key, e.g. json:client.ip");
      }
      byte[] path = paths.get(k).getBytes(StandardCharsets.UTF_8);
      int dots = 0;
      for (byte b : path) {
        dots += b == '.' ? 1 : 0;
      }
      levels = Math.max(levels, dots + 1);
      this.paths[k] = path;
    }
    this.restAt = new int[levels * this.paths.length];
    this.valueAt = new int[this.paths.length];
  }

  /** How many paths the scanner looks for. */
  public int paths() {
    return paths.length;
  }

  /** Finds every path's value in the record {@code record[from, to)}. */
  public void scan(byte[] record, int from, int to) {
    scanned = record;
    scannedFrom = from;
    scannedTo = to;
    Arrays.fill(valueAt, NOT_FOUND);
    walk(record, from, to);
  }

  /** Whether {@code record[from, to)} is the record {@link #scan} read last. */
  public boolean scanned(byte[] record, int from, int to) {
    return record == scanned && from == scannedFrom && to == scannedTo;
  }

  /** Where path {@code k}'s value starts in the record scanned, or -1 when it was not found. */
  public int valueAt(int k) {
    return valueAt[k];
  }

  /**
   * Reads path {@code k}'s value in the record scanned (ending at {@code to}) into {@code range},
   * as {@link JsonFieldLocator#locate} does.
   *
   * @return false when the path was not found, or its value is no field (an object, an array, a
   *     string with an escape)
   */
  public boolean value(int k, byte[] record, int to, ClientIpLocator.Range range) {
    int at = valueAt[k];
    return at >= 0 && JsonSyntax.value(record, at, to, range);
  }

  private void walk(byte[] record, int from, int to) {
    int n = paths.length;
    int i = from;
    while (i < to && record[i] != '{') {
      i++;
    }
    if (i == to) {
      return;
    }
    int unanswered = n;
    int level = 0;
    Arrays.fill(restAt, 0, n, 0);
    i++;
    boolean mayClose = true; // just after '{': '}' may follow; after ',' a key must
    while (true) {
      i = skipSpace(record, i, to);
      if (i == to) {
        return;
      }
      if (record[i] == '}' && mayClose) {
        i++;
        if (level == 0) {
          return;
        }
        level--;
      } else {
        if (record[i] != '"') {
          return;
        }
        int keyEnd = stringEnd(record, i + 1, to);
        if (keyEnd < 0) {
          return;
        }
        int keyStart = i + 1;
        i = skipSpace(record, keyEnd + 1, to);
        if (i == to || record[i] != ':') {
          return;
        }
        i = skipSpace(record, i + 1, to);
        if (i == to) {
          return;
        }
        boolean object = record[i] == '{';
        int base = level * n;
        int child = base + n;
        if (object && child < restAt.length) {
          Arrays.fill(restAt, child, child + n, -1);
        }
        boolean descend = false;
        // Most keys differ from every path at their first byte: refused here, without a call.
        // An empty key, or a rest that is empty (a path ending in a dot), goes to matchKey.
        byte first = keyStart < keyEnd ? record[keyStart] : (byte) '"';
        for (int k = 0; k < n; k++) {
          int at = restAt[base + k];
          if (at < 0 || valueAt[k] != NOT_FOUND || at < paths[k].length
              && first != paths[k][at] && first != '\\' && first != '"') {
            continue;
          }
          int matched = matchKey(paths[k], record, keyStart, keyEnd, at);
          if (matched == paths[k].length) {
            valueAt[k] = i; // the first key leading to a value wins, whatever the value is
            unanswered--;
          } else if (matched >= 0 && object) {
            restAt[child + k] = matched + 1;
            descend = true;
          }
        }
        if (unanswered == 0) {
          return;
        }
        if (descend) {
          level++;
          i++;
          mayClose = true;
          continue;
        }
        i = syntax.skipValue(record, i, to);
        if (i < 0) {
          return;
        }
      }
      // After a member (or a nested object just closed): ',' or the end of this object.
      while (true) {
        i = skipSpace(record, i, to);
        if (i == to) {
          return;
        }
        if (record[i] == ',') {
          i++;
          mayClose = false;
          break;
        }
        if (record[i] != '}') {
          return;
        }
        i++;
        if (level == 0) {
          return;
        }
        level--;
      }
    }
  }
}
