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
  /** All keys (the heap read paths) or one piece at a time ({@link #withoutCopy}). */
  private final int[] keys;
  private final boolean retainKeys;
  private final long count;
  private final CRC32C crc = new CRC32C();
  private final PrefixTable table;
  /** Keys accepted so far. */
  private int filled;
  private int firstKey;
  private int lastKey;
  private boolean crcFromChunks;

  /** A decoder that copies the keys into an {@code int[]} for the heap read paths. */
  public PayloadDecoder(IndexHeader header, String file, boolean verifyChecksum)
      throws CorruptIndexException {
    this(header, file, verifyChecksum, true);
  }

  private PayloadDecoder(IndexHeader header, String file, boolean verifyChecksum, boolean retainKeys) {
    if (header.count() > IndexFormat.MAX_HEAP_KEYS) {
      // Not corruption: a valid index too large for one int[] (or one mapping). Say so.
      throw new IllegalStateException(file + ": " + header.count() + " keys do not fit in one"
          + " int[] (at most " + IndexFormat.MAX_HEAP_KEYS + ")");
    }
    this.header = header;
    this.file = file;
    this.verifyChecksum = verifyChecksum;
    this.count = header.count();
    this.retainKeys = retainKeys;
    this.keys = new int[retainKeys ? (int) count : (int) Math.min(count, PIECE_KEYS)];
    this.table = new PrefixTable(count);
  }

  /**
   * A decoder that checks the payload and builds the prefix table without keeping the keys: for
   * the read path that serves lookups from the mapping itself ({@link #finishMapped}). Only
   * {@link #acceptChunk} may be used.
   */
  public static PayloadDecoder withoutCopy(IndexHeader header, String file, boolean verifyChecksum) {
    return new PayloadDecoder(header, file, verifyChecksum, false);
  }

  /** Keys still expected. */
  public int remaining() {
    return (int) (count - filled);
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
      int at = retainKeys ? filled : 0;
      bytes.asIntBuffer().get(keys, at, piece);
      // Order check and the prefix table in one pass while the piece is in cache.
      checkOrderAndRecord(keys, at, piece, filled);
      filled += piece;
      done += piece;
    }
    chunk.position(chunk.position() + n * IndexFormat.KEY_BYTES);
  }

  /** Takes one key (read paths that read key by key). */
  public void acceptKey(int key) throws CorruptIndexException {
    if (!retainKeys) {
      throw new IllegalStateException("a decoder without copy takes whole chunks only");
    }
    int i = filled;
    if (i > 0 && lastKey >= key) {
      throw IndexFormat.notIncreasing(file, i, lastKey, key);
    }
    keys[i] = key;
    table.record(keys, i, i + 1);
    if (i == 0) {
      firstKey = key;
    }
    lastKey = key;
    filled++;
  }

  /** Runs the end checks and returns the keys. */
  public int[] finish() throws CorruptIndexException {
    if (!retainKeys) {
      throw new IllegalStateException("a decoder without copy has no keys to return");
    }
    finishChecks();
    return keys;
  }

  /** Runs the end checks and returns the index over the keys (prefix table built on the way). */
  public IpIndex finishIndex() throws CorruptIndexException {
    return new IpIndex(finish(), table);
  }

  /**
   * Runs the end checks and returns the lookup over {@code mapped}, the little-endian view of the
   * very payload bytes this decoder checked (for {@link #withoutCopy}).
   */
  public MappedIpIndex finishMapped(java.nio.IntBuffer mapped) throws CorruptIndexException {
    finishChecks();
    return new MappedIpIndex(mapped, filled, table);
  }

  private void finishChecks() throws CorruptIndexException {
    if (filled != count) {
      throw new CorruptIndexException(file, CorruptIndexException.Check.FILE_LENGTH,
          "payload ended after " + filled + " of " + count + " keys");
    }
    IndexFormat.checkMinMax(header, filled == 0 ? 0 : firstKey, filled == 0 ? 0 : lastKey, file);
    if (verifyChecksum) {
      int actual = crcFromChunks || filled == 0
          ? (int) crc.getValue() : IndexFormat.payloadCrc(keys, filled);
      IndexFormat.checkPayloadCrc(header, actual, file);
    }
  }

  /**
   * Checks {@code k[at, at + n)}, which hold keys {@code base .. base + n - 1} of the payload,
   * against each other and the key before them, and records them in the prefix table.
   */
  private void checkOrderAndRecord(int[] k, int at, int n, int base) throws CorruptIndexException {
    if (n == 0) {
      return;
    }
    int[] t = table.raw();
    int shift = table.shift();
    int end = at + n;
    // Table value for k[i] is its payload position + 1.
    int offset = base - at + 1;
    // Branch-free: b - a - 1 in long is negative exactly when the pair is not strictly
    // increasing, and OR keeps the sign bit; the table store is PrefixTable.record's. Only a bad
    // piece is walked again to name the first offending key (the table is garbage then, unused).
    long acc = base == 0 ? 0 : (long) k[at] - lastKey - 1;
    t[((k[at] ^ Integer.MIN_VALUE) >>> shift) + 1] = at + offset;
    for (int i = at + 1; i < end; i++) {
      int key = k[i];
      acc |= (long) key - k[i - 1] - 1;
      t[((key ^ Integer.MIN_VALUE) >>> shift) + 1] = i + offset;
    }
    if (acc < 0) {
      if (base > 0 && k[at] <= lastKey) {
        throw IndexFormat.notIncreasing(file, base, lastKey, k[at]);
      }
      for (int i = at + 1; i < end; i++) {
        if (k[i - 1] >= k[i]) {
          throw IndexFormat.notIncreasing(file, i - at + base, k[i - 1], k[i]);
        }
      }
    }
    if (base == 0) {
      firstKey = k[at];
    }
    lastKey = k[end - 1];
  }
}
