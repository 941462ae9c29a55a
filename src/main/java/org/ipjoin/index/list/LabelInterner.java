package org.ipjoin.index.list;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * The distinct labels of a list, each stored once as UTF-8 bytes, numbered 1, 2, … in the order
 * they were first seen. Id 0 means "no label" and is never assigned. Looking a label up allocates
 * nothing: the bytes live in one growing pool, found through an open-addressing hash table, so a
 * list of millions of entries with tens of thousands of distinct labels costs a few arrays.
 */
public final class LabelInterner {

  /** The id of "no label". */
  public static final int NO_LABEL = 0;

  private byte[] pool = new byte[1024];
  private int poolUsed;
  /** Label id i occupies {@code pool[offsets[i], offsets[i + 1])}; index 0 is unused. */
  private int[] offsets = new int[64];
  private int[] hashes = new int[64];
  private int size;
  /** Slots hold ids (0 = empty); length is a power of two, at most half full. */
  private int[] slots = new int[128];
  /** The names of the attributes a label holds; empty: a label is one unnamed value. */
  private List<String> attributeNames = List.of();

  /**
   * The id of {@code bytes[from, to)}, adding it if new.
   *
   * @throws IllegalArgumentException for an empty label (that is no label: {@link #NO_LABEL})
   * @throws IllegalStateException if the labels together pass 2 GiB
   */
  public int idOf(byte[] bytes, int from, int to) {
    if (from >= to) {
      throw new IllegalArgumentException("an empty label is no label: use id " + NO_LABEL);
    }
    int hash = hash(bytes, from, to);
    int mask = slots.length - 1;
    for (int slot = hash & mask; ; slot = (slot + 1) & mask) {
      int id = slots[slot];
      if (id == 0) {
        return add(bytes, from, to, hash, slot);
      }
      if (hashes[id] == hash && equals(id, bytes, from, to)) {
        return id;
      }
    }
  }

  /**
   * The names of the attributes each label holds, its values joined by TAB, in order; empty when
   * a label is one unnamed value.
   */
  public List<String> attributeNames() {
    return attributeNames;
  }

  /** Names the attributes ({@link ListEntries#nameAttributes}, which checked them). */
  void nameAttributes(List<String> names) {
    attributeNames = List.copyOf(names);
  }

  /** The id of {@code label}, adding it if new (for tools and tests). */
  public int idOf(String label) {
    byte[] b = label.getBytes(StandardCharsets.UTF_8);
    return idOf(b, 0, b.length);
  }

  private int add(byte[] bytes, int from, int to, int hash, int slot) {
    int length = to - from;
    if ((long) poolUsed + length > Integer.MAX_VALUE - 16) {
      throw new IllegalStateException("the labels of this list pass 2 GiB together");
    }
    if (poolUsed + length > pool.length) {
      pool = Arrays.copyOf(pool, (int) Math.min(Integer.MAX_VALUE - 16,
          Math.max((long) pool.length * 2, (long) poolUsed + length)));
    }
    System.arraycopy(bytes, from, pool, poolUsed, length);
    int id = ++size;
    if (id + 1 >= offsets.length) {
      offsets = Arrays.copyOf(offsets, offsets.length * 2);
      hashes = Arrays.copyOf(hashes, hashes.length * 2);
    }
    offsets[id] = poolUsed;
    poolUsed += length;
    offsets[id + 1] = poolUsed;
    hashes[id] = hash;
    slots[slot] = id;
    if (size * 2 > slots.length) {
      rehash();
    }
    return id;
  }

  private void rehash() {
    int[] bigger = new int[slots.length * 2];
    int mask = bigger.length - 1;
    for (int id = 1; id <= size; id++) {
      int slot = hashes[id] & mask;
      while (bigger[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      bigger[slot] = id;
    }
    slots = bigger;
  }

  private boolean equals(int id, byte[] bytes, int from, int to) {
    return Arrays.equals(pool, offsets[id], offsets[id + 1], bytes, from, to);
  }

  /** FNV-1a, then spread so that the low bits used for the slot depend on every byte. */
  private static int hash(byte[] bytes, int from, int to) {
    int h = 0x811C9DC5;
    for (int i = from; i < to; i++) {
      h = (h ^ (bytes[i] & 0xFF)) * 0x01000193;
    }
    return h ^ (h >>> 16);
  }

  /** How many labels there are; their ids are 1 … size. */
  public int size() {
    return size;
  }

  /** The UTF-8 bytes of label {@code id} (1 … size), copied. */
  public byte[] bytes(int id) {
    checkId(id);
    return Arrays.copyOfRange(pool, offsets[id], offsets[id + 1]);
  }

  /** Label {@code id} (1 … size) as text. */
  public String label(int id) {
    checkId(id);
    return new String(pool, offsets[id], offsets[id + 1] - offsets[id], StandardCharsets.UTF_8);
  }

  /** Total UTF-8 bytes of all labels. */
  public long totalBytes() {
    return poolUsed;
  }

  /** Every label's bytes one after the other, in id order (a copy). */
  public byte[] concatenatedBytes() {
    return Arrays.copyOf(pool, poolUsed);
  }

  /**
   * End offsets into {@link #concatenatedBytes()}: element 0 is 0, element k the end of label k,
   * so label k is {@code [ends[k - 1], ends[k])}. The layout an index's dictionary can be built from.
   */
  public int[] endOffsets() {
    int[] ends = new int[size + 1];
    for (int id = 1; id <= size; id++) {
      ends[id] = offsets[id + 1];
    }
    return ends;
  }

  private void checkId(int id) {
    if (id < 1 || id > size) {
      throw new IllegalArgumentException("no label with id " + id + " (ids are 1 to " + size + ")");
    }
  }

  /**
   * A dictionary of only the labels marked in {@code used} (indexed by id), in the same order, and
   * the renumbering: {@code remap[oldId]} is the new id, 0 for a dropped label.
   */
  LabelInterner keepOnly(boolean[] used, int[] remap) {
    LabelInterner kept = new LabelInterner();
    kept.attributeNames = attributeNames;
    for (int id = 1; id <= size; id++) {
      if (used[id]) {
        remap[id] = kept.idOf(pool, offsets[id], offsets[id + 1]);
      }
    }
    return kept;
  }
}
