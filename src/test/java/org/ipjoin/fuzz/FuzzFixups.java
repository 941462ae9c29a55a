package org.ipjoin.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;
import org.ipjoin.index.IndexFormat;

/**
 * Repairs a fuzzed index so that it gets past the checks a random mutation almost never passes
 * (the fuzzer cannot compute a CRC32C), so that the checks behind them get fuzzed too. Which repairs
 * run is chosen by bits of the input, so the fuzzer explores both repaired and raw files. The CRCs
 * are computed here with {@link CRC32C} directly, not with ipjoin code.
 */
final class FuzzFixups {

  /** Set COUNT to what the file length implies (floor of (length − 64) / 4). */
  static final int FIX_COUNT = 1;
  /** Recompute PAYLOAD_CRC over the bytes after the header. */
  static final int FIX_PAYLOAD_CRC = 2;
  /** Recompute HEADER_CRC over bytes 0..59 (after the other repairs). */
  static final int FIX_HEADER_CRC = 4;

  private FuzzFixups() {}

  /** Applies the repairs chosen by {@code mode} to {@code file[base, base + 64 …)} in place. */
  static void apply(byte[] file, int base, int mode) {
    if (file.length - base < IndexFormat.HEADER_SIZE) {
      return;
    }
    ByteBuffer h = ByteBuffer.wrap(file, base, file.length - base).slice()
        .order(ByteOrder.LITTLE_ENDIAN);
    int payload = file.length - base - IndexFormat.HEADER_SIZE;
    if ((mode & FIX_COUNT) != 0) {
      h.putLong(IndexFormat.COUNT_OFFSET, payload / IndexFormat.KEY_BYTES);
    }
    if ((mode & FIX_PAYLOAD_CRC) != 0) {
      CRC32C crc = new CRC32C();
      crc.update(file, base + IndexFormat.HEADER_SIZE, payload);
      h.putInt(IndexFormat.PAYLOAD_CRC_OFFSET, (int) crc.getValue());
    }
    if ((mode & FIX_HEADER_CRC) != 0) {
      CRC32C crc = new CRC32C();
      crc.update(file, base, IndexFormat.HEADER_CRC_OFFSET);
      h.putInt(IndexFormat.HEADER_CRC_OFFSET, (int) crc.getValue());
    }
  }
}
