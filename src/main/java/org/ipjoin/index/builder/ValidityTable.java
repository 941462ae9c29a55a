package org.ipjoin.index.builder;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.list.AttributeNames;
import org.ipjoin.index.list.EmptyIpListException;
import org.ipjoin.index.list.IntervalNormaliser;
import org.ipjoin.index.list.LabelAttributes;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.LabelInterner;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.ListEntries;
import org.ipjoin.index.list.ListLineParser;
import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.index.list.NormalisedList;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.index.load.TextListLoader;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.ip.Utf8Bom;

/**
 * {@code ipindex build --input FILE --valid-from COL --valid-to COL}: the snapshots of a list
 * whose every line carries its validity, as a slowly changing dimension table exports it
 * ({@code 192.0.2.7,scanner,2026-03-01,2026-03-15}). A line is an entry of a text list (address,
 * block or range first, TAB columns or comma fields, a header line or none) with its validity
 * {@code [from, to)} in two columns, and optionally its label in a third (or a label of named
 * attributes in several, as {@code --labels asn=5,org=4} reads a plain list); an empty, {@code
 * \N} or {@code NULL} valid-to is a line still valid.
 *
 * <p>The snapshots are the distinct validity boundaries (every from and every to): snapshot s
 * lists the lines whose validity covers its time, and is in force until the next boundary. When
 * every line ends, the latest valid-to ends the last snapshot's validity (no snapshot starts
 * there: nothing is valid then); when some line is still valid, the last snapshot is in force
 * for good ({@link SnapshotTimes#OPEN_END}). {@link HistoryBuilder} makes them a history index
 * as it does a folder of snapshots.
 *
 * <p>A line's entry may be IPv4 or IPv6 (a snapshot is then a mixed list, as a text list may be).
 * A line whose from is not before its to, a time that cannot be read, or one entry valid with
 * two labels at one time fails the build naming file:line.
 */
public final class ValidityTable implements HistoryBuilder.SnapshotSource {

  /** A to of a line still valid. */
  private static final long OPEN = Long.MAX_VALUE;

  /**
   * Reads the time in {@code b[from, to)} as UTC milliseconds, or returns {@link #UNREADABLE}:
   * the job's record-time parser, handed down by the layer that may see both.
   */
  public interface TimeReader {
    long millis(byte[] b, int from, int to);
  }

  /** What a {@link TimeReader} returns for text that holds no time. */
  public static final long UNREADABLE = Long.MIN_VALUE;

  /**
   * A column of the table, as {@code --labels} names one: its number from 2 (column 1 is the
   * entry; TAB columns of a TAB line, comma fields of a comma line), or a heading of the file's
   * header line.
   */
  public record Column(String option, int number, String heading) {

    /**
     * {@code value} of {@code option}: a number from 2 or a heading.
     *
     * @throws IllegalArgumentException in one line naming the option and the value
     */
    public static Column parse(String option, String value) {
      String v = value.strip();
      if (!v.isEmpty() && v.chars().allMatch(c -> c >= '0' && c <= '9')) {
        int n = v.length() <= 9 ? Integer.parseInt(v) : 0;
        if (n < 2) {
          throw new IllegalArgumentException(option + " " + value + ": a column number starts at"
              + " 2 (column 1 is the address)");
        }
        return new Column(option, n, null);
      }
      if (v.isEmpty()) {
        throw new IllegalArgumentException(option + ": give a column number from 2 or a heading"
            + " of the header line");
      }
      return new Column(option, 0, v);
    }

    /** Its 1-based number in a file whose header line is {@code headings} (null: none). */
    int in(List<String> headings, String file) throws InvalidBuildInputException {
      if (heading == null) {
        return number;
      }
      if (headings == null) {
        throw new InvalidBuildInputException(option + " " + heading + " selects a column by its"
            + " heading, and " + file + " has no header line");
      }
      int n = headings.indexOf(heading) + 1;
      if (n < 2) {
        throw new InvalidBuildInputException(option + ": the header line of " + file + " has no"
            + " column '" + heading + "' after the address (it has " + headings + ")");
      }
      return n;
    }
  }

  /**
   * Where a line's label is, as {@code --labels} says with {@code --valid-from}: one {@link
   * Column}, several columns kept as named attributes (as for a plain list: {@code 3,4}, {@code
   * asn=3,org=4}, {@code asn,org}), or none (both null).
   */
  public record Labels(Column column, LabelAttributes attributes) {

    /** No labels. */
    public static final Labels NONE = new Labels(null, null);

