package org.ipjoin.index.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.ipjoin.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/**
 * docs/index-format.md and {@link IndexByteMap} describe the same bytes: the byte map in the doc
 * (its first fenced block) is the {@code <pre>} block of IndexByteMap's Javadoc, line for line, and
 * the doc's section table names every {@link SectionKind} with its code; the map of the history
 * section in the doc's History part is the {@code <pre>} block of {@link ListingHistory}'s.
 */
class IndexFormatDocTest {

  private static final Path PROJECT = ProjectFiles.root();
  private static final Path DOC = PROJECT.resolve(Path.of("docs", "index-format.md"));
  private static final Path SOURCE = PROJECT.resolve(
      Path.of("src", "main", "java", "org", "ipjoin", "index", "format", "IndexByteMap.java"));

  private static final Path HISTORY_SOURCE = PROJECT.resolve(
      Path.of("src", "main", "java", "org", "ipjoin", "index", "format", "ListingHistory.java"));

  private static List<String> javadocByteMap() throws IOException {
    return javadocByteMap(SOURCE);
  }

  private static List<String> javadocByteMap(Path file) throws IOException {
    String source = Files.readString(file, StandardCharsets.UTF_8);
    String pre = source.substring(source.indexOf(" * <pre>\n") + " * <pre>\n".length(),
        source.indexOf(" * </pre>"));
    return pre.lines().map(l -> l.startsWith(" * ") ? l.substring(3) : l.substring(2))
        .collect(Collectors.toList());
  }

  private static List<String> docByteMap() throws IOException {
    return docByteMap(0);
  }

  /** The first fenced block of the doc after {@code at}. */
  private static List<String> docByteMap(int at) throws IOException {
    String doc = Files.readString(DOC, StandardCharsets.UTF_8);
    int from = doc.indexOf("```\n", at) + 4;
    return doc.substring(from, doc.indexOf("```\n", from)).lines().collect(Collectors.toList());
  }

  @Test
  void theDocsByteMapIsIndexLayouts() throws IOException {
    List<String> javadoc = javadocByteMap();
    assertTrue(javadoc.size() > 40, "the Javadoc byte map was found");
    assertEquals(javadoc, docByteMap());
  }

  @Test
  void theDocsHistoryMapIsListingHistorys() throws IOException {
    List<String> javadoc = javadocByteMap(HISTORY_SOURCE);
    assertTrue(javadoc.size() > 8, "the Javadoc map of the history section was found");
    String doc = Files.readString(DOC, StandardCharsets.UTF_8);
    assertEquals(javadoc, docByteMap(doc.indexOf("\n### History")));
  }

  @Test
  void theDocsSectionTableNamesEveryKind() throws IOException {
    String doc = Files.readString(DOC, StandardCharsets.UTF_8);
    for (SectionKind kind : SectionKind.values()) {
      assertTrue(doc.contains("| " + kind.code + " | `" + kind.name() + "` |"), kind.name());
    }
  }
}
