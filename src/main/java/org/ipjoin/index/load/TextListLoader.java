package org.ipjoin.index.load;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.ListContent;
import org.ipjoin.index.format.LoadTrust;
import org.ipjoin.index.list.IntervalNormaliser;
import org.ipjoin.index.list.LabelAttributes;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.ListEntries;
import org.ipjoin.index.list.ListLineParser;
import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.index.list.NormalisedList;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.ip.Utf8Bom;

/**
 * The baseline of the published comparison: a {@link BufferedReader} over the text list, one
 * String per line. Each line is read by {@code ipindex build}'s rules ({@link ListLineParser}, its
 * bytes; labels from the column after the entry), the entries normalised as {@code ipindex build}
 * does with its defaults ({@link IntervalNormaliser}, overlap policy {@code longest}), so the
 * lookup answers as the index built from the same list with default options would, for IPv4 and
 * IPv6 entries alike (the IPv6 intervals as an {@link org.ipjoin.index.lookup.Ipv6IntervalIndex}).
 * Strict: a malformed line fails the load with {@code file:line: } and the parser's reason; a file
 * that is not a text list at all (an ipjoin index, gzip, UTF-16) says what it is
 * ({@link ListContent}).
 *
 * <p>Its identity (for the job's stale-index check) is the text file's length, the interval count
 * and a CRC32C over the intervals and their labels ({@link IndexIdentity#ofTextList}).
 */
public final class TextListLoader implements IndexLoader {

  /**
   * A text list has no checksums and no stored directory: it is always parsed and normalised in
   * full, whatever {@code trust} says (the driver does not verify text lists before submitting).
   */
  @Override
  public LoadedIndex load(Path file, boolean verifyChecksum, LoadTrust trust) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return load(in, file.toString(), Files.size(file));
    }
  }

  /**
   * Loads a list from any stream with the same rules and the same identity as {@link #load(Path,
   * boolean)}: the job driver uses it to read the list through a Hadoop FileSystem and pin the
   * identity every task must then load. Does not close {@code in}.
   *
   * @param name the list's name, for error messages (file:line)
   * @param length the list's length in bytes, which is part of its identity
   */
  public LoadedIndex load(InputStream in, String name, long length) throws IOException {
    NormalisedList list = normalised(in, name);
    return new LoadedIndex(Lookups.ofList(list), Lookups.ofList6(list),
        IndexIdentity.ofTextList(length, list));
  }

  /**
   * The list {@code in} holds, read and normalised by the rules above; also each snapshot of a
   * history index ({@code ipindex build --as-of-from-file}). Does not close {@code in}.
   */
  public static NormalisedList normalised(InputStream in, String name) throws IOException {
    return normalised(in, name, LabelColumn.DEFAULT);
  }

  /**
   * As {@link #normalised(InputStream, String)}, each entry's label read from {@code labels}: a
   * history index's snapshots as {@code ipindex build --labels} reads a list. With attributes the
   * list's first line that is no blank or comment may be a header line, as for a plain build: it
   * gives the columns their names, and the list's labels carry the names ({@link
   * org.ipjoin.index.list.LabelInterner#attributeNames}).
   *
   * @throws IllegalArgumentException naming {@code name:line} when the attributes select a
   *     heading the list's header line lacks, or the list has none
   */
  public static NormalisedList normalised(InputStream in, String name, LabelColumn labels)
      throws IOException {
    ListLineParser parser = new ListLineParser(labels);
    ListEntries entries = new ListEntries(1 << 16);
    LabelAttributes attributes = labels.attributes();
    boolean headerAhead = attributes != null;
    long lineNumber = 0;
    BufferedReader reader = lines(in, name);
    String line;
    while ((line = reader.readLine()) != null) {
      lineNumber++;
      byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
      int from = lineNumber == 1 ? Utf8Bom.length(bytes, bytes.length) : 0;
      LineKind kind = parser.parse(bytes, from, bytes.length);
      if (headerAhead && !kind.isIgnorable()) {
        headerAhead = false;
        List<String> headings = parser.headings(bytes, from, bytes.length);
        LabelAttributes.Resolved resolved;
        try {
          resolved = attributes.resolve(headings);
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(name + ":" + lineNumber + ": " + e.getMessage(), e);
        }
        parser.attributeColumns(resolved.columns());
        entries.nameAttributes(resolved.names());
        if (headings != null) {
          continue;
        }
        kind = parser.parse(bytes, from, bytes.length); // again, with the attributes' columns
      }
      if (kind.isEntry()) {
        entries.add(parser, lineNumber);
      } else if (kind == LineKind.MALFORMED) {
        throw MalformedIpListException.of(name, lineNumber, parser.error());
      }
    }
    return IntervalNormaliser.normalise(entries, OverlapPolicy.LONGEST);
  }

  /**
   * The lines of the text list {@code in} (ISO-8859-1: a line's chars are its bytes), once its
   * first bytes show it is one: a file that is not (an index, gzip, UTF-16) fails naming what it
   * is. Does not close {@code in}.
   */
  public static BufferedReader lines(InputStream in, String name) throws IOException {
    BufferedInputStream buffered = new BufferedInputStream(in);
    buffered.mark(IndexByteMap.MAGIC.length);
    byte[] head = buffered.readNBytes(IndexByteMap.MAGIC.length);
    String notText = ListContent.whyNotText(head, head.length);
    if (notText != null) {
      throw MalformedIpListException.notATextList(name, notText);
    }
    buffered.reset();
    return new BufferedReader(new InputStreamReader(buffered, StandardCharsets.ISO_8859_1));
  }
}
