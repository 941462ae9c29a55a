package org.ipjoin.job;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

/**
 * The indexes of a join, in the order given: resolved once in the driver from {@code
 * ipjoin.index.path} and {@code ipjoin.index.loader} ({@link #resolve}), written back into the
 * job's Configuration in a form without ambiguity ({@link #writeTo}) and read from it by every
 * task ({@link #of}).
 *
 * <p>An index is given as {@code [NAME=]PATH[:ATTRS]}. A name is a short identifier before the
 * first {@code =} ({@code [A-Za-z][A-Za-z0-9_-]*}); without one the index is named after its file
 * ({@code geo.ipidx} is {@code geo}), so a path holding {@code =} (Hive-style folders such as
 * {@code hdfs:///ref/dt=2026-11-21/geo.ipidx}) is still a path, and so is any text naming an
 * existing file. {@code :ATTRS} after the file name chooses attributes for output ({@code
 * asn=asn.ipidx:org} or {@code :org,number}); a colon that belongs to the file name is written
 * {@code \:} (the driver refuses such a file: Hadoop cannot open it). Several indexes are one
 * comma-separated list in the key ({@link IndexSpecs}).
 *
 * <p>The loader key is a read path for every index, optionally followed by {@code NAME=READPATH}
 * items for single indexes ({@code nio,geo=mmap-direct}).
 */
public final class JoinIndexes {

  /** What an index name looks like. */
  public static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");
  /** {@link #NAME} in words, for messages. */
  private static final String NAME_RULE = "a letter, then letters, digits, '_' or '-'";
  private static final Pattern ATTRIBUTES =
      Pattern.compile("[A-Za-z][A-Za-z0-9_-]*(,[A-Za-z][A-Za-z0-9_-]*)*");

  /** The name of the one index of a task configured without {@code ipjoin.index.path}. */
  private static final String UNNAMED = "index";

  private final List<JoinIndex> indexes;

  public JoinIndexes(List<JoinIndex> indexes) {
    this.indexes = List.copyOf(indexes);
  }

  /**
   * The driver's reading of the user's keys.
   *
   * @param isFile whether a text names an existing file (then it is a path, whatever it holds)
   * @throws IpJoinException USAGE: no index, a bad or duplicate name, a bad loader item
   */
  public static JoinIndexes resolve(Configuration conf, Predicate<String> isFile)
      throws IpJoinException {
    List<String> specs = IndexSpecs.split(IpJoinKeys.INDEX_PATH.get(conf));
    if (specs.isEmpty()) {
      throw IpJoinException.usage("missing --index (or -D " + IpJoinKeys.INDEX_PATH.key()
          + "=...)");
    }
    List<String[]> parsed = new ArrayList<>();
    for (String spec : specs) {
      parsed.add(parse(spec, isFile));
    }
    if (parsed.size() > 1) {
      refuseUnnameable(specs, parsed);
    }
    refuseDuplicates(parsed);
    Map<String, ReadPath> loaders = loaders(conf, parsed.stream().map(p -> p[0]).toList());
    List<JoinIndex> indexes = new ArrayList<>();
    for (String[] p : parsed) {
      indexes.add(new JoinIndex(p[0], p[1], loaders.getOrDefault(p[0], loaders.get("")),
          p[2].isEmpty() ? List.of() : List.of(p[2].split(","))));
    }
    return new JoinIndexes(indexes);
  }

  /**
   * A task's reading of what {@link #writeTo} wrote; a task of a job made without the driver
   * (tests of the mapper) has one index named {@value #UNNAMED}.
   */
  public static JoinIndexes of(Configuration conf) {
    try {
      if (IpJoinKeys.INDEX_PATH.get(conf) == null) {
        return new JoinIndexes(List.of(new JoinIndex(UNNAMED, "",
            loaders(conf, List.of(UNNAMED)).get(""), List.of())));
      }
      return resolve(conf, text -> false);
    } catch (IpJoinException e) {
      throw new IllegalArgumentException(String.join("; ", e.problems()), e);
    }
  }

