package org.ipjoin.bench;

import java.util.List;
import java.util.Locale;

/** The report's markdown: headings, paragraphs, tables and code blocks, in the order written. */
final class MarkdownWriter {

  private final StringBuilder md = new StringBuilder();

  /** A heading followed by a blank line. */
  MarkdownWriter heading(int level, String text) {
    return line("#".repeat(level) + " " + text).blank();
  }

  /** Lines of one paragraph, then a blank line. */
  MarkdownWriter paragraph(String... lines) {
    for (String l : lines) {
      line(l);
    }
    return blank();
  }

  /** The header of a table: its column titles, and per column whether its numbers align right. */
  MarkdownWriter tableHead(List<String> titles, List<Boolean> rightAligned) {
    line("| " + String.join(" | ", titles) + " |");
    StringBuilder rule = new StringBuilder("|");
    for (boolean right : rightAligned) {
      rule.append(right ? "---:|" : "---|");
    }
    return line(rule.toString());
  }

  /** A table row; a null cell is left empty. */
  MarkdownWriter row(Object... cells) {
    StringBuilder row = new StringBuilder("|");
    for (Object c : cells) {
      row.append(' ').append(c == null ? "" : c).append(" |");
    }
    return line(row.toString());
  }

  /** One bullet per item, then a blank line; nothing for no items. */
  MarkdownWriter bullets(List<String> items) {
    if (items.isEmpty()) {
      return this;
    }
    items.forEach(i -> line("- " + i));
    return blank();
  }

  MarkdownWriter code(List<String> lines) {
    line("```");
    lines.forEach(this::line);
    return line("```").blank();
  }

  MarkdownWriter line(String text) {
    md.append(text).append('\n');
    return this;
  }

  MarkdownWriter blank() {
    md.append('\n');
    return this;
  }

  /** The markdown written so far. */
  String text() {
    return md.toString();
  }

  /** A measurement to one decimal, two below 10. Null stays empty. */
  static String num(Double v) {
    return v == null ? "" : String.format(Locale.ROOT, v < 10 ? "%.2f" : "%.1f", v);
  }

  /** {@code String.format} in the root locale, so a run's report reads the same on every machine. */
  static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
