package org.ipjoin.job.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.job.JoinIndex;
import org.ipjoin.job.JoinIndexes;
import org.ipjoin.job.TestIndexes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index truncated in place under a {@code mmap-direct} mapping: the next lookup faults (SIGBUS,
 * which the JVM turns into an InternalError), and the reason the map task records for the driver
 * says that the index changed, names it, and says how to replace one.
 */
class ChangedIndexFaultTest {

  @TempDir Path dir;

  @Test
  void aLookupInATruncatedMappingIsReportedAsTheIndexChangingUnderTheJob() throws Exception {
    Path file = dir.resolve("ips.ipidx");
    TestIndexes.write(file, "10.0.0.1", "10.0.0.2", "192.0.2.7");
    LoadedIndex loaded = ReadPath.MMAP_DIRECT.loader().load(file, true);
    int[] keys = {0x0a000001, 0x0a000002, 0x0a000003};
    int[] found = new int[keys.length];
    loaded.index().matchAll(keys, keys.length, found);

    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(0); // an index "rewritten in place": truncated first
    }
    // In compiled code the JVM raises the fault later than the access ("a fault occurred in a
    // recent unsafe memory access"): at the faulting thread's next transition out of Java code,
    // and not at all if the thread ends first. So the lookup runs on a thread of its own, which
    // after each lookup makes such a transition (Thread.yield, a native call) until the fault is
    // raised, keeping every throwable, caught or uncaught. Every lookup faults: the bound is only
    // against a JVM that raised none.
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread lookup = new Thread(() -> {
      try {
        for (int i = 0; i < 1_000 && thrown.get() == null; i++) {
          loaded.index().matchAll(keys, keys.length, found);
          Thread.yield();
        }
      } catch (Throwable e) {
        thrown.compareAndSet(null, e);
      }
    });
    lookup.setUncaughtExceptionHandler((t, e) -> thrown.compareAndSet(null, e));
    lookup.start();
    lookup.join();
    InternalError fault = assertInstanceOf(InternalError.class, thrown.get());
    assertTrue(ChangedIndexFault.is(fault), fault.toString());
    assertTrue(!ChangedIndexFault.is(new InternalError("something else")));

    Configuration conf = new Configuration(false);
    new JoinIndexes(List.of(new JoinIndex("ips", "file:" + file, ReadPath.MMAP_DIRECT, List.of())))
        .writeTo(conf);
    assertEquals("index file:" + file + " changed while the job ran (a lookup in its memory"
        + " mapping faulted: the file was truncated or rewritten in place); republish an index"
        + " atomically with ipindex build (a new file renamed over the old one), never overwrite it"
        + " in place", ChangedIndexFault.reason(conf));
  }
}
