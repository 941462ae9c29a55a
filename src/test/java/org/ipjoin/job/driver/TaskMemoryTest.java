package org.ipjoin.job.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.index.format.CompactShape;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.load.TextListLoader;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.testing.IndexHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Where the map task heap comes from, on Hadoop 3.5's real defaults (mapred-default.xml loaded). */
class TaskMemoryTest {

  @TempDir Path dir;

  private static final long MIB = 1L << 20;

  @Test
  void hadoopDefaultsGiveTheTaskEightyPercentOfOneGigabyte() {
    Configuration conf = new Configuration();
    conf.addResource("mapred-default.xml");
    // mapreduce.map.memory.mb defaults to -1 (1024), no -Xmx anywhere: 1024 × 0.8 MB.
    TaskMemory.Heap heap = TaskMemory.mapTaskHeap(conf);
    assertEquals(820 * MIB, heap.bytes()); // ceil(1024 × 0.8) = 820
    assertTrue(heap.source().contains("mapreduce.map.memory.mb=1024"), heap.source());
  }

  @Test
  void memoryMbTimesRatioWithoutXmx() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.map.memory.mb", "4096");
    conf.set("mapreduce.job.heap.memory-mb.ratio", "0.5");
    assertEquals(2048 * MIB, TaskMemory.mapTaskHeap(conf).bytes());
  }

  @Test
  void theLastXmxInTheMapOptsWins() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.map.memory.mb", "4096");
    conf.set("mapreduce.map.java.opts", "-Xmx512m -XX:+UseG1GC -Xmx2g");
    TaskMemory.Heap heap = TaskMemory.mapTaskHeap(conf);
    assertEquals(2048 * MIB, heap.bytes());
    assertEquals("-Xmx in mapreduce.map.java.opts", heap.source());
    assertEquals(1L << 10, TaskMemory.lastXmx("-Xmx1k"));
    assertEquals(1000, TaskMemory.lastXmx("-Xmx1000"));
    assertEquals(-1, TaskMemory.lastXmx("-Xms1g -XX:MaxRAMPercentage=50"));
    // mapred.child.java.opts is the fallback when the map-specific key is not set.
    Configuration child = new Configuration();
    child.set("mapred.child.java.opts", "-Xmx300m");
    assertEquals(300 * MIB, TaskMemory.mapTaskHeap(child).bytes());
  }

  /** Not Hadoop's "For input string": the key and its value. */
  @Test
  void aMemorySettingThatIsNotANumberIsNamed() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.map.memory.mb", " 2g ");
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> TaskMemory.mapTaskHeap(conf));
    assertEquals("mapreduce.map.memory.mb must be a whole number of MiB, e.g. 2048, got '2g'",
        e.getMessage());
    Configuration ratio = new Configuration();
    ratio.set("mapreduce.job.heap.memory-mb.ratio", "80%");
    e = org.junit.jupiter.api.Assertions.assertThrows(
        IllegalArgumentException.class, () -> TaskMemory.mapTaskHeap(ratio));
    assertEquals("mapreduce.job.heap.memory-mb.ratio must be a number, e.g. 0.8, got '80%'",
        e.getMessage());
  }

  @Test
  void theIndexMayTakeSeventyPercent() throws IOException {
    Configuration conf = new Configuration();
    conf.set("mapreduce.map.java.opts", "-Xmx100m");
    // The largest count whose keys and lookup directory fit in 70% of 100 MiB, by the rules of
    // docs/reliability.md and docs/index-format.md: 4 bytes a key, plus a directory of 2^bits + 1
    // i32 entries, bits the largest with 2^bits <= n / 40 from 2^16 keys on, plus the empty label
    // dictionary's one 4-byte offset. Near 18 M keys that is 2^18 (n / 40 is about 452,000), so
    // n = 70 MiB / 4 - (2^18 + 1) - 1.
    long allowed = 70 * MIB;
    long keysThatFit = allowed / 4 - ((1 << 18) + 1) - 1;
    assertEquals(18_087_934, keysThatFit);
    assertTrue(1 << 18 <= keysThatFit / 40 && (keysThatFit + 1) / 40 < 1 << 19,
        "both counts have an 18-bit directory");
    assertNull(check(conf, IndexHeaders.exact(keysThatFit), ReadPath.NIO));
    VerifyReader.HeaderRead oneMore = IndexHeaders.exact(keysThatFit + 1);
    String tooBig = check(conf, oneMore, ReadPath.NIO);
    assertTrue(tooBig != null && tooBig.contains("more than 70% of the map task heap of 100.0 MiB"), tooBig);
    assertTrue(tooBig.contains("use --loader mmap-direct"), tooBig);
    // mmap-direct keeps the keys in the mapping: only the lookup table counts against the heap.
    assertNull(check(conf, oneMore, ReadPath.MMAP_DIRECT));
    // The text loader is estimated from the list's length on top of what its lookup holds.
    LoadedIndex oneLine = new TextListLoader().load(
        new ByteArrayInputStream("10.0.0.1\n".getBytes(StandardCharsets.US_ASCII)), "ip.tsv", 80 * MIB);
    assertTrue(TaskMemory.check(conf, "ip.tsv", TaskMemory.need("ip.tsv", oneLine)) != null);
  }

  /**
   * The estimate for a real file of each layout, read from its header as the driver reads it,
   * against what every binary read path's load of it really holds on the heap: never below it,
   * and for the compact layout within a few percent (not the 4 bytes per key of the sorted one).
   */
  @ParameterizedTest
  @EnumSource(KeyLayout.class)
  void theEstimateCoversWhatALoadHolds(KeyLayout layout) throws IOException {
    int[] keys = new SplittableRandom(5).ints(300_000).sorted().distinct().toArray();
    Path file = dir.resolve(layout.externalName() + ".ipidx");
    try (OutputStream out = Files.newOutputStream(file)) {
      IndexWriter.write(IndexContent.exact(keys, keys.length, 0, 0), layout, out);
    }
    VerifyReader.HeaderRead head = VerifyReader.readHeader(
        FileSystem.getLocal(new Configuration()), new org.apache.hadoop.fs.Path(file.toUri()));
    assertEquals(layout, head.header().keyLayout());
    for (ReadPath path : ReadPath.values()) {
      if (path.readsText()) {
        continue;
      }
      long estimate = path.taskHeapBytes(head);
      long held = path.loader().load(file, true).index().heapBytes();
      assertTrue(estimate >= held, path + ": estimate " + estimate + " below the " + held + " held");
      if (layout == KeyLayout.COMPACT) {
        assertTrue(estimate <= held * 1.05 + 1024, path + ": estimate " + estimate + ", held " + held);
      }
    }
  }

  @Test
  void aCompactIndexIsEstimatedByItsFileNotItsKeys() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.map.java.opts", "-Xmx100m");
    // 30 M keys in sparse buckets, 2 bytes each in a compact file (57.5 MiB): 4 bytes per key
    // would be 120 MB, over the 70 MiB allowed.
    VerifyReader.HeaderRead compact = IndexHeaders.compact(new CompactShape(30_000_000, 30_000_000, 0));
    assertNull(check(conf, compact, ReadPath.NIO));
    String sorted = check(conf, IndexHeaders.exact(30_000_000), ReadPath.NIO);
    assertTrue(sorted != null && sorted.contains("× 4 bytes + the lookup table"), sorted);
    // 42 M of them: 84 MB.
    VerifyReader.HeaderRead bigger = IndexHeaders.compact(new CompactShape(42_000_000, 42_000_000, 0));
    String tooBig = check(conf, bigger, ReadPath.NIO);
    assertTrue(tooBig != null && tooBig.contains("compact layout: about the file's length"), tooBig);
    assertNull(check(conf, bigger, ReadPath.MMAP_DIRECT));
  }

  private static String check(Configuration conf, VerifyReader.HeaderRead header, ReadPath path) {
    return TaskMemory.check(conf, "ips", TaskMemory.need("ips", path, header));
  }
}
