package org.ipjoin.index;

/**
 * The decoded header of an index file (see {@link IndexFormat} for the bytes).
 *
 * @param count number of keys
 * @param minKey first key (0 when empty)
 * @param maxKey last key (0 when empty)
 * @param payloadCrc CRC32C of the little-endian payload
 * @param sourceBytes size of the text list it was built from
 * @param sourceLines lines in that list
 */
public record IndexHeader(
    long count, int minKey, int maxKey, int payloadCrc, long sourceBytes, long sourceLines) {

  /** The header for sorted, unique {@code keys[0, count)}. */
  public static IndexHeader describe(int[] keys, int count, long sourceBytes, long sourceLines) {
    return new IndexHeader(count, count == 0 ? 0 : keys[0], count == 0 ? 0 : keys[count - 1],
        IndexFormat.payloadCrc(keys, count), sourceBytes, sourceLines);
  }

  /** What pins one exact index file: a job checks every task loaded the index the driver saw. */
  public IndexIdentity identity(long fileLength) {
    return new IndexIdentity(fileLength, count, payloadCrc);
  }
}
