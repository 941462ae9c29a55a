package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.index.builder.BuildSummary;
import org.ipjoin.index.builder.IndexBuilder;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.testing.IndexReaders.Reader;
import org.ipjoin.testing.RandomMixedList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random mixed IPv4/IPv6 lists ({@link RandomMixedList}: addresses, blocks, ranges, repeats,
 * overlaps, labels, IPv4-mapped entries; seeded) built end to end by {@link IndexBuilder} under
 * each overlap policy and read by every read path: every answer, for probes of both families,
 * equals the brute-force oracle of the test. The {@code text} path reads the list itself with the
 * build's defaults, so it is checked under {@code longest}.
 */
class MixedListsAgreeTest {

  private static final int SEEDS = 24;
  /** Lists also read by the unbuffered stream path. */
  private static final int SLOW_SEEDS = 4;

  @TempDir Path dir;

  @Test
  void everyReadPathAnswersAsTheOracleForBothFamilies() throws IOException {
    FileSystem local = FileSystem.getLocal(new Configuration());
    for (int seed = 0; seed < SEEDS; seed++) {
      RandomMixedList random = RandomMixedList.generate(seed);
      Path list = dir.resolve("list-" + seed + ".txt");
      Files.write(list, random.lines(), StandardCharsets.UTF_8);
      for (OverlapPolicy policy : OverlapPolicy.values()) {
        Path index = dir.resolve("list-" + seed + "-" + policy + ".ipidx");
        String context = "seed " + seed + " " + policy;
        BuildSummary summary = new IndexBuilder(false, false, true).overlap(policy).build(local,
            new org.apache.hadoop.fs.Path(list.toString()), local,
            new org.apache.hadoop.fs.Path(index.toString()), total -> { });
        assertEquals(random.entries(false).size(), summary.stats().v4().entries(), context);
        assertEquals(random.entries(true).size(), summary.stats().v6().entries(), context);
        List<Reader> readers = new ArrayList<>(LoadersAgreeTest.binaryReaders());
        if (seed >= SLOW_SEEDS) {
          // Unbuffered, the stream path reads each int of the lookup directories with 4 reads:
          // ~0.7 s a load here whatever the list; the first lists cover it.
          readers.removeIf(r -> r.name().equals(ReadPath.STREAM.externalName()));
        }
        if (policy == OverlapPolicy.LONGEST) {
          readers.add(new Reader("text",
              (file, verify) -> ReadPath.TEXT.loader().load(list, verify)));
        }
        List<BigInteger> probes4 = random.probes(false);
        List<BigInteger> probes6 = random.probes(true);
        List<String> expected4 = probes4.stream().map(p -> random.answer(false, p, policy)).toList();
        List<String> expected6 = probes6.stream().map(p -> random.answer(true, p, policy)).toList();
        for (Reader reader : readers) {
          LoadedIndex loaded = reader.how().load(index, true);
          String what = context + " " + reader.name();
          assertEquals(summary.stats().v6().intervals(), loaded.index6().size(), what);
          assertEquals(summary.stats().v4().intervals(), loaded.index().size(), what);
          assertEquals(summary.stats().intervals(), loaded.identity().count(),
              what + ": the identity counts the intervals of both families");
          for (int k = 0; k < probes4.size(); k++) {
            BigInteger probe = probes4.get(k);
            String expected = expected4.get(k);
            String actual = answer4(loaded, (int) (probe.longValue() ^ 0x8000_0000L));
            if (!java.util.Objects.equals(expected, actual)) {
              assertEquals(expected, actual, what + " IPv4 "
                  + RandomMixedList.dotted(probe.longValue()) + "\n" + String.join("\n",
                  random.lines()));
            }
          }
          for (int k = 0; k < probes6.size(); k++) {
            BigInteger probe = probes6.get(k);
            String expected = expected6.get(k);
            String actual = answer6(loaded, probe.shiftRight(64).longValue() ^ Long.MIN_VALUE,
                probe.longValue() ^ Long.MIN_VALUE);
            if (!java.util.Objects.equals(expected, actual)) {
              assertEquals(expected, actual, what + " IPv6 " + RandomMixedList.canonical(probe)
                  + "\n" + String.join("\n", random.lines()));
            }
          }
        }
      }
    }
  }

  /** The label of the IPv4 interval holding the key, "" without one, null for no match. */
  private static String answer4(LoadedIndex loaded, int key) {
    Ipv4Lookup index = loaded.index();
    int i = index.match(key);
    return i < 0 ? null : label(loaded, index.labelId(i));
  }

  private static String answer6(LoadedIndex loaded, long hiKey, long loKey) {
    Ipv6IntervalIndex index = loaded.index6();
    int i = index.match(hiKey, loKey);
    return i < 0 ? null : label(loaded, index.labelId(i));
  }

  private static String label(LoadedIndex loaded, int id) {
    return id == 0 ? "" : loaded.index().labels().label(id);
  }
}
