package org.ipjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.ipjoin.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/**
 * Every test docs/reliability.md names as a proof exists: each {@code `ClassTest`} (or
 * {@code `ClassIT`}) is a class under src/test/java or src/it, and each
 * {@code `ClassTest.method`} a method declared in it; {@code `…method`} is a method of the class
 * named last before it. A renamed or deleted test then fails here instead of leaving the page
 * claiming a proof that no longer runs.
 */
class ReliabilityDocTest {

  private static final Path PROJECT = ProjectFiles.root();
  /** A test class, optionally with a method, or a method of the previous class, in backticks. */
  private static final Pattern NAME =
      Pattern.compile("`(?:([A-Z][A-Za-z0-9]*(?:Test|IT))(?:\\.([a-z][A-Za-z0-9_]*))?|…([a-z][A-Za-z0-9_]*))`");
  private static final Pattern TABLE_ROW = Pattern.compile("^\\| *\\d+ *\\|.*");

  @Test
  void everyTestThePageNamesExists() throws IOException {
    Map<String, String> sources = testSources();
    List<String> missing = new ArrayList<>();
    int names = 0;
    String previousClass = null;
    List<String> lines = Files.readAllLines(PROJECT.resolve("docs/reliability.md"),
        StandardCharsets.UTF_8);
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      // In a table row only the last column, "proved by"; the text outside the table as it is.
      String text = TABLE_ROW.matcher(line).matches() ? provedBy(line) : line;
      Matcher m = NAME.matcher(text);
      while (m.find()) {
        names++;
        String className = m.group(1) != null ? m.group(1) : previousClass;
        String method = m.group(1) != null ? m.group(2) : m.group(3);
        String where = "docs/reliability.md:" + (i + 1) + ": " + m.group();
        if (className == null) {
          missing.add(where + " (no class named before it)");
          continue;
        }
        previousClass = className;
        String source = sources.get(className);
        if (source == null) {
          missing.add(where + " (no class " + className + " under src/test/java or src/it)");
        } else if (method != null
            && !Pattern.compile("\\bvoid " + method + "\\s*\\(").matcher(source).find()) {
          missing.add(where + " (no method " + method + " in " + className + ")");
        }
      }
    }
    assertTrue(names > 100, "the page names " + names + " tests; is the pattern still right?");
    assertEquals(List.of(), missing);
  }

  /** The last column of a table row. */
  private static String provedBy(String row) {
    String trimmed = row.strip();
    trimmed = trimmed.substring(0, trimmed.length() - 1); // the closing '|'
    return trimmed.substring(trimmed.lastIndexOf(" | ") + 3);
  }

  /** Every Java source under src/test/java and src/it, by simple class name. */
  private static Map<String, String> testSources() throws IOException {
    Map<String, String> sources = new HashMap<>();
    for (String root : List.of("src/test/java", "src/it")) {
      Path dir = PROJECT.resolve(root);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
          String name = file.getFileName().toString();
          sources.merge(name.substring(0, name.length() - ".java".length()),
              Files.readString(file, StandardCharsets.UTF_8), (a, b) -> a + "\n" + b);
        }
      }
    }
    return sources;
  }
}
