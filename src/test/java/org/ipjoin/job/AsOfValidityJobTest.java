package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.partLines;
import static org.ipjoin.job.DriverRun.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.ipjoin.testing.ValidityReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An as-of join on the local runner against the history index of a table whose lines carry their
 * validity (src/test/resources/validity/blocklist-scd.csv, {@code --valid-from --valid-to}): combined
 * log lines made here, for addresses of the table, inside its blocks and beside them, at every
 * validity boundary, a second before and after it, an hour after, before the first and long after
 * the last. In tag mode each record's column is checked against the table read by plain Java
 * ({@link ValidityReference}: the rows valid at the record's time, the narrowest holding the
 * address): its label, {@code 1} without one, {@code 0} when no valid row holds it, {@code ?}
 * before the first boundary; rows still valid answer for every later time.
 */
class AsOfValidityJobTest {

  private static final DateTimeFormatter CLF =
      DateTimeFormatter.ofPattern("dd/MMM/uuuu:HH:mm:ss", Locale.ENGLISH).withZone(ZoneOffset.UTC);

  @TempDir Path dir;

  @Test
  void tagModeAnswersEachRecordAsTheRowsValidAtItsTime() throws Exception {
    ValidityReference ref = ValidityReference.read();
    Path index = dir.resolve("scd.ipidx");
    IpJoin.buildIndex(new Configuration()).input(ValidityReference.table().toString())
        .output(index.toString()).validFrom("valid_from").validTo("valid_to").labels("category")
        .run();

    TreeSet<Long> times = new TreeSet<>();
    for (long b : ref.boundaries()) {
      long second = Math.floorDiv(b, 1000) * 1000;
      times.add(second);
      times.add(second - 1000);
      times.add(second + 1000);
      times.add(second + 3_600_000);
    }
    times.add(Instant.parse("2026-02-28T12:00:00Z").toEpochMilli());
    times.add(Instant.parse("2030-01-01T00:00:00Z").toEpochMilli());
    long first = ref.boundaries().get(0);

    List<String> lines = new ArrayList<>();
    List<String> expected = new ArrayList<>();
    int n = 0;
    for (String ip : ValidityReference.PROBES) {
      for (long t : times) {
        String line = ip + " - - [" + CLF.format(Instant.ofEpochMilli(t)) + " +0000] \"GET /"
            + n++ + " HTTP/1.1\" 200 1 \"-\" \"probe\"";
        String label = ref.labelAt(ip, t);
        String tag = t < first ? "?" : label == null ? "0" : label.isEmpty() ? "1" : label;
        lines.add(line);
        expected.add(line + "\t" + tag);
      }
    }
    Path logs = Files.createDirectories(dir.resolve("logs"));
    Files.write(logs.resolve("access.log"), lines);

    DriverRun r = DriverRun.of("--index", "scd=" + index, "--input", logs.toString(), "--output",
        dir.resolve("tag").toString(), "--time", "combined", "--mode", "tag");
    assertEquals(0, r.exitCode(), r.toString());
    assertEquals(sorted(expected), sorted(partLines(r.output())));
    long before = times.stream().filter(t -> t < first).count();
    assertEquals(before * ValidityReference.PROBES.length,
        r.counter(IpJoinCounter.AS_OF_OUTSIDE));
  }
}
