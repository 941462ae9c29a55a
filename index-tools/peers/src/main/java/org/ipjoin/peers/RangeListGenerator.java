package org.ipjoin.peers;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a reproducible list of labelled, disjoint IPv4 ranges for the range join:
 * {@code RangeListGenerator RANGES SEED LABELS OUTPUT}. The address space is cut into RANGES equal
 * slots; each slot holds one range of random length (1 to the whole slot, so about half the space
 * is covered and about half of uniformly random clients match) at a random offset, with one of
 * LABELS labels ({@code AS64512 net-17}). Lines are {@code a.b.c.d-e.f.g.h TAB label} in address
 * order, a form both {@code ipindex build} and a SQL user's string functions read. Disjoint
 * ranges make every join answer at most one label per client, so ipjoin's overlap policy and the
 * SQL joins cannot disagree.
 */
public final class RangeListGenerator {

  public static void main(String[] args) throws IOException {
    if (args.length != 4) {
      System.err.println("usage: RangeListGenerator RANGES SEED LABELS OUTPUT");
      System.exit(2);
    }
    int ranges = Integer.parseInt(args[0]);
    long seed = Long.parseLong(args[1]);
    int labels = Integer.parseInt(args[2]);
    write(ranges, seed, labels, Path.of(args[3]));
    System.out.println("wrote " + ranges + " ranges with " + labels + " labels to " + args[3]);
  }

  static void write(int ranges, long seed, int labels, Path output) throws IOException {
    if (ranges < 1 || ranges > (1 << 24) || labels < 1) {
      throw new IllegalArgumentException("RangeListGenerator: RANGES must be 1 to 16777216 and LABELS at least 1");
    }
    SplittableRandom random = new SplittableRandom(seed);
    long slot = (1L << 32) / ranges;
    try (BufferedWriter out = Files.newBufferedWriter(output, StandardCharsets.US_ASCII)) {
      for (long i = 0; i < ranges; i++) {
        long length = 1 + random.nextLong(slot);
        long start = i * slot + random.nextLong(slot - length + 1);
        int label = random.nextInt(labels);
        out.write(dotted(start) + "-" + dotted(start + length - 1) + "\tAS" + (64512 + label % 1000) + " net-" + label);
        out.write('\n');
      }
    }
  }

  static String dotted(long address) {
    return (address >>> 24) + "." + ((address >>> 16) & 255) + "." + ((address >>> 8) & 255) + "." + (address & 255);
  }
}
