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
 */
public final class LoadTrust {

  /** Every check. */
  public static final LoadTrust FULL = new LoadTrust(false, null, null);

  /**
   * As a task of a verified job, but without an identity to compare: {@code ipindex load
   * --trusted}, which times what such a task pays.
   */
  public static final LoadTrust CONTENT_VERIFIED_ELSEWHERE = new LoadTrust(true, null, null);

  private final boolean contentVerified;
  private final IndexIdentity pinned;
  /** Where the file came from, for the identity message (the task's cache file), or null. */
  private final String source;

  private LoadTrust(boolean contentVerified, IndexIdentity pinned, String source) {
    this.contentVerified = contentVerified;
    this.pinned = pinned;
    this.source = source;
  }

  /**
   * A task's load of the index the driver fully verified and pinned as {@code verified};
   * {@code source} (such as "cache file hdfs://...") follows the file name in an identity failure.
   */
  public static LoadTrust pinned(IndexIdentity verified, String source) {
    return new LoadTrust(true, Objects.requireNonNull(verified, "verified identity"), source);
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
    return checksContent() ? "full" : pinned == null ? "trusted" : "trusted, pinned " + pinned;
  }
}
