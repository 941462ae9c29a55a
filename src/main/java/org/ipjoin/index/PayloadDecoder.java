package org.ipjoin.index;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.zip.CRC32C;

/**
 * Turns payload bytes into the key array while checking them, for every binary read path: keys
 * strictly increasing, first/last equal the header's min/max, and the payload checksum. Loaders do
 * the I/O and hand over either whole little-endian chunks ({@link #acceptChunk}) or single keys
 * ({@link #acceptKey}); the checks live here once.
 */
public final class PayloadDecoder {

  /** 64 Ki keys = 256 KiB: fits the L2 cache of the machines this was tuned on. */
  private static final int PIECE_KEYS = 1 << 16;

  private final IndexHeader header;
  private final String file;
  private final boolean verifyChecksum;
  private final int[] keys;
  private final CRC32C crc = new CRC32C();
  private final PrefixTable table;
  private int filled;
  private boolean crcFromChunks;

  public PayloadDecoder(IndexHeader header, String file, boolean verifyChecksum)
      throws CorruptIndexException {
    if (header.count() > IndexFormat.MAX_HEAP_KEYS) {
      // Not corruption: a valid index too large for one int[]. Say so rather than overflow.
      throw new IllegalStateException(file + ": " + header.count() + " keys do not fit in one"
          + " int[] (at most " + IndexFormat.MAX_HEAP_KEYS + ")");
    }
    this.header = header;
    this.file = file;
    this.verifyChecksum = verifyChecksum;
    this.keys = new int[(int) header.count()];
    this.table = new PrefixTable(header.count());
  }

  /** Keys still expected. */
  public int remaining() {
    return keys.length - filled;
  }

  /**
   * Takes every whole key in {@code chunk} (position to limit, any byte order set on it is
   * ignored: the payload is little-endian). The chunk's position is advanced past them.
   */
  public void acceptChunk(ByteBuffer chunk) throws CorruptIndexException {
    ByteBuffer le = chunk.slice().order(ByteOrder.LITTLE_ENDIAN);
    int n = Math.min(le.remaining() / IndexFormat.KEY_BYTES, remaining());
    // Checksum, copy and order check each piece while it is in cache, rather than three passes
    // over a whole (possibly 1 GiB, memory-mapped) chunk.
    for (int done = 0; done < n; ) {
      int piece = Math.min(PIECE_KEYS, n - done);
      int offset = done * IndexFormat.KEY_BYTES;
      ByteBuffer bytes = le.slice(offset, piece * IndexFormat.KEY_BYTES).order(ByteOrder.LITTLE_ENDIAN);
      if (verifyChecksum) {
        crc.update(bytes.duplicate());
        crcFromChunks = true;
      }
      int start = filled;
      bytes.asIntBuffer().get(keys, start, piece);
      filled += piece;
      // Order check and IpIndex's prefix table in one pass while the piece is in cache.
      checkOrderAndRecord(start, filled);
      done += piece;
    }
    chunk.position(chunk.position() + n * IndexFormat.KEY_BYTES);
  }

  /** Takes one key (read paths that read key by key). */
  public void acceptKey(int key) throws CorruptIndexException {
    int i = filled;
    keys[i] = key;
    filled++;
    if (i > 0 && keys[i - 1] >= key) {
      throw IndexFormat.notIncreasing(file, i, keys[i - 1], key);
    }
    table.record(keys, i, i + 1);
  }

  /** Runs the end checks and returns the keys. */
  public int[] finish() throws CorruptIndexException {
    if (filled != keys.length) {
      throw new CorruptIndexException(file, CorruptIndexException.Check.FILE_LENGTH,
          "payload ended after " + filled + " of " + keys.length + " keys");
    }
    IndexFormat.checkMinMax(header, keys.length == 0 ? 0 : keys[0],
        keys.length == 0 ? 0 : keys[keys.length - 1], file);
    if (verifyChecksum) {
      int actual = crcFromChunks || keys.length == 0
          ? (int) crc.getValue() : IndexFormat.payloadCrc(keys, keys.length);
      IndexFormat.checkPayloadCrc(header, actual, file);
    }
    return keys;
  }

  /** Runs the end checks and returns the index over the keys (prefix table built on the way). */
  public IpIndex finishIndex() throws CorruptIndexException {
    return new IpIndex(finish(), table);
  }

  private void checkOrderAndRecord(int from, int to) throws CorruptIndexException {
    int[] k = keys;
    int[] t = table.raw();
    int shift = table.shift();
    if (from == 0 && to > 0) {
      t[((k[0] ^ Integer.MIN_VALUE) >>> shift) + 1] = 1;
    }
    // Compare with the last key of the previous chunk too.
    int first = Math.max(from, 1);
    // Branch-free: k[i] - k[i-1] - 1 in long is negative exactly when the pair is not strictly
    // increasing, and OR keeps the sign bit; the table store is PrefixTable.record's. Only a bad
    // piece is walked again to name the first offending key (the table is garbage then, unused).
    long acc = 0;
    for (int i = first; i < to; i++) {
      int key = k[i];
      acc |= (long) key - k[i - 1] - 1;
      t[((key ^ Integer.MIN_VALUE) >>> shift) + 1] = i + 1;
    }
    if (acc < 0) {
      for (int i = first; i < to; i++) {
        if (k[i - 1] >= k[i]) {
          throw IndexFormat.notIncreasing(file, i, k[i - 1], k[i]);
        }
      }
    }
  }
}
