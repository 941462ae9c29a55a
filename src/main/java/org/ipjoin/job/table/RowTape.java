package org.ipjoin.job.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Parquet rows as the reader hands their values over, in order, in arrays reused batch after
 * batch (the rows of one map call, {@link ParquetRowsInputFormat}): each value with the field (a
 * node of the schema) it belongs to, each nested group's start and end, and where each row
 * starts. It is all that writing a row back needs ({@link RowWriteSupport} replays the {@link
 * #select}ed row into Parquet's record consumer) and where an address column's value is found,
 * with no object per row or value: the example {@code Group}s it replaces made a row object, a
 * list per field and a value object per value (docs/benchmarks/2026-11-27-parquet-tables.md,
 * "Faster rows").
 *
 * <p>Nodes are numbered depth first: the root (the message) is {@link #ROOT}, then each field in
 * schema order, a group's fields right after it. A number (INT32, INT64, BOOLEAN as 0 or 1, FLOAT
 * and DOUBLE as their raw bits) is kept as a long, any other value (BINARY, FIXED_LEN_BYTE_ARRAY,
 * INT96) as the reader's {@link Binary} (which Parquet keeps unchanged unless it says otherwise,
 * when it is copied).
 */
final class RowTape implements RowBatch {

  static final int ROOT = 0;
  /** The entry that ends the innermost group open. */
  static final int END = -1;

  /** Each node's type: the root's is the schema. */
  private final Type[] types;
  private final String[] names;
  /** Each node's index among its group's fields. */
  private final int[] indexes;
  /** Each node's primitive type, null for a group. */
  private final PrimitiveType[] leaves;
  /** Each group node's fields' nodes, by field index; null for a leaf. */
  private final int[][] children;
  /** The deepest nesting of groups below the root. */
  private final int depth;

  private int size;
  private int[] nodes = new int[32];
  private long[] numbers = new long[32];
  private Binary[] binaries = new Binary[32];
  /** The rows on the tape: row {@code r}'s entries start at {@code rowStarts[r]}. */
  private int rows;
  private int[] rowStarts = new int[16];
  /** The row {@link #select}ed: the one address columns read and the writer writes. */
  private int current;
  /** Per node, where its value was in the last row it was found in, from the row's start. */
  private final int[] hints;

  RowTape(MessageType schema) {
    List<Type> all = new ArrayList<>();
    List<Integer> fieldIndexes = new ArrayList<>();
    List<int[]> kids = new ArrayList<>();
    this.depth = number(schema, 0, all, fieldIndexes, kids) - 1;
    int n = all.size();
    this.types = all.toArray(new Type[0]);
    names = new String[n];
    indexes = new int[n];
    leaves = new PrimitiveType[n];
    children = kids.toArray(new int[0][]);
    for (int i = 0; i < n; i++) {
      names[i] = types[i].getName();
      indexes[i] = fieldIndexes.get(i);
      leaves[i] = types[i].isPrimitive() ? types[i].asPrimitiveType() : null;
    }
    hints = new int[n];
  }

  /** Numbers {@code type} and its fields depth first; returns the depth of groups it holds. */
  private static int number(Type type, int index, List<Type> types, List<Integer> fieldIndexes,
      List<int[]> kids) {
    int node = types.size();
    types.add(type);
    fieldIndexes.add(index);
    kids.add(null);
    if (type.isPrimitive()) {
      return 0;
    }
    GroupType group = type.asGroupType();
    int[] fields = new int[group.getFieldCount()];
    int deepest = 0;
    for (int f = 0; f < fields.length; f++) {
      fields[f] = types.size();
      deepest = Math.max(deepest, number(group.getType(f), f, types, fieldIndexes, kids));
    }
    kids.set(node, fields);
    return deepest + 1;
  }

  /** How many fields group node {@code group} has. */
  int fields(int group) {
    return children[group].length;
  }

  /** The node of field {@code f} of group node {@code group}. */
  int child(int group, int f) {
    return children[group][f];
  }

  /** The node at dotted path {@code path} from the root, or -1 when the schema has none. */
  int node(String[] path) {
    int node = ROOT;
    for (String name : path) {
      if (types[node].isPrimitive() || !types[node].asGroupType().containsField(name)) {
        return -1;
      }
      node = children[node][types[node].asGroupType().getFieldIndex(name)];
    }
    return node;
  }

  String name(int node) {
    return names[node];
  }

  int index(int node) {
    return indexes[node];
  }

  /** The node's primitive type, or null for a group. */
  PrimitiveType leaf(int node) {
    return leaves[node];
  }

  int depth() {
    return depth;
  }

  /** Drops every row. */
  void clear() {
    size = 0;
    rows = 0;
    current = 0;
  }

  /** Starts a new row after the others; it is the selected one. */
  void startRow() {
    if (rows == rowStarts.length) {
      rowStarts = Arrays.copyOf(rowStarts, 2 * rows);
    }
    rowStarts[rows] = size;
    current = rows++;
  }

  /** The rows on the tape. */
  @Override
  public int rows() {
    return rows;
  }

  /** Makes row {@code r} the one {@link #from}, {@link #to} and {@link #valueOf} are of. */
  @Override
  public void select(int r) {
    current = r;
  }

  /** The selected row's first entry. */
  int from() {
    return rowStarts[current];
  }

  /** The end of the selected row's entries, exclusive. */
  int to() {
    return current + 1 < rows ? rowStarts[current + 1] : size;
  }

  /** The start of group {@code node} (its fields' entries follow, then {@link #END}). */
  void start(int node) {
    entry(node);
  }

  void end() {
    entry(END);
  }

  void number(int node, long value) {
    // The entry first: it may grow the arrays.
    int e = entry(node);
    numbers[e] = value;
  }

  /**
   * A value the reader says it may overwrite later ({@link Binary#isBackingBytesReused}) is
   * copied: the tape holds the rows of a batch, read one after the other.
   */
  void binary(int node, Binary value) {
    int e = entry(node);
    binaries[e] = value.isBackingBytesReused() ? value.copy() : value;
  }

  private int entry(int node) {
    if (size == nodes.length) {
      nodes = Arrays.copyOf(nodes, 2 * size);
      numbers = Arrays.copyOf(numbers, 2 * size);
      binaries = Arrays.copyOf(binaries, 2 * size);
    }
    nodes[size] = node;
    return size++;
  }

  /** The entries of every row. */
  int size() {
    return size;
  }

  /** Entry {@code i}'s node, or {@link #END}. */
  int nodeAt(int i) {
    return nodes[i];
  }

  long numberAt(int i) {
    return numbers[i];
  }

  Binary binaryAt(int i) {
    return binaries[i];
  }

  /**
   * The entry of the selected row's value of leaf {@code node} (of no repeated field), or -1 when
   * the row has none: looked for first where it was in the last row (a row of a flat schema has
   * its values at the same places), then among the row's entries.
   */
  int valueOf(int node) {
    int from = from();
    int to = to();
    int hint = from + hints[node];
    if (hint < to && nodes[hint] == node) {
      return hint;
    }
    for (int e = from; e < to; e++) {
      if (nodes[e] == node) {
        hints[node] = e - from;
        return e;
      }
    }
    return -1;
  }
}
