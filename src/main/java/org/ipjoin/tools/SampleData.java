package org.ipjoin.tools;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Reproducible synthetic data: an IP list of N addresses and combined-format access logs in which a
 * chosen share of client IPs come from that list. The same seed gives the same bytes on every
 * machine, so benchmark inputs can be regenerated instead of shipped.
 *
 * <p>The i-th listed address is a pure function of (seed, i), so the log writer can pick listed
 * addresses at random without holding the list in memory. A "miss" is a uniformly random address,
 * which is in the list with probability N / 2^32 (0.6 % at 26 M), so the real hit share
 * is slightly above the requested one; the job's counters report the exact figure.
 */
final class SampleData {

  private static final byte[][] REQUESTS = ascii(
      "GET / HTTP/1.1", "GET /index.html HTTP/1.1", "GET /images/logo.png HTTP/1.1",
      "POST /login HTTP/1.1", "GET /api/v1/items?page=2 HTTP/1.1", "GET /robots.txt HTTP/1.0",
      "GET /static/app.js HTTP/1.1", "HEAD /health HTTP/1.1");
  private static final int[] STATUSES = {200, 200, 200, 200, 304, 301, 404, 500};
  private static final byte[][] AGENTS = ascii(
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0",
      "curl/8.5.0", "Googlebot/2.1 (+http://www.google.com/bot.html)");
  private static final DateTimeFormatter CLF_TIME =
      DateTimeFormatter.ofPattern("dd/MMM/yyyy:HH:mm:ss Z", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final long LOG_START_EPOCH_SECOND = 1_767_225_600L; // 2026-01-01T00:00:00Z
  private static final int BUFFER_BYTES = 1 << 20;

  private final long seed;
  private final long listSize;

  SampleData(long seed, long listSize) {
    this.seed = seed;
    this.listSize = listSize;
  }

  /** The i-th listed address, as its 32 address bits. */
  int listedAddress(long i) {
    return (int) mix64(seed + 0x9E37_79B9_7F4A_7C15L * (i + 1));
  }

  /** Writes the list: one dotted quad per line. Does not close {@code out}. */
  void writeIpList(OutputStream out) throws IOException {
    Appender a = new Appender(out);
    for (long i = 0; i < listSize; i++) {
      a.ip(listedAddress(i)).put((byte) '\n');
    }
    a.flush();
  }

  /**
   * Writes {@code lines} combined-format log lines; each client IP is a listed address with
   * probability {@code hitRatio}, else a random one. Does not close {@code out}.
   */
  void writeAccessLog(OutputStream out, long lines, double hitRatio) throws IOException {
    SplittableRandom random = new SplittableRandom(seed ^ 0x5DEE_CE66_DL);
    Appender a = new Appender(out);
    long cachedSecond = -1;
    byte[] time = null;
    for (long n = 0; n < lines; n++) {
      long second = LOG_START_EPOCH_SECOND + n / 20;
      if (second != cachedSecond) {
        cachedSecond = second;
        time = CLF_TIME.format(Instant.ofEpochSecond(second)).getBytes(StandardCharsets.US_ASCII);
      }
      boolean hit = listSize > 0 && random.nextDouble() < hitRatio;
      int ip = hit ? listedAddress(random.nextLong(listSize)) : random.nextInt();
      a.ip(ip).put(" - - [").put(time).put("] \"").put(REQUESTS[random.nextInt(REQUESTS.length)])
          .put("\" ").number(STATUSES[random.nextInt(STATUSES.length)]).put((byte) ' ')
          .number(random.nextInt(100, 200_000)).put(" \"-\" \"")
          .put(AGENTS[random.nextInt(AGENTS.length)]).put((byte) '"').put((byte) '\n');
    }
    a.flush();
  }

  /** Stafford's mix13 finalizer (as in SplittableRandom): a bijection, so distinct i mostly give distinct addresses. */
  private static long mix64(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58_476D_1CE4_E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D0_49BB_1331_11EBL;
    return z ^ (z >>> 31);
  }

  private static byte[][] ascii(String... texts) {
    byte[][] bytes = new byte[texts.length][];
    for (int i = 0; i < texts.length; i++) {
      bytes[i] = texts[i].getBytes(StandardCharsets.US_ASCII);
    }
    return bytes;
  }

  /** Formats straight into a byte buffer: no String per line, so gigabytes take seconds. */
  private static final class Appender {
    private final OutputStream out;
    private final byte[] buf = new byte[BUFFER_BYTES];
    private int pos;

    Appender(OutputStream out) {
      this.out = out;
    }

    Appender put(byte b) throws IOException {
      if (pos == buf.length) {
        flush();
      }
      buf[pos++] = b;
      return this;
    }

    Appender put(byte[] bytes) throws IOException {
      for (byte b : bytes) {
        put(b);
      }
      return this;
    }

    Appender put(String ascii) throws IOException {
      for (int i = 0; i < ascii.length(); i++) {
        put((byte) ascii.charAt(i));
      }
      return this;
    }

    Appender number(int value) throws IOException {
      if (value >= 10) {
        number(value / 10);
      }
      return put((byte) ('0' + value % 10));
    }

    Appender ip(int address) throws IOException {
      number(address >>> 24).put((byte) '.').number((address >>> 16) & 0xFF).put((byte) '.');
      return number((address >>> 8) & 0xFF).put((byte) '.').number(address & 0xFF);
    }

    void flush() throws IOException {
      out.write(buf, 0, pos);
      pos = 0;
    }
  }
}
