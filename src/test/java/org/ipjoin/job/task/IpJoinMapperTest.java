package org.ipjoin.job.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.job.IpJoinCounter;
import org.ipjoin.job.IpJoinJobTest;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.TestIndexes;
import org.ipjoin.job.input.LineBlock;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mapper alone under MRUnit, with a real index file handed over as a cache file (MRUnit makes
 * no symlink, so this exercises the "open the file: URI directly" path). The malformed side output
 * (MultipleOutputs) is awkward under MRUnit and is checked in {@link IpJoinJobTest} instead: here
 * it is switched off and only the counter is checked.
 */
class IpJoinMapperTest {

  private static final String LISTED = "203.0.113.7 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"curl\"";
  private static final String LISTED_AGAIN = "203.0.113.7 - - [17/May/2015:10:06:00 +0000] \"GET /a HTTP/1.1\" 404 0 \"-\" \"curl\"";
  private static final String OTHER_LISTED = "8.8.8.8 - - [17/May/2015:10:07:00 +0000] \"GET /b HTTP/1.1\" 200 1 \"-\" \"x\"";
  private static final String UNLISTED = "198.51.100.1 - - [17/May/2015:10:05:04 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"curl\"";
  private static final String IPV6 = "2001:41d0:8:f69::1 - - [25/Oct/2015:04:11:25 +0100] \"GET / HTTP/1.1\" 200 1 \"-\" \"x\"";
  private static final String MALFORMED = "999.1.2.3 - - [17/May/2015:10:05:04 +0000] \"GET / HTTP/1.1\" 200 5";
  private static final String EMPTY = "";

  @TempDir Path dir;
  private Path index;
  private IndexIdentity identity;

  @BeforeEach
  void writeIndex() throws IOException {
    index = dir.resolve("ips.ipidx");
    identity = TestIndexes.write(index, "203.0.113.7", "8.8.8.8", "1.1.1.1");
  }

  private MapDriver<LongWritable, Writable, Writable, Writable> driver(String mode) {
    MapDriver<LongWritable, Writable, Writable, Writable> d = MapDriver.newMapDriver(new IpJoinMapper());
    d.getConfiguration().set(IpJoinKeys.MODE.key(), mode);
    d.getConfiguration().set(IpJoinKeys.INDEX_IDENTITY.key(), identity.toString());
    d.getConfiguration().set(IpJoinKeys.MALFORMED_OUTPUT.key(), "false");
    d.withCacheFile(URI.create(index.toUri() + "#ipindex"));
    return d;
  }

  private static void feed(MapDriver<LongWritable, Writable, Writable, Writable> d, String... lines) {
    long offset = 0;
    for (String line : lines) {
      d.withInput(new LongWritable(offset), new Text(line));
      offset += line.length() + 1;
    }
  }

  private static long count(Counters c, IpJoinCounter counter) {
    return c.findCounter(counter).getValue();
  }

  @Test
  void matchWritesListedRecordsAndCountsEveryKind() throws IOException {
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("match");
    feed(d, LISTED, UNLISTED, IPV6, MALFORMED, EMPTY, OTHER_LISTED);
    d.withOutput(NullWritable.get(), new Text(LISTED));
    d.withOutput(NullWritable.get(), new Text(OTHER_LISTED));
    d.runTest();
    Counters c = d.getCounters();
    assertEquals(6, count(c, IpJoinCounter.RECORDS));
    assertEquals(2, count(c, IpJoinCounter.MATCHED));
    assertEquals(2, count(c, IpJoinCounter.UNMATCHED));
    assertEquals(1, count(c, IpJoinCounter.IPV6));
    assertEquals(2, count(c, IpJoinCounter.MALFORMED));
    assertEquals(3, count(c, IpJoinCounter.INDEX_ENTRIES));
    assertEquals(Files.size(index), count(c, IpJoinCounter.INDEX_BYTES));
  }

