package org.ipjoin.job;

import static org.ipjoin.job.DriverRun.partLines;
import static org.ipjoin.job.DriverRun.sorted;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.ipjoin.testing.AttributeHistoryReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * As-of joins on the local runner against history indexes of attributes: one built from the
 * hand-made dated snapshots of src/test/resources/history-attributes ({@code --labels asn,org}),
 * one from the validity table of the same history ({@code --labels asn=5,org=4}). Combined log
 * lines made here, for the snapshots' addresses and beside them, at times from a day before the
 * first snapshot to a day after the last one's validity. Each record's attribute columns, {@code
 * --where} on an attribute and {@code --count-by} an attribute are checked against the snapshot
 * files read by plain Java ({@link AttributeHistoryReference}): the snapshot in force at the
 * record's time picked by its date, the values it gives the address.
 */
class AsOfAttributesJobTest {

  private static final DateTimeFormatter CLF =
      DateTimeFormatter.ofPattern("dd/MMM/uuuu:HH:mm:ss", Locale.ENGLISH).withZone(ZoneOffset.UTC);

  @TempDir Path dir;
  private AttributeHistoryReference ref;
  private Path folderIndex;
  private Path tableIndex;
  private Path logs;
  private final List<String> lines = new ArrayList<>();
  private final List<String> clients = new ArrayList<>();
  private final List<Long> times = new ArrayList<>();

  @BeforeEach
  void indexesAndLogs() throws Exception {
    ref = AttributeHistoryReference.read();
    folderIndex = dir.resolve("net.ipidx");
    IpJoin.buildIndex(new Configuration()).input(AttributeHistoryReference.snapshots().toString())
        .output(folderIndex.toString()).asOfFromFile(AttributeHistoryReference.DATED)
        .labels("asn,org").run();
    tableIndex = dir.resolve("scd.ipidx");
    IpJoin.buildIndex(new Configuration()).input(AttributeHistoryReference.table().toString())
        .output(tableIndex.toString()).validFrom("valid_from").validTo("valid_to")
        .labels("asn=5,org=4").run();
    Random random = new Random(20260401);
    long first = ref.days().get(0) - 86_400_000L;
    long span = (ref.days().size() + 2) * 86_400_000L;
    for (int i = 0; i < 1200; i++) {
      String ip = AttributeHistoryReference.PROBES[random.nextInt(
          AttributeHistoryReference.PROBES.length)];
      long t = first + Math.floorMod(random.nextLong(), span) / 1000 * 1000;
      lines.add(ip + " - - [" + CLF.format(Instant.ofEpochMilli(t)) + " +0000] \"GET /" + i
          + " HTTP/1.1\" 200 512 \"-\" \"probe\"");
      clients.add(ip);
      times.add(t);
    }
    logs = Files.createDirectories(dir.resolve("logs"));
    Files.write(logs.resolve("access.log"), lines);
  }

  private boolean outside(int record) {
    int s = ref.inForce(times.get(record));
    return s < 0 || s == ref.days().size();
  }

  /** The values of record {@code record}'s client as of its time; null when not listed then. */
  private List<String> values(int record, boolean nearest) {
    int s = ref.inForce(times.get(record));
    if (s < 0 || s == ref.days().size()) {
      if (!nearest) {
        return null;
      }
      s = s < 0 ? 0 : ref.days().size() - 1;
    }
    return ref.values(clients.get(record), s);
  }

  /** Tag mode's columns of one index for the values chosen ({@code positions} into asn, org). */
  private String columns(int record, int... positions) {
    List<String> values = values(record, false);
    List<String> written = new ArrayList<>();
    for (int p : positions) {
      written.add(outside(record) ? "?" : values == null ? "0" : values.isEmpty() ? "1"
          : values.get(p));
    }
    return String.join("\t", written);
  }

