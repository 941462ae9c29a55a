package org.ipjoin.bench;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Field;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * One benchmark method of two builds (a benchmarks.jar before a change and one after it) in one
 * JVM, alternated round by round and timed by the thread's CPU time: a before/after comparison for
 * a machine shared with other work, where one JMH run after another meets a different load and
 * wall-clock scores move by more than the change (docs/benchmarks/2026-11-27-one-miss-lookups.md:
 * JMH's errors were larger than its scores at a load average of 20 on 2 cores). Each jar gets its
 * own class loader, so each build's classes are compiled by the JIT on their own, as in a JVM of
 * their own; the order of the two flips every round.
 *
 * <pre>
 * java -Xmx5g -cp target/bench-build/benchmarks.jar org.ipjoin.bench.BuildPairs \
 *     before/benchmarks.jar after/benchmarks.jar CompactLookupBenchmark matchAll 41 100 \
 *     keys=26123456 layout=sorted storage=heap
 * </pre>
 *
 * Arguments: the two jars, the benchmark class (in org.ipjoin.bench), a method of it that takes
 * nothing and returns an int, rounds, calls per round and variant, then its public fields as
 * name=value (its JMH parameters). The method's {@code @OperationsPerInvocation} is taken as
 * {@value #PER_CALL}, as in the lookup benchmarks. Prints the medians in ns per operation and the
 * median of the per-round ratios after / before.
 */
public final class BuildPairs {

  private static final int PER_CALL = 1024;

  private BuildPairs() {}

  public static void main(String[] args) throws Throwable {
    if (args.length < 6) {
      System.err.println("usage: BuildPairs BEFORE.jar AFTER.jar CLASS METHOD ROUNDS CALLS [field=value...]");
      System.exit(2);
    }
    String[] names = {"before", "after"};
    int rounds = Integer.parseInt(args[4]);
    int calls = Integer.parseInt(args[5]);
    MethodHandle[] run = new MethodHandle[2];
    for (int v = 0; v < 2; v++) {
      run[v] = setUp(Path.of(args[v]), "org.ipjoin.bench." + args[2], args[3],
          Arrays.copyOfRange(args, 6, args.length));
    }
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    double ops = (double) calls * PER_CALL;
    double[][] cpu = new double[2][rounds];
    double[][] wall = new double[2][rounds];
    long sink = 0;
    for (int r = -5; r < rounds; r++) { // five rounds of warm-up first
      for (int k = 0; k < 2; k++) {
        int v = (r & 1) == 0 ? k : 1 - k;
        long c0 = threads.getCurrentThreadCpuTime();
        long w0 = System.nanoTime();
        for (int i = 0; i < calls; i++) {
          sink += (int) run[v].invokeExact();
        }
        if (r >= 0) {
          wall[v][r] = (System.nanoTime() - w0) / ops;
          cpu[v][r] = (threads.getCurrentThreadCpuTime() - c0) / ops;
        }
      }
    }
    double[] ratio = new double[rounds];
    int faster = 0;
    for (int r = 0; r < rounds; r++) {
      ratio[r] = cpu[1][r] / cpu[0][r];
      faster += ratio[r] < 1 ? 1 : 0;
    }
    System.out.printf(Locale.ROOT, "%s.%s %s rounds=%d calls=%d (sink %d)%n", args[2], args[3],
        String.join(" ", Arrays.copyOfRange(args, 6, args.length)), rounds, calls, sink & 1);
    for (int v = 0; v < 2; v++) {
      System.out.printf(Locale.ROOT, "  %-6s cpu ns/op median %6.1f min %6.1f | wall median %6.1f%n",
          names[v], BatchLookupPairs.median(cpu[v]), Arrays.stream(cpu[v]).min().orElse(0),
          BatchLookupPairs.median(wall[v]));
    }
    System.out.printf(Locale.ROOT,
        "  after / before cpu: median of the per-round ratios %.3f, after faster in %d of %d rounds%n",
        BatchLookupPairs.median(ratio), faster, rounds);
  }

  /** The benchmark of {@code jar} in a class loader of its own, set up, its method bound. */
  private static MethodHandle setUp(Path jar, String className, String method, String[] fields)
      throws Throwable {
    URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
        ClassLoader.getPlatformClassLoader());
    Class<?> c = loader.loadClass(className);
    Object benchmark = c.getConstructor().newInstance();
    for (String field : fields) {
      String[] kv = field.split("=", 2);
      Field f = c.getField(kv[0]);
      if (f.getType() == int.class) {
        f.setInt(benchmark, Integer.parseInt(kv[1]));
      } else {
        f.set(benchmark, kv[1]);
      }
    }
    c.getMethod("setUp").invoke(benchmark);
    return MethodHandles.publicLookup().findVirtual(c, method, MethodType.methodType(int.class))
        .bindTo(benchmark);
  }
}