  @Test
  void nomatchWritesUnlistedAndIpv6Records() throws IOException {
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("nomatch");
    feed(d, LISTED, UNLISTED, IPV6, MALFORMED);
    d.withOutput(NullWritable.get(), new Text(UNLISTED));
    d.withOutput(NullWritable.get(), new Text(IPV6));
    d.runTest();
    assertEquals(2, count(d.getCounters(), IpJoinCounter.UNMATCHED));
    assertEquals(1, count(d.getCounters(), IpJoinCounter.MALFORMED));
  }

  @Test
  void tagAppendsTabAndOneZeroOrDashToEveryRecord() throws IOException {
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("tag");
    feed(d, LISTED, UNLISTED, MALFORMED, IPV6);
    d.withOutput(NullWritable.get(), new Text(LISTED + "\t1"));
    d.withOutput(NullWritable.get(), new Text(UNLISTED + "\t0"));
    d.withOutput(NullWritable.get(), new Text(MALFORMED + "\t-"));
    d.withOutput(NullWritable.get(), new Text(IPV6 + "\t0"));
    d.runTest();
  }

  @Test
  void countEmitsAddressKeyAndOnePerListedRecord() throws IOException {
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("count");
    feed(d, LISTED, UNLISTED, LISTED_AGAIN, IPV6, OTHER_LISTED);
    AddressKey k = new AddressKey().setIpv4(Ipv4Codec.parseKey("203.0.113.7"));
    d.withOutput(k, new LongWritable(1));
    d.withOutput(k, new LongWritable(1));
    d.withOutput(new AddressKey().setIpv4(Ipv4Codec.parseKey("8.8.8.8")), new LongWritable(1));
    d.runTest();
    assertEquals(3, count(d.getCounters(), IpJoinCounter.MATCHED));
  }

  @Test
  void blocksOfLinesGiveTheOutputAndCountersOfOneLinePerCallInEveryMode() throws Exception {
    byte[] odd = "8.8.8.8 \u0000\u00ff\r x".getBytes(StandardCharsets.ISO_8859_1);
    List<byte[]> lines = new java.util.ArrayList<>();
    for (String line : List.of(LISTED, UNLISTED, EMPTY, IPV6, MALFORMED, LISTED_AGAIN, OTHER_LISTED)) {
      lines.add(line.getBytes(StandardCharsets.ISO_8859_1));
    }
    lines.add(odd);
    for (String mode : List.of("match", "nomatch", "tag", "count")) {
      MapDriver<LongWritable, Writable, Writable, Writable> single = driver(mode);
      long offset = 0;
      for (byte[] line : lines) {
        Text t = new Text();
        t.set(line, 0, line.length);
        single.withInput(new LongWritable(offset), t);
        offset += line.length + 1;
      }
      List<Pair<Writable, Writable>> expected = single.run();

      // The same lines as two blocks, one of one line and one of the rest.
      MapDriver<LongWritable, Writable, Writable, Writable> blocks = driver(mode);
      LineBlock first = new LineBlock();
      first.append(lines.get(0), lines.get(0).length);
      LineBlock rest = new LineBlock();
      for (byte[] line : lines.subList(1, lines.size())) {
        rest.append(line, line.length);
      }
      blocks.withInput(new LongWritable(0), first);
      blocks.withInput(new LongWritable(lines.get(0).length + 1), rest);
      List<Pair<Writable, Writable>> actual = blocks.run();

      if (mode.equals("count")) {
        // Count mode writes one (key, 1) per listed record either way, for the combiner.
        assertEquals(expected.toString(), actual.toString(), mode);
      } else {
        // One write per line vs one per block: the bytes TextOutputFormat writes are the same.
        assertEquals(written(expected), written(actual), mode);
        // The first block (LISTED) has no output line in nomatch mode: no write at all.
        assertEquals(mode.equals("nomatch") ? 1 : 2, actual.size(), mode + ": writes");
      }
      for (IpJoinCounter c : IpJoinCounter.values()) {
        if (c != IpJoinCounter.INDEX_LOAD_MILLIS) {
          assertEquals(count(single.getCounters(), c), count(blocks.getCounters(), c), mode + " " + c);
        }
      }
      assertEquals(lines.size(), count(blocks.getCounters(), IpJoinCounter.RECORDS), mode);
    }
  }

