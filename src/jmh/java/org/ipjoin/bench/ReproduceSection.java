package org.ipjoin.bench;

import java.util.List;

/** The commands behind single measurements, to rerun one without the whole bench. */
final class ReproduceSection implements ReportSection {

  private static final List<String> COMMANDS = List.of(
      "mvn -DskipTests package && mvn -Pbench -DskipTests package   # target/ipjoin.jar, target/bench-build/benchmarks.jar",
      "index-tools/ipindex load --loader nio target/bench/ips.ipidx         # one fresh-JVM load (--json: one JSON line)",
      "IPJOIN_JAVA_OPTS='-Xmx4g -XX:+UseTransparentHugePages' index-tools/ipindex load --loader nio target/bench/ips.ipidx",
      "java -jar target/bench-build/benchmarks.jar LookupBenchmark    # lookups, 26,123,456 keys",
      "java -jar target/bench-build/benchmarks.jar LookupVariantsBenchmark   # the design space behind Ipv4IntervalIndex.match",
      "java -jar target/bench-build/benchmarks.jar LoadBenchmark -p index=target/bench/ips.ipidx -p list=target/bench/ip.tsv",
      "index-tools/bench --small --ipv6-share 0.3    # a few minutes, 0.3 of the list and of the clients IPv6; report in target/bench-small/docs",
      "IPJOIN_JAVA_OPTS='-Xmx3g -XX:StartFlightRecording=filename=job.jfr,settings=profile' index-tools/ipjoin --index ... --input ... --output ...",
      "java -cp target/bench-build/benchmarks.jar org.ipjoin.bench.JobProfile job.jfr profile.csv   # CPU shares by category of that recording");

  @Override
  public void write(BenchResults results, MarkdownWriter md) {
    md.heading(3, "Reproduce single measurements");
    md.code(COMMANDS);
  }
}
