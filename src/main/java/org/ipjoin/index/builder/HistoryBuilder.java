package org.ipjoin.index.builder;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.list.IntervalNormaliser;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.LabelInterner;
import org.ipjoin.index.list.NormalisedList;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.index.load.TextListLoader;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.problem.IoCause;

/**
 * {@code ipindex build --input DIR --as-of-from-file REGEX}: a history index of the dated snapshots
 * of one list, the files of {@code DIR}. Each snapshot is read as any text list (the rules of
 * {@link TextListLoader#normalised}: labels as {@code --labels} says, by default the column after
 * the entry, overlap {@code longest}); snapshot s is in force from its time to the next one's, the
 * last for the median gap between snapshots (a day when there is one snapshot). The index holds
 * every distinct entry once, with the snapshots it was listed in as periods ({@link
 * ListingHistory}).
 *
 * <p>Entries: the address space is cut at every start and every end + 1 of any snapshot's
 * intervals; a piece that some snapshot lists is an entry. An exact-address list's entries are its
 * addresses; a range listed unchanged is one entry; a /24 that becomes a /25 is two (the /25,
 * listed in both, and the rest, in the first). A label is a period's: a period is the snapshots in
 * a row that list the piece with one label, so a piece whose label changes is one entry with a
 * period per label, {@link ListingHistory#labelIn} gives the label in force, and the index's
 * label column the last one. A label of attributes ({@code --labels 2,3}) is its tuple of
 * values: one value changed is a new period, and every snapshot with labels names the attributes
 * alike. Each snapshot is read once, whatever family its entries are, and its intervals merged
 * with the previous snapshot's ({@link SnapshotChanges}, the IPv6 ones by {@link Ipv6Changes}):
 * the heap holds what changes, not every snapshot, and the cuts are the bounds of the changes. The
 * IPv6 pieces ({@link Ipv6Cuts}) are the entries after the IPv4 ones, as the index numbers its
 * IPv6 intervals after its IPv4 ones.
 * Snapshots from elsewhere, such as the lines of a table valid at each time ({@link
 * ValidityTable}), come in as a {@link SnapshotSource}.
 */
public final class HistoryBuilder {

  private static final long DAY_MILLIS = 86_400_000L;

  private final SnapshotTimes times;
  private final LabelColumn labels;
  private final boolean overwrite;

  /** A builder of histories of dated files, each read with its default labels. */
  public HistoryBuilder(SnapshotTimes times, boolean overwrite) {
    this(times, LabelColumn.DEFAULT, overwrite);
  }

  /**
   * A builder of histories of dated files, each read with the labels {@code labels} says, as
   * {@code ipindex build --labels} reads a list: one column, none, or several as attributes
   * (named by the option or by each snapshot's header line).
   */
  public HistoryBuilder(SnapshotTimes times, LabelColumn labels, boolean overwrite) {
    this.times = times;
    this.labels = labels;
    this.overwrite = overwrite;
  }

  /** A builder of histories whose snapshots are no dated files ({@link SnapshotSource}). */
  public HistoryBuilder(boolean overwrite) {
    this(null, LabelColumn.DEFAULT, overwrite);
  }

  /** What was built, for the summary and the result line. */
  public record Built(int snapshots, long entries, long periods, long lines, long firstMillis,
      long lastMillis, long validUntil) {

    public String summary() {
      return String.format(Locale.ROOT, "history of %,d snapshots, %s .. %s (valid until %s):"
          + " %,d entries, %,d listing periods%n", snapshots, SnapshotTimes.format(firstMillis),
          SnapshotTimes.format(lastMillis), SnapshotTimes.format(validUntil), entries, periods);
    }
  }

  private record Snapshot(Path path, long millis, long bytes) {}

  /**
   * Where a history's snapshots come from, in time order: a folder of dated files ({@link
   * #build(FileSystem, Path, FileSystem, Path)}) or a table whose lines carry their validity
   * ({@link ValidityTable}). Each snapshot is read once, in order.
   */
  public interface SnapshotSource {
    /** The option that asked for the history, for messages: {@code --as-of-from-file}. */
    String option();

