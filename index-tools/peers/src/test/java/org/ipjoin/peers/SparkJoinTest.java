package org.ipjoin.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SparkJoinTest {

  private static SparkSession spark;

  @TempDir
  Path dir;

  @BeforeAll
  static void start() {
    spark = SparkSession.builder().master("local[2]").appName("peers-test")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2").getOrCreate();
  }

  @AfterAll
  static void stop() {
    spark.stop();
  }

  @Test
  void broadcastSemiJoinKeepsTheListedLinesByteForByte() throws Exception {
    Path out = dir.resolve("out");
    SparkJoin.run(spark, options("match", TinyJoin.write(dir, "list.txt", TinyJoin.LIST), out, "between"));
    assertEquals(TinyJoin.expectedMatch(), TinyJoin.outputLines(out));
  }

  @Test
  void betweenJoinTagsEachLineWithItsRangesLabel() throws Exception {
    Path out = dir.resolve("out");
    SparkJoin.run(spark, options("tag", TinyJoin.write(dir, "ranges.txt", TinyJoin.RANGES), out, "between"));
    assertEquals(TinyJoin.expectedTag(), TinyJoin.outputLines(out));
  }

  @Test
  void bucketedJoinTagsEachLineWithItsRangesLabel() throws Exception {
    Path out = dir.resolve("out");
    SparkJoin.run(spark, options("tag", TinyJoin.write(dir, "ranges.txt", TinyJoin.RANGES), out, "bucket"));
    assertEquals(TinyJoin.expectedTag(), TinyJoin.outputLines(out));
  }

  private PeerOptions options(String mode, Path list, Path out, String join) throws Exception {
    Path logs = TinyJoin.write(dir, "access.log", TinyJoin.LOGS);
    return new PeerOptions(mode, list.toString(), logs.toString(), out.toString(), 2, join);
  }
}
