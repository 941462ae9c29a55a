package org.ipjoin.index.lookup;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The labels of an index, each stored once: label id {@code k} (1-based) is the UTF-8 bytes
 * {@code bytes[ends[k - 1], ends[k])} with {@code ends[0] = 0}. Id 0 means "no label" (an entry
 * of a list without a label column); the job then writes {@code 1}, as for an exact-address list.
 */
public final class LabelDictionary {

  /** The dictionary of a list without labels. */
  public static final LabelDictionary NONE = new LabelDictionary(new byte[0], new int[] {0});

  private final byte[] bytes;
  private final int[] ends;
  private final List<String> attributeNames;

  /**
   * @param bytes every label's UTF-8 bytes, one after the other
   * @param ends {@code ends[0] = 0}, then the end offset of each label: non-decreasing, last = bytes.length
   */
  public LabelDictionary(byte[] bytes, int[] ends) {
    this(bytes, ends, List.of());
  }

  /**
   * @param attributeNames the names of the attributes each label holds, in order, its values
   *     joined by TAB; empty for an index whose label is one unnamed value
   */
  public LabelDictionary(byte[] bytes, int[] ends, List<String> attributeNames) {
    this.bytes = bytes;
    this.ends = ends;
    this.attributeNames = List.copyOf(attributeNames);
  }

  /**
   * The attribute names, in column order: a label of an index built with several attributes is
   * their values joined by TAB. Empty when each label is one unnamed value.
   */
  public List<String> attributeNames() {
    return attributeNames;
  }

  /** Number of labels (ids 1 .. count). */
  public int count() {
    return ends.length - 1;
  }

  public int offset(int id) {
    return ends[id - 1];
  }

  public int length(int id) {
    return ends[id] - ends[id - 1];
  }

  /** The backing bytes: label {@code id} is {@code [offset(id), offset(id) + length(id))}. */
  public byte[] bytes() {
    return bytes;
  }

  /** Label {@code id} as text (tools and tests; the job copies the bytes). */
  public String label(int id) {
    return new String(bytes, offset(id), length(id), StandardCharsets.UTF_8);
  }

  public long heapBytes() {
    return bytes.length + 4L * ends.length;
  }
}