  @Test
  void blocksGiveTheOutputOfOneLinePerCallWithEveryLocator() throws Exception {
    // Records in a block start after other records' bytes: each locator must read its own record
    // only (a regex anchored with ^, a column count, a bracketed client with a port).
    List<String> records = List.of("x\t8.8.8.8\tGET", "8.8.8.8\t9.9.9.9\tGET",
        "y\t[::ffff:203.0.113.7]:443\tPUT", "only-one-column", "z\t[1.1.1.1]\tGET",
        "\t1.1.1.1 \t");
    // Each format's tags, read by hand: 1 listed, 0 not, - malformed ([1.1.1.1] is not IPv4).
    java.util.Map<String, String> tags = java.util.Map.of("tsv:2", "101--1",
        "regex:^[^\t]*\t\\[?([^\t\\]]+)", "101-1-", "csv:1", "-----1");
    for (String format : tags.keySet()) {
      MapDriver<LongWritable, Writable, Writable, Writable> single = driver("tag");
      single.getConfiguration().set(IpJoinKeys.FORMAT.key(), format);
      feed(single, records.toArray(new String[0]));
      List<Pair<Writable, Writable>> expected = single.run();

      MapDriver<LongWritable, Writable, Writable, Writable> blocks = driver("tag");
      blocks.getConfiguration().set(IpJoinKeys.FORMAT.key(), format);
      LineBlock block = new LineBlock();
      for (String record : records) {
        byte[] bytes = record.getBytes(StandardCharsets.ISO_8859_1);
        block.append(bytes, bytes.length);
      }
      blocks.withInput(new LongWritable(0), block);
      List<Pair<Writable, Writable>> actual = blocks.run();

      StringBuilder tagged = new StringBuilder();
      for (int i = 0; i < records.size(); i++) {
        tagged.append(records.get(i)).append('\t').append(tags.get(format).charAt(i)).append('\n');
      }
      assertEquals(tagged.toString(), written(expected), format);
      assertEquals(tagged.toString(), written(actual), format);
      for (IpJoinCounter c : IpJoinCounter.values()) {
        if (c != IpJoinCounter.INDEX_LOAD_MILLIS) {
          assertEquals(count(single.getCounters(), c), count(blocks.getCounters(), c), format + " " + c);
        }
      }
    }
  }

  /** What TextOutputFormat writes for these (NullWritable, Text) pairs: each value and a newline. */
  private static String written(List<Pair<Writable, Writable>> pairs) {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    for (Pair<Writable, Writable> pair : pairs) {
      assertEquals(NullWritable.get(), pair.getFirst());
      Text value = (Text) pair.getSecond();
      bytes.write(value.getBytes(), 0, value.getLength());
      bytes.write('\n');
    }
    return new String(bytes.toByteArray(), StandardCharsets.ISO_8859_1);
  }

  @Test
  void recordBytesAreCopiedUnchangedEvenWhenNotUtf8() throws IOException {
    byte[] line = "8.8.8.8 - - \"GET /\u00e9 HTTP/1.1\" \"\u00ff\u00fe\"".getBytes(StandardCharsets.ISO_8859_1);
    Text record = new Text();
    record.set(line, 0, line.length);
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("match");
    d.withInput(new LongWritable(0), record);
    List<Pair<Writable, Writable>> out = d.run();
    assertEquals(1, out.size());
    Text written = (Text) out.get(0).getSecond();
    assertEquals(List.of(line.length), List.of(written.getLength()));
    assertTrue(java.util.Arrays.equals(line, java.util.Arrays.copyOf(written.getBytes(), written.getLength())));
  }

