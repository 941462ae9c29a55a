package org.ipjoin.job.task;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * Count mode's reducer: writes {@code address<TAB>count}, the address as a dotted quad or, for an
 * IPv6 client, in RFC 5952 form ({@link AddressKey#text}). Keys arrive in {@link AddressKey} order
 * (IPv4 addresses first, then IPv6, each in address order), so each reducer's file is sorted;
 * with the default single reducer the whole output is.
 */
public class IpCountReducer extends Reducer<AddressKey, LongWritable, Text, LongWritable> {

  private final Text address = new Text();
  private final LongWritable sum = new LongWritable();

  @Override
  protected void reduce(AddressKey key, Iterable<LongWritable> counts, Context context)
      throws IOException, InterruptedException {
    long total = 0;
    for (LongWritable c : counts) {
      total += c.get();
    }
    address.set(key.text());
    sum.set(total);
    context.write(address, sum);
  }
}
