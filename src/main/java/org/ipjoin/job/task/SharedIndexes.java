package org.ipjoin.job.task;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import org.apache.hadoop.mapreduce.JobID;
import org.ipjoin.index.load.LoadedIndex;

/**
 * The loaded indexes the map tasks of one job share when they all run in the driver's JVM: on the
 * local runner, where the driver names the index files for tasks to open in place ({@link
 * org.ipjoin.job.IndexCacheFile#jobFiles}). Each task used to load its own copy: the bench's 1.1
 * GB join runs 9 map tasks, which read its 104 MB index 9 times and held one copy per running
 * task; shared, the join took 1.94-2.06 s instead of 2.05-2.25 s over three runs each
 * (docs/benchmarks/2026-11-25-fixed-cost.md). The first task of a job to need index k loads it,
 * the others wait for that load and use its result, which is read-only; every task still checks
 * the identity and counts the index as before. The driver drops a job's entries when the job has
 * ended ({@link #release}). On a cluster every task is its own JVM and loads its own.
 */
public final class SharedIndexes {

  private record Key(String job, int index) {}

  private static final ConcurrentHashMap<Key, FutureTask<LoadedIndex>> LOADED =
      new ConcurrentHashMap<>();

  private SharedIndexes() {}

  /** One load of an index, as a task does it on its own. */
  interface IndexRead {
    LoadedIndex read() throws IOException;
  }

  /**
   * Index {@code k} of {@code job}: the one another task of the job loaded or is loading, else
   * {@code load}'s, run on this thread. A failed load is not kept: each task that waited for it
   * fails with its exception, and the next task loads again, as it would on its own.
   */
  static LoadedIndex get(JobID job, int k, IndexRead load) throws IOException {
    Key key = new Key(job.toString(), k);
    FutureTask<LoadedIndex> mine = new FutureTask<>(load::read);
    FutureTask<LoadedIndex> shared = LOADED.putIfAbsent(key, mine);
    if (shared == null) {
      shared = mine;
      mine.run();
    }
    try {
      return shared.get();
    } catch (ExecutionException e) {
      LOADED.remove(key, shared);
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      ThreadFailure.throwIfUnchecked(cause);
      throw new IOException(cause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while another task of " + job
          + " loaded index " + k);
    }
  }

  /** Drops what the tasks of {@code job} shared; the driver calls it once the job has ended. */
  public static void release(JobID job) {
    if (job != null) {
      String id = job.toString();
      LOADED.keySet().removeIf(k -> k.job().equals(id));
    }
  }
}