  /** {@code [name, path, attributes]} of one {@code [NAME=]PATH[:ATTRS]}. */
  private static String[] parse(String spec, Predicate<String> isFile) throws IpJoinException {
    String name = null;
    String rest = spec;
    int eq = spec.indexOf('=');
    if (eq > 0 && !isFile.test(spec)) {
      String before = spec.substring(0, eq);
      if (NAME.matcher(before).matches()) {
        name = before;
        rest = spec.substring(eq + 1);
      } else if (before.indexOf('/') < 0 && before.indexOf(':') < 0) {
        // No folder and no scheme before the '=': meant as a name, not as a path.
        throw IpJoinException.usage("--index '" + OneLine.of(spec) + "': '" + OneLine.of(before)
            + "' is no index name (" + NAME_RULE + ") and no file " + OneLine.of(spec)
            + " exists");
      }
      if (name != null && WhereParser.isKeyword(name)) {
        throw IpJoinException.usage("--index '" + OneLine.of(spec) + "': '" + name + "' is a"
            + " --where keyword (and, or, not), which --where could not name; choose another"
            + " name");
      }
    }
    String attributes = "";
    int colon = lastUnescapedColon(rest);
    if (colon == rest.length() - 1 && colon > rest.lastIndexOf('/') && !isFile.test(rest)) {
      throw IpJoinException.usage("--index '" + OneLine.of(spec) + "' ends with ':' and no"
          + " attributes; write PATH:ATTRIBUTE[,ATTRIBUTE...] or leave the ':' out");
    }
    if (colon > rest.lastIndexOf('/') && colon > 0 && !isFile.test(rest)
        && ATTRIBUTES.matcher(rest.substring(colon + 1)).matches()) {
      attributes = rest.substring(colon + 1);
      rest = rest.substring(0, colon);
    }
    String path = rest.replace("\\:", ":");
    if (path.isBlank()) {
      throw IpJoinException.usage("--index '" + OneLine.of(spec) + "' names no file; give"
          + " --index [NAME=]PATH[:ATTRIBUTES]");
    }
    return new String[] {name == null ? defaultName(path) : name, path, attributes};
  }

  private static int lastUnescapedColon(String text) {
    for (int i = text.length() - 1; i >= 0; i--) {
      if (text.charAt(i) == ':' && (i == 0 || text.charAt(i - 1) != '\\')) {
        return i;
      }
    }
    return -1;
  }

  /**
   * The name of an index given without one: its file name without {@code .ipidx}, each character
   * a name cannot hold replaced by {@code _} ({@code hit.v2.ipidx} is {@code hit_v2}), so that
   * {@code --where}, {@code --count-by} and {@code --loader NAME=} can name it.
   */
  static String defaultName(String path) {
    String file = path.substring(path.lastIndexOf('/') + 1);
    String name = file.endsWith(".ipidx") && file.length() > ".ipidx".length()
        ? file.substring(0, file.length() - ".ipidx".length()) : file;
    return name.replaceAll("[^A-Za-z0-9_-]", "_");
  }

  /**
   * With several indexes every name matters: one named after a file whose name does not make a
   * name (a digit first, a keyword) is refused with the way to name it.
   */
  private static void refuseUnnameable(List<String> specs, List<String[]> parsed)
      throws IpJoinException {
    List<String> problems = new ArrayList<>();
    for (int k = 0; k < parsed.size(); k++) {
      String name = parsed.get(k)[0];
      if (!NAME.matcher(name).matches() || WhereParser.isKeyword(name)) {
        problems.add("--index '" + OneLine.of(specs.get(k)) + "' would be named '"
            + OneLine.of(name) + "' after its file, which is no index name (" + NAME_RULE
            + ", not and, or, not); name it: --index NAME=PATH");
      }
    }
    if (!problems.isEmpty()) {
      throw IpJoinException.usage(problems);
    }
  }

