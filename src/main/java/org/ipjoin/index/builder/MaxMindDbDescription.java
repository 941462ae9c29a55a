package org.ipjoin.index.builder;

import com.maxmind.db.CHMCache;
import com.maxmind.db.DatabaseRecord;
import com.maxmind.db.InvalidDatabaseException;
import com.maxmind.db.InvalidNetworkException;
import com.maxmind.db.Networks;
import com.maxmind.db.Reader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What {@code ipindex inspect db.mmdb} shows of a MaxMind DB, so that a user can write
 * {@code --fields}: the metadata (database type, build date, IP version, search tree, languages,
 * description) and the field paths the records of its first networks hold, each with an example
 * value and how many of those records hold it, in the dot form {@code --fields} takes
 * ({@code subdivisions.0.iso_code}). The file is checked as the build checks it
 * ({@link MaxMindDbSections#verify}).
 */
public final class MaxMindDbDescription {

  /** Records sampled for their field paths: enough to meet every kind a real database holds. */
  public static final int SAMPLE_NETWORKS = 1000;
  /** Longest example value shown; longer ones are cut. */
  private static final int MAX_EXAMPLE_CHARS = 60;

  private MaxMindDbDescription() {}

  /** Whether {@code path} is read as a MaxMind DB ({@code .mmdb}, any case), as by the build. */
  public static boolean isMaxMindDb(Path path) {
    return MaxMindDbInputs.isMaxMindDb(path);
  }

  /** One field path of the sampled records: an example value and in how many records it is. */
  private static final class Field {
    private final String example;
    private int records;

    Field(String example) {
      this.example = example;
    }
  }

  /**
   * The lines describing {@code path}.
   *
   * @throws MalformedMaxMindDbException naming the file when it is no MaxMind DB or damaged
   */
  public static List<String> describe(FileSystem fs, Path path) throws IOException {
    String name = path.toString();
    byte[] whole;
    try (InputStream in = IndexBuilder.withoutChecksumFiles(fs).open(path)) {
      whole = in.readAllBytes();
    }
    List<String> lines = new ArrayList<>();
    try (Reader reader = new Reader(new ByteArrayInputStream(whole), new CHMCache())) {
      MaxMindDbSections sections = MaxMindDbSections.of(whole, name);
      sections.verify(name);
      Map<String, Object> metadata = sections.metadata();
      lines.add(line("file", name));
      lines.add(line("format", "MaxMind DB " + metadata.get("binary_format_major_version") + "."
          + metadata.get("binary_format_minor_version") + String.format(Locale.ROOT,
              ", %,d bytes, data section verified", whole.length)));
      lines.add(line("database type", String.valueOf(metadata.get("database_type"))));
      Object epoch = metadata.get("build_epoch");
      lines.add(line("build date", epoch instanceof Number n
          ? Instant.ofEpochSecond(n.longValue()) + " (epoch " + n + ")" : "none"));
      lines.add(line("IP version", String.valueOf(metadata.get("ip_version"))));
      lines.add(line("search tree", String.format(Locale.ROOT, "%,d nodes, %d-bit records",
          sections.nodeCount(), sections.recordSize())));
      Object languages = metadata.get("languages");
      lines.add(line("languages", languages instanceof List<?> list && !list.isEmpty()
          ? String.join(", ", list.stream().map(String::valueOf).toList()) : "none"));
      if (metadata.get("description") instanceof Map<?, ?> description) {
        for (Map.Entry<?, ?> e : new TreeMap<>(description).entrySet()) {
          lines.add(line("description", e.getKey() + ": " + e.getValue()));
        }
      }
      Map<String, Field> fields = new TreeMap<>();
      int sampled = 0;
      Networks<Object> networks = reader.networks(false, Object.class);
      while (sampled < SAMPLE_NETWORKS && networks.hasNext()) {
        DatabaseRecord<Object> record = networks.next();
        sampled++;
        Map<String, Field> seen = new TreeMap<>();
        walk(record.getData(), "", seen);
        seen.forEach((path1, field) -> fields.computeIfAbsent(path1, p -> field).records++);
      }
      lines.add(String.format(Locale.ROOT, "fields of the records of the first %,d networks (for"
          + " --fields; a floating-point number or bytes is no --fields value):", sampled));
      int width = fields.keySet().stream().mapToInt(String::length).max().orElse(0);
      for (Map.Entry<String, Field> e : fields.entrySet()) {
        lines.add(String.format(Locale.ROOT, "  %-" + width + "s  %s  (%,d of %,d)", e.getKey(),
            e.getValue().example, e.getValue().records, sampled));
      }
    } catch (InvalidDatabaseException | InvalidNetworkException e) {
      throw new MalformedMaxMindDbException(name,
          String.valueOf(e.getMessage()).replace(" (<InputStream>)", "").replaceAll("\\s+", " "));
    }
    return lines;
  }

  private static String line(String key, String value) {
    return String.format(Locale.ROOT, "%-14s %s", key, value);
  }

  /** Every leaf under {@code value}, by its dot path from {@code prefix}. */
  private static void walk(Object value, String prefix, Map<String, Field> into) {
    if (value instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> e : map.entrySet()) {
        walk(e.getValue(), prefix.isEmpty() ? String.valueOf(e.getKey())
            : prefix + "." + e.getKey(), into);
      }
    } else if (value instanceof List<?> list) {
      for (int i = 0; i < list.size(); i++) {
        walk(list.get(i), prefix.isEmpty() ? Integer.toString(i) : prefix + "." + i, into);
      }
    } else if (!prefix.isEmpty()) {
      into.putIfAbsent(prefix, new Field(example(value)));
    }
  }

  private static String example(Object value) {
    if (value instanceof String text) {
      String cut = text.length() > MAX_EXAMPLE_CHARS
          ? text.substring(0, MAX_EXAMPLE_CHARS) + "..." : text;
      return "'" + cut.replaceAll("\\p{Cntrl}", " ") + "'";
    }
    if (value instanceof byte[] bytes) {
      return bytes.length + " bytes";
    }
    return String.valueOf(value);
  }
}
