package org.ipjoin.job.task;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;
import org.ipjoin.job.input.LineBlock;

/**
 * A map task's blocks of lines joined on a second thread while the task's own thread reads (and
 * decompresses) the next block ({@code ipjoin.input.pipeline}). Blocks are handed over one at a
 * time and joined in order, so the output is the one thread's output, byte for byte.
 *
 * <p>The hand-over waits until the joining thread has taken the block, which it does only once it
 * has finished the block before; the reader may then refill that earlier block (it fills two in
 * turn, {@code LineBlockReader}). Only the joining thread writes output and ipjoin's counters; only
 * the reading thread reads input and Hadoop's input counters, which therefore count as before. A
 * failure on either side ends both and is thrown from {@link #run} as it was thrown.
 */
final class BlockPipeline {

  /** One block's join: the mapper's {@code map} call for it. */
  interface BlockJoin {
    void join(long offset, LineBlock block) throws IOException, InterruptedException;
  }

  private final BlockJoin join;
  private final Thread joiner;

  // Guarded by this.
  private LineBlock offered;
  private long offeredOffset;
  private boolean ended;
  private Throwable failure;

  private BlockPipeline(BlockJoin join, String name) {
    this.join = join;
    this.joiner = new Thread(this::joinBlocks, name);
    // A task that fails on its reading side must not be kept alive by this thread.
    joiner.setDaemon(true);
  }

  /** Reads every block of the task's input and joins each on a second thread. */
  static void run(TaskInputOutputContext<?, ?, ?, ?> context, BlockJoin join)
      throws IOException, InterruptedException {
    BlockPipeline pipeline = new BlockPipeline(join, "ipjoin-join " + context.getTaskAttemptID());
    pipeline.joiner.start();
    try {
      while (context.nextKeyValue()) {
        pipeline.hand(((LongWritable) context.getCurrentKey()).get(),
            (LineBlock) context.getCurrentValue());
      }
    } finally {
      pipeline.end();
    }
    pipeline.rethrow();
  }

  /** Offers a block and returns once the joining thread has taken it, or throws its failure. */
  private synchronized void hand(long offset, LineBlock block)
      throws IOException, InterruptedException {
    offered = block;
    offeredOffset = offset;
    notifyAll();
    while (offered != null && failure == null) {
      wait();
    }
    if (failure != null) {
      rethrow();
    }
  }

  /** No more blocks: waits for the joining thread to finish what it has. */
  private void end() throws InterruptedException {
    synchronized (this) {
      ended = true;
      notifyAll();
    }
    joiner.join();
  }

  private synchronized void rethrow() throws IOException, InterruptedException {
    if (failure instanceof IOException e) {
      throw e;
    }
    if (failure instanceof InterruptedException e) {
      throw e;
    }
    ThreadFailure.throwIfUnchecked(failure);
  }

  /** The joining thread: takes each block as it is offered and joins it. */
  private void joinBlocks() {
    while (true) {
      LineBlock block;
      long offset;
      synchronized (this) {
        while (offered == null && !ended) {
          try {
            wait();
          } catch (InterruptedException e) {
            failure = e;
            notifyAll();
            return;
          }
        }
        if (offered == null) {
          return;
        }
        block = offered;
        offset = offeredOffset;
        offered = null;
        notifyAll();
      }
      try {
        join.join(offset, block);
      } catch (IOException | InterruptedException | RuntimeException | Error e) {
        synchronized (this) {
          failure = e;
          notifyAll();
        }
        return;
      }
    }
  }
}
