package org.ipjoin.job.task;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mrunit.mapreduce.MapDriver;
import org.apache.hadoop.mrunit.types.Pair;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.RealData;
import org.ipjoin.ReferenceList;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.LabelledJoinJobTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The mapper under MRUnit with every read path: tag output of a labelled range index (ipcat data
 * centres) over the real logs is the same, record for record, from every binary loader and equals
 * the brute-force answer, and so are the (label, 1) pairs of count by label; the text loader, which reads the exact-address text
 * list itself (ipsum), tags it as the binary index built from that list without labels does.
 */
class LabelledMapperLoadersTest {

  @TempDir Path dir;

  private static MapDriver<LongWritable, Writable, Writable, Writable> driver(ReadPath path,
      Path index, IndexIdentity identity, String mode) {
    MapDriver<LongWritable, Writable, Writable, Writable> d = MapDriver.newMapDriver(new IpJoinMapper());
    d.getConfiguration().set(IpJoinKeys.MODE.key(), mode);
    d.getConfiguration().set(IpJoinKeys.LOADER.key(), path.externalName());
    d.getConfiguration().set(IpJoinKeys.INDEX_IDENTITY.key(), identity.toString());
    d.getConfiguration().set(IpJoinKeys.MALFORMED_OUTPUT.key(), "false");
    d.withCacheFile(URI.create(index.toUri() + "#ipindex"));
    return d;
  }

  private static List<String> run(MapDriver<LongWritable, Writable, Writable, Writable> d,
      List<String> records) throws IOException {
    long offset = 0;
    for (String r : records) {
      d.withInput(new LongWritable(offset), new Text(r));
      offset += r.length() + 1;
    }
    List<String> out = new ArrayList<>();
    for (Pair<Writable, Writable> p : d.run()) {
      String value = p.getSecond().toString();
      out.add(p.getFirst() instanceof Text key ? key + "\t" + value : value);
    }
    return out;
  }

  @Test
  void everyBinaryLoaderTagsAndCountsTheDataCentreLabelsTheSame() throws Exception {
    Path list = RealData.file("lists/ipcat_datacenters.csv");
    Path index = dir.resolve("dc.ipidx");
    IndexIdentity identity = BuiltIndexes.write(list, index);
    ReferenceList reference = ReferenceList.ipcatCsv(list);
    List<String> records = LabelledJoinJobTest.records(RealData.elasticLog(), RealData.basjesLog());
    List<String> expectedTags = LabelledJoinJobTest.expectedTags(reference, records, "0");
    List<String> expectedCounts = new ArrayList<>();
    for (String tagged : expectedTags) {
      String tag = tagged.substring(tagged.lastIndexOf('\t') + 1);
      if (!tag.equals("0") && !tag.equals("-")) {
        expectedCounts.add(tag + "\t1");
      }
    }
    for (ReadPath path : ReadPath.values()) {
      if (path.readsText()) {
        continue;
      }
      assertEquals(expectedTags, run(driver(path, index, identity, "tag"), records),
          path.externalName());
    }
    // The map side of count by label reads the same label bytes (one loader is enough here).
    MapDriver<LongWritable, Writable, Writable, Writable> count =
        driver(ReadPath.MMAP_DIRECT, index, identity, "count");
    count.getConfiguration().set(IpJoinKeys.COUNT_BY.key(), "label");
    assertEquals(expectedCounts, run(count, records));
  }

  @Test
  void theTextLoaderTagsItsListAsTheUnlabelledBinaryIndexOfItDoes() throws Exception {
    Path list = RealData.ipsum();
    Set<String> listed = new HashSet<>();
    for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
      if (!line.startsWith("#") && !line.isBlank()) {
        listed.add(line.split("\t")[0].trim());
      }
    }
    List<String> records = LabelledJoinJobTest.records(RealData.elasticLog(), RealData.basjesLog());
    List<String> expected = new ArrayList<>();
    for (String r : records) {
      String client = r.substring(0, r.indexOf(' '));
      expected.add(r + "\t" + (listed.contains(client) ? "1" : "0"));
    }
    assertEquals(32, expected.subList(0, 10_000).stream().filter(l -> l.endsWith("\t1")).count(),
        "realdata/README.md: 32 elastic lines are listed in ipsum");

    IndexIdentity textIdentity = ReadPath.TEXT.loader().load(list, true).identity();
    assertEquals(expected, run(driver(ReadPath.TEXT, list, textIdentity, "tag"), records));

    Path index = dir.resolve("ipsum.ipidx");
    IndexIdentity identity = BuiltIndexes.write(BuiltIndexes.content(
        Files.readAllLines(list, StandardCharsets.UTF_8),
        org.ipjoin.index.list.LabelColumn.NONE, org.ipjoin.index.list.OverlapPolicy.LONGEST),
        index);
    // The binary loaders agree with each other (test above): nio stands for them.
    assertEquals(expected, run(driver(ReadPath.NIO, index, identity, "tag"), records));
  }
}
