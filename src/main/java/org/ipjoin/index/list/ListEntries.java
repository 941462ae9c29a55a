package org.ipjoin.index.list;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The entries of one list in file order, as primitive arrays (no object per entry): start and end
 * keys, label ids into the list's {@link LabelInterner}, the line of each, and counts by kind.
 * IPv4 entries are held as {@code int} keys ({@link org.ipjoin.ip.Ipv4Codec#toKey}); IPv6 entries
 * beside them as pairs of {@code long} key halves ({@link Ipv6Entries}); both families share the one
 * label dictionary.
 *
 * <p>Memory follows the list: a list of single unlabelled addresses costs 4 bytes an entry (end
 * keys are stored only once some entry is wider than one address, label ids only once some entry
 * has a label); line numbers are kept as runs of consecutive lines.
 *
 * <p>{@link IntervalNormaliser#normalise} consumes the entries (it sorts their arrays in place);
 * afterwards they cannot be added to or normalised again.
 */
public final class ListEntries {

  private static final int MAX_ENTRIES = Integer.MAX_VALUE - 16;

  private final LabelInterner labels = new LabelInterner();
  private final Ipv6Entries v6 = new Ipv6Entries();
  private final LineNumbers lines = new LineNumbers();
  /** The files the lines came from, by the line before each file's first; empty: one unnamed. */
  private final List<String> fileNames = new ArrayList<>();
  private long[] fileLinesBefore = new long[4];
  private final long[] kinds = new long[LineKind.RANGE.ordinal() + 1];

  private int[] starts;
  /** Null while every entry is a single address. */
  private int[] ends;
  /** Null while no entry has a label. */
  private int[] labelIds;
  private int count;
  private boolean consumed;

  public ListEntries() {
    this(1024);
  }

  /** @param expected initial capacity, e.g. the file length / 14 for a list of addresses */
  public ListEntries(int expected) {
    starts = new int[Math.max(16, expected)];
  }

  /**
   * The entries added from now on come from file {@code name}, whose line 1 is line
   * {@code linesBefore + 1} of those given to {@code add}: messages name {@code name:line}.
   */
  public void beginFile(String name, long linesBefore) {
    if (fileNames.size() == fileLinesBefore.length) {
      fileLinesBefore = Arrays.copyOf(fileLinesBefore, fileNames.size() * 2);
    }
    fileLinesBefore[fileNames.size()] = linesBefore;
    fileNames.add(name);
  }

  /**
   * Names the attributes the entries' labels hold: a label is their values joined by TAB, one
   * value per name (an empty value stays empty), and the index built from these entries carries
   * the names (every reader's {@code LabelDictionary.attributeNames()}).
   * An empty list (the default) means a label is one unnamed value.
   *
   * @throws IllegalArgumentException for names that break {@link AttributeNames}' rules (empty,
   *     a control byte, repeated), naming the first such name
   */
  public void nameAttributes(List<String> names) {
    String problem = AttributeNames.problem(names);
    if (problem != null) {
      throw new IllegalArgumentException(problem);
    }
    labels.nameAttributes(names);
  }

  /** Line {@code line} (as given to {@code add}) for a message: {@code file:n}, or {@code line n}. */
  String where(long line) {
    int file = fileNames.size() - 1;
    while (file > 0 && fileLinesBefore[file] >= line) {
      file--; // few files: a linear walk from the last
    }
    return file < 0 ? "line " + line
        : fileNames.get(file) + ":" + (line - fileLinesBefore[file]);
  }

  /** Adds the entry {@code parsed} just read (its kind must be an entry) from {@code line}. */
  public void add(ListLineParser parsed, long line) {
    add(parsed, LabelInterner.NO_LABEL, line);
  }

  /**
   * As {@link #add(ListLineParser, long)}; with {@code labelId} other than
   * {@link LabelInterner#NO_LABEL} (an id of {@link #labels()}) the entry takes that label instead
   * of the one parsed (a label given to a whole file).
   */
  public void add(ListLineParser parsed, int labelId, long line) {
    if (labelId == LabelInterner.NO_LABEL && parsed.hasLabel()) {
      labelId = labels.idOf(parsed.labelBytes(), parsed.labelFrom(), parsed.labelTo());
    }
    if (parsed.isIpv6()) {
      add6(parsed.kind(), parsed.startHiKey(), parsed.startLoKey(), parsed.endHiKey(),
          parsed.endLoKey(), labelId, line);
    } else {
      add(parsed.kind(), parsed.startKey(), parsed.endKey(), labelId, line);
    }
  }

  /**
   * Adds an IPv6 entry: keys are {@link org.ipjoin.ip.Ipv6Codec#toKey} halves, compared hi first
   * in signed order; otherwise as {@link #add(LineKind, int, int, int, long)}.
   */
  public void add6(LineKind kind, long startHiKey, long startLoKey, long endHiKey, long endLoKey,
      int labelId, long line) {
    if (consumed) {
      throw new IllegalStateException("these entries were normalised already");
    }
    boolean backwards = startHiKey > endHiKey || startHiKey == endHiKey && startLoKey > endLoKey;
    if (!kind.isEntry() || backwards || labelId < 0 || labelId > labels.size()) {
      throw new IllegalArgumentException("not an IPv6 entry: " + kind + " label " + labelId);
    }
    v6.add(kind, startHiKey, startLoKey, endHiKey, endLoKey, labelId, line);
  }

  /**
   * Adds an entry.
   *
   * @param kind {@link LineKind#ADDRESS}, {@link LineKind#CIDR} or {@link LineKind#RANGE}
   * @param startKey first key, endKey last key (included), startKey ≤ endKey in signed order
   * @param labelId 0 or an id from {@link #labels()}
   * @param line the source line, for messages; lines must increase
   */
  public void add(LineKind kind, int startKey, int endKey, int labelId, long line) {
    if (consumed) {
      throw new IllegalStateException("these entries were normalised already");
    }
    if (!kind.isEntry() || startKey > endKey || labelId < 0 || labelId > labels.size()) {
      throw new IllegalArgumentException("not an entry: " + kind + " " + startKey + ".." + endKey
          + " label " + labelId);
    }
    if (count == starts.length) {
      grow();
    }
    starts[count] = startKey;
    if (ends == null && endKey != startKey) {
      ends = Arrays.copyOf(starts, starts.length);
    }
    if (ends != null) {
      ends[count] = endKey;
    }
    if (labelIds == null && labelId != LabelInterner.NO_LABEL) {
      labelIds = new int[starts.length];
    }
    if (labelIds != null) {
      labelIds[count] = labelId;
    }
    lines.add(line);
    kinds[kind.ordinal()]++;
    count++;
  }

  private void grow() {
    if (count == MAX_ENTRIES) {
      throw new IllegalStateException("a list holds at most " + MAX_ENTRIES + " entries");
    }
    int capacity = (int) Math.min(MAX_ENTRIES, starts.length * 3L / 2 + 16);
    starts = Arrays.copyOf(starts, capacity);
    if (ends != null) {
      ends = Arrays.copyOf(ends, capacity);
    }
    if (labelIds != null) {
      labelIds = Arrays.copyOf(labelIds, capacity);
    }
  }

  /** The labels seen so far, numbered in first-seen order. */
  public LabelInterner labels() {
    return labels;
  }

  /** Entries of both families. */
  public int size() {
    return count + v6.size();
  }

  /** IPv6 entries. */
  public int ipv6Size() {
    return v6.size();
  }

  /**
   * Entries (of both families) of kind {@link LineKind#ADDRESS}, {@link LineKind#CIDR} or
   * {@link LineKind#RANGE}.
   */
  public long count(LineKind kind) {
    return kind.isEntry() ? kinds[kind.ordinal()] + v6.count(kind) : 0;
  }

  /**
   * True if every IPv4 entry is one address (a plain address, a /32, or a range from a to a).
   */
  public boolean singleAddressesOnly() {
    return ends == null;
  }

  // For the normaliser, which takes the arrays over.

  int[] takeStarts() {
    consume();
    return starts;
  }

  /** IPv4 entries only. */
  int ipv4Size() {
    return count;
  }

  long ipv4Count(LineKind kind) {
    return kinds[kind.ordinal()];
  }

  Ipv6Entries v6() {
    return v6;
  }

  int[] ends() {
    return ends;
  }

  int[] labelIds() {
    return labelIds;
  }

  long lineOf(int ordinal) {
    return lines.lineOf(ordinal);
  }

  private void consume() {
    if (consumed) {
      throw new IllegalStateException("these entries were normalised already");
    }
    consumed = true;
  }
}