    /** The snapshots' times, strictly increasing, then the end of the last one's validity. */
    long[] times();

    /** Snapshot {@code s}, read as a text list is ({@link TextListLoader#normalised}). */
    NormalisedList read(int s) throws IOException;

    /** Snapshot {@code s} as a message names it. */
    String name(int s);

    /** The bytes and lines of the source, for the header; known once every snapshot was read. */
    long bytes();

    long lines();
  }

  /** Builds the history index of the snapshots in {@code dir} at {@code output}, published whole. */
  public Built build(FileSystem inFs, Path dir, FileSystem outFs, Path output) throws IOException {
    IndexPublisher.checkTarget(outFs, output, overwrite);
    try (FolderSnapshots folder = new FolderSnapshots(inFs, snapshots(inFs, dir), labels)) {
      return build(folder, outFs, output);
    }
  }

  /** Builds the history index of {@code source}'s snapshots at {@code output}, published whole. */
  public Built build(SnapshotSource source, FileSystem target, Path output) throws IOException {
    // As a plain build (IndexBuilder): the index carries its own CRCs, so no .crc side file.
    FileSystem outFs = IndexBuilder.withoutChecksumFiles(target);
    IndexPublisher.checkTarget(outFs, output, overwrite);
    long[] times = source.times();
    int s = times.length - 1;
    SnapshotChanges changes = new SnapshotChanges();
    AttributeNames names = new AttributeNames();
    for (int i = 0; i < s; i++) {
      NormalisedList list = source.read(i);
      names.take(list, source, i);
      changes.next(list);
    }
    long[] cuts = changes.cuts();
    Ipv6Cuts cuts6 = changes.cuts6();
    Pieces pieces = new Pieces(cuts, cuts6, changes);
    changes.replay(cuts, pieces::changed);
    changes.replay6(cuts6, pieces::changed6);
    pieces.closeAll(s);
    IndexContent content = pieces.content(source.bytes(), source.lines(), names.names());
    ListingHistory history = pieces.history(times);
    try (UnpublishedFile file = UnpublishedFile.beside(outFs, output)) {
      file.write(1 << 16, out -> IndexWriter.writeHistory(content, history, out));
      VerifyReader.check(outFs, file.temp(), true);
      file.publish(overwrite);
    }
    return new Built(s, history.entries(), history.periodCount(), source.lines(), times[0],
        times[s - 1], times[s]);
  }

  /**
   * The dated files of a folder, the last one in force for the median gap between them. Read as
   * {@code ipindex build} reads a list ({@link IpListScanner}: bytes, not a String per line), on
   * every core: the files after the one asked for are read ahead, at most one per core besides.
   */
  private static final class FolderSnapshots implements SnapshotSource, AutoCloseable {
    private final FileSystem fs;
    private final List<Snapshot> snapshots;
    private final LabelColumn labels;
    private final long[] lines;
    private final int threads = Runtime.getRuntime().availableProcessors();
    private final ExecutorService pool;
    /** Snapshot s's read ahead, until it is taken; null before and after. */
    private final List<Future<NormalisedList>> reads;
    /** The snapshots handed to the readers so far: 0 .. submitted - 1. */
    private int submitted;

    FolderSnapshots(FileSystem fs, List<Snapshot> snapshots, LabelColumn labels) {
      this.fs = fs;
      this.snapshots = snapshots;
      this.labels = labels;
      this.lines = new long[snapshots.size()];
      this.reads = new ArrayList<>(Collections.nCopies(snapshots.size(), null));
      this.pool = Executors.newFixedThreadPool(threads, task -> {
        Thread t = new Thread(task, "ipindex-snapshot");
        t.setDaemon(true);
        return t;
      });
    }

    @Override
    public String option() {
      return "--as-of-from-file";
    }

    @Override
    public long[] times() {
      int s = snapshots.size();
      long[] times = new long[s + 1];
      for (int i = 0; i < s; i++) {
        times[i] = snapshots.get(i).millis();
      }
      times[s] = times[s - 1] + medianGap(times, s);
      return times;
    }