  private static void refuseDuplicates(List<String[]> parsed) throws IpJoinException {
    Map<String, List<String>> byName = new LinkedHashMap<>();
    for (String[] p : parsed) {
      byName.computeIfAbsent(p[0], n -> new ArrayList<>()).add(p[1]);
    }
    List<String> problems = new ArrayList<>();
    byName.forEach((name, paths) -> {
      if (paths.size() > 1) {
        problems.add("index name '" + OneLine.of(name) + "' is given to " + paths.size()
            + " indexes (" + OneLine.of(String.join(", ", paths)) + "); name each one:"
            + " --index NAME=PATH");
      }
    });
    if (!problems.isEmpty()) {
      throw IpJoinException.usage(problems);
    }
  }

  /** The read path of every index under key "" and the ones named for single indexes. */
  private static Map<String, ReadPath> loaders(Configuration conf, List<String> names)
      throws IpJoinException {
    Map<String, ReadPath> loaders = new LinkedHashMap<>();
    loaders.put("", ReadPath.fromName(IpJoinKeys.LOADER.defaultValue()));
    for (String item : IndexSpecs.split(IpJoinKeys.LOADER.get(conf))) {
      int eq = item.indexOf('=');
      String name = eq < 0 ? "" : item.substring(0, eq).trim();
      if (!name.isEmpty() && !names.contains(name)) {
        throw IpJoinException.usage("bad loader: '" + OneLine.of(item) + "' names no index; the"
            + " indexes: " + String.join(", ", names));
      }
      try {
        loaders.put(name, ReadPath.fromName(item.substring(eq + 1)));
      } catch (IllegalArgumentException e) {
        throw IpJoinException.usage("bad loader: " + e.getMessage());
      }
    }
    return loaders;
  }

  /**
   * Writes the indexes into {@code ipjoin.index.path} and {@code ipjoin.index.loader} so that
   * {@link #of} reads them back without looking at any file: a name is written when it is not the
   * file's own or the path holds {@code =}, a colon of the file name as {@code \:}. One index
   * named after its file is written as its path alone, as it always was.
   */
  public void writeTo(Configuration conf) {
    List<String> specs = new ArrayList<>();
    for (JoinIndex index : indexes) {
      String path = index.path();
      int slash = path.lastIndexOf('/');
      String written = path.substring(0, slash + 1) + path.substring(slash + 1).replace(":", "\\:");
      boolean named = !index.name().equals(defaultName(path)) || path.contains("=");
      specs.add((named ? index.name() + "=" : "") + written
          + (index.attributes().isEmpty() ? "" : ":" + String.join(",", index.attributes())));
    }
    IpJoinKeys.INDEX_PATH.set(conf, IndexSpecs.join(specs));
    ReadPath common = indexes.get(0).readPath();
    List<String> loaders = new ArrayList<>(List.of(common.externalName()));
    for (JoinIndex index : indexes) {
      if (index.readPath() != common) {
        loaders.add(index.name() + "=" + index.readPath().externalName());
      }
    }
    IpJoinKeys.LOADER.set(conf, IndexSpecs.join(loaders));
  }

  /**
   * The value of {@code ipjoin.index.path} or {@code ipjoin.index.loader} for items given one by
   * one ({@code --index} and {@code --loader} repeated): commas inside an item escaped.
   */
  public static String keyValue(List<String> items) {
    return IndexSpecs.join(items);
  }

  public List<JoinIndex> list() {
    return indexes;
  }

  public int size() {
    return indexes.size();
  }

  public JoinIndex get(int k) {
    return indexes.get(k);
  }

  public List<String> names() {
    return indexes.stream().map(JoinIndex::name).toList();
  }

  /**
   * The distributed-cache link name of index {@code k}: {@link IndexCacheFile#LINK_NAME} for the
   * first, as a one-index job always had, then {@code ipindex-1}, {@code ipindex-2}...
   */
  public static String linkName(int k) {
    return k == 0 ? IndexCacheFile.LINK_NAME : IndexCacheFile.LINK_NAME + "-" + k;
  }
}
