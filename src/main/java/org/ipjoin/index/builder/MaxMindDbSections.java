package org.ipjoin.index.builder;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sections of a MaxMind DB file, read by the format's specification rather than by MaxMind's
 * reader: the metadata (its node count and record size, which the reader does not show), and a
 * check of the data section that the reader does not make.
 *
 * <p>The reader decodes only the records the search tree reaches, and decodes damaged bytes as
 * whatever they happen to spell: a record becomes another map, a number, or an exception of any
 * kind. {@link #verify} walks the whole data section value by value, as {@code mmdbverify} does:
 * every type known, every size within the section, every string valid UTF-8, every map key a
 * string, every pointer at the start of a value, every record the tree points at the start of a
 * value of the section, and the 16 bytes between tree and data all zero. The format has
 * no checksum, so damage that still spells valid data of the same shape cannot be found.
 */
final class MaxMindDbSections {

  /** What precedes the metadata map. */
  private static final byte[] METADATA_MARKER = {(byte) 0xAB, (byte) 0xCD, (byte) 0xEF, 'M', 'a',
      'x', 'M', 'i', 'n', 'd', '.', 'c', 'o', 'm'};
  /** Zero bytes between the search tree and the data section. */
  private static final int SEPARATOR_BYTES = 16;

  private static final int POINTER = 1;
  private static final int STRING = 2;
  private static final int DOUBLE = 3;
  private static final int BYTES = 4;
  private static final int UINT16 = 5;
  private static final int UINT32 = 6;
  private static final int MAP = 7;
  private static final int INT32 = 8;
  private static final int UINT64 = 9;
  private static final int UINT128 = 10;
  private static final int ARRAY = 11;
  private static final int BOOLEAN = 14;
  private static final int FLOAT = 15;

  private final byte[] bytes;
  private final Map<String, Object> metadata;
  private final long nodeCount;
  private final int recordSize;
  private final int dataStart;
  private final int dataEnd;

  /** A value's start, and its decoded form (null where not kept). */
  private record Decoded(int next, Object value, int type) {}

  private MaxMindDbSections(byte[] bytes, Map<String, Object> metadata, int metadataStart) {
    this.bytes = bytes;
    this.metadata = metadata;
    this.nodeCount = number(metadata.get("node_count"));
    this.recordSize = (int) number(metadata.get("record_size"));
    this.dataStart = (int) Math.min(Integer.MAX_VALUE, nodeCount * recordSize / 4 + SEPARATOR_BYTES);
    this.dataEnd = metadataStart - METADATA_MARKER.length;
  }

  /**
   * The sections of {@code bytes}, a whole file MaxMind's reader has opened (so the metadata
   * marker is there).
   *
   * @throws MalformedMaxMindDbException naming {@code file} when the metadata is no map of the
   *     format's keys
   */
  static MaxMindDbSections of(byte[] bytes, String file) throws MalformedMaxMindDbException {
    int marker = lastIndexOf(bytes, METADATA_MARKER);
    if (marker < 0) {
      throw new MalformedMaxMindDbException(file, "no metadata marker");
    }
    int start = marker + METADATA_MARKER.length;
    Walk walk = new Walk(bytes, start, bytes.length, file, "metadata", true);
    Decoded decoded = walk.value(start, 0);
    if (!(decoded.value() instanceof Map<?, ?> map) || !(map.get("node_count") instanceof Number)
        || !(map.get("record_size") instanceof Number)) {
      throw new MalformedMaxMindDbException(file, "the metadata is damaged: no map with"
          + " node_count and record_size");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> metadata = (Map<String, Object>) map;
    MaxMindDbSections sections = new MaxMindDbSections(bytes, metadata, start);
    if (sections.recordSize != 24 && sections.recordSize != 28 && sections.recordSize != 32
        || sections.dataStart > sections.dataEnd) {
      throw new MalformedMaxMindDbException(file, "the metadata is damaged: record size "
          + sections.recordSize + " and " + sections.nodeCount + " nodes do not fit the file");
    }
    return sections;
  }

  /** The metadata map as the file holds it, keys in file order. */
  Map<String, Object> metadata() {
    return metadata;
  }

  long nodeCount() {
    return nodeCount;
  }

  int recordSize() {
    return recordSize;
  }

  /**
   * Checks the separator, every value of the data section, and every data record of the search
   * tree.
   *
   * @throws MalformedMaxMindDbException naming {@code file}, what is damaged and its offset in the
   *     data section
   */
  void verify(String file) throws MalformedMaxMindDbException {
    for (int i = dataStart - SEPARATOR_BYTES; i < dataStart; i++) {
      if (bytes[i] != 0) {
        throw new MalformedMaxMindDbException(file, "the data section is damaged: the "
            + SEPARATOR_BYTES + " bytes before it (at file offset " + (dataStart - SEPARATOR_BYTES)
            + ") are not all zero");
      }
    }
    Walk walk = new Walk(bytes, dataStart, dataEnd, file, "data section", false);
    BitSet records = new BitSet();
    for (int offset = 0; dataStart + offset < dataEnd; ) {
      records.set(offset);
      offset = walk.value(dataStart + offset, 0).next() - dataStart;
    }
    BitSet reached = walk.checkPointers();
    int nodeBytes = recordSize / 4;
    for (long node = 0; node < nodeCount; node++) {
      int at = (int) (node * nodeBytes);
      for (int side = 0; side < 2; side++) {
        long record = record(at, side);
        if (record > nodeCount) {
          long offset = record - nodeCount - SEPARATOR_BYTES;
          if (offset < 0 || offset >= dataEnd - dataStart) {
            // The reader's words for the same damage, met when it walks the tree.
            throw new MalformedMaxMindDbException(file, "The MaxMind DB file's search tree is"
                + " corrupt: node " + node + " points at data section offset " + offset
                + ", past its end (" + (dataEnd - dataStart) + " bytes)");
          }
          if (!records.get((int) offset)) {
            throw new MalformedMaxMindDbException(file, "the search tree or the data section is"
                + " damaged: node " + node + " points at data section offset " + offset
                + ", where no record starts");
          }
          reached.set((int) offset);
        }
      }
    }
    // A writer writes a record because the tree or another record leads to it: one that nothing
    // reaches is what is left of a damaged one, such as a map whose size byte lost an entry.
    records.andNot(reached);
    if (!records.isEmpty()) {
      throw new MalformedMaxMindDbException(file, "the data section is damaged: a value at data"
          + " section offset " + records.nextSetBit(0) + " that neither the search tree nor a"
          + " pointer leads to (what is left of a damaged record)");
    }
  }

  /** The left (0) or right (1) record of the node at {@code at}. */
  private long record(int at, int side) {
    switch (recordSize) {
      case 24:
        return uint(at + side * 3, 3);
      case 28:
        long middle = bytes[at + 3] & 0xFF;
        return side == 0 ? (middle & 0xF0) << 20 | uint(at, 3)
            : (middle & 0x0F) << 24 | uint(at + 4, 3);
      default:
        return uint(at + side * 4, 4);
    }
  }

  private long uint(int at, int n) {
    long value = 0;
    for (int i = 0; i < n; i++) {
      value = value << 8 | (bytes[at + i] & 0xFF);
    }
    return value;
  }

  private static long number(Object value) {
    return value instanceof Number n ? n.longValue() : -1;
  }

  private static int lastIndexOf(byte[] bytes, byte[] what) {
    outer:
    for (int i = bytes.length - what.length; i >= 0; i--) {
      for (int j = 0; j < what.length; j++) {
        if (bytes[i + j] != what[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** A walk over the values of one section, by the format's rules. */
  private static final class Walk {
    /** Deeper than any real record: a loop of containers is damage, not data. */
    private static final int MAX_DEPTH = 64;

    private final byte[] b;
    private final int start;
    private final int end;
    private final String file;
    private final String section;
    private final boolean keep;
    private final BitSet starts = new BitSet();
    private final List<long[]> pointers = new ArrayList<>();

    Walk(byte[] b, int start, int end, String file, String section, boolean keep) {
      this.b = b;
      this.start = start;
      this.end = end;
      this.file = file;
      this.section = section;
      this.keep = keep;
    }

    private MalformedMaxMindDbException damaged(int at, String what) {
      return new MalformedMaxMindDbException(file, "the " + section + " is damaged: " + what
          + " at " + section + " offset " + (at - start));
    }

    private int next(int at) throws MalformedMaxMindDbException {
      if (at >= end) {
        throw damaged(at, "a value runs past the end of the section");
      }
      return b[at] & 0xFF;
    }

    Decoded value(int at, int depth) throws MalformedMaxMindDbException {
      if (depth > MAX_DEPTH) {
        throw damaged(at, "values nested more than " + MAX_DEPTH + " deep");
      }
      starts.set(at - start);
      int control = next(at);
      int type = control >>> 5;
      int p = at + 1;
      if (type == POINTER) {
        int size = (control >>> 3) & 0x3;
        long target = control & 0x7;
        for (int i = 0; i <= size; i++) {
          target = target << 8 | next(p++);
        }
        if (size == 3) {
          target &= 0xFFFFFFFFL;
        }
        target += size == 1 ? 2048 : size == 2 ? 526336 : 0;
        pointers.add(new long[] {at, target});
        if (!keep) {
          return new Decoded(p, null, POINTER);
        }
        if (target >= end - start) {
          throw damaged(at, "a pointer to offset " + target + ", past the end of the section");
        }
        // The metadata's values, for inspect: a writer may point at a string it wrote before.
        Decoded pointed = value(start + (int) target, depth + 1);
        return new Decoded(p, pointed.value(), pointed.type());
      }
      if (type == 0) {
        type = 7 + next(p++);
        if (type < 8 || type > FLOAT) {
          throw damaged(at, "unknown type " + type);
        }
      }
      long size = control & 0x1F;
      if (size >= 29) {
        int n = (int) size - 28;
        long extra = 0;
        for (int i = 0; i < n; i++) {
          extra = extra << 8 | next(p++);
        }
        size = n == 1 ? 29 + extra : n == 2 ? 285 + extra : 65821 + extra;
      }
      switch (type) {
        case MAP: {
          Map<String, Object> map = keep ? new LinkedHashMap<>() : null;
          for (long i = 0; i < size; i++) {
            int keyAt = p;
            Decoded key = value(p, depth + 1);
            if (key.type() != STRING && key.type() != POINTER) {
              throw damaged(keyAt, "a map key of type " + key.type() + ", not a string");
            }
            Decoded value = value(key.next(), depth + 1);
            if (map != null) {
              map.put(String.valueOf(key.value()), value.value());
            }
            p = value.next();
          }
          return new Decoded(p, map, MAP);
        }
        case ARRAY: {
          List<Object> list = keep ? new ArrayList<>() : null;
          for (long i = 0; i < size; i++) {
            Decoded element = value(p, depth + 1);
            if (list != null) {
              list.add(element.value());
            }
            p = element.next();
          }
          return new Decoded(p, list, ARRAY);
        }
        case BOOLEAN:
          if (size > 1) {
            throw damaged(at, "a boolean of size " + size);
          }
          return new Decoded(p, size == 1, BOOLEAN);
        default:
          break;
      }
      long maxSize = switch (type) {
        case DOUBLE -> 8;
        case FLOAT -> 4;
        case UINT16 -> 2;
        case UINT32, INT32 -> 4;
        case UINT64 -> 8;
        case UINT128 -> 16;
        case STRING, BYTES -> Integer.MAX_VALUE;
        default -> -1;
      };
      if (maxSize < 0) {
        throw damaged(at, "unknown type " + type);
      }
      if (size > maxSize || (type == DOUBLE || type == FLOAT) && size != maxSize) {
        throw damaged(at, "a value of type " + type + " and size " + size);
      }
      if (p + size > end) {
        throw damaged(at, "a value of " + size + " bytes runs past the end of the section");
      }
      int from = p;
      p += (int) size;
      Object value = null;
      if (type == STRING) {
        try {
          String text = StandardCharsets.UTF_8.newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(b, from, (int) size)).toString();
          value = keep ? text : null;
        } catch (CharacterCodingException e) {
          throw damaged(at, "a string that is not valid UTF-8");
        }
      } else if (keep && type != BYTES && type != DOUBLE && type != FLOAT) {
        long n = 0;
        for (int i = from; i < p && size <= 8; i++) {
          n = n << 8 | (b[i] & 0xFF);
        }
        value = n;
      }
      return new Decoded(p, value, type);
    }

    /**
     * Every pointer of the section leads to the start of a value the walk found.
     *
     * @return the offsets the pointers lead to
     */
    BitSet checkPointers() throws MalformedMaxMindDbException {
      BitSet targets = new BitSet();
      for (long[] pointer : pointers) {
        long target = pointer[1];
        if (target >= end - start || !starts.get((int) target)) {
          throw damaged((int) pointer[0], "a pointer to offset " + target + ", where no value"
              + " starts");
        }
        targets.set((int) target);
      }
      return targets;
    }
  }
}
