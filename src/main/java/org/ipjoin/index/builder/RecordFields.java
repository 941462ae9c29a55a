package org.ipjoin.index.builder;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The attributes {@code --fields} takes from each MaxMind DB record, in order: comma-separated
 * paths ({@link FieldPath}), each optionally named, {@code name=path}; an unnamed one is named by
 * its whole path. A record's label is its values joined by TAB, a missing one empty.
 */
public final class RecordFields {

  private final List<String> names;
  private final List<FieldPath> paths;

  private RecordFields(List<String> names, List<FieldPath> paths) {
    this.names = List.copyOf(names);
    this.paths = List.copyOf(paths);
  }

  /**
   * Parses {@code asn=autonomous_system_number,org=autonomous_system_organization} or
   * {@code country.iso_code,city.names.en}.
   *
   * @throws IllegalArgumentException with a one-line reason for an empty list or field, an empty
   *     name, a name with a TAB, or a name given twice
   */
  public static RecordFields parse(String spec) {
    if (spec.isBlank()) {
      throw new IllegalArgumentException("no field given; e.g. --fields country.iso_code or"
          + " --fields asn=autonomous_system_number,org=autonomous_system_organization");
    }
    List<String> names = new ArrayList<>();
    List<FieldPath> paths = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (String field : spec.split(",", -1)) {
      String item = field.strip();
      int equals = item.indexOf('=');
      String name = equals < 0 ? item : item.substring(0, equals).strip();
      String path = equals < 0 ? item : item.substring(equals + 1).strip();
      if (item.isEmpty()) {
        throw new IllegalArgumentException("empty field in '" + spec + "'; separate fields by"
            + " single commas");
      }
      if (name.isEmpty()) {
        throw new IllegalArgumentException("field '" + item + "' has an empty name; give"
            + " name=path or just the path");
      }
      if (name.indexOf('\t') >= 0) {
        throw new IllegalArgumentException("field name '" + name + "' holds a TAB, which"
            + " separates the attributes");
      }
      if (!seen.add(name)) {
        throw new IllegalArgumentException("field name '" + name + "' is given twice; name each"
            + " field once (name=path)");
      }
      names.add(name);
      paths.add(FieldPath.parse(path));
    }
    return new RecordFields(names, paths);
  }

  /** The attribute names, in order. */
  public List<String> names() {
    return names;
  }

  /** The paths, in the order of {@link #names}. */
  public List<FieldPath> paths() {
    return paths;
  }

  /**
   * The label of {@code record}: its values joined by TAB (a missing one empty; a TAB, CR or LF
   * inside a value becomes a space, as it would otherwise split the attributes or the output
   * line), or null when the record has none of the fields.
   */
  public String labelOf(Object record) throws FieldPath.NotAFieldValueException {
    StringBuilder label = new StringBuilder();
    boolean any = false;
    for (int i = 0; i < paths.size(); i++) {
      String value = paths.get(i).valueIn(record);
      if (i > 0) {
        label.append('\t');
      }
      if (value != null && !value.isEmpty()) {
        any = true;
        label.append(value.replace('\t', ' ').replace('\r', ' ').replace('\n', ' '));
      }
    }
    return any ? label.toString() : null;
  }

  /** As given, with names: {@code asn=autonomous_system_number,...}. */
  @Override
  public String toString() {
    List<String> fields = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String path = paths.get(i).toString();
      fields.add(names.get(i).equals(path) ? path : names.get(i) + "=" + path);
    }
    return String.join(",", fields);
  }
}
