package org.ipjoin.job;

import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Partitioner;
import org.ipjoin.ip.IpCodec;

/**
 * Count mode's partitioner: the address space 0.0.0.0 … 255.255.255.255 is cut into as many equal
 * ranges as there are reducers, in order, so reducer 0 gets the lowest addresses. Each reducer's
 * file is sorted (keys arrive sorted), hence part-r-00000, part-r-00001, … concatenated in name
 * order are sorted by address overall. Deterministic, no sampling; the price is that reducers get
 * as many addresses as their ranges hold, not equal shares (a list concentrated in one /8 lands
 * on few reducers).
 */
public class AddressRangePartitioner extends Partitioner<IntWritable, LongWritable> {

  @Override
  public int getPartition(IntWritable key, LongWritable value, int partitions) {
    return partition(key.get(), partitions);
  }

  /** The reducer for an address key ({@link IpCodec}: signed order is address order). */
  static int partition(int key, int partitions) {
    long address = (long) key - Integer.MIN_VALUE; // 0 … 2^32 − 1
    return (int) ((address * partitions) >>> 32);
  }
}
