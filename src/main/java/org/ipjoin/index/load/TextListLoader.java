package org.ipjoin.index.load;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.ipjoin.index.list.IpListLine;
import org.ipjoin.index.list.ListContent;
import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.index.list.SortedKeys;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.IndexLayout;
import org.ipjoin.ip.Utf8Bom;

/**
 * The seed article's baseline: a {@link BufferedReader} over the text list, one String per line,
 * then sort and de-duplicate. Same line rules as {@code ipindex build} ({@link IpListLine}), and
 * strict: a line that is not an address, blank or comment fails the load with file:line, and a
 * file that is not a text list at all (an ipjoin index, gzip, UTF-16) says what it is
 * ({@link ListContent}).
 *
 * <p>Its identity (for the job's stale-index check) is the text file's length with the key count
 * and the CRC32C the same keys would have as an index payload.
 */
public final class TextListLoader implements IndexLoader {

  @Override
  public LoadedIndex load(Path file, boolean verifyChecksum) throws IOException {
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
    int[] keys = new int[1 << 16];
    int count = 0;
    long lineNumber = 0;
    BufferedInputStream buffered = new BufferedInputStream(in);
    buffered.mark(IndexLayout.MAGIC.length);
    byte[] head = buffered.readNBytes(IndexLayout.MAGIC.length);
    String notText = ListContent.whyNotText(head, head.length);
    if (notText != null) {
      throw MalformedIpListException.notATextList(name, notText);
    }
    buffered.reset();
    BufferedReader reader = new BufferedReader(
        new InputStreamReader(buffered, StandardCharsets.ISO_8859_1));
    String line;
    while ((line = reader.readLine()) != null) {
      lineNumber++;
      byte[] bytes = line.getBytes(StandardCharsets.ISO_8859_1);
      int from = lineNumber == 1 ? Utf8Bom.length(bytes, bytes.length) : 0;
      long parsed = IpListLine.parse(bytes, from, bytes.length);
      IpListLine.Kind kind = IpListLine.Kind.of(parsed);
      if (kind == IpListLine.Kind.ADDRESS) {
        if (count == keys.length) {
          keys = java.util.Arrays.copyOf(keys, count * 2);
        }
        keys[count++] = org.ipjoin.ip.IpCodec.toKey(parsed);
      } else if (!kind.isIgnorable()) {
        throw new MalformedIpListException(name, lineNumber, kind, line);
      }
    }
    SortedKeys.sort(keys, count);
    int unique = SortedKeys.dedup(keys, count);
    int[] exact = java.util.Arrays.copyOf(keys, unique);
    return new LoadedIndex(Lookups.exact(exact), IndexIdentity.ofTextList(length, exact, unique));
  }
}