  @Test
  void tsvFormatReadsTheConfiguredColumn() throws IOException {
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("match");
    d.getConfiguration().set(IpJoinKeys.FORMAT.key(), "tsv:2");
    feed(d, "2015-05-17\t8.8.8.8\tGET", "2015-05-17\t9.9.9.9\tGET", "only-one-column");
    d.withOutput(NullWritable.get(), new Text("2015-05-17\t8.8.8.8\tGET"));
    d.runTest();
    assertEquals(1, count(d.getCounters(), IpJoinCounter.MALFORMED));
  }

  @Test
  void textLoaderReadsTheListItself() throws IOException {
    Path list = dir.resolve("ip.tsv");
    Files.writeString(list, "# listed\n8.8.8.8\t3\n203.0.113.7\t1\n");
    IndexIdentity listIdentity = new org.ipjoin.index.load.TextListLoader().load(list, true).identity();
    MapDriver<LongWritable, Writable, Writable, Writable> d = MapDriver.newMapDriver(new IpJoinMapper());
    d.getConfiguration().set(IpJoinKeys.LOADER.key(), "text");
    d.getConfiguration().set(IpJoinKeys.INDEX_IDENTITY.key(), listIdentity.toString());
    d.withCacheFile(URI.create(list.toUri() + "#ipindex"));
    feed(d, UNLISTED, LISTED);
    d.withOutput(NullWritable.get(), new Text(LISTED));
    d.runTest();
    assertEquals(Files.size(list), count(d.getCounters(), IpJoinCounter.INDEX_BYTES));
  }

  @Test
  void identityMismatchFailsSetup() throws IOException {
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("match");
    IndexIdentity other = new IndexIdentity(identity.fileLength(), identity.count(), identity.crc() ^ 1);
    d.getConfiguration().set(IpJoinKeys.INDEX_IDENTITY.key(), other.toString());
    feed(d, LISTED);
    CorruptIndexException e = assertThrows(CorruptIndexException.class, d::run);
    assertEquals(CorruptIndexException.Check.IDENTITY, e.check());
    assertTrue(e.getMessage().contains(index.toString()), e.getMessage());
  }

  @Test
  void missingIdentityFailsSetup() {
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("match");
    d.getConfiguration().unset(IpJoinKeys.INDEX_IDENTITY.key());
    feed(d, LISTED);
    IOException e = assertThrows(IOException.class, d::run);
    assertTrue(e.getMessage().contains("ipjoin.index.identity"), e.getMessage());
  }

  @Test
  void corruptPayloadFailsSetupWithTheFailedCheck() throws IOException {
    byte[] bytes = Files.readAllBytes(index);
    // Middle key 8.8.8.8 (little-endian: its first byte is the last octet) becomes 8.8.8.9:
    // still sorted, only the CRC is wrong.
    bytes[org.ipjoin.IndexFiles.startsOffset(index) + 4] ^= 0x01;
    Files.write(index, bytes);
    MapDriver<LongWritable, Writable, Writable, Writable> d = driver("match");
    feed(d, LISTED);
    CorruptIndexException e = assertThrows(CorruptIndexException.class, d::run);
    assertEquals(CorruptIndexException.Check.SECTION_CHECKSUM, e.check());
  }

  @Test
  void noCacheFileFailsSetupWithAClearMessage() {
    MapDriver<LongWritable, Writable, Writable, Writable> d = MapDriver.newMapDriver(new IpJoinMapper());
    d.getConfiguration().set(IpJoinKeys.INDEX_IDENTITY.key(), identity.toString());
    feed(d, LISTED);
    IOException e = assertThrows(IOException.class, d::run);
    assertTrue(e.getMessage().contains("#ipindex"), e.getMessage());
  }
}
