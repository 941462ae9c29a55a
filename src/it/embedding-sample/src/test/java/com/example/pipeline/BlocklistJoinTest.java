package com.example.pipeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.ipjoin.api.BuiltIndex;
import org.ipjoin.api.IndexInfo;
import org.ipjoin.api.IpJoin;
import org.ipjoin.api.JoinResult;
import org.ipjoin.testkit.IpJoinMiniCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A user's test of a pipeline step that tags web logs with the blocklist entry each client falls
 * in, on HDFS and YARN, written against ipjoin's public API and test kit only.
 */
class BlocklistJoinTest {

  @RegisterExtension
  static final IpJoinMiniCluster CLUSTER = new IpJoinMiniCluster();

  /** The blocklist: CIDR block or address, TAB, label. */
  static final List<String> BLOCKLIST = List.of(
      "# blocklist of the day",
      "10.0.0.0/8\tinternal",
      "203.0.113.0/24\tdocumentation",
      "198.51.100.7\tscanner");

  static final List<String> LOG = List.of(
      "10.20.30.40 - - [01/May/2024:00:00:01 +0000] \"GET / HTTP/1.1\" 200 512",
      "192.0.2.1 - - [01/May/2024:00:00:02 +0000] \"GET /a HTTP/1.1\" 200 128",
      "203.0.113.99 - - [01/May/2024:00:00:03 +0000] \"POST /login HTTP/1.1\" 401 64",
      "198.51.100.7 - - [01/May/2024:00:00:04 +0000] \"GET /.env HTTP/1.1\" 404 0",
      "198.51.100.8 - - [01/May/2024:00:00:05 +0000] \"GET / HTTP/1.1\" 200 512",
      "11.0.0.1 - - [01/May/2024:00:00:06 +0000] \"GET / HTTP/1.1\" 200 512");

  @Test
  void tagsEveryRecordWithTheLabelOfItsBlocklistEntry() throws Exception {
    CLUSTER.writeLines("/lists/blocklist.tsv", BLOCKLIST);
    CLUSTER.writeLines("/logs/2024-05-01/access.log", LOG);

    BuiltIndex built = CLUSTER.buildIndex("/lists/blocklist.tsv", "/lists/blocklist.ipidx");
    assertEquals(3, built.intervals());
    IndexInfo info = IpJoin.verifyIndex(CLUSTER.conf(), "/lists/blocklist.ipidx", true);
    assertEquals(3, info.labels());

    JoinResult result = CLUSTER.join()
        .index("/lists/blocklist.ipidx")
        .input("/logs/2024-05-01")
        .output("/out/tagged/2024-05-01")
        .mode("tag")
        .prepare()
        .run();

    assertEquals(0, result.exitCode());
    assertEquals(LOG.size(), result.counter("RECORDS"));
    assertEquals(3, result.counter("MATCHED"));
    assertEquals(expectedTagged(), CLUSTER.readOutput("/out/tagged/2024-05-01"));
  }

  /** Each record, TAB, the label of the block holding its client address or 0: by hand. */
  static List<String> expectedTagged() {
    List<String> tagged = new ArrayList<>();
    for (String record : LOG) {
      long client = address(record.substring(0, record.indexOf(' ')));
      String tag = "0";
      for (String entry : BLOCKLIST) {
        if (entry.startsWith("#")) {
          continue;
        }
        String[] columns = entry.split("\t");
        String[] block = columns[0].split("/");
        int bits = block.length == 2 ? Integer.parseInt(block[1]) : 32;
        long mask = (0xFFFFFFFFL << (32 - bits)) & 0xFFFFFFFFL;
        if ((client & mask) == (address(block[0]) & mask)) {
          tag = columns[1];
        }
      }
      tagged.add(record + "\t" + tag);
    }
    return tagged;
  }

  static long address(String dotted) {
    long a = 0;
    for (String part : dotted.split("\\.")) {
      a = a * 256 + Long.parseLong(part);
    }
    return a;
  }
}
