package org.ipjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.ipjoin.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/**
 * Every relative link in README.md and the markdown pages under docs/ points at a file of the
 * repository, and every {@code #anchor} into a markdown page names one of its headings (GitHub's
 * anchors: lower case, punctuation other than {@code -} and {@code _} dropped, spaces to
 * {@code -}, {@code -1}, {@code -2} for repeated headings). Paths such as
 * {@code docs/benchmarks/x.md} named in the text without a link must exist too.
 */
class DocLinksTest {

  private static final Path PROJECT = ProjectFiles.root();
  /** {@code [text](target)}; the text may span lines, the target may not. */
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  /** A repository path to a markdown page named in running text. */
  private static final Pattern NAMED_PAGE = Pattern.compile("(?<![\\w/.-])(docs/[\\w./-]+\\.md)");

  @Test
  void everyRelativeLinkResolvesAndEveryAnchorExists() throws IOException {
    List<String> broken = new ArrayList<>();
    int links = 0;
    for (Path page : pages()) {
      String text = withoutCodeBlocks(Files.readString(page, StandardCharsets.UTF_8));
      Matcher m = LINK.matcher(text);
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
          continue; // https:, mailto: and the like
        }
        links++;
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        String where = PROJECT.relativize(page) + ": (" + target + ")";
        if (!resolved.startsWith(PROJECT) || !Files.exists(resolved)) {
          broken.add(where + ": no file " + PROJECT.relativize(resolved));
        } else if (anchor != null) {
          if (!resolved.toString().endsWith(".md")) {
            broken.add(where + ": an anchor into a file that is not markdown");
          } else if (!anchors(resolved).contains(anchor)) {
            broken.add(where + ": no heading with anchor #" + anchor + " in "
                + PROJECT.relativize(resolved) + " (anchors: " + anchors(resolved) + ")");
          }
        }
      }
    }
    assertTrue(broken.isEmpty(), String.join("\n", broken));
    assertTrue(links > 50, "links were found: " + links);
  }

  @Test
  void everyPageNamedInTheTextExists() throws IOException {
    List<String> missing = new ArrayList<>();
    for (Path page : pages()) {
      Matcher m = NAMED_PAGE.matcher(Files.readString(page, StandardCharsets.UTF_8));
      while (m.find()) {
        if (!Files.exists(PROJECT.resolve(m.group(1)))) {
          missing.add(PROJECT.relativize(page) + " names " + m.group(1));
        }
      }
    }
    assertTrue(missing.isEmpty(), String.join("\n", missing));
  }

  @Test
  void anchorsAreGithubs() {
    assertEquals(List.of("checking-_ipjoinjson", "text-lists-iptsv-line-rules-listlineparser",
            "output-failures-and-exit-codes", "counters", "counters-1"),
        List.copyOf(anchorsOf(List.of("## Checking `_ipjoin.json`",
            "## Text lists (`ip.tsv`): line rules (`ListLineParser`)",
            "## Output, failures and exit codes", "## Counters", "### Counters"))));
  }

  /** README.md and every markdown page under docs/. */
  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(PROJECT.resolve("README.md"));
    try (Stream<Path> docs = Files.walk(PROJECT.resolve("docs"))) {
      pages.addAll(docs.filter(p -> p.toString().endsWith(".md")).sorted().collect(Collectors.toList()));
    }
    return pages;
  }

  private static final Map<Path, Set<String>> ANCHORS = new HashMap<>();

  private static Set<String> anchors(Path page) throws IOException {
    Set<String> known = ANCHORS.get(page);
    if (known == null) {
      String text = withoutCodeBlocks(Files.readString(page, StandardCharsets.UTF_8));
      known = anchorsOf(text.lines().filter(l -> l.startsWith("#")).collect(Collectors.toList()));
      ANCHORS.put(page, known);
    }
    return known;
  }

  /** GitHub's anchors of these heading lines, in order. */
  static Set<String> anchorsOf(List<String> headings) {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    for (String heading : headings) {
      String title = heading.replaceFirst("^#+\\s*", "").strip();
      String slug = title.toLowerCase(Locale.ROOT)
          .replaceAll("[^\\p{L}\\p{N} _-]", "")
          .replace(' ', '-');
      int n = seen.merge(slug, 1, Integer::sum) - 1;
      anchors.add(n == 0 ? slug : slug + "-" + n);
    }
    return anchors;
  }

  /** The text with fenced code blocks blanked out (their lines are neither links nor headings). */
  private static String withoutCodeBlocks(String text) {
    StringBuilder kept = new StringBuilder();
    boolean inFence = false;
    for (String line : text.split("\n", -1)) {
      if (line.startsWith("```")) {
        inFence = !inFence;
        kept.append('\n');
      } else {
        kept.append(inFence ? "" : line).append('\n');
      }
    }
    return kept.toString();
  }

}
