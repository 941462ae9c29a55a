package org.ipjoin.bench;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.ipjoin.job.locate.ChainRule;
import org.ipjoin.job.locate.ClientIpLocator;
import org.ipjoin.job.locate.ClientIpLocators;
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
 * Finding the address columns of JSON records, per record, as a map task asks its locators: one
 * column ({@code one}: {@code json:PATH} alone, {@link org.ipjoin.job.locate.JsonFieldLocator}),
 * two columns each scanning the record ({@code twoScans}: two single-path locators, how a job
 * with two {@code --client NAME=json:PATH} columns read records before), and two columns in one
 * pass ({@code onePass}: {@link ClientIpLocators#fromSpecs}, what such a job does now).
 *
 * <p>{@value #RECORDS} records lie one after another in one array, as in a block of lines.
 * {@code shape}: {@code flat} = Suricata EVE flow records ({@code src_ip}, then {@code dest_ip}
 * further on); {@code nested} = ECS-like records ({@code source.ip} and {@code destination.ip} in
 * objects after an {@code event} object and before a {@code user_agent} one).
 *
 * <pre>
 * mvn -B -q -Pbench -DskipTests package
 * java -cp target/bench-build/benchmarks.jar:$(hadoop classpath) org.openjdk.jmh.Main JsonColumnsBenchmark
 * </pre>
 * Figures: docs/benchmarks/2026-11-27-json-columns.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2)
public class JsonColumnsBenchmark {

  static final int RECORDS = 4096;

  @Param({"flat", "nested"})
  public String shape;

  private byte[] bytes;
  private int[] from;
  private int[] to;
  private ClientIpLocator single;
  private ClientIpLocator first;
  private ClientIpLocator second;
  private List<ClientIpLocator> pass;
  private final ClientIpLocator.Range range = new ClientIpLocator.Range();

  @Setup
  public void setUp() {
    SplittableRandom random = new SplittableRandom(42);
    boolean flat = shape.equals("flat");
    TextBlock records = TextBlock.of(RECORDS, i -> {
      String src = dotted(random.nextInt());
      String dst = dotted(random.nextInt());
      return flat
          ? "{\"timestamp\":\"2017-01-26T20:16:58.270700+0000\",\"flow_id\":" + i
              + ",\"event_type\":\"flow\",\"src_ip\":\"" + src + "\",\"src_port\":38195,\"dest_ip\":\""
              + dst + "\",\"dest_port\":53,\"proto\":\"TCP\",\"flow\":{\"pkts_toserver\":1,"
              + "\"pkts_toclient\":1,\"bytes_toserver\":74,\"bytes_toclient\":90}}"
          : "{\"@timestamp\":\"2026-11-23T06:00:00.000Z\",\"event\":{\"kind\":\"event\",\"category\":"
              + "[\"network\"],\"duration\":" + i + "},\"source\":{\"ip\":\"" + src + "\",\"port\":"
              + "51234},\"destination\":{\"ip\":\"" + dst + "\",\"port\":443},\"user_agent\":"
              + "{\"original\":\"Mozilla/5.0 (X11; Linux x86_64)\"}}";
    }, '\n');
    bytes = records.bytes;
    from = records.from;
    to = records.to;
    String a = flat ? "json:src_ip" : "json:source.ip";
    String b = flat ? "json:dest_ip" : "json:destination.ip";
    single = ClientIpLocators.fromSpec(a);
    first = ClientIpLocators.fromSpec(a);
    second = ClientIpLocators.fromSpec(b);
    pass = ClientIpLocators.fromSpecs(List.of(a, b),
        List.of(ChainRule.parse(ChainRule.DEFAULT), ChainRule.parse(ChainRule.DEFAULT)));
  }

  @Benchmark
  @OperationsPerInvocation(RECORDS)
  public long one() {
    long sum = 0;
    for (int i = 0; i < RECORDS; i++) {
      sum += single.locate(bytes, from[i], to[i], range) ? range.to : 0;
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(RECORDS)
  public long twoScans() {
    long sum = 0;
    for (int i = 0; i < RECORDS; i++) {
      sum += first.locate(bytes, from[i], to[i], range) ? range.to : 0;
      sum += second.locate(bytes, from[i], to[i], range) ? range.to : 0;
    }
    return sum;
  }

  @Benchmark
  @OperationsPerInvocation(RECORDS)
  public long onePass() {
    ClientIpLocator a = pass.get(0);
    ClientIpLocator b = pass.get(1);
    long sum = 0;
    for (int i = 0; i < RECORDS; i++) {
      sum += a.locate(bytes, from[i], to[i], range) ? range.to : 0;
      sum += b.locate(bytes, from[i], to[i], range) ? range.to : 0;
    }
    return sum;
  }

  private static String dotted(int a) {
    return (a >>> 24) + "." + ((a >>> 16) & 255) + "." + ((a >>> 8) & 255) + "." + (a & 255);
  }
}
