package org.ipjoin.index.format;

import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.ip.Utf8Bom;

/**
 * Recognises, from a file's first bytes, content that is not a text IP list at all, so that the
 * build and the {@code text} read path say what the file is instead of reporting its first "line"
 * as a malformed address: an ipjoin index given where its list was meant, a compressed list, a
 * UTF-16 export.
 */
public final class ListContent {

  private ListContent() {}

  /**
   * Where the text of list {@code file} starts in its first bytes {@code head[0, length)}: after a
   * UTF-8 byte order mark, if it has one.
   *
   * @throws MalformedIpListException naming the file and what it is, when it is no text list
   */
  public static int textStart(String file, byte[] head, int length)
      throws MalformedIpListException {
    String notText = whyNotText(head, length);
    if (notText != null) {
      throw MalformedIpListException.notATextList(file, notText);
    }
    return Utf8Bom.length(head, length);
  }

  /** Why {@code head[0, length)} cannot start a text list, or null if it can. */
  public static String whyNotText(byte[] head, int length) {
    if (startsWith(head, length, IndexByteMap.MAGIC)) {
      return "is a binary ipjoin index, not a text IP list; ipindex build and --loader text read"
          + " the text list (ip.tsv), every other loader reads the index";
    }
    if (startsWith(head, length, (byte) 0x1F, (byte) 0x8B)) {
      return "is gzip-compressed, not a text IP list; decompress it first (gunzip)";
    }
    if (startsWith(head, length, (byte) 'B', (byte) 'Z', (byte) 'h')
        && length > 3 && head[3] >= '1' && head[3] <= '9') {
      return "is bzip2-compressed, not a text IP list; decompress it first (bunzip2)";
    }
    if (startsWith(head, length, (byte) 0xFF, (byte) 0xFE)
        || startsWith(head, length, (byte) 0xFE, (byte) 0xFF)) {
      return "is UTF-16 text; save the list as ASCII or UTF-8, one address per line";
    }
    return null;
  }

  private static boolean startsWith(byte[] head, int length, byte... prefix) {
    if (length < prefix.length) {
      return false;
    }
    for (int i = 0; i < prefix.length; i++) {
      if (head[i] != prefix[i]) {
        return false;
      }
    }
    return true;
  }
}
