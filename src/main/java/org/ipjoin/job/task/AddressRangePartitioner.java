package org.ipjoin.job.task;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.mapreduce.Partitioner;
import org.ipjoin.ip.Ipv4Codec;

/**
 * Count mode's partitioner: the IPv4 address space 0.0.0.0 … 255.255.255.255 is cut into as many
 * equal ranges as there are reducers, in order, so reducer 0 gets the lowest addresses; every IPv6
 * address goes to the last reducer, after its IPv4 addresses ({@link AddressKey} order). Each
 * reducer's file is sorted (keys arrive sorted), hence part-r-00000, part-r-00001, … concatenated
 * in name order are sorted overall: IPv4 by address, then IPv6 by address. Deterministic, no
 * sampling; the price is that reducers get as many addresses as their ranges hold, not equal
 * shares (a list concentrated in one /8 lands on few reducers, and the last reducer gets every
 * listed IPv6 client). An IPv4-only job is partitioned exactly as before IPv6 was counted.
 */
public class AddressRangePartitioner extends Partitioner<AddressKey, LongWritable> {

  @Override
  public int getPartition(AddressKey key, LongWritable value, int partitions) {
    return key.isIpv6() ? partitions - 1 : partition(key.ipv4Key(), partitions);
  }

  /** The reducer for an IPv4 address key ({@link Ipv4Codec}: signed order is address order). */
  public static int partition(int key, int partitions) {
    long address = (long) key - Integer.MIN_VALUE; // 0 … 2^32 − 1
    return (int) ((address * partitions) >>> 32);
  }
}
