package org.ipjoin.job.task;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.job.IpJoinCounter;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.MixedList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The mapper's IPv6 rules under MRUnit, one record per rule, against a mixed index (IPv4 and IPv6
 * intervals, labels shared): IPv4-mapped clients are IPv4; 6to4, Teredo, IPv4-compatible and NAT64
 * clients are IPv6 and never match the IPv4 address they embed; brackets and a port after them are
 * taken off, and so are a port after {@code #} or after an IPv4 address and a zone id; IPv4 in
 * brackets is malformed; counters by
 * family. Each case says by hand what the job must write, and {@link MixedList} (an independent
 * reading of the same rules) agrees.
 */
class IpJoinMapperIpv6Test {

  private static final String REST = " - - [23/Nov/2026:06:00:00 +0000] \"GET / HTTP/1.1\" 200 1";

  /** A client field, the tag the job must write, and its family (4, 6, or 0 when malformed). */
  private record Case(String client, String tag, int family) {
    String record() {
      return client + REST;
    }
  }

  private static final List<Case> CASES = List.of(
      new Case("192.0.2.1", "doc4", 4),
      // IPv4-mapped: the IPv4 client 192.0.2.1, in any spelling.
      new Case("::ffff:192.0.2.1", "doc4", 4),
      new Case("::FFFF:C000:0201", "doc4", 4),
      new Case("0:0:0:0:0:ffff:192.0.2.1", "doc4", 4),
      new Case("[::ffff:192.0.2.1]:443", "doc4", 4),
      new Case("::ffff:8.8.8.8", "1", 4),
      new Case("::ffff:10.0.0.1", "0", 4),
      // Embedding 192.0.2.1 without being IPv4-mapped: IPv6, matched against IPv6 entries only.
      new Case("2002:c000:201::1", "0", 6), // 6to4
      new Case("2001:0:4136:e378:8000:63bf:3fff:fdfe", "0", 6), // Teredo, client 192.0.2.1
      new Case("::192.0.2.1", "0", 6), // IPv4-compatible
      new Case("64:ff9b::192.0.2.1", "0", 6), // NAT64
      new Case("::", "0", 6),
      // IPv6 entries, with and without brackets and port.
      new Case("2001:db8::1", "doc6", 6),
      new Case("[2001:db8::1]", "doc6", 6),
      new Case("[2001:db8::1]:443", "doc6", 6),
      new Case("2001:DB8:0000:0:0:0:0:1", "doc6", 6),
      new Case("2001:db8::1:443", "doc6", 6), // no brackets: the port is the last group
      new Case("2001:db9::1", "0", 6),
      new Case("2a00:1450:4001::1", "1", 6),
      new Case("2a00:1450:4001::2", "0", 6),
      new Case("::2", "low", 6),
      new Case("ffff:ffff:ffff:ffff:ffff:ffff:ffff:fff0", "top", 6),
      new Case("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "top", 6),
      new Case("8.8.8.8", "1", 4),
      new Case("203.0.113.9", "range4", 4),
      new Case("10.0.0.1", "0", 4),
      // Ports and zone ids as logs write them: taken off.
      new Case("fe80::1%eth0", "0", 6),
      new Case("[fe80::1%eth0]:443", "0", 6),
      new Case("2001:db8::1%eth0", "doc6", 6),
      new Case("192.0.2.1:80", "doc4", 4),
      new Case("192.0.2.1#53", "doc4", 4),
      new Case("2001:db8::1#53", "doc6", 6),
      // Malformed.
      new Case("[192.0.2.1]", "-", 0),
      new Case("[192.0.2.1]:80", "-", 0),
      new Case("192.0.2.1:80:80", "-", 0),
      new Case("fe80::1%", "-", 0),
      new Case("[2001:db8::1]:65536", "-", 0),
      new Case("2001:db8::1::2", "-", 0),
      new Case("2001:db8:0:0:0:0:0:0:1", "-", 0),
      new Case("12345::1", "-", 0),
      new Case("::ffff:192.0.2.01", "-", 0),
      new Case("::ffff:192.0.2", "-", 0),
      new Case(":::", "-", 0));

  @TempDir Path dir;
  private Path index;
  private IndexIdentity identity;
  private MixedList list;

  @BeforeEach
  void writeIndex() throws IOException {
    list = new MixedList()
        .add("192.0.2.0/24\tdoc4")
        .add("8.8.8.8")
        .add("203.0.113.7-203.0.113.9\trange4")
        .add("2001:db8::/32\tdoc6")
        .add("2a00:1450:4001::1")
        .add("::2\tlow")
        .add("ffff:ffff:ffff:ffff:ffff:ffff:ffff:fff0-ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff\ttop");
    index = dir.resolve("mixed.ipidx");
    identity = list.writeIndex(index);
  }

  private MapDriver<LongWritable, Writable, Writable, Writable> driver(String mode) {
    MapDriver<LongWritable, Writable, Writable, Writable> d = MapDriver.newMapDriver(new IpJoinMapper());
    d.getConfiguration().set(IpJoinKeys.MODE.key(), mode);
    d.getConfiguration().set(IpJoinKeys.INDEX_IDENTITY.key(), identity.toString());
    d.getConfiguration().set(IpJoinKeys.MALFORMED_OUTPUT.key(), "false");
    d.withCacheFile(URI.create(index.toUri() + "#ipindex"));
    long offset = 0;
    for (Case c : CASES) {
      d.withInput(new LongWritable(offset), new Text(c.record()));
      offset += c.record().length() + 1;
    }
    return d;
  }

  private static long count(Counters c, IpJoinCounter counter) {
    return c.findCounter(counter).getValue();
  }

  private static long cases(java.util.function.Predicate<Case> p) {
    return CASES.stream().filter(p).count();
  }

  @Test
  void theIndependentReadingAgreesWithEveryCase() {
    for (Case c : CASES) {
      MixedList.Answer a = list.answer(c.client());
      assertEquals(c.tag(), a.tag(), c.client());
      assertEquals(c.family(), a.malformed() ? 0 : a.client().family(), c.client());
    }
  }

  @Test
  void tagWritesTheLabelOfTheMatchInTheClientsFamilyAndCountsByFamily() throws IOException {
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("tag");
    for (Case c : CASES) {
      d.withOutput(NullWritable.get(), new Text(c.record() + "\t" + c.tag()));
    }
    d.runTest();
    Counters counters = d.getCounters();
    long v4 = cases(c -> c.family() == 4);
    long v6 = cases(c -> c.family() == 6);
    long matchedV4 = cases(c -> c.family() == 4 && !c.tag().equals("0"));
    long matchedV6 = cases(c -> c.family() == 6 && !c.tag().equals("0"));
    long malformed = cases(c -> c.family() == 0);
    assertEquals(List.of((long) CASES.size(), v4, v6, v6, matchedV4, matchedV6,
            matchedV4 + matchedV6, v4 + v6 - matchedV4 - matchedV6, malformed),
        List.of(count(counters, IpJoinCounter.RECORDS), count(counters, IpJoinCounter.RECORDS_V4),
            count(counters, IpJoinCounter.RECORDS_V6), count(counters, IpJoinCounter.IPV6),
            count(counters, IpJoinCounter.MATCHED_V4), count(counters, IpJoinCounter.MATCHED_V6),
            count(counters, IpJoinCounter.MATCHED), count(counters, IpJoinCounter.UNMATCHED),
            count(counters, IpJoinCounter.MALFORMED)),
        "RECORDS, RECORDS_V4, RECORDS_V6, IPV6, MATCHED_V4, MATCHED_V6, MATCHED, UNMATCHED, MALFORMED");
    assertEquals(List.of(43L, 12L, 10L, 20L, 11L, 11L),
        List.of((long) CASES.size(), v4, matchedV4, v6, matchedV6, malformed), "the cases themselves");
    assertEquals(7, count(counters, IpJoinCounter.INDEX_ENTRIES));
    assertEquals(4, count(counters, IpJoinCounter.INDEX_ENTRIES_V6));
    assertEquals(5, count(counters, IpJoinCounter.INDEX_LABELS));
  }

  /** Every binary read path (heap copies and the mapping) answers both families alike. */
  @ParameterizedTest
  @EnumSource(value = ReadPath.class, names = "TEXT", mode = EnumSource.Mode.EXCLUDE)
  void everyBinaryLoaderTagsBothFamiliesAlike(ReadPath path) throws IOException {
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("tag");
    d.getConfiguration().set(IpJoinKeys.LOADER.key(), path.externalName());
    for (Case c : CASES) {
      d.withOutput(NullWritable.get(), new Text(c.record() + "\t" + c.tag()));
    }
    d.runTest();
  }

  @Test
  void matchAndNomatchSplitTheWellFormedRecordsOfBothFamilies() throws IOException {
    MapDriver<LongWritable, Writable, Writable, Writable> match = driver("match");
    MapDriver<LongWritable, Writable, Writable, Writable> nomatch = driver("nomatch");
    for (Case c : CASES) {
      if (c.family() != 0) {
        (c.tag().equals("0") ? nomatch : match).withOutput(NullWritable.get(), new Text(c.record()));
      }
    }
    match.runTest();
    nomatch.runTest();
  }

  @Test
  void countEmitsMappedClientsAsTheirIpv4AddressAndIpv6ClientsAsIpv6Keys() throws IOException {
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("count");
    List<String> expected = new ArrayList<>();
    for (Case c : CASES) {
      MixedList.Answer a = list.answer(c.client());
      if (!c.tag().equals("0") && !c.tag().equals("-")) {
        expected.add(MixedList.text(a.client()));
      }
    }
    List<String> emitted = new ArrayList<>();
    for (var pair : d.run()) {
      AddressKey key = (AddressKey) pair.getFirst();
      assertEquals(1L, ((LongWritable) pair.getSecond()).get());
      emitted.add(key.text());
    }
    assertEquals(expected, emitted);
    // The mapped clients' keys are IPv4 keys: they sum with the plain IPv4 client's.
    MapDriver<LongWritable, Writable, Writable, Writable> again = driver("count");
    AddressKey doc4 = new AddressKey().setIpv4(Ipv4Codec.parseKey("192.0.2.1"));
    assertEquals(7, again.run().stream().filter(p -> p.getFirst().equals(doc4)).count());
  }

  @Test
  void countByLabelCountsBothFamiliesUnderTheSharedLabels() throws IOException {
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("count");
    d.getConfiguration().set(IpJoinKeys.COUNT_BY.key(), "label");
    for (Case c : CASES) {
      if (!c.tag().equals("0") && !c.tag().equals("-")) {
        d.withOutput(new Text(c.tag()), new LongWritable(1));
      }
    }
    d.runTest();
  }
}
