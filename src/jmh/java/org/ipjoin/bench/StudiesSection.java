package org.ipjoin.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The dated studies and kept run reports, one markdown file each in {@code benchmarks/} beside the
 * report, listed by what each file's first heading says. Listed from the directory every time, so
 * a regenerated report links every study there is and the report never holds their text: the
 * generator owns {@code benchmarks.md} alone and never touches these files.
 */
final class StudiesSection implements ReportSection {

  /** The folder of the studies, beside {@code benchmarks.md}. */
  static final String FOLDER = "benchmarks";

  /** Newest day first (files are named {@code YYYY-MM-DD-what.md}), then by name within a day. */
  private static final Comparator<Path> NEWEST_DAY_FIRST =
      Comparator.comparing((Path p) -> day(p)).reversed().thenComparing(p -> p.getFileName().toString());

  private final Path docs;

  StudiesSection(Path docs) {
    this.docs = docs;
  }

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    md.heading(2, "Studies and earlier runs");
    List<Path> studies = studies();
    if (studies.isEmpty()) {
      md.paragraph("None yet in `" + FOLDER + "/`.");
      return;
    }
    md.paragraph("Each file says when, on what and with which command its numbers were measured. To keep a",
        "run's report above, copy its section into a new file there (`" + FOLDER + "/YYYY-MM-DD-what.md`,",
        "a `#` heading first): the next run replaces this file, and lists that one here.");
    List<String> links = new ArrayList<>();
    for (Path study : studies) {
      String name = study.getFileName().toString();
      links.add("[" + title(study).orElse(name) + "](" + FOLDER + "/" + name + ")");
    }
    md.bullets(links);
  }

  private List<Path> studies() throws IOException {
    Path folder = docs.resolve(FOLDER);
    if (!Files.isDirectory(folder)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(folder)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".md")).sorted(NEWEST_DAY_FIRST).toList();
    }
  }

  /** The text of the file's first {@code #} heading. */
  private static Optional<String> title(Path study) throws IOException {
    try (Stream<String> lines = Files.lines(study)) {
      return lines.filter(l -> l.startsWith("# ")).findFirst().map(l -> l.substring(2).strip());
    }
  }

  /** The date a file's name starts with; names without one sort last. */
  private static String day(Path p) {
    String name = p.getFileName().toString();
    return name.matches("\\d{4}-\\d{2}-\\d{2}.*") ? name.substring(0, 10) : "";
  }
}
