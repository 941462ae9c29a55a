package org.ipjoin;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.ipjoin.index.builder.IndexBuilder;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.list.IntervalNormaliser;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.ListEntries;
import org.ipjoin.index.list.ListLineParser;
import org.ipjoin.index.list.NormalisedList;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.testing.ListLines;

/**
 * Index files with ranges and labels for tests, made from a text list through the build API
 * ({@link ListLineParser} → {@link ListEntries} → {@link IntervalNormaliser} → {@link
 * IndexContent} → {@link IndexWriter}), the way {@code ipindex build} wires it.
 */
public final class BuiltIndexes {

  private BuiltIndexes() {}

  /** The list's lines (IPv4 and IPv6; any non-entry line but blank and comment lines fails the test) as content. */
  public static IndexContent content(List<String> lines, LabelColumn labels, OverlapPolicy policy) {
    NormalisedList list = IntervalNormaliser.normalise(ListLines.entries(labels, lines), policy);
    return IndexBuilder.contentOf(list, 0, lines.size());
  }

  /** The index of {@code list} (labels from the column after the entry, longest match wins). */
  public static IndexIdentity write(Path list, Path index) throws IOException {
    return write(content(Files.readAllLines(list, StandardCharsets.UTF_8), LabelColumn.DEFAULT,
        OverlapPolicy.LONGEST), index);
  }

  /** Writes {@code content} to {@code index}; returns the identity a task must load. */
  public static IndexIdentity write(IndexContent content, Path index) throws IOException {
    IndexHeader header;
    try (OutputStream out = Files.newOutputStream(index)) {
      header = IndexWriter.write(content, out);
    }
    return header.identity(Files.size(index));
  }
}