    /**
     * {@code value} of {@code --labels}: {@code none}, a column number from 2 or a heading, or
     * attributes (a value with a comma or {@code =}).
     *
     * @throws IllegalArgumentException in one line naming the option and the value
     */
    public static Labels parse(String value) {
      String v = value.strip();
      if (v.equalsIgnoreCase("none")) {
        return NONE;
      }
      if (v.equalsIgnoreCase("default")) {
        throw new IllegalArgumentException("--labels " + value + ": with --valid-from name the"
            + " label's column, by number or heading, several columns as attributes (asn=3,org=4;"
            + " 3,4; asn,org), or none");
      }
      if (v.indexOf(',') >= 0 || v.indexOf('=') >= 0) {
        try {
          return new Labels(null, LabelColumn.parse(v).attributes());
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("--labels: " + e.getMessage(), e);
        }
      }
      return new Labels(Column.parse("--labels", v), null);
    }
  }

  private final String file;
  private final long bytes;
  private long lines;
  private long blank;
  private long comments;
  private final LabelInterner labels = new LabelInterner();
  /** The names of a label's attributes; empty when a label is one value (or there is none). */
  private List<String> attributeNames = List.of();
  /** A line's label values, NULLs made empty, joined by TAB. */
  private byte[] labelScratch = new byte[64];
  private int n;
  private int[] starts = new int[1024];
  private int[] ends = new int[1024];
  private int[] labelIds = new int[1024];
  private long[] froms = new long[1024];
  private long[] tos = new long[1024];
  private long[] lineNumbers = new long[1024];
  /** The rows whose entry is IPv6: their keys are in {@link #keys6}, not starts and ends. */
  private final BitSet ipv6 = new BitSet();
  /**
   * Row r's IPv6 start and end as {@link Ipv6Codec#toKey} halves at {@code 4r .. 4r + 3}: start
   * hi, start lo, end hi, end lo; allocated with the first IPv6 row, so an IPv4 table costs
   * nothing more.
   */
  private long[] keys6;
  private long[] times;
  /** Rows in order of their from, and the sweep over them that {@link #read} continues. */
  private int[] byFrom;
  private int nextSnapshot;
  private int nextRow;
  private int[] active = new int[0];
  private int activeCount;

  private ValidityTable(String file, long bytes) {
    this.file = file;
    this.bytes = bytes;
  }

  /**
   * Reads {@code path}: each entry line's validity from columns {@code from} and {@code to}, its
   * label from {@code labels} (one column, attributes, or none), times by {@code times}.
   *
   * @throws MalformedIpListException naming file:line for a malformed line, a time that cannot
   *     be read, a from not before its to, an entry valid with two labels at one time
   * @throws InvalidBuildInputException for columns the file does not have, more boundaries than a
   *     history holds
   * @throws EmptyIpListException for a table without an entry
   */
  public static ValidityTable read(FileSystem fs, Path path, Column from, Column to,
      Labels labels, TimeReader times) throws IOException {
    ValidityTable table = new ValidityTable(path.toString(), fs.getFileStatus(path).getLen());
    try (InputStream in = fs.open(path)) {
      table.readLines(in, from, to, labels, times);
    }
    if (table.n == 0) {
      throw new EmptyIpListException(table.file, table.lines, table.blank, table.comments, 0,
          "nothing was published.");
    }
    table.refuseTwoLabelsAtOnce();
    table.boundaries();
    return table;
  }

  private void readLines(InputStream in, Column fromColumn, Column toColumn, Labels labelColumns,
      TimeReader reader) throws IOException {
    BufferedReader text = TextListLoader.lines(in, file);
    // The validity and the label are read as a label of attributes is: each column trimmed,
    // CSV-unquoted and checked, the values joined by TAB (which no value can hold).
    ListLineParser parser = new ListLineParser(LabelColumn.DEFAULT);
    boolean columnsKnown = false;
    String line;
    while ((line = text.readLine()) != null) {
      lines++;
      byte[] b = line.getBytes(StandardCharsets.ISO_8859_1);
      int start = lines == 1 ? Utf8Bom.length(b, b.length) : 0;
      LineKind kind = parser.parse(b, start, b.length);
      blank += kind == LineKind.BLANK ? 1 : 0;
      comments += kind == LineKind.COMMENT ? 1 : 0;
      if (kind.isIgnorable()) {
        continue;
      }
      if (!columnsKnown) {
        List<String> headings = parser.headings(b, start, b.length);
        parser.attributeColumns(columns(headings, fromColumn, toColumn, labelColumns));
        columnsKnown = true;
        if (headings != null) {
          continue;
        }
        kind = parser.parse(b, start, b.length);
      }
      if (kind == LineKind.MALFORMED) {
        throw MalformedIpListException.of(file, lines, parser.error());
      }
      if (kind.isEntry()) {
        add(parser, reader, fromColumn.option(), toColumn.option());
      }
    }
  }

