package org.ipjoin.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv4WordParser;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Client fields parsed in place, as the map task parses them: the byte-at-a-time reference {@link
 * Ipv4Codec#parseAddress} ({@code bytewise}) against {@link Ipv4WordParser#parseAddress}
 * ({@code words}), in one run with the same fork settings. Reported per address.
 *
 * <p>{@value #FIELDS} fields lie one after another in one array, each followed by a space, as in
 * a block of log lines. {@code fields}: {@code uniform} = addresses drawn uniformly from the whole
 * IPv4 space (mostly 13–15 bytes, as public clients); {@code lengths} = each octet's number of
 * digits drawn uniformly from 1–3, so field lengths spread over 7–15 bytes; {@code dirty} = the
 * {@code lengths} stream with one field in eight malformed (a "-" client, a leading zero, a
 * fifth octet, an octet above 255, IPv6) as logs with unset or proxied clients have.
 *
 * <pre>
 * mvn -B -q -Pbench -DskipTests package
 * java -jar target/bench-build/benchmarks.jar Ipv4ParseBenchmark
 * </pre>
 * Figures: {@link Ipv4WordParser}'s Javadoc.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class Ipv4ParseBenchmark {

  static final int FIELDS = 4096;

  private static final String[] MALFORMED = {
      "-", "01.2.3.4", "1.2.3.4.5", "256.10.1.1", "2001:db8::1", "10.0.0.1:80", "10.1.1.010"};

  @Param({"uniform", "lengths", "dirty"})
  public String fields;

  private byte[] bytes;
  private int[] from;
  private int[] to;

  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(2024);
    TextBlock text = TextBlock.of(FIELDS, i -> field(random), ' ');
    bytes = text.bytes;
    from = text.from;
    to = text.to;
  }

  private String field(SplittableRandom random) {
    if (fields.equals("dirty") && random.nextInt(8) == 0) {
      return MALFORMED[random.nextInt(MALFORMED.length)];
    }
    if (fields.equals("uniform")) {
      return Ipv4Codec.format(random.nextInt());
    }
    StringBuilder b = new StringBuilder();
    for (int octet = 0; octet < 4; octet++) {
      int digits = 1 + random.nextInt(3);
      int value = digits == 1 ? random.nextInt(10) : digits == 2 ? random.nextInt(10, 100) : random.nextInt(100, 256);
      b.append(octet == 0 ? "" : ".").append(value);
    }
    return b.toString();
  }

  // One loop per parser, not a shared loop over a parser function: each is then compiled with its
  // parser inlined and its own profile, as at the call site in the map task.
  @Benchmark
  @OperationsPerInvocation(FIELDS)
  public long bytewise() {
    long sum = 0;
    for (int i = 0; i < FIELDS; i++) {
      sum += Ipv4Codec.parseAddress(bytes, from[i], to[i]);
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(FIELDS)
  public long words() {
    long sum = 0;
    for (int i = 0; i < FIELDS; i++) {
      sum += Ipv4WordParser.parseAddress(bytes, from[i], to[i]);
    }
    return sum;
  }
}
