package org.ipjoin.index.load;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.format.SectionKind;

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
   * The heap a map task needs for the binary index whose header the driver read ({@code head})
   * read this way: what the loaded index holds, section by section of its directory, so every
   * kind the file has counts. A heap read path copies every section into an array: the interval
   * columns as stored (IPv4 starts and ends 4 bytes an interval, IPv6 ones 16, the compact
   * layout's bucket directory, suffixes, bitmaps and ranks), label ids widened to 4 bytes (a file
   * may store them in 2), the lookup directories (the IPv6 one with a skip byte a bucket) and the
   * label dictionary (without labels, the empty one's single 4-byte offset). {@code mmap-direct}
   * serves the interval columns from the mapping and copies the rest; its IPv4 lookup directory is
   * mapped too, but counted, since a full load records its own to compare it. The attribute names
   * count at most about 50 bytes a name (String objects). A {@code HISTORY} section is held whole
   * on every path, with its decoded snapshot times ({@link VerifyReader.HeaderRead#historySnapshots}
   * of them), block starts and two bytes an entry of in-block offsets ({@link
   * ListingHistory#heapBytes(long, long, long)}).
   *
   * <p>How close: exactly the heap accounting of the loaded index ({@link LoadedIndex#heapBytes},
   * which counts the arrays' contents, not their 16-byte object headers), plus the attribute
   * names' allowance (a few hundred bytes) and, for {@code mmap-direct}, the IPv4 lookup
   * directory. For the text list see {@link #textListHeapBytes}.
   *
   * @throws IllegalStateException for {@link #TEXT}, which reads a text list
   */
  public long taskHeapBytes(VerifyReader.HeaderRead head) {
    if (readsText()) {
      throw new IllegalStateException("the text read path reads no index header");
    }
    IndexHeader header = head.header();
    long bytes = 0;
    for (Section s : header.sections()) {
      bytes += heldBytes(s, head);
    }
    if (header.keyLayout() != KeyLayout.COMPACT && header.section(SectionKind.LABEL_ENDS) == null) {
      bytes += Integer.BYTES; // the empty label dictionary's one offset, which the lookup counts
    }
    return bytes;
  }

  /** The heap section {@code s} of the index of {@code head} takes once loaded this way. */
  private long heldBytes(Section s, VerifyReader.HeaderRead head) {
    return switch (s.kind()) {
      case V4_STARTS, V4_ENDS, V6_STARTS, V6_ENDS, V4_SUFFIXES, V4_BITMAPS, V4_BITMAP_RANKS ->
          keepsKeysOffHeap() ? 0 : s.length();
      case V4_LABEL_IDS, V6_LABEL_IDS -> keepsKeysOffHeap() ? 0 : 4 * s.count();
      case V4_DIRECTORY, V4_BUCKETS, LABEL_ENDS, LABEL_BYTES -> s.length();
      case V6_DIRECTORY -> s.length() + s.count() - 1;
      // At most one name for every two bytes (a name and its TAB), each a String and a list slot.
      case ATTRIBUTE_NAMES -> 2 * s.length() + NAME_OBJECT_BYTES * (s.length() / 2 + 1);
      case HISTORY -> ListingHistory.heapBytes(s.length(), head.header().historyEntries(),
          head.historySnapshots());
    };
  }

  /** A String's object, its array's header and a list slot, on a 64-bit JVM. */
  private static final int NAME_OBJECT_BYTES = 48;

  /**
   * The heap a map task needs to read the text list {@code list} with {@link #TEXT} ({@code list}
   * as the driver parsed it): what its lookups hold (every column, lookup table and the labels,
   * both families; {@link LoadedIndex#heapBytes}) and the list's length on top, because the
   * parsed entries' arrays grow by doubling while it reads and a list line is at least 8 and
   * typically 12-16 bytes per IPv4 key. Not a strict bound on the parse's peak (an IPv6 line may
   * be shorter than its 16-byte key), but exact for what the loaded list holds.
   */
  public static long textListHeapBytes(LoadedIndex list) {
    return list.identity().fileLength() + list.heapBytes();
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
