package org.ipjoin.job.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.mapreduce.JobID;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tasks of one job on the local runner share each loaded index: one load per job and index,
 * whichever task asks first, the others waiting for it (driven here with latches, not timing);
 * another job, a released job or a failed load loads again.
 */
class SharedIndexesTest {

  @TempDir Path dir;
  private Path index;
  private final AtomicInteger loads = new AtomicInteger();

  @BeforeEach
  void index() throws IOException {
    Path list = dir.resolve("ips.tsv");
    Files.writeString(list, "10.0.0.1\n10.0.0.7\n192.0.2.0/24\n");
    index = dir.resolve("ips.ipidx");
    BuiltIndexes.write(list, index);
  }

  private LoadedIndex load() throws IOException {
    loads.incrementAndGet();
    return ReadPath.NIO.loader().load(index, true);
  }

  @Test
  void theTasksOfOneJobShareOneLoadPerIndex() throws IOException {
    JobID job = new JobID("local1", 1);
    try {
      LoadedIndex first = SharedIndexes.get(job, 0, this::load);
      assertSame(first, SharedIndexes.get(job, 0, this::load));
      assertEquals(1, loads.get());
      LoadedIndex second = SharedIndexes.get(job, 1, this::load);
      assertNotSame(first, second);
      assertEquals(2, loads.get());
      assertEquals(first.identity(), second.identity());
    } finally {
      SharedIndexes.release(job);
    }
  }

  @Test
  void anotherJobAndAReleasedJobLoadAgain() throws IOException {
    JobID one = new JobID("local1", 2);
    JobID two = new JobID("local1", 3);
    try {
      LoadedIndex a = SharedIndexes.get(one, 0, this::load);
      assertNotSame(a, SharedIndexes.get(two, 0, this::load));
      assertEquals(2, loads.get());
      SharedIndexes.release(one);
      assertNotSame(a, SharedIndexes.get(one, 0, this::load));
      assertEquals(3, loads.get());
    } finally {
      SharedIndexes.release(one);
      SharedIndexes.release(two);
    }
  }

  @Test
  void aFailedLoadFailsItsTaskAndTheNextTaskLoadsAgain() throws IOException {
    JobID job = new JobID("local1", 4);
    try {
      IOException failure = new IOException("index ips.ipidx: payload checksum failed");
      IOException thrown = assertThrows(IOException.class,
          () -> SharedIndexes.get(job, 0, () -> {
            loads.incrementAndGet();
            throw failure;
          }));
      assertSame(failure, thrown);
      LoadedIndex loaded = SharedIndexes.get(job, 0, this::load);
      assertEquals(2, loads.get());
      assertSame(loaded, SharedIndexes.get(job, 0, this::load));
    } finally {
      SharedIndexes.release(job);
    }
  }

  /**
   * A second task that asks once the first task's load has begun gets that load's index, whether
   * it asks while the load is held open (a latch) or after it ends: there is one load.
   */
  @Test
  void aTaskThatAsksDuringAnotherTasksLoadWaitsForIt() throws Exception {
    JobID job = new JobID("local1", 5);
    CountDownLatch loading = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    try {
      CompletableFuture<LoadedIndex> first = CompletableFuture.supplyAsync(() -> {
        try {
          return SharedIndexes.get(job, 0, () -> {
            loading.countDown();
            try {
              finish.await();
            } catch (InterruptedException e) {
              throw new java.io.InterruptedIOException();
            }
            return load();
          });
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      });
      loading.await();
      // The first task's entry is in place before its load runs: this one finds it and waits.
      CompletableFuture<LoadedIndex> second = CompletableFuture.supplyAsync(() -> {
        try {
          return SharedIndexes.get(job, 0, this::load);
        } catch (IOException e) {
          throw new IllegalStateException(e);
        }
      });
      finish.countDown();
      assertSame(first.get(), second.get());
      assertEquals(1, loads.get());
    } finally {
      SharedIndexes.release(job);
    }
  }
}
