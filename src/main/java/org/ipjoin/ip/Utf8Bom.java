package org.ipjoin.ip;

/**
 * The UTF-8 byte order mark (EF BB BF) that Windows tools put in front of text files. Not part of
 * any address: the IP list readers and the combined-log locator skip it before the first field.
 * Lives here, the lowest package, because both sides see the same raw bytes.
 */
public final class Utf8Bom {

  private Utf8Bom() {}

  /** 3 if {@code bytes[0, length)} starts with a UTF-8 byte order mark, else 0. */
  public static int length(byte[] bytes, int length) {
    return length(bytes, 0, length);
  }

  /** 3 if {@code bytes[from, to)} starts with a UTF-8 byte order mark, else 0. */
  public static int length(byte[] bytes, int from, int to) {
    return to - from >= 3 && bytes[from] == (byte) 0xEF && bytes[from + 1] == (byte) 0xBB
        && bytes[from + 2] == (byte) 0xBF ? 3 : 0;
  }
}
