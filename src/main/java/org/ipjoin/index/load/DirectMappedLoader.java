package org.ipjoin.index.load;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.MappedByteBuffer;
import java.nio.ShortBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.ipjoin.index.format.DecodedIndex;
import org.ipjoin.index.format.IndexDecoder;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.LoadTrust;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.lookup.IntColumn;

/**
 * {@code mmap-direct}: maps the file read-only and serves lookups from the mapping itself, with no
 * heap copy of the interval columns or the stored IPv4 lookup directory (the IPv6 directory and the
 * labels are copied). A full load runs every check in one pass over the mapping, which also pulls
 * the file into the page cache, where every map task on the node shares it; a task's trusted load
 * ({@link LoadTrust}) only checksums the sections, and with checksums off reads no interval column
 * at all, so its setup costs the same at any index size. For indexes larger than a map task's heap.
 *
 * <p>The mapping must not change while in use: replace an index by writing a new file and
 * renaming it over the old one (as {@code ipindex build} does), never by rewriting it in place: a
 * mapped file truncated under a reader makes the JVM fail with an InternalError (SIGBUS).
 *
 * <p>One mapping holds at most 2 GiB: an exact-address index of up to about 530 M addresses.
 */
public final class DirectMappedLoader implements IndexLoader {

  @Override
  public LoadedIndex load(Path file, boolean verifyChecksum, LoadTrust trust)
      throws IOException {
    String name = file.toString();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long length = channel.size();
      HeadReader head = HeadReader.of(MappedLoader.mapHead(channel, length), length, name);
      if (length > Integer.MAX_VALUE) {
        throw new IOException(name + ": " + length + " bytes exceed what one mapping holds (2 GiB);"
            + " use the nio loader with a larger map task heap");
      }
      // The mapping stays valid after the channel is closed.
      MappedByteBuffer whole = channel.map(FileChannel.MapMode.READ_ONLY, 0, length);
      IndexHeader h = head.header;
      IntBuffer starts = column(whole, h.section(SectionKind.V4_STARTS));
      LongBuffer starts6 = keys(whole, h.section(SectionKind.V6_STARTS));
      IndexDecoder decoder = IndexDecoder.inPlace(h, name, verifyChecksum, starts, starts6, trust);
      decoder.accept(whole.duplicate().position((int) decoder.position()));
      DecodedIndex d = decoder.finish();
      return new LoadedIndex(h.compact()
          ? Lookups.mappedCompact(d, shorts(whole, h.section(SectionKind.V4_SUFFIXES)),
              keys(whole, h.section(SectionKind.V4_BITMAPS)),
              shorts(whole, h.section(SectionKind.V4_BITMAP_RANKS)))
          : Lookups.mapped(d, starts, column(whole, h.section(SectionKind.V4_ENDS)),
              labelIds(whole, h.section(SectionKind.V4_LABEL_IDS)),
              column(whole, h.section(SectionKind.V4_DIRECTORY))),
          Lookups.mapped6(d, starts6, keys(whole, h.section(SectionKind.V6_ENDS)),
              labelIds(whole, h.section(SectionKind.V6_LABEL_IDS))),
          h.identity(length));
    }
  }

  private static IntBuffer column(MappedByteBuffer file, Section s) {
    return s == null ? null
        : file.slice((int) s.offset(), (int) s.length()).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
  }

  /** A label id section, i32 or u16 as its directory entry says; null when absent. */
  private static IntColumn labelIds(MappedByteBuffer file, Section s) {
    if (s == null) {
      return null;
    }
    return s.itemBytes() == Integer.BYTES ? IntColumn.of(column(file, s))
        : IntColumn.ofUnsigned(shorts(file, s));
  }

  /** A u16 section of the compact layout. */
  private static ShortBuffer shorts(MappedByteBuffer file, Section s) {
    return file.slice((int) s.offset(), (int) s.length()).order(ByteOrder.LITTLE_ENDIAN)
        .asShortBuffer();
  }

  /** An IPv6 key section as a view of its halves (or the compact bitmaps as their words). */
  private static LongBuffer keys(MappedByteBuffer file, Section s) {
    return s == null ? null
        : file.slice((int) s.offset(), (int) s.length()).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
  }
}