  /**
   * The columns to read: from, to and the label's (one, or each attribute's) if any; the times'
   * apart from each other and from the label's. Names the attributes.
   */
  private int[] columns(List<String> headings, Column from, Column to, Labels labels)
      throws InvalidBuildInputException {
    int[] label = new int[0];
    if (labels.attributes() != null) {
      LabelAttributes.Resolved resolved;
      try {
        resolved = labels.attributes().resolve(headings);
      } catch (IllegalArgumentException e) {
        throw new InvalidBuildInputException(file + ": " + e.getMessage());
      }
      label = resolved.columns();
      attributeNames = resolved.names();
    } else if (labels.column() != null) {
      label = new int[] {labels.column().in(headings, file)};
    }
    int[] columns = new int[2 + label.length];
    columns[0] = from.in(headings, file);
    columns[1] = to.in(headings, file);
    System.arraycopy(label, 0, columns, 2, label.length);
    String[] options = {from.option(), to.option()};
    for (int a = 0; a < 2; a++) {
      for (int b = a + 1; b < columns.length; b++) {
        if (columns[a] == columns[b]) {
          throw new InvalidBuildInputException(options[a] + " and "
              + (b < 2 ? options[b] : "--labels") + " name the same column " + columns[a] + " of "
              + file);
        }
      }
    }
    return columns;
  }

  private void add(ListLineParser parser, TimeReader reader, String fromOption, String toOption)
      throws IOException {
    byte[] b = parser.hasLabel() ? parser.labelBytes() : new byte[0];
    int end = parser.hasLabel() ? parser.labelTo() : 0;
    int fromStart = parser.hasLabel() ? parser.labelFrom() : 0;
    int fromEnd = valueEnd(b, fromStart, end);
    int toStart = Math.min(fromEnd + 1, end);
    int toEnd = valueEnd(b, toStart, end);
    int labelStart = Math.min(toEnd + 1, end);
    if (fromStart == fromEnd || isNull(b, fromStart, fromEnd)) {
      throw MalformedIpListException.of(file, lines, fromOption + ": no time: '"
          + parser.lineText() + "'");
    }
    long from = time(reader, b, fromStart, fromEnd, fromOption);
    long to = toStart == toEnd || isNull(b, toStart, toEnd) ? OPEN
        : time(reader, b, toStart, toEnd, toOption);
    if (from >= to) {
      throw MalformedIpListException.of(file, lines, fromOption + " " + SnapshotTimes.format(from)
          + " is not before " + toOption + " " + SnapshotTimes.format(to) + ": '"
          + parser.lineText() + "'");
    }
    int labelId = labelId(b, labelStart, end);
    if (n == starts.length) {
      int c = 2 * n;
      starts = Arrays.copyOf(starts, c);
      ends = Arrays.copyOf(ends, c);
      labelIds = Arrays.copyOf(labelIds, c);
      froms = Arrays.copyOf(froms, c);
      tos = Arrays.copyOf(tos, c);
      lineNumbers = Arrays.copyOf(lineNumbers, c);
    }
    if (parser.isIpv6()) {
      if (keys6 == null || keys6.length < 4 * starts.length) {
        keys6 = Arrays.copyOf(keys6 == null ? new long[0] : keys6, 4 * starts.length);
      }
      ipv6.set(n);
      keys6[4 * n] = parser.startHiKey();
      keys6[4 * n + 1] = parser.startLoKey();
      keys6[4 * n + 2] = parser.endHiKey();
      keys6[4 * n + 3] = parser.endLoKey();
    } else {
      starts[n] = parser.startKey();
      ends[n] = parser.endKey();
    }
    labelIds[n] = labelId;
    froms[n] = from;
    tos[n] = to;
    lineNumbers[n] = lines;
    n++;
  }

