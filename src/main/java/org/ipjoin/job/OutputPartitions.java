package org.ipjoin.job;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The Hive-style partition folders ({@code name=value}) of the job's input files, kept in its
 * output: a record read from {@code <input>/dt=2026-11-27/part-0.gz} is written under
 * {@code <output>/dt=2026-11-27/}, a malformed one under {@code <output>/malformed/dt=2026-11-27/}.
 *
 * <p>A file's partition is the {@code name=value} folders between the {@code --input} it was
 * found under and the file, in order; other folders in between are no partition and are left out
 * ({@code logs/dt=1/raw/a.gz} is in {@code dt=1}). Below a glob the folders count from its fixed
 * part: {@code --input 'logs/dt=*'} keeps {@code dt=…}, {@code --input logs/dt=1} names the
 * partition itself and keeps none (its output is flat, as one job per partition always was). A
 * file directly in {@code --input} has none: its records are written at the output's top. Files of
 * one partition from several inputs share its folder (each task's part file has its own number).
 *
 * <p>A value holding a character a Hadoop path cannot start a relative name with (the {@code :}
 * of {@code hour=10:00}, read as a URI scheme) is written as Hive escapes it, {@code %3A}, so a
 * Hive-style reader reads the same value.
 *
 * <p>The driver computes each file's partition ({@link #of}) and writes them into the job ({@link
 * #writeTo}, {@code ipjoin.output.partitions}); each task reads its file's ({@link #partitionOf})
 * and writes through MultipleOutputs with the base path {@link #basePath}, whatever the output
 * format (text, a table's), so Hadoop's part-file names are kept.
 */
public final class OutputPartitions {

  /** No partition: the output's top. */
  public static final String TOP = "";

  /** No file in a partition: flat output. */
  public static final OutputPartitions NONE = new OutputPartitions(Map.of());

  private static final String GLOB_CHARACTERS = "*?[]{}\\";

  /** Per input file's URI, its partition path; files without one are not held. */
  private final Map<String, String> byFile;

  private OutputPartitions(Map<String, String> byFile) {
    this.byFile = byFile;
  }

  /** The partitions of these files (a file without one may be left out). */
  public static OutputPartitions of(Map<Path, String> partitions) {
    Map<String, String> byFile = new LinkedHashMap<>();
    partitions.forEach((file, partition) -> {
      if (!partition.isEmpty()) {
        byFile.put(key(file), partition);
      }
    });
    return new OutputPartitions(byFile);
  }

  /** Whether any file is in a partition: otherwise the output is flat, as it always was. */
  public boolean isEmpty() {
    return byFile.isEmpty();
  }

  /** The distinct partitions, sorted. */
  public List<String> partitions() {
    return new ArrayList<>(new TreeSet<>(byFile.values()));
  }

  /**
   * The partition of {@code file} found below the given (qualified) {@code --input}: its {@code
   * name=value} folders below the input's fixed part, {@code /}-joined; {@link #TOP} without.
   */
  public static String of(Path input, Path file) {
    String base = fixedPart(input.toUri().getPath());
    String dir = file.getParent() == null ? "" : file.getParent().toUri().getPath();
    if (!dir.startsWith(base) || dir.length() == base.length()) {
      return TOP;
    }
    StringBuilder partition = new StringBuilder();
    for (String segment : dir.substring(base.length()).split("/")) {
      if (segment.indexOf('=') > 0) {
        if (partition.length() > 0) {
          partition.append('/');
        }
        partition.append(segment.replace(":", "%3A"));
      }
    }
    return partition.toString();
  }

  /** {@code path} up to its first segment holding a glob character, ending in {@code /}. */
  private static String fixedPart(String path) {
    int glob = path.length();
    for (int i = 0; i < path.length(); i++) {
      if (GLOB_CHARACTERS.indexOf(path.charAt(i)) >= 0) {
        glob = i;
        break;
      }
    }
    String fixed = glob == path.length() ? path : path.substring(0, path.lastIndexOf('/', glob));
    return fixed.endsWith("/") ? fixed : fixed + "/";
  }

  /** The partition of the input file {@code file}; {@link #TOP} when it has none. */
  public String partitionOf(Path file) {
    return file == null ? TOP : byFile.getOrDefault(key(file), TOP);
  }

  /**
   * A file's key: scheme, authority and path, so that a split's {@code file:/x} and the driver's
   * {@code file:///x} (the same file, an empty authority written or not) are one.
   */
  private static String key(Path file) {
    java.net.URI uri = file.toUri();
    return uri.getScheme() + "://" + (uri.getAuthority() == null ? "" : uri.getAuthority())
        + uri.getPath();
  }

  /**
   * The MultipleOutputs base path of files named {@code name} in {@code partition} below {@code
   * folder} (empty: the output's top), e.g. {@code malformed/dt=2026-11-27/part}.
   */
  public static String basePath(String folder, String partition, String name) {
    StringBuilder path = new StringBuilder(folder);
    if (!folder.isEmpty()) {
      path.append('/');
    }
    if (!partition.isEmpty()) {
      path.append(partition).append('/');
    }
    return path.append(name).toString();
  }

  /** Writes the partitions into the job's {@code ipjoin.output.partitions}, or unsets it. */
  public void writeTo(Configuration conf) {
    if (byFile.isEmpty()) {
      conf.unset(IpJoinKeys.OUTPUT_PARTITIONS.key());
      return;
    }
    StringBuilder text = new StringBuilder();
    // One line per file: partition, tab, file (a tab or line break in either quoted).
    byFile.forEach((file, partition) -> text.append(quoted(partition)).append('\t')
        .append(quoted(file)).append('\n'));
    IpJoinKeys.OUTPUT_PARTITIONS.set(conf, text.toString());
  }

  /** What {@link #writeTo} wrote; none when unset. */
  public static OutputPartitions readFrom(Configuration conf) {
    String text = IpJoinKeys.OUTPUT_PARTITIONS.get(conf);
    Map<String, String> byFile = new LinkedHashMap<>();
    if (text != null) {
      for (String line : text.split("\n")) {
        int tab = line.indexOf('\t');
        if (tab > 0) {
          byFile.put(unquoted(line.substring(tab + 1)), unquoted(line.substring(0, tab)));
        }
      }
    }
    return new OutputPartitions(byFile);
  }

  /**
   * The partitions that hold output in {@code dir} (records or malformed ones), sorted: what
   * {@code _ipjoin.json} lists.
   */
  public List<String> written(FileSystem fs, Path dir, String malformedFolder) throws IOException {
    List<String> written = new ArrayList<>();
    for (String partition : partitions()) {
      if (fs.exists(new Path(dir, partition))
          || fs.exists(new Path(new Path(dir, malformedFolder), partition))) {
        written.add(partition);
      }
    }
    return written;
  }

  /** {@code text} without tab or line break: {@code %}, tab, CR and LF as {@code %XX}. */
  private static String quoted(String text) {
    return text.replace("%", "%25").replace("\t", "%09").replace("\n", "%0A")
        .replace("\r", "%0D");
  }

  private static String unquoted(String text) {
    return text.replace("%0D", "\r").replace("%0A", "\n").replace("%09", "\t")
        .replace("%25", "%");
  }
}