    /** Snapshot {@code s}, read ahead with the ones after it: each is read once, in order. */
    @Override
    public NormalisedList read(int s) throws IOException {
      while (submitted < snapshots.size() && submitted <= s + threads) {
        int next = submitted++;
        reads.set(next, pool.submit(() -> readFile(next)));
      }
      Future<NormalisedList> ahead = reads.set(s, null);
      try {
        return ahead.get();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while reading " + name(s));
      } catch (ExecutionException e) {
        // A reader's failure (a malformed line, a file that is no text list) as if read here.
        IOException io = IoCause.of(e.getCause());
        if (io != null) {
          throw io;
        }
        Throwable cause = e.getCause();
        if (cause instanceof Error error) {
          throw error;
        }
        throw cause instanceof RuntimeException r ? r : new IllegalStateException(cause);
      }
    }

    private NormalisedList readFile(int s) throws IOException {
      Snapshot snapshot = snapshots.get(s);
      String name = snapshot.path().toString();
      // The labels asked for, strict, overlap longest: TextListLoader's rules, without a String
      // a line.
      IpListScanner scanner = IpListScanner.entries(name, false, labels,
          (int) Math.min(1 << 24, snapshot.bytes() / 14), total -> { });
      try (LastByte in = new LastByte(fs.open(snapshot.path()))) {
        scanner.scan(in);
        lines[s] = in.newlines(scanner);
      } catch (InvalidBuildInputException e) {
        // The attributes select a heading the snapshot's header line lacks: the option's fault.
        throw new InvalidBuildInputException("--as-of-from-file: " + e.getMessage());
      }
      return IntervalNormaliser.normalise(scanner.entries(), OverlapPolicy.LONGEST);
    }

    @Override
    public void close() {
      pool.shutdownNow();
    }

    @Override
    public String name(int s) {
      return snapshots.get(s).path().getName();
    }

    @Override
    public long bytes() {
      return snapshots.stream().mapToLong(Snapshot::bytes).sum();
    }

    @Override
    public long lines() {
      return Arrays.stream(lines).sum();
    }
  }

  /** The snapshots of {@code dir} in time order; usage errors name the folder or the file. */
  private List<Snapshot> snapshots(FileSystem fs, Path dir) throws IOException {
    if (!fs.getFileStatus(dir).isDirectory()) {
      throw new InvalidBuildInputException("--as-of-from-file: --input " + dir
          + " is not a folder of dated snapshots");
    }
    List<Snapshot> snapshots = new ArrayList<>();
    for (FileStatus f : fs.listStatus(dir)) {
      String name = f.getPath().getName();
      if (f.isFile() && !name.startsWith(".") && !name.startsWith("_")) {
        snapshots.add(new Snapshot(f.getPath(), times.timeOf(name), f.getLen()));
      }
    }
    if (snapshots.isEmpty()) {
      throw new InvalidBuildInputException("--as-of-from-file: " + dir + " holds no snapshot");
    }
    snapshots.sort(Comparator.comparingLong(Snapshot::millis));
    for (int i = 1; i < snapshots.size(); i++) {
      if (snapshots.get(i).millis() == snapshots.get(i - 1).millis()) {
        throw new InvalidBuildInputException("--as-of-from-file: " + snapshots.get(i - 1).path()
            .getName() + " and " + snapshots.get(i).path().getName() + " have the same time "
            + SnapshotTimes.format(snapshots.get(i).millis()));
      }
    }
    if (snapshots.size() > ListingHistory.MAX_SNAPSHOTS) {
      throw new InvalidBuildInputException("--as-of-from-file: " + snapshots.size()
          + " snapshots are more than a history index holds (" + ListingHistory.MAX_SNAPSHOTS + ")");
    }
    return snapshots;
  }

  /**
   * How long the last snapshot is in force: the median gap between snapshots, so a daily list's
   * last snapshot answers for its day and a record after that is outside the history; a day for
   * a single snapshot.
   */
  static long medianGap(long[] times, int s) {
    if (s < 2) {
      return DAY_MILLIS;
    }
    long[] gaps = new long[s - 1];
    for (int i = 1; i < s; i++) {
      gaps[i - 1] = times[i] - times[i - 1];
    }
    Arrays.sort(gaps);
    return gaps[(s - 2) / 2];
  }

