package org.ipjoin.index.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Decodes one section of fixed-size items while checking it, piece by piece while each piece is in
 * cache, and concludes with its {@link SectionVerdict}. The items go into one array of the whole
 * section (the heap read paths) or, for a column served from a mapping, only through a reused
 * piece buffer. A subclass copies a piece into its array and checks it, one call a piece, so the
 * loops over the items are the subclass's own code over its primitive array.
 *
 * @param <A> the array the items go into: {@code int[]} ({@link ColumnDecoder}) or {@code long[]}
 *     of two halves per item ({@link KeyColumnDecoder})
 */
abstract class SectionDecoder<A> {

  final Section section;
  final String file;
  private final boolean retain;
  private final int itemBytes;
  /** Items per piece. */
  private final int piece;
  /** All items (retained) or one piece. */
  final A values;
  private final SectionVerdict verdict;
  /** False when the content was verified before (see {@link LoadTrust}): only the CRC runs. */
  private boolean checkContent = true;
  long filled;

  /**
   * {@code values} holds the whole section when {@code retain}, else at least one piece of
   * {@code piece} items of {@code itemBytes} bytes.
   */
  SectionDecoder(Section section, String file, boolean verifyChecksum, boolean retain,
      int itemBytes, int piece, A values) {
    this.section = section;
    this.file = file;
    this.retain = retain;
    this.itemBytes = itemBytes;
    this.piece = piece;
    this.values = values;
    this.verdict = new SectionVerdict(section, file, verifyChecksum);
  }

  /** The length of {@link #values}: the whole section when retained, else one piece at most. */
  static int heldItems(Section section, boolean retain, int piece) {
    return retain ? (int) section.count() : (int) Math.min(section.count(), piece);
  }

  long remaining() {
    return section.count() - filled;
  }

  /** True when the items are kept ({@link #finish} returns them). */
  final boolean retains() {
    return retain;
  }

  /** Skips the content checks from now on: the bytes are only checksummed (and kept if retained). */
  final void trusting() {
    checkContent = false;
  }

  /** Takes every whole item of {@code chunk} (position to limit), at most {@link #remaining}. */
  final void accept(ByteBuffer chunk) throws CorruptIndexException {
    ByteBuffer le = chunk.slice().order(ByteOrder.LITTLE_ENDIAN);
    int n = (int) Math.min(le.remaining() / itemBytes, remaining());
    for (int done = 0; done < n; ) {
      int items = Math.min(piece, n - done);
      ByteBuffer bytes = le.slice(done * itemBytes, items * itemBytes).order(ByteOrder.LITTLE_ENDIAN);
      verdict.checksum(bytes);
      if (retain || checkContent) {
        // A trusted column served from a mapping needs no copy: its checksum is all there is to do.
        int at = retain ? (int) filled : 0;
        copy(bytes, at, items);
        runChecks(at, items, filled);
      }
      filled += items;
      done += items;
    }
    chunk.position(chunk.position() + n * itemBytes);
  }

  /** Copies the {@code n} items of {@code bytes} (little-endian) to items {@code at ..} of {@link #values}. */
  abstract void copy(ByteBuffer bytes, int at, int n);

  /**
   * Runs {@link #check} on items {@code at .. at + n - 1} of {@link #values}, which are items
   * {@code base ..} of the section, unless the content is trusted or failed already; a failure
   * goes to the {@link SectionVerdict}.
   */
  final void runChecks(int at, int n, long base) throws CorruptIndexException {
    if (!checkContent || verdict.contentFailed()) {
      return;
    }
    try {
      check(values, at, n, base);
    } catch (CorruptIndexException e) {
      verdict.contentFailed(e);
    }
  }

  /**
   * Checks items {@code at .. at + n - 1} of {@code k} (the {@link #values}), which are items
   * {@code base .. base + n - 1} of the section.
   */
  abstract void check(A k, int at, int n, long base) throws CorruptIndexException;

  /** Runs the end checks; returns the items when retained. */
  final A finish() throws CorruptIndexException {
    completeChecksum(verdict);
    verdict.conclude(filled);
    if (checkContent) {
      checkEnd();
    }
    return retain ? values : null;
  }

  /** Gives {@code verdict} the checksum of items that came around {@link #accept}; none here. */
  void completeChecksum(SectionVerdict verdict) {}

  /** Checks that need the whole section. */
  void checkEnd() throws CorruptIndexException {}
}
