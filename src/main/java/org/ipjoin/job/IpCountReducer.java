package org.ipjoin.job;

import java.io.IOException;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;
import org.ipjoin.ip.IpCodec;

/**
 * Count mode's reducer: writes {@code a.b.c.d<TAB>count}. Keys arrive in address order because an
 * address key's signed int order is address order ({@link IpCodec}), so each reducer's file is
 * sorted by address; with the default single reducer the whole output is.
 */
public class IpCountReducer extends Reducer<IntWritable, LongWritable, Text, LongWritable> {

  private final Text address = new Text();
  private final LongWritable sum = new LongWritable();

  @Override
  protected void reduce(IntWritable key, Iterable<LongWritable> counts, Context context)
      throws IOException, InterruptedException {
    long total = 0;
    for (LongWritable c : counts) {
      total += c.get();
    }
    address.set(IpCodec.format(key.get()));
    sum.set(total);
    context.write(address, sum);
  }
}
