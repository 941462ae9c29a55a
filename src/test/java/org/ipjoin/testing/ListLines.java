package org.ipjoin.testing;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.ListEntries;
import org.ipjoin.index.list.ListLineParser;

/** Text lines of a list through {@link ListLineParser} into {@link ListEntries}, as a build reads them. */
public final class ListLines {

  private ListLines() {}

  /**
   * The entries of {@code lines} (line numbers from 1); any line but an entry, a blank or a
   * comment line fails the test.
   */
  public static ListEntries entries(LabelColumn labels, List<String> lines) {
    ListLineParser parser = new ListLineParser(labels);
    ListEntries entries = new ListEntries(Math.max(4, lines.size()));
    long number = 0;
    for (String line : lines) {
      number++;
      byte[] b = line.getBytes(StandardCharsets.UTF_8);
      LineKind kind = parser.parse(b, 0, b.length);
      if (kind.isEntry()) {
        entries.add(parser, number);
      } else if (!kind.isIgnorable()) {
        throw new AssertionError("line " + number + " is " + kind + ": " + parser.error());
      }
    }
    return entries;
  }
}
