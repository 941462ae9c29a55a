package org.ipjoin.index.builder;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * A path into a MaxMind DB record, dot-separated: {@code country.iso_code},
 * {@code city.names.en}; a segment of digits indexes an array ({@code subdivisions.0.iso_code}).
 * Its value is a string as it is, an integer in decimal or a boolean as {@code true}/{@code
 * false}; a path that leads nowhere (a key the record lacks, an index past the array, a step into
 * a string) has no value.
 */
public final class FieldPath {

  private final String text;
  private final List<String> segments;

  private FieldPath(String text, List<String> segments) {
    this.text = text;
    this.segments = segments;
  }

  /**
   * Parses {@code text}.
   *
   * @throws IllegalArgumentException for an empty path or an empty segment ({@code a..b})
   */
  public static FieldPath parse(String text) {
    if (text.isEmpty()) {
      throw new IllegalArgumentException("empty field path");
    }
    List<String> segments = List.of(text.split("\\.", -1));
    if (segments.contains("")) {
      throw new IllegalArgumentException("field path '" + text + "' has an empty segment;"
          + " give keys separated by single dots, e.g. country.iso_code");
    }
    return new FieldPath(text, segments);
  }

  /**
   * The value at this path in {@code record} (as the MaxMind reader decodes it: maps, lists,
   * strings, numbers, booleans), or null when the path leads nowhere.
   *
   * @throws NotAFieldValueException when the path reaches a map, an array, a floating-point
   *     number or bytes: no label can hold those
   */
  public String valueIn(Object record) throws NotAFieldValueException {
    Object at = record;
    for (String segment : segments) {
      at = step(at, segment);
      if (at == null) {
        return null;
      }
    }
    if (at instanceof String s) {
      return s;
    }
    if (at instanceof Integer || at instanceof Long || at instanceof Short
        || at instanceof BigInteger) {
      return at.toString();
    }
    if (at instanceof Boolean b) {
      return b.toString();
    }
    throw new NotAFieldValueException(this, kindOf(at));
  }

  private static Object step(Object at, String segment) {
    if (at instanceof Map<?, ?> map) {
      return map.get(segment);
    }
    if (at instanceof List<?> list && isIndex(segment)) {
      int index = segment.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(segment);
      return index < list.size() ? list.get(index) : null;
    }
    return null;
  }

  private static boolean isIndex(String segment) {
    return segment.chars().allMatch(c -> c >= '0' && c <= '9');
  }

  private static String kindOf(Object value) {
    if (value instanceof Map) {
      return "a map";
    }
    if (value instanceof List) {
      return "an array";
    }
    if (value instanceof Double || value instanceof Float) {
      return "a floating-point number";
    }
    if (value instanceof byte[]) {
      return "bytes";
    }
    return "a " + value.getClass().getSimpleName();
  }

  /** The path as given. */
  @Override
  public String toString() {
    return text;
  }

  /** A path that leads to a value no label can hold; the build stops, as for a wrong option. */
  public static final class NotAFieldValueException extends InvalidBuildInputException {
    private static final long serialVersionUID = 1L;

    NotAFieldValueException(FieldPath path, String kind) {
      super("--fields " + path + " is " + kind + ", not a string, integer or boolean");
    }
  }
}
