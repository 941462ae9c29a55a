package org.ipjoin.job.input;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.RecordReader;

/**
 * A reader of {@link LineBlock}s that fills two blocks in turn: the block a call returns stays as
 * it is until the call after the next one, so a mapper may join it on another thread while the
 * reader fills the next ({@code BlockPipeline} relies on this). The key is the byte offset of the
 * block's first line.
 */
abstract class AlternatingBlocks extends RecordReader<LongWritable, LineBlock> {

  protected final LongWritable key = new LongWritable();
  private final LineBlock[] blocks = {new LineBlock(), new LineBlock()};
  private LineBlock block = blocks[1];

  /** The block the last call filled (before the first call: the one the first call will not). */
  protected final LineBlock block() {
    return block;
  }

  /** Turns to the other block, emptied, and returns it. */
  protected final LineBlock nextBlock() {
    block = block == blocks[0] ? blocks[1] : blocks[0];
    block.clear();
    return block;
  }

  @Override
  public final LongWritable getCurrentKey() {
    return key;
  }

  @Override
  public final LineBlock getCurrentValue() {
    return block;
  }
}
