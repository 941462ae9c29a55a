package org.ipjoin.bench;

import java.nio.file.Path;
import java.util.SplittableRandom;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.lookup.Ipv4Lookup;

/**
 * Lookup times over an index file as a task loads it, for files too large for JMH's set-up (which
 * generates its keys in the forked JVM): 2^22 probes, half keys of the index and half random
 * addresses, looked up ten times over through {@code matchAll} (1,024 per call, as the mapper does
 * per input block) and one {@code match} at a time; prints ns per probe of each round. The first
 * rounds are the JIT's warm-up: read the last ones.
 *
 * <pre>java -Xmx3g -cp target/bench-build/benchmarks.jar org.ipjoin.bench.ProbeTimes FILE mmap-direct</pre>
 */
public final class ProbeTimes {

  private static final int PROBES = 1 << 22;
  private static final int BATCH = 1024;

  private ProbeTimes() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: ProbeTimes INDEX-FILE READ-PATH (nio, mmap-direct, ...)");
      System.exit(2);
    }
    Ipv4Lookup index = ReadPath.fromName(args[1]).loader().load(Path.of(args[0]), true).index();
    int n = index.size();
    int[] probes = new int[PROBES];
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < PROBES; i++) {
      probes[i] = random.nextBoolean() ? index.start(random.nextInt(n)) : random.nextInt();
    }
    int[] batch = new int[BATCH];
    int[] ids = new int[BATCH];
    for (int round = 1; round <= 10; round++) {
      long t0 = System.nanoTime();
      long batchedHits = 0;
      for (int at = 0; at < PROBES; at += BATCH) {
        System.arraycopy(probes, at, batch, 0, BATCH);
        index.matchAll(batch, BATCH, ids);
        for (int id : ids) {
          batchedHits += id == Ipv4Lookup.NO_MATCH ? 0 : 1;
        }
      }
      long t1 = System.nanoTime();
      long singleHits = 0;
      for (int p : probes) {
        singleHits += index.match(p) == Ipv4Lookup.NO_MATCH ? 0 : 1;
      }
      long t2 = System.nanoTime();
      if (batchedHits != singleHits) {
        throw new IllegalStateException("matchAll found " + batchedHits + ", match " + singleHits);
      }
      System.out.printf("round %d: matchAll %.1f ns, match %.1f ns per probe (%d hits)%n", round,
          (t1 - t0) / (double) PROBES, (t2 - t1) / (double) PROBES, singleHits);
    }
  }
}
