package org.ipjoin.index.format;

import java.io.IOException;

/**
 * An index file failed one of the checks of {@link IndexByteMap}. The message names the file, the
 * check that failed, and expected versus actual, so that the user knows what to look at: usually a
 * truncated copy, a file that is not an index, or an index replaced while it was being read. Rebuild
 * it with {@code ipindex build} or check it with {@code ipindex verify}.
 */
public class CorruptIndexException extends IOException {
  private static final long serialVersionUID = 1L;

  private final Check check;

  public CorruptIndexException(String file, Check check, String detail) {
    super(file + ": " + check.description + " check failed: " + detail);
    this.check = check;
  }

  /** Which check failed; tests and tools assert on this rather than on message text. */
  public Check check() {
    return check;
  }

  /** A 32-bit field (a CRC32C, flag bits) as the messages print it. */
  static String hex(int value) {
    return String.format("0x%08x", value);
  }

  /** Every check a reader makes, in the order it makes them. */
  public enum Check {
    HEADER_LENGTH("header length"),
    MAGIC("magic"),
    VERSION("format version"),
    HEADER_CHECKSUM("header checksum"),
    BYTE_ORDER("byte order"),
    FLAGS("flags"),
    RESERVED("reserved bytes"),
    SECTION_DIRECTORY("section directory"),
    DIRECTORY_SIZE("lookup directory size"),
    FILE_LENGTH("file length"),
    SECTION_CHECKSUM("section checksum"),
    SORTED("sorted interval starts"),
    INTERVALS("interval ends"),
    LABEL_IDS("label ids"),
    LABELS("label dictionary"),
    LOOKUP_DIRECTORY("lookup directory"),
    BUCKETS("compact bucket directory"),
    SUFFIXES("compact bucket suffixes"),
    BITMAPS("compact bucket bitmaps"),
    BITMAP_RANKS("compact bitmap ranks"),
    ATTRIBUTE_NAMES("attribute names"),
    HISTORY_SHAPE("history section shape"),
    SNAPSHOT_TIMES("snapshot times"),
    BLOCK_OFFSETS("history block offsets"),
    PERIOD_CODES("period codes"),
    PERIOD_BOUNDS("period bounds"),
    PERIOD_LABELS("period labels"),
    IDENTITY("index identity");

    public final String description;

    Check(String description) {
      this.description = description;
    }
  }
}