  /**
   * The label of {@code b[from, to)}: its values (one, or each attribute's, TAB-separated), each
   * {@code \N} or {@code NULL} read as empty; no label when every value is empty, as a list's
   * label of attributes.
   */
  private int labelId(byte[] b, int from, int to) {
    if (labelScratch.length < to - from) {
      labelScratch = new byte[Math.max(to - from, 2 * labelScratch.length)];
    }
    int at = 0;
    boolean any = false;
    for (int i = from; ; ) {
      int end = valueEnd(b, i, to);
      if (!isNull(b, i, end)) {
        System.arraycopy(b, i, labelScratch, at, end - i);
        at += end - i;
        any |= end > i;
      }
      if (end >= to) {
        break;
      }
      labelScratch[at++] = AttributeNames.SEPARATOR;
      i = end + 1;
    }
    return any ? labels.idOf(labelScratch, 0, at) : LabelInterner.NO_LABEL;
  }

  private long time(TimeReader reader, byte[] b, int from, int to, String option)
      throws MalformedIpListException {
    long millis = reader.millis(b, from, to);
    if (millis == UNREADABLE) {
      throw MalformedIpListException.of(file, lines, option + ": '"
          + new String(b, from, to - from, StandardCharsets.UTF_8) + "' is no time (an ISO 8601"
          + " date or timestamp, epoch seconds or milliseconds: the forms of ipjoin --time)");
    }
    return millis;
  }

  private static int valueEnd(byte[] b, int from, int end) {
    int i = from;
    while (i < end && b[i] != '\t') {
      i++;
    }
    return i;
  }

  /** {@code \N} or {@code NULL} (any case): how databases export a missing value. */
  private static boolean isNull(byte[] b, int from, int to) {
    String v = new String(b, from, to - from, StandardCharsets.ISO_8859_1);
    return v.equals("\\N") || v.equalsIgnoreCase("null");
  }

