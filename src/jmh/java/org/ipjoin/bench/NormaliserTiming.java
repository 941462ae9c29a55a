package org.ipjoin.bench;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.ipjoin.index.list.IntervalNormaliser;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.ListEntries;
import org.ipjoin.index.list.ListLineParser;
import org.ipjoin.index.list.NormalisedList;
import org.ipjoin.index.list.OverlapPolicy;

/**
 * Times the parser and the normaliser at scale (a plain main, run by hand after
 * {@code mvn -Pbench -DskipTests package}):
 * {@code java -Xmx3g -cp target/bench-build/benchmarks.jar org.ipjoin.bench.NormaliserTiming}.
 * Prints lines/s and MB/s for parsing and the time of each normalisation.
 */
public final class NormaliserTiming {

  private NormaliserTiming() {}

  public static void main(String[] args) {
    int ranges = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    int addresses = args.length > 1 ? Integer.parseInt(args[1]) : 26_123_456;
    for (int round = 0; round < 2; round++) {
      System.out.println("round " + round);
      byte[] rangeText = rangeList(ranges, 50_000, 1);
      for (OverlapPolicy policy : OverlapPolicy.values()) {
        run(ranges + " mixed blocks/ranges/addresses, 50k labels, " + policy, rangeText,
            LabelColumn.DEFAULT, policy);
      }
      byte[] addressText = addressList(addresses, 2);
      run(addresses + " single addresses, no labels", addressText, LabelColumn.DEFAULT,
          OverlapPolicy.LONGEST);
      byte[] labelled = labelledAddressList(addresses / 2, 3);
      run(addresses / 2 + " single addresses, labelled (1000 labels)", labelled,
          LabelColumn.DEFAULT, OverlapPolicy.LONGEST);
    }
  }

  private static void run(String what, byte[] text, LabelColumn labels, OverlapPolicy policy) {
    System.gc();
    long t0 = System.nanoTime();
    ListLineParser parser = new ListLineParser(labels);
    ListEntries entries = new ListEntries(text.length / 14);
    long line = 0;
    int start = 0;
    for (int i = 0; i < text.length; i++) {
      if (text[i] == '\n') {
        line++;
        if (parser.parse(text, start, i).isEntry()) {
          entries.add(parser, line);
        } else if (parser.kind() == LineKind.MALFORMED) {
          throw new IllegalStateException(parser.error());
        }
        start = i + 1;
      }
    }
    long t1 = System.nanoTime();
    NormalisedList list = IntervalNormaliser.normalise(entries, policy);
    long t2 = System.nanoTime();
    double parseS = (t1 - t0) / 1e9;
    System.out.printf("%s: parse+collect %d lines %.2f s (%.0f MB/s), normalise %.2f s -> %d"
        + " intervals, %d labels; %s%n", what, line, parseS, text.length / 1e6 / parseS,
        (t2 - t1) / 1e9, list.size(), list.labels().size(), list.stats());
  }

  private static byte[] rangeList(int n, int labels, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    ByteArrayOutputStream out = new ByteArrayOutputStream(n * 40);
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.setLength(0);
      long start = r.nextLong(1L << 32);
      String label = "label-" + r.nextInt(labels);
      switch (r.nextInt(3)) {
        case 0:
          int prefix = 8 + r.nextInt(25);
          long mask = 0xFFFF_FFFFL >>> prefix;
          sb.append(dotted(start & ~mask)).append('/').append(prefix).append('\t').append(label);
          break;
        case 1:
          long end = Math.min(0xFFFF_FFFFL, start + r.nextInt(100_000));
          sb.append(dotted(start)).append(',').append(dotted(end)).append(',').append(label)
              .append(",http://example.com/");
          break;
        default:
          sb.append(dotted(start)).append('\t').append(label);
      }
      sb.append('\n');
      out.writeBytes(sb.toString().getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  private static byte[] addressList(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    ByteArrayOutputStream out = new ByteArrayOutputStream(n * 15);
    for (int i = 0; i < n; i++) {
      out.writeBytes((dotted(r.nextLong(1L << 32)) + "\n").getBytes(StandardCharsets.US_ASCII));
    }
    return out.toByteArray();
  }

  private static byte[] labelledAddressList(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    ByteArrayOutputStream out = new ByteArrayOutputStream(n * 20);
    for (int i = 0; i < n; i++) {
      out.writeBytes((dotted(r.nextLong(1L << 32)) + "\t" + r.nextInt(1000) + "\n")
          .getBytes(StandardCharsets.US_ASCII));
    }
    return out.toByteArray();
  }

  private static String dotted(long a) {
    return (a >>> 24) + "." + ((a >>> 16) & 255) + "." + ((a >>> 8) & 255) + "." + (a & 255);
  }
}
