package org.ipjoin.index.format;

import java.util.zip.CRC32C;
import org.ipjoin.index.list.NormalisedList;

/**
 * Length, interval count (IPv4 and IPv6 together) and directory checksum of one index file (the directory holds every
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
   * The identity of a text list read by the {@code text} read path: its length, its interval
   * count, and one CRC32C over what answers lookups: the starts, then, as present, the ends, the
   * label ids and the label dictionary (end offsets and bytes), then the IPv6 starts, ends and
   * label ids as present, each laid out as in an index section. For a list of plain addresses that is the CRC32C of its starts section.
   */
  public static IndexIdentity ofTextList(long length, NormalisedList list) {
    int n = list.size();
    CRC32C crc = new CRC32C();
    SectionCrc.update(crc, list.starts(), 0, n);
    if (!list.isExactAddresses()) {
      SectionCrc.update(crc, list.ends(), 0, n);
    }
    if (list.hasLabels()) {
      SectionCrc.update(crc, list.labelIds(), 0, n);
      int[] ends = list.labels().endOffsets();
      SectionCrc.update(crc, ends, 0, ends.length);
      crc.update(list.labels().concatenatedBytes());
    }
    NormalisedList.V6 v6 = list.v6();
    if (v6.size() > 0) {
      SectionCrc.update(crc, v6.starts(), 2 * v6.size());
      if (!v6.exact()) {
        SectionCrc.update(crc, v6.ends(), 2 * v6.size());
      }
      if (v6.labelIds() != null) {
        SectionCrc.update(crc, v6.labelIds(), 0, v6.size());
      }
    }
    return new IndexIdentity(length, n + (long) v6.size(), (int) crc.getValue());
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