  /**
   * Refuses one entry (the same address, block or range) listed with two labels at one time:
   * two current rows of one key, almost always an export's error. A label that changes from one
   * period to the next is not this: {@link HistoryBuilder} decides whether a history holds it.
   * Without this check each snapshot would resolve the two as a text list does (the earlier line
   * wins), so lifting it is dropping its one call.
   */
  private void refuseTwoLabelsAtOnce() throws MalformedIpListException {
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> {
      int entry = compareEntries(x, y);
      return entry != 0 ? entry : froms[x] != froms[y] ? Long.compare(froms[x], froms[y])
          : Long.compare(lineNumbers[x], lineNumbers[y]);
    });
    int latest = -1;
    for (int k = 0; k < n; k++) {
      int r = order[k];
      if (latest >= 0 && compareEntries(latest, r) != 0) {
        latest = -1;
      }
      if (latest >= 0 && froms[r] < tos[latest] && labelIds[r] != labelIds[latest]) {
        int first = Math.min(r, latest);
        int second = Math.max(r, latest);
        throw MalformedIpListException.of(file, lineNumbers[second], entry(second) + " "
            + label(second) + " valid " + validity(second) + " overlaps line "
            + lineNumbers[first] + "'s " + label(first) + " valid " + validity(first)
            + ": an entry holds one label at a time");
      }
      if (latest < 0 || tos[r] > tos[latest]) {
        latest = r;
      }
    }
  }

  /** Rows by their entry: the IPv4 ones first, each family by its start, then its end. */
  private int compareEntries(int x, int y) {
    boolean v6 = ipv6.get(x);
    if (v6 != ipv6.get(y)) {
      return v6 ? 1 : -1;
    }
    if (!v6) {
      return starts[x] != starts[y] ? Integer.compare(starts[x], starts[y])
          : Integer.compare(ends[x], ends[y]);
    }
    for (int i = 0; i < 4; i++) {
      int c = Long.compare(keys6[4 * x + i], keys6[4 * y + i]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private String entry(int r) {
    if (ipv6.get(r)) {
      String start = address6(4 * r);
      return keys6[4 * r] == keys6[4 * r + 2] && keys6[4 * r + 1] == keys6[4 * r + 3] ? start
          : start + "-" + address6(4 * r + 2);
    }
    return starts[r] == ends[r] ? Ipv4Codec.format(starts[r])
        : Ipv4Codec.format(starts[r]) + "-" + Ipv4Codec.format(ends[r]);
  }

  /** The IPv6 address of the key halves at {@code keys6[at]} and {@code keys6[at + 1]}. */
  private String address6(int at) {
    return Ipv6Codec.format(Ipv6Codec.toAddress(keys6[at]), Ipv6Codec.toAddress(keys6[at + 1]));
  }

  private String label(int r) {
    if (labelIds[r] == LabelInterner.NO_LABEL) {
      return "without label";
    }
    String label = labels.label(labelIds[r]);
    if (attributeNames.isEmpty()) {
      return "'" + label + "'";
    }
    List<String> values = AttributeNames.split(label);
    StringBuilder text = new StringBuilder();
    for (int k = 0; k < values.size(); k++) {
      text.append(k == 0 ? "" : " ").append(attributeNames.get(k)).append("='")
          .append(values.get(k)).append('\'');
    }
    return text.toString();
  }

  private String validity(int r) {
    return SnapshotTimes.format(froms[r]) + " .. "
        + (tos[r] == OPEN ? "open" : SnapshotTimes.format(tos[r]));
  }

  /** The snapshot times: every from and to, distinct; then the validity end. */
  private void boundaries() throws InvalidBuildInputException {
    long[] all = new long[2 * n];
    int m = 0;
    boolean open = false;
    for (int i = 0; i < n; i++) {
      all[m++] = froms[i];
      if (tos[i] == OPEN) {
        open = true;
      } else {
        all[m++] = tos[i];
      }
    }
    Arrays.sort(all, 0, m);
    int d = 0;
    for (int i = 0; i < m; i++) {
      if (d == 0 || all[i] != all[d - 1]) {
        all[d++] = all[i];
      }
    }
    // Every line ends: the latest to ends the validity. Some line is open: the last boundary is
    // a snapshot, in force for good.
    int snapshots = open ? d : d - 1;
    if (snapshots > ListingHistory.MAX_SNAPSHOTS) {
      throw new InvalidBuildInputException(file + ": " + snapshots + " distinct validity"
          + " boundaries are more snapshots than a history index holds ("
          + ListingHistory.MAX_SNAPSHOTS + ")");
    }
    times = Arrays.copyOf(all, snapshots + 1);
    if (open) {
      times[snapshots] = SnapshotTimes.OPEN_END;
    }
    byFrom = new int[n];
    Integer[] order = new Integer[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    Arrays.sort(order, (x, y) -> Long.compare(froms[x], froms[y]));
    for (int i = 0; i < n; i++) {
      byFrom[i] = order[i];
    }
  }

  @Override
  public String option() {
    return "--valid-from";
  }

  @Override
  public long[] times() {
    return times.clone();
  }

  /**
   * The lines valid at snapshot {@code s}'s time, as one list normalised as a text list is
   * ({@code --overlap longest}). A sweep in order of from: the rows begun are kept, those ended
   * dropped, so reading every snapshot costs what their sizes add up to.
   */
  @Override
  public NormalisedList read(int s) {
    if (s != nextSnapshot) {
      nextSnapshot = 0;
      nextRow = 0;
      activeCount = 0;
      for (int i = 0; i < s; i++) {
        read(i);
      }
    }
    long at = times[s];
    int kept = 0;
    for (int i = 0; i < activeCount; i++) {
      if (tos[active[i]] > at) {
        active[kept++] = active[i];
      }
    }
    activeCount = kept;
    while (nextRow < n && froms[byFrom[nextRow]] <= at) {
      int r = byFrom[nextRow++];
      if (tos[r] > at) {
        if (activeCount == active.length) {
          active = Arrays.copyOf(active, Math.max(16, 2 * activeCount));
        }
        active[activeCount++] = r;
      }
    }
    nextSnapshot = s + 1;
    int[] rows = Arrays.copyOf(active, activeCount);
    Arrays.sort(rows);
    ListEntries entries = new ListEntries(Math.max(16, activeCount));
    if (!attributeNames.isEmpty()) {
      entries.nameAttributes(attributeNames);
    }
    for (int r : rows) {
      int id = LabelInterner.NO_LABEL;
      if (labelIds[r] != LabelInterner.NO_LABEL) {
        byte[] label = labels.bytes(labelIds[r]);
        id = entries.labels().idOf(label, 0, label.length);
      }
      if (ipv6.get(r)) {
        long[] k = keys6;
        boolean one = k[4 * r] == k[4 * r + 2] && k[4 * r + 1] == k[4 * r + 3];
        entries.add6(one ? LineKind.ADDRESS : LineKind.RANGE, k[4 * r], k[4 * r + 1],
            k[4 * r + 2], k[4 * r + 3], id, lineNumbers[r]);
      } else {
        entries.add(starts[r] == ends[r] ? LineKind.ADDRESS : LineKind.RANGE, starts[r], ends[r],
            id, lineNumbers[r]);
      }
    }
    return IntervalNormaliser.normalise(entries, OverlapPolicy.LONGEST);
  }

  @Override
  public String name(int s) {
    return file + " as of " + SnapshotTimes.format(times[s]);
  }

  @Override
  public long bytes() {
    return bytes;
  }

  @Override
  public long lines() {
    return lines;
  }
}
