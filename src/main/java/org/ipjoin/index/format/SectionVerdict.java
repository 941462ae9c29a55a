package org.ipjoin.index.format;

import java.nio.ByteBuffer;
import java.util.zip.CRC32C;
import org.ipjoin.index.format.CorruptIndexException.Check;

/**
 * What a section decoder concludes about one section, in the order docs/index-format.md gives:
 * all its items came, its CRC32C is the directory's (unless checksums are off), and then its
 * content checks passed. The first failed content check is held until the checksum is known when
 * checksums are verified: damaged bytes then fail the checksum check (what happened) rather than
 * whichever content check the damage happens to break.
 */
final class SectionVerdict {

  private final Section section;
  private final String file;
  private final boolean verifyChecksum;
  private final CRC32C crc = new CRC32C();
  private CorruptIndexException contentFailure;

  SectionVerdict(Section section, String file, boolean verifyChecksum) {
    this.section = section;
    this.file = file;
    this.verifyChecksum = verifyChecksum;
  }

  /** Adds the bytes of {@code bytes} (position to limit, left as they are) to the checksum. */
  void checksum(ByteBuffer bytes) {
    if (verifyChecksum) {
      crc.update(bytes.duplicate());
    }
  }

  /**
   * Makes the checksum the one of {@code values[0, count)}, for a section whose values came one
   * by one after a first chunk of bytes: the running checksum has seen the chunk only.
   */
  void checksumOf(int[] values, int count) {
    if (verifyChecksum) {
      crc.reset();
      SectionCrc.update(crc, values, 0, count);
    }
  }

  /** True once a content check failed: the later ones need not run. */
  boolean contentFailed() {
    return contentFailure != null;
  }

  /** A content check failed: throws {@code e} now without checksums, else when they are known. */
  void contentFailed(CorruptIndexException e) throws CorruptIndexException {
    if (!verifyChecksum) {
      throw e;
    }
    contentFailure = e;
  }

  /** Fails when fewer than all items came ({@code filled}), the checksum differs, or content failed. */
  void conclude(long filled) throws CorruptIndexException {
    if (filled != section.count()) {
      throw new CorruptIndexException(file, Check.FILE_LENGTH, section.kind().description
          + " ended after " + filled + " of " + section.count() + " values");
    }
    if (verifyChecksum) {
      SectionCrc.check(section, (int) crc.getValue(), file);
    }
    if (contentFailure != null) {
      throw contentFailure;
    }
  }
}
