package org.ipjoin.index.load;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.KeyLayout;

/**
 * The switchable read paths, by the name users give in {@code ipjoin.index.loader} or
 * {@code --loader}. The first four reproduce the classic comparison of text, stream, buffered and
 * NIO loading; {@code nio} is the default; {@code mmap-direct} is for indexes larger than a map
 * task's heap.
 *
 * <p>The job resolves the configured name once ({@link #fromName}) and asks the resulting value
 * everything that depends on the read path, so no other class compares loader names.
 */
public enum ReadPath {
  /** The comparison's baseline: BufferedReader over the text list, line by line, then normalise. */
  TEXT("text", new TextListLoader()),
  /** DataInputStream.readInt over the binary index, unbuffered: one read(2) per byte. */
  STREAM("stream", new StreamLoader(false)),
  /** DataInputStream over a 64 KiB BufferedInputStream. */
  BUFFERED("buffered", new StreamLoader(true)),
  /** FileChannel reads into a direct ByteBuffer, bulk get into int[]. */
  NIO("nio", new ChannelLoader()),
  /** FileChannel.map and a bulk copy into int[]. */
  MMAP("mmap", new MappedLoader()),
  /** FileChannel.map, lookups served from the mapping: no heap copy of the keys. */
  MMAP_DIRECT("mmap-direct", new DirectMappedLoader());

  private final String externalName;
  private final IndexLoader loader;

  ReadPath(String externalName, IndexLoader loader) {
    this.externalName = externalName;
    this.loader = loader;
  }

  public IndexLoader loader() {
    return loader;
  }

  /** The name users write. */
  public String externalName() {
    return externalName;
  }

  /** True for the path whose keys stay in the mapping, off the heap. */
  public boolean keepsKeysOffHeap() {
    return this == MMAP_DIRECT;
  }

  /** True for the paths that read the text list rather than a binary index. */
  public boolean readsText() {
    return this == TEXT;
  }

  /**
   * The heap a map task needs for an index of this identity read this way. A heap read path copies
   * every section: 4 bytes per interval and the lookup directory for an exact-address list, and for
   * ranges and labels their columns and dictionary too, which together are about the file's length
   * (whichever is larger is taken). {@code mmap-direct} holds only the directory (and the labels,
   * small next to it). The text list needs about the file's length on top, because its arrays grow
   * by doubling while it reads, and a list line is at least 8 and typically 12-16 bytes per key.
   * For the compact {@code layout} a heap read path copies every section as it is stored (bucket
   * directory, suffixes, bitmaps, ranks; IPv6 sections as for the sorted layout): the file's
   * length, about half what 4 bytes per key would say at 26 M keys and a quarter at 472 M;
   * {@code mmap-direct} copies only the bucket directory.
   */
  public long taskHeapBytes(IndexIdentity identity, KeyLayout layout) {
    if (layout == KeyLayout.COMPACT) {
      return keepsKeysOffHeap() ? 4L * IndexByteMap.BUCKET_ENTRIES : identity.fileLength();
    }
    long directory = 4L * IndexByteMap.directoryEntries(IndexByteMap.directoryBitsFor(identity.count()));
    if (keepsKeysOffHeap()) {
      return directory;
    }
    long columns = 4L * identity.count() + directory;
    return readsText() ? identity.fileLength() + columns : Math.max(columns, identity.fileLength());
  }

  /** @throws IllegalArgumentException naming the valid choices */
  public static ReadPath fromName(String name) {
    // Case and '_' for '-' are forgiven, so the enum's own names work too (MMAP_DIRECT).
    String wanted = name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
    for (ReadPath p : values()) {
      if (p.externalName().equals(wanted)) {
        return p;
      }
    }
    throw new IllegalArgumentException("unknown loader '" + name + "'; choose one of " + names());
  }

  public static String names() {
    return Arrays.stream(values()).map(ReadPath::externalName).collect(Collectors.joining(", "));
  }
}