  /**
   * The names of a label's attributes, from the first snapshot with labels: every snapshot with
   * labels must name them alike, since a period's values are read by the names.
   */
  private static final class AttributeNames {
    /** Empty: no attributes. */
    private List<String> names = List.of();
    private String namedBy;

    /** Takes the names of {@code list}'s attributes, snapshot {@code s} of {@code source}. */
    void take(NormalisedList list, SnapshotSource source, int s)
        throws InvalidBuildInputException {
      List<String> listed = list.hasLabels() ? list.labels().attributeNames() : List.of();
      if (listed.isEmpty()) {
        return;
      }
      if (namedBy == null) {
        names = listed;
        namedBy = source.name(s);
      } else if (!listed.equals(names)) {
        throw new InvalidBuildInputException(source.option() + ": " + source.name(s) + " names"
            + " the attributes " + listed + ", " + namedBy + " " + names + ": give every"
            + " snapshot the same header line, or name the attributes in --labels");
      }
    }

    List<String> names() {
      return names;
    }
  }

  /**
   * The pieces between the cuts: each one's label and the periods it was listed in. The IPv4
   * pieces are pieces 0 .. v4 - 1, the IPv6 ones follow: in that order they become the entries,
   * as a history numbers them ({@link ListingHistory}).
   */
  private static final class Pieces {
    private final long[] cuts;
    private final Ipv6Cuts cuts6;
    /** The IPv4 pieces: the first IPv6 piece's number. */
    private final int v4;
    /** Each piece's label id in the last snapshot that lists it; -1 for a piece none lists. */
    private final int[] label;
    /** The first snapshot of each piece's open period; -1 while the piece is not listed. */
    private final int[] openFrom;
    /** Closed periods, four ints each: piece, from, to, label id. */
    private int[] closed = new int[4 * 1024];
    private int closedCount;
    private final SnapshotChanges changes;
    private final boolean anyLabel;

    /** The pieces of {@code cuts} and {@code cuts6}, labels by the ids of {@code changes}. */
    Pieces(long[] cuts, Ipv6Cuts cuts6, SnapshotChanges changes) {
      this.cuts = cuts;
      this.cuts6 = cuts6;
      this.changes = changes;
      this.anyLabel = changes.anyLabel();
      v4 = Math.max(0, cuts.length - 1);
      int k = v4 + cuts6.pieces();
      label = new int[k];
      Arrays.fill(label, -1);
      openFrom = new int[k];
      Arrays.fill(openFrom, -1);
    }

    /**
     * Piece {@code k} changes state in snapshot {@code s}: to listed with label {@code
     * state}, or to {@link SnapshotChanges#NOT_LISTED}. Its open period, if any, ends there.
     */
    void changed(int k, int s, int state) {
      close(k, s);
      if (state != SnapshotChanges.NOT_LISTED) {
        label[k] = state;
        openFrom[k] = s;
      }
    }

    /** IPv6 piece {@code j} changes state in snapshot {@code s}, as {@link #changed}. */
    void changed6(int j, int s, int state) {
      changed(v4 + j, s, state);
    }

    /** Ends piece {@code k}'s open period, if it has one, before snapshot {@code s}. */
    private void close(int k, int s) {
      if (openFrom[k] < 0) {
        return;
      }
      if (4 * closedCount + 4 > closed.length) {
        closed = Arrays.copyOf(closed, 2 * closed.length);
      }
      closed[4 * closedCount] = k;
      closed[4 * closedCount + 1] = openFrom[k];
      closed[4 * closedCount + 2] = s;
      closed[4 * closedCount + 3] = label[k];
      closedCount++;
      openFrom[k] = -1;
    }

    /** Ends every open period with the last of the {@code s} snapshots. */
    void closeAll(int s) {
      for (int k = 0; k < label.length; k++) {
        close(k, s);
      }
    }

