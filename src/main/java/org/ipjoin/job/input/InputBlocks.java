package org.ipjoin.job.input;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.InputFormat;
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
 */
public record InputBlocks(boolean enabled, int blockBytes) {

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
    return new InputBlocks(enabled, bytes);
  }

  /** The input format that reads the job's files this way. */
  @SuppressWarnings("rawtypes")
  public Class<? extends InputFormat> inputFormat() {
    return enabled ? LineBlockInputFormat.class : InputSetFormat.class;
  }
}
