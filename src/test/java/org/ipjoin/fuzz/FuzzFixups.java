package org.ipjoin.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * Repairs a fuzzed index (format version 2) so that it gets past the checks a random mutation
 * almost never passes (the fuzzer cannot compute a CRC32C, nor keep a section directory's lengths
 * and offsets consistent), so that the checks behind them get fuzzed too. Which repairs run is
 * chosen by bits of the input, so the fuzzer explores both repaired and raw files. The offsets are
 * the byte map of docs/index-format.md, and the CRCs are computed here with {@link CRC32C}
 * directly, not with ipjoin code.
 */
final class FuzzFixups {

  /** Set each directory entry's LENGTH to COUNT × ITEM_BYTES and OFFSET to the aligned end of the previous one. */
  static final int FIX_LAYOUT = 1;
  /** Recompute each directory entry's CRC from its section's bytes (where they are in the file). */
  static final int FIX_SECTION_CRCS = 2;
  /** Recompute DIRECTORY_CRC over the directory bytes. */
  static final int FIX_DIRECTORY_CRC = 4;
  /** Recompute HEADER_CRC over bytes 0..59 (after the other repairs). */
  static final int FIX_HEADER_CRC = 8;
  static final int FIX_ALL = 15;

  static final int HEADER_SIZE = 64;
  static final int SECTION_COUNT_OFFSET = 16;
  static final int DIRECTORY_CRC_OFFSET = 20;
  static final int HEADER_CRC_OFFSET = 60;
  static final int ENTRY_SIZE = 32;
  static final int MAX_SECTIONS = 16;

  private FuzzFixups() {}

  /** Applies the repairs chosen by {@code mode} to the index at {@code file[base ..]} in place. */
  static void apply(byte[] file, int base, int mode) {
    int available = file.length - base;
    if (available < HEADER_SIZE) {
      return;
    }
    ByteBuffer h = ByteBuffer.wrap(file, base, available).slice().order(ByteOrder.LITTLE_ENDIAN);
    long sections = Integer.toUnsignedLong(h.getInt(SECTION_COUNT_OFFSET));
    int entries = (int) Math.min(Math.min(sections, MAX_SECTIONS), (available - HEADER_SIZE) / ENTRY_SIZE);
    int directoryEnd = HEADER_SIZE + entries * ENTRY_SIZE;
    if ((mode & FIX_LAYOUT) != 0) {
      long end = HEADER_SIZE + sections * ENTRY_SIZE;
      for (int i = 0; i < entries; i++) {
        int e = HEADER_SIZE + i * ENTRY_SIZE;
        long length = h.getLong(e + 8) * Short.toUnsignedInt(h.getShort(e + 2));
        long offset = (end + 63) & -64L;
        h.putLong(e + 16, offset);
        h.putLong(e + 24, length);
        end = offset + length;
      }
    }
    if ((mode & FIX_SECTION_CRCS) != 0) {
      for (int i = 0; i < entries; i++) {
        int e = HEADER_SIZE + i * ENTRY_SIZE;
        long offset = h.getLong(e + 16);
        long length = h.getLong(e + 24);
        if (offset >= 0 && length >= 0 && offset <= available && length <= available - offset) {
          CRC32C crc = new CRC32C();
          crc.update(file, base + (int) offset, (int) length);
          h.putInt(e + 4, (int) crc.getValue());
        }
      }
    }
    if ((mode & FIX_DIRECTORY_CRC) != 0) {
      CRC32C crc = new CRC32C();
      crc.update(file, base + HEADER_SIZE, directoryEnd - HEADER_SIZE);
      h.putInt(DIRECTORY_CRC_OFFSET, (int) crc.getValue());
    }
    if ((mode & FIX_HEADER_CRC) != 0) {
      CRC32C crc = new CRC32C();
      crc.update(file, base, HEADER_CRC_OFFSET);
      h.putInt(HEADER_CRC_OFFSET, (int) crc.getValue());
    }
  }
}