    IndexContent content(long sourceBytes, long sourceLines, List<String> attributeNames) {
      int n = 0;
      boolean wide = false;
      for (int k = 0; k < v4; k++) {
        if (label[k] != -1) {
          n++;
          wide |= cuts[k + 1] - cuts[k] > 1;
        }
      }
      int[] starts = new int[n];
      int[] ends = wide ? new int[n] : null;
      int[] ids = anyLabel ? new int[n] : null;
      int e = 0;
      for (int k = 0; k < v4; k++) {
        if (label[k] != -1) {
          starts[e] = (int) cuts[k];
          if (wide) {
            ends[e] = (int) (cuts[k + 1] - 1);
          }
          if (anyLabel) {
            ids[e] = label[k];
          }
          e++;
        }
      }
      LabelInterner labels = changes.labels();
      return new IndexContent(starts, ends, ids, n, anyLabel ? labels.endOffsets() : null,
          anyLabel ? labels.concatenatedBytes() : null, sourceBytes, sourceLines, content6(),
          attributeNames);
    }

    /** The IPv6 pieces that some snapshot lists, as the index's IPv6 part; null for none. */
    private IndexContent.V6 content6() {
      int n = 0;
      boolean wide = false;
      for (int j = 0; v4 + j < label.length; j++) {
        if (label[v4 + j] != -1) {
          n++;
          wide |= !cuts6.single(j);
        }
      }
      if (n == 0) {
        return null;
      }
      long[] starts = new long[2 * n];
      long[] ends = wide ? new long[2 * n] : null;
      int[] ids = anyLabel ? new int[n] : null;
      int e = 0;
      for (int j = 0; v4 + j < label.length; j++) {
        if (label[v4 + j] != -1) {
          starts[2 * e] = cuts6.startHi(j);
          starts[2 * e + 1] = cuts6.startLo(j);
          if (wide) {
            ends[2 * e] = cuts6.endHi(j);
            ends[2 * e + 1] = cuts6.endLo(j);
          }
          if (anyLabel) {
            ids[e] = label[v4 + j];
          }
          e++;
        }
      }
      return new IndexContent.V6(starts, ends, ids, n);
    }

    /** Periods by entry (pieces in address order), each entry's in time order. */
    ListingHistory history(long[] times) {
      int[] entryOf = new int[label.length];
      int n = 0;
      for (int k = 0; k < label.length; k++) {
        entryOf[k] = label[k] == -1 ? -1 : n++;
      }
      int[] ends = new int[n + 1];
      for (int c = 0; c < closedCount; c++) {
        ends[entryOf[closed[4 * c]] + 1]++;
      }
      for (int i = 0; i < n; i++) {
        ends[i + 1] += ends[i];
      }
      int[] fill = Arrays.copyOf(ends, n);
      int[] periods = new int[2 * closedCount];
      int[] periodLabels = anyLabel ? new int[closedCount] : null;
      // Closed in time order for each piece, so each entry's periods come out in order.
      for (int c = 0; c < closedCount; c++) {
        int at = fill[entryOf[closed[4 * c]]]++;
        periods[2 * at] = closed[4 * c + 1];
        periods[2 * at + 1] = closed[4 * c + 2];
        if (anyLabel) {
          periodLabels[at] = closed[4 * c + 3];
        }
      }
      return new ListingHistory(times, ends, periods, periodLabels);
    }
  }

  /**
   * Remembers the last byte it passed on: the header's SOURCE_LINES counts newlines, and a
   * scanner counts a last line without one too ({@link #newlines}), so no byte is looked at twice.
   */
  private static final class LastByte extends FilterInputStream {
    private int last = -1;

    LastByte(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        last = b;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        last = b[off + n - 1] & 0xFF;
      }
      return n;
    }

    /**
     * The newlines of a file whose lines {@code scanner} counted: one less when the file ends
     * without one, as its last line then had none (a file of nothing but a BOM has no line).
     */
    long newlines(IpListScanner scanner) {
      return scanner.lines() - (last != -1 && last != '\n' && scanner.lines() > 0 ? 1 : 0);
    }
  }
}
