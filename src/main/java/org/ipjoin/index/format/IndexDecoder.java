package org.ipjoin.index.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.ipjoin.index.format.CorruptIndexException.Check;

/**
 * Reads the sections of an index file after its head ({@link HeaderCodec#decode}), checking
 * each as it goes: every read path feeds it the file's bytes in order, in chunks of any size
 * ({@link #accept}) or value by value ({@link #acceptInt}), and gets the checked content from
 * {@link #finish}. The checks live here once; the loaders only do I/O. IPv6 sections hold 16-byte
 * keys; a key split between two chunks is carried over like a split i32 value.
 */
public final class IndexDecoder {

  private final IndexHeader header;
  private final String file;
  private final boolean verifyChecksums;
  /** False when the driver verified the content ({@link LoadTrust}): CRCs and copies only. */
  private final boolean checkContent;
  /** False: copy the interval columns to the heap. True: check them in place in a mapping. */
  private final boolean inPlace;
  /** Whether the sections served from a mapping are checksummed ({@link LoadTrust#checksums}). */
  private final boolean checksumMapped;
  /**
   * False when only the checks are wanted ({@link #checking}): the IPv4 starts of an exact-address
   * list then pass through a piece buffer instead of an {@code int[]} of every key.
   */
  private final boolean keepStarts;
  /** The mapped IPv4 starts when in place. */
  private final IntBuffer mappedStarts;
  /** The mapped IPv6 starts (halves) when in place and the file has IPv6 intervals. */
  private final LongBuffer mappedStarts6;
  private final List<Section> sections;
  private final long end;

  private long position;
  private int current;
  /** The decoder of the current section: an i32 column, a column of IPv6 keys, or neither. */
  private ColumnDecoder column;
  private KeyColumnDecoder keyColumn;
  /** The bytes of a value split between two chunks (at most one IPv6 key). */
  private final byte[] carry = new byte[KeyColumnDecoder.ITEM_BYTES];
  private final ByteBuffer carryBuffer = ByteBuffer.wrap(carry).order(ByteOrder.LITTLE_ENDIAN);
  private int carried;
  /** True while in a section served from a mapping that nothing needs to read (see {@link #open}). */
  private boolean skipping;

  private int[] starts;
  private int[] ends;
  private int[] labelIds;
  private int[] directory;
  private int[] labelEnds;
  private byte[] labelBytes;
  private int labelBytesFilled;
  /** The label bytes' checksum: they are copied as they come, and checked whole at the end. */
  private SectionVerdict labelVerdict;
  private long[] starts6;
  private long[] ends6;
  private int[] labelIds6;
  private int[] directory6;
  /** The attribute names' decoder, while in that section. */
  private AttributeNamesDecoder attributeNames;
  /** The attribute names; empty when a label is one unnamed value. */
  private List<String> names = List.of();
  /** The history section's bytes as they come, with {@link IndexByteMap#FLAG_HISTORY}. */
  private byte[] historyBytes;
  private int historyFilled;
  private SectionVerdict historyVerdict;
  /** The checked listing history; null without {@link IndexByteMap#FLAG_HISTORY}. */
  private ListingHistory history;
  /** The compact sections' decoder, with {@link IndexByteMap#FLAG_COMPACT}. */
  private final CompactDecoder compact;
  /** True while in one of the compact sections after the bucket directory. */
  private boolean inCompactColumn;

  private IndexDecoder(IndexHeader header, String file, boolean verifyChecksums, LoadTrust trust,
      boolean inPlace, IntBuffer mappedStarts, LongBuffer mappedStarts6) {
    this(header, file, verifyChecksums, trust, inPlace, true, mappedStarts, mappedStarts6);
  }

  private IndexDecoder(IndexHeader header, String file, boolean verifyChecksums, LoadTrust trust,
      boolean inPlace, boolean keepStarts, IntBuffer mappedStarts, LongBuffer mappedStarts6) {
    this.header = header;
    this.keepStarts = keepStarts;
    this.file = file;
    this.verifyChecksums = verifyChecksums;
    this.checkContent = trust.checksContent();
    this.inPlace = inPlace;
    this.checksumMapped = trust.checksums(verifyChecksums, inPlace);
    this.mappedStarts = mappedStarts;
    this.mappedStarts6 = mappedStarts6;
    this.sections = header.sections();
    this.end = header.fileLength();
    this.position = IndexByteMap.HEADER_SIZE + (long) sections.size() * IndexByteMap.ENTRY_SIZE;
    this.current = -1;
    this.compact = header.layout().compactDecoder(header, file, verifyChecksums, checkContent,
        !inPlace);
  }

