package org.ipjoin.index;

/**
 * Membership of IPv4 keys ({@link org.ipjoin.ip.IpCodec#toKey}), whatever holds them: an
 * {@code int[]} on the heap ({@link IpIndex}) or a read-only mapping of the index file
 * ({@link MappedIpIndex}). What a map task's join sees.
 */
public interface IpLookup {

  /** True if {@code key} is in the index. */
  boolean contains(int key);

  /** Number of keys. */
  int size();

  /** The i-th smallest key. */
  int key(int i);

  /** Heap this lookup holds (keys in a mapping are not heap). */
  long heapBytes();
}
