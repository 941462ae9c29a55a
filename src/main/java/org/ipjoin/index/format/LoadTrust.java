package org.ipjoin.index.format;

import java.util.Objects;

/**
 * How much of an index a reader must check itself, resolved once before loading.
 *
 * <p>{@link #FULL} (every tool, the driver, and tasks of a job whose driver did not verify the
 * whole index): every check of {@code docs/index-format.md}, content included.
 *
 * <p>{@link #pinned} (map tasks of a job whose driver read and fully checked the whole index before
 * submitting, {@code ipjoin.index.verify.submit}): the header and section directory checks, then
 * the file's identity against the one the driver pinned, before any section is read; then only
 * each section's CRC32C (unless checksums are off); the order, end, label and directory checks are
 * skipped and the lookup directories are taken from the file. That is safe because the identity's
 * CRC is the CRC32C of the section directory, which holds every section's CRC32C: bytes whose
 * sections match those CRCs under a directory of that identity are the bytes the driver checked
 * (up to CRC32C collisions, which accidental damage does not produce: see docs/reliability.md).
 *
 * <p>{@link #bytesCheckedInTransit()} (the task default when the bytes came to the task
 * checksummed: through HDFS, whose block checksums are verified as the distributed cache copies
 * the file, or the very file the driver read, opened in place by the local runner): as
 * {@link #pinned}, but a reader that serves the index from a mapping ({@code mmap-direct})
 * computes no CRC32C of the sections it serves from there (the interval columns and the stored
 * IPv4 lookup directory). There that pass would be the only reading of the sections at setup,
 * and most of its cost, growing with the index (161 of 174 ms at 472 M keys), while it would
 * prove only the pages as they were at setup: evicted pages are read from disk again later,
 * unchecked. Readers that copy to the heap still checksum what they copy (at most about a tenth
 * of the copy).
 */
public final class LoadTrust {

  /** Every check. */
  public static final LoadTrust FULL = new LoadTrust(false, false, null, null);

  /**
   * As a task of a verified job asked to verify its bytes (every section's CRC32C), but without an
   * identity to compare: {@code ipindex load --trusted --verify-in-task}, which times what such a
   * task pays.
   */
  public static final LoadTrust CONTENT_VERIFIED_ELSEWHERE = new LoadTrust(true, false, null, null);

  /**
   * As a task of a verified job whose bytes came checksummed ({@link #bytesCheckedInTransit()}),
   * without an identity to compare: {@code ipindex load --trusted}.
   */
  public static final LoadTrust BYTES_VERIFIED_ELSEWHERE = new LoadTrust(true, true, null, null);

  private final boolean contentVerified;
  /** True when the bytes were checksummed on their way to this reader: a mapping needs no CRC pass. */
  private final boolean bytesChecked;
  private final IndexIdentity pinned;
  /** Where the file came from, for the identity message (the task's cache file), or null. */
  private final String source;

  private LoadTrust(boolean contentVerified, boolean bytesChecked, IndexIdentity pinned,
      String source) {
    this.contentVerified = contentVerified;
    this.bytesChecked = bytesChecked;
    this.pinned = pinned;
    this.source = source;
  }

  /**
   * A task's load of the index the driver fully verified and pinned as {@code verified};
   * {@code source} (such as "cache file hdfs://...") follows the file name in an identity failure.
   */
  public static LoadTrust pinned(IndexIdentity verified, String source) {
    return new LoadTrust(true, false, Objects.requireNonNull(verified, "verified identity"),
        source);
  }

  /**
   * This trust for bytes that were checksummed on their way to the reader (see the class comment):
   * a reader serving the index from a mapping then computes no section CRC32C; the identity is
   * still compared before any section is read. Only for a load whose content was verified.
   */
  public LoadTrust bytesCheckedInTransit() {
    if (!contentVerified) {
      throw new IllegalStateException("only a load of verified content trusts its bytes");
    }
    return new LoadTrust(true, true, pinned, source);
  }

  /**
   * Whether a reader computes the CRC32Cs of the sections it serves from a mapping ({@code mapped})
   * or copies to the heap, when {@code asked} (checksums on): not for a mapping of bytes checked in
   * transit; a copy is checksummed as it is made.
   */
  public boolean checksums(boolean asked, boolean mapped) {
    return asked && !(mapped && bytesChecked);
  }

  /** Whether the reader runs the content checks (order, ends, label ids, labels, directories). */
  public boolean checksContent() {
    return !contentVerified;
  }

  /** Fails with the {@code IDENTITY} check when a pinned identity differs from the header's. */
  void checkIdentity(IndexHeader header, String file) throws CorruptIndexException {
    if (pinned != null) {
      pinned.check(header.identity(header.fileLength()),
          source == null ? file : file + " (" + source + ")");
    }
  }

  @Override
  public String toString() {
    // One word first, for key=value output (ipindex load's checks=): "+crc" when the bytes were not
    // checked in transit, so every read path computes the section CRCs.
    String trusted = bytesChecked ? "trusted" : "trusted+crc";
    return checksContent() ? "full" : pinned == null ? trusted : trusted + ", pinned " + pinned;
  }
}
