package org.ipjoin.index.format;

/**
 * Length, interval count and directory checksum of one index file (the directory holds every
 * section's CRC32C, so its checksum pins the whole content). The job driver records it when it
 * validates the index, and every task compares it with what it loaded: a stale local copy or a file
 * replaced mid-job then fails loudly instead of giving silently different answers per task.
 *
 * <p>Its text form, {@code length:count:crc}, is what the driver stores in the job configuration.
 */
public record IndexIdentity(long fileLength, long count, int crc) {

  public static IndexIdentity parse(String text) {
    String[] parts = text.split(":");
    if (parts.length != 3) {
      throw new IllegalArgumentException("index identity must be length:count:crc, got '" + text + "'");
    }
    return new IndexIdentity(Long.parseLong(parts[0]), Long.parseLong(parts[1]),
        Integer.parseUnsignedInt(parts[2], 16));
  }

  @Override
  public String toString() {
    return fileLength + ":" + count + ":" + String.format("%08x", crc);
  }

  /**
   * The identity of a text list read by the {@code text} read path: its length, its distinct
   * addresses, and the CRC32C those would have as an index's starts section.
   */
  public static IndexIdentity ofTextList(long length, int[] keys, int count) {
    return new IndexIdentity(length, count, ColumnDecoder.crcOf(keys, count));
  }

  /** Fails with the {@code IDENTITY} check when {@code actual} is not this identity. */
  public void check(IndexIdentity actual, String file) throws CorruptIndexException {
    if (!equals(actual)) {
      throw new CorruptIndexException(file, CorruptIndexException.Check.IDENTITY, "the job was "
          + "submitted for the index with length:count:crc " + this + ", but this task loaded "
          + actual + ". The index changed after the job was submitted, or the task read a stale "
          + "local copy (a leftover file named like the cache link in the working directory).");
    }
  }
}
