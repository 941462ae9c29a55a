package org.ipjoin.job;

import java.io.IOException;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Reducer;

/** Count mode's combiner: sums the 1s per address key on the map side, keeping the key as is. */
public class CountSumCombiner extends Reducer<IntWritable, LongWritable, IntWritable, LongWritable> {

  private final LongWritable sum = new LongWritable();

  @Override
  protected void reduce(IntWritable key, Iterable<LongWritable> counts, Context context)
      throws IOException, InterruptedException {
    long total = 0;
    for (LongWritable c : counts) {
      total += c.get();
    }
    sum.set(total);
    context.write(key, sum);
  }
}
