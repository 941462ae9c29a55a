package org.ipjoin.peers;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;

/**
 * Writes a reproducible country-sized list of disjoint IPv4 ranges with two attributes, as a
 * geolocation export reads: {@code GeoListGenerator RANGES SEED OUTPUT}, lines
 * {@code start,end,country,continent} in address order ({@code ipindex build --labels
 * country=3,continent=4} reads the two columns as one label of two attributes). Like a real
 * geolocation export (GeoLite2 or DB-IP country blocks cover nearly all of the allocated address
 * space, leaving gaps only where nothing is allocated), the ranges mostly touch: the address space
 * is cut into RANGES equal slots, and each range fills its slot, except one in {@value #GAP_EVERY}
 * (drawn at random) which stops short, leaving a gap of random length before the next slot; the
 * country is drawn from a fixed table, the continent is the country's.
 */
public final class GeoListGenerator {

  /** About one range in this many ends before its slot does. */
  static final int GAP_EVERY = 10;

  /** Country code and its continent code. */
  private static final String[][] COUNTRIES = {
    {"US", "NA"}, {"CA", "NA"}, {"MX", "NA"}, {"BR", "SA"}, {"AR", "SA"}, {"CL", "SA"},
    {"GB", "EU"}, {"DE", "EU"}, {"FR", "EU"}, {"NL", "EU"}, {"IT", "EU"}, {"ES", "EU"},
    {"PL", "EU"}, {"SE", "EU"}, {"RU", "EU"}, {"CN", "AS"}, {"JP", "AS"}, {"KR", "AS"},
    {"IN", "AS"}, {"SG", "AS"}, {"VN", "AS"}, {"ID", "AS"}, {"AU", "OC"}, {"NZ", "OC"},
    {"ZA", "AF"}, {"NG", "AF"}, {"EG", "AF"}, {"KE", "AF"}, {"MA", "AF"}, {"AQ", "AN"},
  };

  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      System.err.println("usage: GeoListGenerator RANGES SEED OUTPUT");
      System.exit(2);
    }
    int ranges = Integer.parseInt(args[0]);
    write(ranges, Long.parseLong(args[1]), Path.of(args[2]));
    System.out.println("wrote " + ranges + " country ranges to " + args[2]);
  }

  static void write(int ranges, long seed, Path output) throws IOException {
    if (ranges < 1 || ranges > (1 << 24)) {
      throw new IllegalArgumentException("GeoListGenerator: RANGES must be 1 to 16777216");
    }
    SplittableRandom random = new SplittableRandom(seed);
    long slot = (1L << 32) / ranges;
    try (BufferedWriter out = Files.newBufferedWriter(output, StandardCharsets.US_ASCII)) {
      for (long i = 0; i < ranges; i++) {
        long start = i * slot;
        long length = random.nextInt(GAP_EVERY) == 0 ? 1 + random.nextLong(slot - 1) : slot;
        String[] country = COUNTRIES[random.nextInt(COUNTRIES.length)];
        out.write(RangeListGenerator.dotted(start) + "," + RangeListGenerator.dotted(start + length - 1) + ","
            + country[0] + "," + country[1]);
        out.write('\n');
      }
    }
  }
}