  @Test
  void tagModeWritesEachRecordsAttributesAsOfItsTime() throws Exception {
    DriverRun r = DriverRun.of("--index", "net=" + folderIndex, "--index", "scd=" + tableIndex
        + ":org", "--input", logs.toString(), "--output", dir.resolve("tag").toString(), "--time",
        "combined", "--mode", "tag");
    assertEquals(0, r.exitCode(), r.toString());
    List<String> expected = new ArrayList<>();
    int changed = 0;
    for (int rec = 0; rec < lines.size(); rec++) {
      expected.add(lines.get(rec) + "\t" + columns(rec, 0, 1) + "\t" + columns(rec, 1));
      List<String> now = ref.values(clients.get(rec), ref.days().size() - 1);
      List<String> then = values(rec, false);
      changed += then != null && !then.isEmpty() && !then.equals(now) ? 1 : 0;
    }
    assertEquals(sorted(expected), sorted(partLines(r.output())));
    // Not vacuous: many records are answered with values other than the last snapshot's.
    assertTrue(changed > 100, changed + " records answered with earlier values");
    long outside = 0;
    for (int rec = 0; rec < lines.size(); rec++) {
      outside += outside(rec) ? 1 : 0;
    }
    assertEquals(outside, r.counter(IpJoinCounter.AS_OF_OUTSIDE));
  }

  @Test
  void tagModeAsOfOneTimeWritesEveryRecordTheValuesOfThatSnapshot() throws Exception {
    int changed = 0;
    for (int s = 0; s < ref.days().size(); s++) {
      long noon = ref.days().get(s) + 43_200_000L;
      DriverRun r = DriverRun.of("--index", "net=" + folderIndex, "--input", logs.toString(),
          "--output", dir.resolve("tag-as-of-" + s).toString(), "--as-of",
          Instant.ofEpochMilli(noon).toString(), "--mode", "tag");
      assertEquals(0, r.exitCode(), r.toString());
      List<String> expected = new ArrayList<>();
      for (int rec = 0; rec < lines.size(); rec++) {
        List<String> then = ref.values(clients.get(rec), s);
        List<String> now = ref.values(clients.get(rec), ref.days().size() - 1);
        expected.add(lines.get(rec) + "\t" + (then == null ? "0\t0" : then.isEmpty() ? "1\t1"
            : String.join("\t", then)));
        changed += then != null && !then.isEmpty() && !then.equals(now) ? 1 : 0;
      }
      assertEquals(sorted(expected), sorted(partLines(r.output())), "as of " + noon);
    }
    // Not vacuous: the earlier snapshots answer many records with values other than the last's.
    assertTrue(changed > 100, changed + " records answered with earlier values");
  }

  @Test
  void whereOnAnAttributeHoldsAsOfEachRecordsTime() throws Exception {
    String where = "net.asn=AS64496 or scd.org='Sample Cloud Europe'";
    DriverRun r = DriverRun.of("--index", "net=" + folderIndex, "--index", "scd=" + tableIndex,
        "--input", logs.toString(), "--output", dir.resolve("where").toString(), "--time",
        "combined", "--where", where);
    assertEquals(0, r.exitCode(), r.toString());
    IntPredicate holds = rec -> {
      List<String> v = values(rec, false);
      return v != null && !v.isEmpty()
          && (v.get(0).equals("AS64496") || v.get(1).equals("Sample Cloud Europe"));
    };
    List<String> expected = new ArrayList<>();
    for (int rec = 0; rec < lines.size(); rec++) {
      if (holds.test(rec)) {
        expected.add(lines.get(rec));
      }
    }
    assertTrue(expected.size() > 50 && expected.size() < lines.size() / 2, expected.size()
        + " records");
    assertEquals(sorted(expected), sorted(partLines(r.output())));
  }

  @Test
  void countByAnAttributeCountsEachRecordAsOfItsTime() throws Exception {
    DriverRun r = DriverRun.of("--index", "net=" + folderIndex, "--input", logs.toString(),
        "--output", dir.resolve("count").toString(), "--time", "combined", "--mode", "count",
        "--count-by", "net.asn", "--as-of-outside", "nearest");
    assertEquals(0, r.exitCode(), r.toString());
    Map<String, Long> counts = new TreeMap<>();
    for (int rec = 0; rec < lines.size(); rec++) {
      List<String> v = values(rec, true);
      if (v != null) {
        counts.merge(v.isEmpty() ? "1" : v.get(0), 1L, Long::sum);
      }
    }
    List<String> expected = new ArrayList<>();
    counts.forEach((asn, n) -> expected.add(asn + "\t" + n));
    // Every AS number of the history, and the entry without values.
    assertEquals(List.of("1", "AS64496", "AS64497", "AS64498", "AS64499", "AS64500", "AS64501",
        "AS64502", "AS64510"), new ArrayList<>(counts.keySet()));
    assertEquals(sorted(expected), sorted(partLines(r.output())));
  }
}
