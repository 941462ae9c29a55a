package org.ipjoin.index.load;

import java.io.IOException;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.ipjoin.index.format.DecodedIndex;
import org.ipjoin.index.format.IndexDecoder;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.LoadTrust;
import org.ipjoin.index.format.SectionKind;

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
      MappedSections sections = new MappedSections(whole, h);
      IntBuffer starts = sections.ints(SectionKind.V4_STARTS);
      LongBuffer starts6 = sections.longs(SectionKind.V6_STARTS);
      IndexDecoder decoder = IndexDecoder.inPlace(h, name, verifyChecksum, starts, starts6, trust);
      decoder.accept(whole.duplicate().position((int) decoder.position()));
      DecodedIndex d = decoder.finish();
      return new LoadedIndex(LayoutLookup.of(h.layout()).mapped(d, sections),
          Lookups.mapped6(d, starts6, sections.longs(SectionKind.V6_ENDS),
              sections.labelIds(SectionKind.V6_LABEL_IDS)),
          h.identity(length), d.history());
    }
  }
}