  /** A decoder that copies every section to the heap. */
  public static IndexDecoder copying(IndexHeader header, String file, boolean verifyChecksums) {
    return new IndexDecoder(header, file, verifyChecksums, LoadTrust.FULL, false, null, null);
  }

  /**
   * A decoder that copies every section to the heap and checks what {@code trust} asks for; a
   * pinned identity is compared with the header's first, before any section is read.
   */
  public static IndexDecoder copying(IndexHeader header, String file, boolean verifyChecksums,
      LoadTrust trust) throws CorruptIndexException {
    trust.checkIdentity(header, file);
    return new IndexDecoder(header, file, verifyChecksums, trust, false, null, null);
  }

  /**
   * A decoder that runs every check of {@link #copying(IndexHeader, String, boolean)} but keeps no
   * IPv4 starts of an exact-address list: checking an index of 472 M keys then needs the lookup
   * directory's few MiB of heap instead of 1.9 GB. The ends of a range list are checked against
   * the starts, so those are kept, as are the IPv6 columns. {@link #finish} returns no IPv4 starts.
   */
  public static IndexDecoder checking(IndexHeader header, String file, boolean verifyChecksums) {
    return new IndexDecoder(header, file, verifyChecksums, LoadTrust.FULL, false, header.ranges(),
        null, null);
  }

  /**
   * A decoder that checks the interval columns without keeping them, for lookups served from a
   * mapping; {@code mappedStarts} is the little-endian view of the very starts section it is fed.
   */
  public static IndexDecoder inPlace(IndexHeader header, String file, boolean verifyChecksums,
      IntBuffer mappedStarts) {
    return inPlace(header, file, verifyChecksums, mappedStarts, null);
  }

  /**
   * As {@link #inPlace(IndexHeader, String, boolean, IntBuffer)}, for a file that may have IPv6
   * intervals: {@code mappedStarts6} is the little-endian view of its {@code V6_STARTS} section
   * (null when it has none).
   */
  public static IndexDecoder inPlace(IndexHeader header, String file, boolean verifyChecksums,
      IntBuffer mappedStarts, LongBuffer mappedStarts6) {
    if (header.v6() && mappedStarts6 == null) {
      throw new IllegalArgumentException(file + ": the IPv6 starts must be mapped too");
    }
    return new IndexDecoder(header, file, verifyChecksums, LoadTrust.FULL, true, mappedStarts,
        mappedStarts6);
  }

  /**
   * As {@link #inPlace(IndexHeader, String, boolean, IntBuffer, LongBuffer)}, checking what
   * {@code trust} asks for; a pinned identity is compared with the header's first. A trusted
   * decoder with checksums off, or whose bytes were checked in transit ({@link
   * LoadTrust#bytesCheckedInTransit()}), reads none of the sections served from the mapping: it
   * skips their bytes unread (no CRC), so the load costs the same at any index size; what it copies
   * to the heap (labels, the IPv6 directory) is checksummed as it is copied unless checksums are off.
   */
  public static IndexDecoder inPlace(IndexHeader header, String file, boolean verifyChecksums,
      IntBuffer mappedStarts, LongBuffer mappedStarts6, LoadTrust trust)
      throws CorruptIndexException {
    if (header.v6() && mappedStarts6 == null) {
      throw new IllegalArgumentException(file + ": the IPv6 starts must be mapped too");
    }
    trust.checkIdentity(header, file);
    return new IndexDecoder(header, file, verifyChecksums, trust, true, mappedStarts, mappedStarts6);
  }

  /** The file offset of the next byte this decoder expects. */
  public long position() {
    return position;
  }

  /** Bytes still expected, up to the end of the file. */
  public long remaining() {
    return end - position;
  }

