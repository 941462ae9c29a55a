package org.ipjoin.job.input;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.problem.OneLine;

/**
 * How map tasks read their input, resolved once from {@code ipjoin.input.blocks} and {@code
 * ipjoin.input.block.bytes}: blocks of whole lines ({@link LineBlockInputFormat}, one map call per
 * block) or Hadoop's one line per call ({@link InputSetFormat}). Both read exactly the same
 * records; blocks pay Hadoop's per-record costs (input byte tracking, counters) once per block.
 *
 * @param blockBytes the most bytes a block holds (each line counted with one byte for its end),
 *     unless a single line is longer
 * @param pipeline when a task joins blocks on a second thread while it reads the next
 *     ({@code ipjoin.input.pipeline}; with blocks only)
 */
public record InputBlocks(boolean enabled, int blockBytes, InputPipeline pipeline) {

  /** A quarter of what a Java array can hold, far above any useful block. */
  static final int MAX_BLOCK_BYTES = 256 << 20;

  /** @throws IllegalArgumentException naming the key and the value that is not usable */
  public static InputBlocks of(Configuration conf) {
    boolean enabled = IpJoinKeys.INPUT_BLOCKS.getBoolean(conf);
    String value = IpJoinKeys.INPUT_BLOCK_BYTES.get(conf);
    int bytes;
    try {
      bytes = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      bytes = -1;
    }
    if (bytes < 1 || bytes > MAX_BLOCK_BYTES) {
      throw new IllegalArgumentException(IpJoinKeys.INPUT_BLOCK_BYTES.key() + " must be a whole"
          + " number of bytes from 1 to " + MAX_BLOCK_BYTES + ", got '" + OneLine.of(value) + "'");
    }
    String pipeline = IpJoinKeys.INPUT_PIPELINE.get(conf);
    try {
      return new InputBlocks(enabled, bytes, InputPipeline.fromName(pipeline));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(IpJoinKeys.INPUT_PIPELINE.key() + " "
          + e.getMessage() + ", got '" + OneLine.of(pipeline) + "'");
    }
  }

  /** Whether a task reading {@code split} joins its blocks on a second thread. */
  public boolean pipelined(InputSplit split, Configuration conf) {
    return enabled && pipeline.appliesTo(split, conf);
  }

  /** The input format that reads the job's files this way. */
  @SuppressWarnings("rawtypes")
  public Class<? extends InputFormat> inputFormat() {
    return enabled ? LineBlockInputFormat.class : InputSetFormat.class;
  }
}
