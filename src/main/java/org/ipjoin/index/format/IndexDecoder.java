package org.ipjoin.index.format;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32C;
import org.ipjoin.index.format.CorruptIndexException.Check;

/**
 * Reads the sections of an index file after its head ({@link IndexLayout#decodeHead}), checking
 * each as it goes: every read path feeds it the file's bytes in order, in chunks of any size
 * ({@link #accept}) or value by value ({@link #acceptInt}), and gets the checked content from
 * {@link #finish}. The checks live here once; the loaders only do I/O.
 */
public final class IndexDecoder {

  private final IndexHeader header;
  private final String file;
  private final boolean verifyChecksums;
  /** Null: copy the interval columns to the heap. Else the mapped starts, checked in place. */
  private final IntBuffer mappedStarts;
  private final List<Section> sections;
  private final long end;

  private long position;
  private int current;
  private ColumnDecoder column;
  private final byte[] carry = new byte[4];
  private int carried;

  private int[] starts;
  private int[] ends;
  private int[] labelIds;
  private int[] directory;
  private int directoryBits;
  private int[] labelEnds;
  private byte[] labelBytes;
  private int labelBytesFilled;
  private final CRC32C labelCrc = new CRC32C();

  private IndexDecoder(IndexHeader header, String file, boolean verifyChecksums, IntBuffer mappedStarts) {
    this.header = header;
    this.file = file;
    this.verifyChecksums = verifyChecksums;
    this.mappedStarts = mappedStarts;
    this.sections = header.sections();
    this.end = header.fileLength();
    this.position = IndexLayout.HEADER_SIZE + (long) sections.size() * IndexLayout.ENTRY_SIZE;
    this.current = -1;
  }

  /** A decoder that copies every section to the heap. */
  public static IndexDecoder copying(IndexHeader header, String file, boolean verifyChecksums) {
    return new IndexDecoder(header, file, verifyChecksums, null);
  }

  /**
   * A decoder that checks the interval columns without keeping them, for lookups served from a
   * mapping; {@code mappedStarts} is the little-endian view of the very starts section it is fed.
   */
  public static IndexDecoder inPlace(IndexHeader header, String file, boolean verifyChecksums,
      IntBuffer mappedStarts) {
    return new IndexDecoder(header, file, verifyChecksums, mappedStarts);
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
      if (s.kind() == SectionKind.LABEL_BYTES) {
        acceptLabelBytes(in, take);
      } else {
        acceptColumnBytes(in, take);
      }
    }
    chunk.position(chunk.limit());
  }

  /** Takes the next 4 bytes of the file as the little-endian value {@code value}. */
  public void acceptInt(int value) throws CorruptIndexException {
    advance();
    Section s = current < sections.size() ? sections.get(current) : null;
    if (s != null && carried == 0 && position >= s.offset() && s.kind() != SectionKind.LABEL_BYTES
        && s.end() - position >= 4) {
      column.acceptInt(value);
      position += 4;
      return;
    }
    accept(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(0, value));
  }

  private void acceptColumnBytes(ByteBuffer in, int take) throws CorruptIndexException {
    int taken = 0;
    if (carried > 0) {
      while (carried < 4 && taken < take) {
        carry[carried++] = in.get();
        taken++;
      }
      if (carried == 4) {
        column.accept(ByteBuffer.wrap(carry));
        carried = 0;
      }
    }
    int whole = (take - taken) & ~3;
    if (whole > 0) {
      ByteBuffer values = in.slice(in.position(), whole);
      column.accept(values);
      in.position(in.position() + whole);
      taken += whole;
    }
    while (taken < take) {
      carry[carried++] = in.get();
      taken++;
    }
    position += take;
  }

  private void acceptLabelBytes(ByteBuffer in, int take) {
    ByteBuffer bytes = in.slice(in.position(), take);
    if (verifyChecksums) {
      labelCrc.update(bytes.duplicate());
    }
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
    boolean retain = mappedStarts == null;
    column = switch (s.kind()) {
      case V4_STARTS -> new ColumnDecoder.Starts(s, file, verifyChecksums, retain);
      case V4_ENDS -> new ColumnDecoder.Ends(s, file, verifyChecksums, retain,
          retain ? IntBuffer.wrap(starts) : mappedStarts);
      case V4_LABEL_IDS -> new ColumnDecoder.LabelIds(s, file, verifyChecksums, retain,
          header.labelCount());
      case V4_DIRECTORY -> new ColumnDecoder.Directory(s, file, verifyChecksums, directory);
      case LABEL_ENDS -> new ColumnDecoder.LabelEnds(s, file, verifyChecksums,
          header.section(SectionKind.LABEL_BYTES).count());
      case LABEL_BYTES -> null;
    };
    if (s.kind() == SectionKind.LABEL_BYTES) {
      labelBytes = new byte[(int) s.count()];
    }
  }

  private void finishSection(Section s) throws CorruptIndexException {
    switch (s.kind()) {
      case V4_STARTS -> {
        ColumnDecoder.Starts startsColumn = (ColumnDecoder.Starts) column;
        starts = startsColumn.finish();
        directory = startsColumn.directory.finish((int) s.count());
        directoryBits = startsColumn.directory.bits();
      }
      case V4_ENDS -> ends = column.finish();
      case V4_LABEL_IDS -> labelIds = column.finish();
      case V4_DIRECTORY -> column.finish();
      case LABEL_ENDS -> labelEnds = column.finish();
      case LABEL_BYTES -> finishLabelBytes(s);
    }
    column = null;
  }

  private void finishLabelBytes(Section s) throws CorruptIndexException {
    if (verifyChecksums && (int) labelCrc.getValue() != s.crc()) {
      throw new CorruptIndexException(file, Check.SECTION_CHECKSUM, s.kind().description
          + ": the directory says CRC32C " + IndexLayout.hex(s.crc()) + ", the bytes have "
          + IndexLayout.hex((int) labelCrc.getValue()));
    }
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
    return new DecodedIndex(header, starts, ends, labelIds, directory, directoryBits, labelEnds,
        labelBytes);
  }
}