  /** Takes the bytes of {@code chunk} (position to limit), which continue the file at {@link #position}. */
  public void accept(ByteBuffer chunk) throws CorruptIndexException {
    ByteBuffer in = chunk.slice();
    while (in.hasRemaining() && position < end) {
      advance();
      Section s = sections.get(current);
      if (position < s.offset()) {
        int skip = (int) Math.min(in.remaining(), s.offset() - position);
        in.position(in.position() + skip);
        position += skip;
        continue;
      }
      int take = (int) Math.min(in.remaining(), s.end() - position);
      if (skipping) {
        in.position(in.position() + take);
        position += take;
      } else if (s.kind() == SectionKind.LABEL_BYTES) {
        acceptLabelBytes(in, take);
      } else if (s.kind() == SectionKind.ATTRIBUTE_NAMES) {
        attributeNames.accept(in, take);
        position += take;
      } else if (s.kind() == SectionKind.HISTORY) {
        acceptHistoryBytes(in, take);
      } else {
        acceptColumnBytes(in, take, s.itemBytes());
      }
    }
    chunk.position(chunk.limit());
  }

  /** Takes the next 4 bytes of the file as the little-endian value {@code value}. */
  public void acceptInt(int value) throws CorruptIndexException {
    advance();
    Section s = current < sections.size() ? sections.get(current) : null;
    if (s != null && position >= s.offset() && s.end() - position >= 4) {
      if (column != null && carried == 0 && s.itemBytes() == Integer.BYTES) {
        column.acceptInt(value);
        position += 4;
        return;
      }
      if (keyColumn != null && (position - s.offset()) % 4 == 0) {
        // A quarter of an IPv6 key: collected without allocating, fed once whole.
        carryBuffer.putInt(carried, value);
        carried += 4;
        position += 4;
        if (carried == KeyColumnDecoder.ITEM_BYTES) {
          keyColumn.accept(carryBuffer.clear());
          carried = 0;
        }
        return;
      }
    }
    accept(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, value));
  }

  private void acceptColumnBytes(ByteBuffer in, int take, int unit) throws CorruptIndexException {
    int taken = 0;
    if (carried > 0) {
      while (carried < unit && taken < take) {
        carry[carried++] = in.get();
        taken++;
      }
      if (carried == unit) {
        feed(carryBuffer.clear().limit(unit));
        carried = 0;
      }
    }
    int whole = (take - taken) / unit * unit;
    if (whole > 0) {
      ByteBuffer values = in.slice(in.position(), whole);
      feed(values);
      in.position(in.position() + whole);
      taken += whole;
    }
    while (taken < take) {
      carry[carried++] = in.get();
      taken++;
    }
    position += take;
  }

  /** Hands whole values to the current section's decoder. */
  private void feed(ByteBuffer values) throws CorruptIndexException {
    if (inCompactColumn) {
      compact.accept(values);
    } else if (keyColumn != null) {
      keyColumn.accept(values);
    } else {
      column.accept(values);
    }
  }

  private void acceptHistoryBytes(ByteBuffer in, int take) {
    ByteBuffer bytes = in.slice(in.position(), take);
    historyVerdict.checksum(bytes);
    bytes.get(historyBytes, historyFilled, take);
    historyFilled += take;
    in.position(in.position() + take);
    position += take;
  }

  /**
   * The history is checked on every load, trusted or not, as the attribute names are: it is read
   * whole into the heap anyway, and its checks are one pass over it.
   */
  private void finishHistory() throws CorruptIndexException {
    historyVerdict.conclude(historyFilled);
    history = ListingHistory.decode(historyBytes, header.historyEntries(), header.labelCount(),
        file);
  }

  private void acceptLabelBytes(ByteBuffer in, int take) {
    ByteBuffer bytes = in.slice(in.position(), take);
    labelVerdict.checksum(bytes);
    bytes.get(labelBytes, labelBytesFilled, take);
    labelBytesFilled += take;
    in.position(in.position() + take);
    position += take;
  }

  /** Finishes the sections that are complete and opens the one {@link #position} lies in. */
  private void advance() throws CorruptIndexException {
    while (current < sections.size()) {
      if (current >= 0 && position < sections.get(current).end()) {
        return;
      }
      if (current >= 0) {
        finishSection(sections.get(current));
      }
      current++;
      if (current < sections.size()) {
        open(sections.get(current));
      }
    }
  }

  private void open(Section s) {
    boolean retain = !inPlace && (keepStarts || s.kind() != SectionKind.V4_STARTS);
    skipping = inPlace && !checkContent && !checksumMapped && servedFromMapping(s.kind());
    inCompactColumn = false;
    if (skipping) {
      column = null;
      keyColumn = null;
      return;
    }
    if (s.kind() == SectionKind.V4_SUFFIXES || s.kind() == SectionKind.V4_BITMAPS
        || s.kind() == SectionKind.V4_BITMAP_RANKS) {
      column = null;
      keyColumn = null;
      inCompactColumn = true;
      compact.open(s);
      return;
    }
    keyColumn = switch (s.kind()) {
      case V6_STARTS -> new KeyColumnDecoder.Starts(s, file, verifyChecksums, retain);
      case V6_ENDS -> new KeyColumnDecoder.Ends(s, file, verifyChecksums, retain,
          retain ? LongBuffer.wrap(starts6) : mappedStarts6);
      default -> null;
    };
    column = switch (s.kind()) {
      // Trusted starts are only checksummed: no order check, and no directory to record.
      case V4_STARTS -> checkContent
          ? new ColumnDecoder.Starts(s, file, verifyChecksums, retain, header.directoryBits())
          : new ColumnDecoder.Unchecked(s, file, verifyChecksums, retain);
      case V4_ENDS -> new ColumnDecoder.Ends(s, file, verifyChecksums, retain,
          retain ? IntBuffer.wrap(starts) : mappedStarts);
      case V4_LABEL_IDS -> header.layout().labelIds(header, s, file, verifyChecksums, retain);
      // A trusted mapped load serves the stored directory from the mapping: only checksummed.
      case V4_DIRECTORY -> inPlace && !checkContent
          ? new ColumnDecoder.Unchecked(s, file, verifyChecksums, false)
          : new ColumnDecoder.Directory(s, file, verifyChecksums, directory);
      case LABEL_ENDS -> new ColumnDecoder.LabelEnds(s, file, verifyChecksums,
          header.section(SectionKind.LABEL_BYTES).count());
      case LABEL_BYTES, V6_STARTS, V6_ENDS -> null;
      case V6_LABEL_IDS -> new ColumnDecoder.LabelIds(s, file, verifyChecksums, retain,
          header.labelCount());
      case V6_DIRECTORY -> new ColumnDecoder.Directory(s, file, verifyChecksums, directory6);
      // Checked whole, against the header and the section sizes, by the CompactDecoder.
      case V4_BUCKETS -> new ColumnDecoder.Unchecked(s, file, verifyChecksums, true);
      case V4_SUFFIXES, V4_BITMAPS, V4_BITMAP_RANKS, ATTRIBUTE_NAMES, HISTORY -> null;
    };
    if (s.kind() == SectionKind.ATTRIBUTE_NAMES) {
      attributeNames = new AttributeNamesDecoder(s, file, verifyChecksums);
    }
    if (s.kind() == SectionKind.HISTORY) {
      historyBytes = new byte[(int) s.count()];
      historyVerdict = new SectionVerdict(s, file, verifyChecksums);
    }
    if (s.kind() == SectionKind.LABEL_BYTES) {
      labelBytes = new byte[(int) s.count()];
      labelVerdict = new SectionVerdict(s, file, verifyChecksums);
    }
    if (!checkContent) {
      if (column != null) {
        column.trusting();
      }
      if (keyColumn != null) {
        keyColumn.trusting();
      }
    }
  }

  /**
   * What {@code mmap-direct} serves from the mapping instead of copying, when the content was
   * verified before (the only case this is asked for): the interval columns and the stored IPv4
   * lookup directory, whose copy was most of a trusted setup at 472 M keys (16 MiB).
   */
  private static boolean servedFromMapping(SectionKind kind) {
    return switch (kind) {
      case V4_STARTS, V4_ENDS, V4_LABEL_IDS, V6_STARTS, V6_ENDS, V6_LABEL_IDS, V4_SUFFIXES,
          V4_BITMAPS, V4_BITMAP_RANKS, V4_DIRECTORY -> true;
      default -> false;
    };
  }

  private void finishSection(Section s) throws CorruptIndexException {
    if (skipping) {
      skipping = false;
      return;
    }
    if (inCompactColumn) {
      inCompactColumn = false;
      compact.finishSection();
      return;
    }
    if (s.kind() == SectionKind.V4_BUCKETS) {
      compact.buckets(column.finish());
      column = null;
      return;
    }
    if (!checkContent) {
      finishTrusted(s);
      return;
    }
    switch (s.kind()) {
      case V4_STARTS -> {
        ColumnDecoder.Starts startsColumn = (ColumnDecoder.Starts) column;
        starts = startsColumn.finish();
        directory = startsColumn.directory.finish((int) s.count());
      }
      case V4_ENDS -> ends = column.finish();
      case V4_LABEL_IDS -> labelIds = column.finish();
      case V4_DIRECTORY -> column.finish();
      case LABEL_ENDS -> labelEnds = column.finish();
      case LABEL_BYTES -> finishLabelBytes();
      case V6_STARTS -> {
        starts6 = keyColumn.finish();
        directory6 = Ipv6LookupDirectory.of(inPlace ? mappedStarts6 : LongBuffer.wrap(starts6),
            (int) s.count(), header.v6DirectoryBits());
      }
      case V6_ENDS -> ends6 = keyColumn.finish();
      case V6_LABEL_IDS -> labelIds6 = column.finish();
      case V6_DIRECTORY -> column.finish();
      case ATTRIBUTE_NAMES -> names = attributeNames.finish(labelBytes, labelEnds);
      case HISTORY -> finishHistory();
      default -> throw new IllegalStateException(s.kind() + " is finished above");
    }
    column = null;
    keyColumn = null;
  }

  /** As {@link #finishSection} for verified content: the directories are the file's own. */
  private void finishTrusted(Section s) throws CorruptIndexException {
    switch (s.kind()) {
      case V4_STARTS -> starts = column.finish();
      case V4_ENDS -> ends = column.finish();
      case V4_LABEL_IDS -> labelIds = column.finish();
      case V4_DIRECTORY -> directory = column.finish(); // null when served from the mapping
      case LABEL_ENDS -> labelEnds = column.finish();
      case LABEL_BYTES -> labelVerdict.conclude(labelBytesFilled);
      case V6_STARTS -> starts6 = keyColumn.finish();
      case V6_ENDS -> ends6 = keyColumn.finish();
      case V6_LABEL_IDS -> labelIds6 = column.finish();
      case V6_DIRECTORY -> directory6 = column.finish();
      case ATTRIBUTE_NAMES -> names = attributeNames.finish(labelBytes, labelEnds);
      case HISTORY -> finishHistory();
      default -> throw new IllegalStateException(s.kind() + " is finished above");
    }
    column = null;
    keyColumn = null;
  }

  private void finishLabelBytes() throws CorruptIndexException {
    labelVerdict.conclude(labelBytesFilled);
    for (int id = 1; id < labelEnds.length; id++) {
      try {
        StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(labelBytes, labelEnds[id - 1], labelEnds[id] - labelEnds[id - 1]));
      } catch (CharacterCodingException e) {
        throw new CorruptIndexException(file, Check.LABELS, "label " + id + " is not valid UTF-8");
      }
    }
  }

  /** Runs the end checks and returns the content. */
  public DecodedIndex finish() throws CorruptIndexException {
    advance();
    if (position != end || carried != 0) {
      throw new CorruptIndexException(file, Check.FILE_LENGTH, "the file ended at byte " + position
          + "; its section directory says " + end);
    }
    DecodedIndex.V6 v6 = header.v6() ? new DecodedIndex.V6(starts6, ends6, labelIds6, directory6,
        header.v6DirectoryBits()) : null;
    // The header's bits, as for IPv6: a full load recorded its directory with them and compared
    // the stored one entry by entry; a trusted load takes the stored one.
    return new DecodedIndex(header, starts, ends, labelIds, directory, header.directoryBits(),
        labelEnds, labelBytes, v6, compact == null ? null : compact.finish(), names, history);
  }
}
