package org.ipjoin.cli.ipindex;

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
 * chosen share of client IPs come from that list, and a chosen share of entries and clients are
 * IPv6. The same seed gives the same bytes on every machine, so benchmark inputs can be
 * regenerated instead of shipped.
 *
 * <p>The i-th listed address, and whether it is IPv6, are pure functions of (seed, i), so the log
 * writer can pick listed addresses at random without holding the list in memory. A "miss" is a
 * uniformly random address, which is in the list with probability N / 2^32 (0.6 % at 26 M) for
 * IPv4, so the real hit share is slightly above the requested one; the job's counters report the
 * exact figure.
 *
 * <p>IPv6: entry i is IPv6 with probability {@code ipv6Share} (drawn from (seed, i)), a uniformly
 * random address of the global unicast block {@code 2000::/3}; a hit picks a listed entry of
 * either family, so about that share of hits are IPv6, and a miss is an IPv6 address of
 * {@code 2000::/3} with the same probability. IPv6 addresses are written in RFC 5952 form, as
 * servers log them. With a share of 0 (the default) the list and the logs are byte for byte what
 * they were before IPv6 could be asked for.
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

  /** Global unicast, 2000::/3: the top three bits of an address half. */
  private static final long GLOBAL_UNICAST = 0x2000_0000_0000_0000L;

  private final long seed;
  private final long listSize;
  private final double ipv6Share;

  SampleData(long seed, long listSize) {
    this(seed, listSize, 0);
  }

  /** @param ipv6Share the share (0 to 1) of IPv6 entries in the list and of IPv6 clients in the logs */
  SampleData(long seed, long listSize, double ipv6Share) {
    this.seed = seed;
    this.listSize = listSize;
    this.ipv6Share = ipv6Share;
  }

  /** Whether the i-th listed entry is an IPv6 address. */
  boolean listedIsIpv6(long i) {
    return ipv6Share > 0 && unitInterval(mix64(seed ^ 0x6A09_E667_F3BC_C909L) + i) < ipv6Share;
  }

  /** The i-th listed address if it is IPv6 ({@link #listedIsIpv6}): bits 127–64. */
  long listedHi(long i) {
    return GLOBAL_UNICAST | (mix64(seed + 0xBB67_AE85_84CA_A73BL * (i + 1)) >>> 3);
  }

  /** The i-th listed address if it is IPv6: bits 63–0. */
  long listedLo(long i) {
    return mix64(seed + 0x3C6E_F372_FE94_F82BL * (i + 1));
  }

  /** A uniform double in [0, 1) from a counter. */
  private static double unitInterval(long counter) {
    return (mix64(counter) >>> 11) * 0x1.0p-53;
  }

  /** The i-th listed address, as its 32 address bits. */
  int listedAddress(long i) {
    return (int) mix64(seed + 0x9E37_79B9_7F4A_7C15L * (i + 1));
  }

  /** Writes the list: one address per line (dotted quad, or IPv6). Does not close {@code out}. */
  void writeIpList(OutputStream out) throws IOException {
    Appender a = new Appender(out);
    for (long i = 0; i < listSize; i++) {
      listed(a, i).put((byte) '\n');
    }
    a.flush();
  }

  private Appender listed(Appender a, long i) throws IOException {
    return listedIsIpv6(i) ? a.ipv6(listedHi(i), listedLo(i)) : a.ip(listedAddress(i));
  }

  /**
   * Writes {@code lines} combined-format log lines; each client IP is a listed address with
   * probability {@code hitRatio}, else a random one (IPv6 with probability {@code ipv6Share}).
   * Does not close {@code out}.
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
      if (hit) {
        listed(a, random.nextLong(listSize));
      } else if (ipv6Share > 0 && random.nextDouble() < ipv6Share) {
        long hi = GLOBAL_UNICAST | (random.nextLong() >>> 3);
        a.ipv6(hi, random.nextLong());
      } else {
        a.ip(random.nextInt());
      }
      a.put(" - - [").put(time).put("] \"").put(REQUESTS[random.nextInt(REQUESTS.length)])
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
  static final class Appender {
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

    /** RFC 5952: lower-case hex groups, the longest run of two or more zero groups as ::. */
    Appender ipv6(long hi, long lo) throws IOException {
      int[] groups = new int[8];
      for (int g = 0; g < 4; g++) {
        groups[g] = (int) (hi >>> (48 - 16 * g)) & 0xFFFF;
        groups[g + 4] = (int) (lo >>> (48 - 16 * g)) & 0xFFFF;
      }
      int bestStart = -1;
      int bestLength = 1;
      for (int g = 0; g < 8; g++) {
        int end = g;
        while (end < 8 && groups[end] == 0) {
          end++;
        }
        if (end - g > bestLength) {
          bestStart = g;
          bestLength = end - g;
        }
        g = Math.max(g, end);
      }
      for (int g = 0; g < 8; g++) {
        if (g == bestStart) {
          put((byte) ':').put((byte) ':');
          g += bestLength - 1;
          continue;
        }
        if (g > 0 && g != bestStart + bestLength) {
          put((byte) ':');
        }
        hex(groups[g]);
      }
      return this;
    }

    private void hex(int group) throws IOException {
      if (group >= 16) {
        hex(group >>> 4);
      }
      put((byte) Character.forDigit(group & 0xF, 16));
    }

    void flush() throws IOException {
      out.write(buf, 0, pos);
      pos = 0;
    }
  }
}
