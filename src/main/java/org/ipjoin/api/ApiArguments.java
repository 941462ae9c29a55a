package org.ipjoin.api;

/**
 * The API's one rule for arguments: an invalid one fails at the call, with an {@link
 * IllegalArgumentException} naming it, never later inside Hadoop or after a job ran.
 */
final class ApiArguments {

  private ApiArguments() {}

  /** {@code value}, or an IllegalArgumentException naming {@code name} when it is null. */
  static <T> T notNull(T value, String name) {
    if (value == null) {
      throw new IllegalArgumentException(name + " must not be null");
    }
    return value;
  }

  /** {@code values}, when neither the array nor any element of it is null. */
  static String[] noNulls(String[] values, String name) {
    notNull(values, name);
    for (int i = 0; i < values.length; i++) {
      notNull(values[i], name + "[" + i + "]");
    }
    return values;
  }
}
