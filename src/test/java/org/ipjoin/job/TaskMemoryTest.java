package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.hadoop.conf.Configuration;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.load.ReadPath;
import org.junit.jupiter.api.Test;

/** Where the map task heap comes from, on Hadoop 3.5's real defaults (mapred-default.xml loaded). */
class TaskMemoryTest {

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
  void theIndexMayTakeSeventyPercent() {
    Configuration conf = new Configuration();
    conf.set("mapreduce.map.java.opts", "-Xmx100m");
    long allowed = 70 * MIB;
    long keysThatFit = allowed / 4; // the largest count whose keys + lookup table fit
    while (ReadPath.NIO.taskHeapBytes(new IndexIdentity(64 + 4 * keysThatFit, keysThatFit, 0)) > allowed) {
      keysThatFit--;
    }
    assertNull(TaskMemory.check(conf, "ips",
        new IndexIdentity(64 + 4 * keysThatFit, keysThatFit, 0), ReadPath.NIO));
    IndexIdentity oneMore = new IndexIdentity(64 + 4 * (keysThatFit + 1), keysThatFit + 1, 0);
    String tooBig = TaskMemory.check(conf, "ips", oneMore, ReadPath.NIO);
    assertTrue(tooBig != null && tooBig.contains("more than 70% of the map task heap of 100.0 MiB"), tooBig);
    assertTrue(tooBig.contains("use --loader mmap-direct"), tooBig);
    // mmap-direct keeps the keys in the mapping: only the lookup table counts against the heap.
    assertNull(TaskMemory.check(conf, "ips", oneMore, ReadPath.MMAP_DIRECT));
    // The text loader is estimated from the list's length, not the key count.
    assertTrue(TaskMemory.check(conf, "ip.tsv", new IndexIdentity(80 * MIB, 1, 0), ReadPath.TEXT) != null);
  }
}
