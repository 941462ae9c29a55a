package org.ipjoin.index.builder;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.ChecksumFileSystem;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.list.EmptyIpListException;
import org.ipjoin.index.list.IntervalNormaliser;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.NormaliseStats;
import org.ipjoin.index.list.NormalisedList;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.index.list.SortedKeys;
import org.ipjoin.index.load.VerifyReader;

/**
 * Text IP lists → one index file of their union, on any Hadoop FileSystem: check the inputs and the
 * target, read the lists, turn them into disjoint intervals ({@link #scan}); then write to a hidden
 * temporary file beside the output, read it back with every check, and only then rename it into
 * place ({@link #publish}, through {@link IndexPublisher}). A reader therefore sees the old index or
 * the new one, whole.
 *
 * <p>Two paths, chosen by the lists themselves. Most lists are plain addresses: they are read once
 * by an address-mode {@link IpListScanner} into an {@code int[]}, radix-sorted and de-duplicated,
 * and written as the index's plain layout of sorted keys ({@link IndexContent#exact}). At the first
 * line that is more than an address (a CIDR block, a range, or an address with a label), that read
 * stops and every list is read again into {@link org.ipjoin.index.list.ListEntries} and normalised
 * ({@link IntervalNormaliser}) under the overlap policy: rereading costs one more pass over the
 * lists that have ranges or labels, and keeps the plain path as fast and as small as before. An
 * IPv6 entry is such a line too: lists with IPv6 always take the general path, which gives the
 * index its IPv6 part ({@link IndexContent.V6}).
 */
public final class IndexBuilder {

  /** Largest key count an {@code int[]} can hold (HotSpot's array limit is a few below MAX_VALUE). */
  static final int MAX_KEYS = Integer.MAX_VALUE - 8;

  /** 4 MiB writes: the stream's own buffer would otherwise split the 100 MB payload finely. */
  private static final int WRITE_BUFFER_BYTES = 4 << 20;

  private final boolean skipInvalid;
  private final boolean overwrite;
  private final boolean allowEmpty;
  /** The largest share of intervals an overwrite may lose; negative: no limit. */
  private final double maxShrink;
  private final LabelColumn labels;
  private final OverlapPolicy overlap;
  /** How plain-address lists are read: on how many threads, in what pieces, into what. */
  private final AddressScan addressScan;
  /** How the IPv4 keys of an exact-address list are stored. */
  private final KeyLayout layout;
  /** What to index of each MaxMind DB record; null: the inputs are text lists. */
  private final RecordFields fields;
  /** {@code --label-from-file}: each list's entries take a label from its name; or null. */
  private final FileLabels fileLabels;

  /**
   * How a list of plain addresses is read: by {@link ParallelAddressScan} on {@code threads}
   * threads in pieces of {@code pieceBytes} (0 threads: by one {@link IpListScanner}, as before
   * the parallel scan); from {@code bitSetFromBytes} bytes of lists on into {@link AddressBits},
   * below into an {@code int[]} that is radix-sorted, which beats touching the bit set's 512 MiB
   * for smaller lists.
   */
  record AddressScan(long bitSetFromBytes, int threads, int pieceBytes) {
    static final AddressScan DEFAULT = new AddressScan(BIT_SET_FROM_BYTES,
        Runtime.getRuntime().availableProcessors(), ParallelAddressScan.DEFAULT_PIECE_BYTES);
  }

  /** Lists from this size on are read into the bit set (see {@link AddressScan}). */
  static final long BIT_SET_FROM_BYTES = 1L << 30;

  /** A builder that refuses a list without addresses ({@link EmptyIpListException}). */
  public IndexBuilder(boolean skipInvalid, boolean overwrite) {
    this(skipInvalid, overwrite, false);
  }

  /**
   * @param skipInvalid count and skip lines that are not addresses instead of failing
   * @param overwrite replace an existing output
   * @param allowEmpty build an empty index from a list without addresses instead of failing
   */
  public IndexBuilder(boolean skipInvalid, boolean overwrite, boolean allowEmpty) {
    this(skipInvalid, overwrite, allowEmpty, -1, LabelColumn.DEFAULT, OverlapPolicy.LONGEST,
        AddressScan.DEFAULT, KeyLayout.SORTED, null, null);
  }

  private IndexBuilder(boolean skipInvalid, boolean overwrite, boolean allowEmpty, double maxShrink,
      LabelColumn labels, OverlapPolicy overlap, AddressScan addressScan, KeyLayout layout,
      RecordFields fields, FileLabels fileLabels) {
    this.skipInvalid = skipInvalid;
    this.overwrite = overwrite;
    this.allowEmpty = allowEmpty;
    this.maxShrink = maxShrink;
    this.labels = labels;
    this.overlap = overlap;
    this.addressScan = addressScan;
    this.layout = layout;
    this.fields = fields;
    this.fileLabels = fileLabels;
  }

  /**
   * The same builder, storing the IPv4 keys in {@code layout} (default {@link KeyLayout#SORTED}).
   * {@link KeyLayout#COMPACT} takes lists of single addresses without labels (IPv6 entries of any
   * kind are fine); another list fails with {@link InvalidBuildInputException} after it is read.
   */
  public IndexBuilder layout(KeyLayout keys) {
    return new IndexBuilder(skipInvalid, overwrite, allowEmpty, maxShrink, labels, overlap,
        addressScan, keys, fields, fileLabels);
  }

  /**
   * The same builder, reading MaxMind DB files ({@code .mmdb}) and indexing {@code fields} of each
   * network's record ({@link MaxMindDbList}); every input must then be one.
   */
  public IndexBuilder fields(RecordFields attributes) {
    return new IndexBuilder(skipInvalid, overwrite, allowEmpty, maxShrink, labels, overlap,
        addressScan, layout, attributes, fileLabels);
  }

  /** The same builder, reading plain-address lists as {@code scan} says. */
  IndexBuilder addressScan(AddressScan scan) {
    return new IndexBuilder(skipInvalid, overwrite, allowEmpty, maxShrink, labels, overlap, scan,
        layout, fields, fileLabels);
  }

  /** The same builder, reading labels from {@code column} (default: the column after the entry). */
  public IndexBuilder labels(LabelColumn column) {
    return new IndexBuilder(skipInvalid, overwrite, allowEmpty, maxShrink, column, overlap,
        addressScan, layout, fields, fileLabels);
  }

  /**
   * The same builder, giving every entry of a list a label made from the list's file name
   * ({@link FileLabels}); the lists' own label columns are ignored. Null: labels from the lists.
   */
  public IndexBuilder labelFromFile(FileLabels labels) {
    return new IndexBuilder(skipInvalid, overwrite, allowEmpty, maxShrink,
        labels == null ? this.labels : LabelColumn.NONE, overlap, addressScan, layout, fields, labels);
  }

  /** The same builder, resolving overlapping entries by {@code policy} (default: longest). */
  public IndexBuilder overlap(OverlapPolicy policy) {
    return new IndexBuilder(skipInvalid, overwrite, allowEmpty, maxShrink, labels, policy,
        addressScan, layout, fields, fileLabels);
  }

  /**
   * The same builder, refusing to replace an existing index by one with fewer than
   * {@code (1 - fraction)} times its keys ({@link IndexShrinkException}).
   *
   * @param fraction from 0 (no key may be lost) to 1 (no limit)
   */
  public IndexBuilder maxShrink(double fraction) {
    if (!(fraction >= 0 && fraction <= 1)) {
      throw new IllegalArgumentException("max shrink must be from 0 to 1, got " + fraction);
    }
    return new IndexBuilder(skipInvalid, overwrite, allowEmpty, fraction, labels, overlap,
        addressScan, layout, fields, fileLabels);
  }

  /** One list to read: the file system it is on and its path as the user gave it. */
  public record ListFile(FileSystem fs, Path path) {
    /** Fully qualified and normalised (scheme, authority, absolute, no "." or ".."). */
    Path qualified() {
      return fs.makeQualified(path);
    }
  }

  /** What {@link #scan} found, ready to {@link #publish}. */
  public static final class Scanned {
    private final FileSystem writeFs;
    private final Path output;
    private final Read read;
    private final long start;

    private Scanned(FileSystem writeFs, Path output, Read read, long start) {
      this.writeFs = writeFs;
      this.output = output;
      this.read = read;
      this.start = start;
    }

    /**
     * Intervals the new index will have, of both families (for a list of plain addresses, its
     * distinct addresses).
     */
    public long keys() {
      if (read.content == null) {
        return read.stats.intervals();
      }
      IndexContent.V6 v6 = read.content.v6();
      return read.content.count() + (v6 == null ? 0L : v6.count());
    }
  }

  /**
   * The lists read and normalised: what to write, and what to say about it. The content, or for
   * a big list of plain addresses (content null) the bit set that yields its keys.
   */
  private record Read(ScannedLists scanner, IndexContent content, AddressBits bits,
      NormaliseStats stats, long scanned, long sorted) {

    Read(ScannedLists scanner, IndexContent content, NormaliseStats stats, long scanned,
        long sorted) {
      this(scanner, content, null, stats, scanned, sorted);
    }

    IndexHeader write(OutputStream out, KeyLayout layout) throws IOException {
      return content != null ? IndexWriter.write(content, layout, out)
          : IndexWriter.writeExact(bits, (int) stats.intervals(), scanner.bytes(), scanner.lines(),
              layout, out);
    }
  }

  /** Builds from one list. */
  public BuildSummary build(FileSystem inFs, Path input, FileSystem outFs, Path output,
      IpListScanner.ProgressListener progress) throws IOException {
    return build(List.of(new ListFile(inFs, input)), outFs, output, progress);
  }

  /** Builds one index of the union of {@code inputs}. */
  public BuildSummary build(List<ListFile> inputs, FileSystem outFs, Path output,
      IpListScanner.ProgressListener progress) throws IOException {
    return publish(scan(inputs, outFs, output, progress));
  }

  /**
   * The first phase: checks the inputs (each exists, is a file, is given once, is not the output)
   * and the target, checks the heap, reads every list once, sorts and de-duplicates. Writes
   * nothing.
   */
  public Scanned scan(List<ListFile> inputs, FileSystem outFs, Path output,
      IpListScanner.ProgressListener progress) throws IOException {
    long start = System.nanoTime();
    FileSystem writeFs = withoutChecksumFiles(outFs);
    inputs = ListFolder.expand(inputs);
    long totalBytes = checkInputs(inputs, output, writeFs.makeQualified(output));
    MaxMindDbInputs.checkInputs(inputs, fields);
    List<String> labelsByFile = labelsByFile(inputs);
    IndexPublisher.checkTarget(writeFs, output, overwrite);
    long maxHeap = Runtime.getRuntime().maxMemory();
    BuildHeap.check(totalBytes, maxHeap);
    try {
      Read read;
      if (fields != null) {
        return new Scanned(writeFs, output, readMaxMindDbs(inputs, progress), start);
      }
      if (labelsByFile != null || labels.attributes() != null) {
        // Every entry has a label, or the first line may be a header: the general path at once.
        BuildHeap.checkGeneral(totalBytes, maxHeap);
        read = readEntries(inputs, labelsByFile, totalBytes, progress);
      } else {
        try {
          read = addressScan.threads() > 0
              ? readAddressesInParallel(inputs, totalBytes, progress)
              : readAddresses(inputs, totalBytes, progress);
        } catch (NotPlainAddressesException e) {
          BuildHeap.checkGeneral(totalBytes, maxHeap);
          read = readEntries(inputs, null, totalBytes, progress);
        }
      }
      return new Scanned(writeFs, output, read, start);
    } catch (OutOfMemoryError e) {
      throw new ListTooBigForHeapException(BuildHeap.ranOutMessage(totalBytes, maxHeap));
    }
  }

  /** The fast path: every list once into an {@code int[]}, sort, de-duplicate. */
  private Read readAddresses(List<ListFile> inputs, long totalBytes,
      IpListScanner.ProgressListener progress) throws IOException {
    IpListScanner scanner = IpListScanner.addresses(inputs.get(0).path().toString(), skipInvalid,
        labels, expectedLines(totalBytes), progress);
    readAll(inputs, scanner);
    long scanned = System.nanoTime();
    refuseEmpty(inputs, scanner, scanner.keyCount());
    int[] keys = scanner.keys();
    SortedKeys.sort(keys, scanner.keyCount());
    int unique = SortedKeys.dedup(keys, scanner.keyCount());
    long lost = scanner.keyCount() - unique;
    // What the normaliser reports for a list of single addresses, without its copies.
    NormaliseStats stats = new NormaliseStats(overlap, new NormaliseStats.Family(
        scanner.keyCount(), 0, 0, lost, 0, lost, lost, 0, unique, true),
        NormaliseStats.Family.NONE, List.of(), 0, 0);
    return new Read(scanner, IndexContent.exact(keys, unique, scanner.bytes(), scanner.lines()),
        stats, scanned, System.nanoTime());
  }

  /**
   * The fast path, on every core: every list once, by {@link ParallelAddressScan}. Big lists go
   * into the bit set of all IPv4 addresses, which sorts and de-duplicates as it goes, in 512 MiB
   * whatever their length; smaller ones into an {@code int[]}, sorted on every core.
   */
  private Read readAddressesInParallel(List<ListFile> inputs, long totalBytes,
      IpListScanner.ProgressListener progress) throws IOException {
    IpListScanner total = IpListScanner.addresses(inputs.get(0).path().toString(), skipInvalid,
        labels, 0, progress);
    boolean big = totalBytes >= addressScan.bitSetFromBytes();
    AddressBits bits = big ? new AddressBits() : null;
    KeyCollector collector = big ? null : new KeyCollector(expectedLines(totalBytes));
    try (ParallelAddressScan scan = new ParallelAddressScan(total, big ? bits : collector,
        skipInvalid, labels, addressScan.threads(), addressScan.pieceBytes())) {
      for (ListFile list : inputs) {
        try (InputStream in = withoutChecksumFiles(list.fs()).open(list.path())) {
          scan.scan(in, list.path().toString());
        }
      }
    }
    long scanned = System.nanoTime();
    long entries = total.addressLines();
    refuseEmpty(inputs, total, entries);
    int[] keys = null;
    int unique;
    if (big) {
      long distinct = bits.count();
      if (distinct > MAX_KEYS) {
        throw new InvalidBuildInputException(String.format("%,d distinct IPv4 addresses are more"
            + " than an index holds (%,d)", distinct, MAX_KEYS));
      }
      unique = (int) distinct;
    } else {
      keys = collector.keys();
      SortedKeys.sortInParallel(keys, collector.count());
      unique = SortedKeys.dedup(keys, collector.count());
    }
    long lost = entries - unique;
    NormaliseStats stats = new NormaliseStats(overlap, new NormaliseStats.Family(
        entries, 0, 0, lost, 0, lost, lost, 0, unique, true),
        NormaliseStats.Family.NONE, List.of(), 0, 0);
    IndexContent content = big ? null
        : IndexContent.exact(keys, unique, total.bytes(), total.lines());
    return new Read(total, content, bits, stats, scanned, System.nanoTime());
  }

  /** The general path: every list into entries, normalised into intervals with labels. */
  private Read readEntries(List<ListFile> inputs, List<String> labelsByFile, long totalBytes,
      IpListScanner.ProgressListener progress) throws IOException {
    IpListScanner scanner = IpListScanner.entries(inputs.get(0).path().toString(), skipInvalid,
        labels, expectedLines(totalBytes), progress);
    if (labelsByFile == null) {
      readAll(inputs, scanner);
    } else {
      for (int i = 0; i < inputs.size(); i++) {
        ListFile list = inputs.get(i);
        try (InputStream in = withoutChecksumFiles(list.fs()).open(list.path())) {
          scanner.scan(in, list.path().toString(), labelsByFile.get(i));
        }
      }
    }
    long scanned = System.nanoTime();
    refuseEmpty(inputs, scanner, scanner.entries().size());
    NormalisedList list = IntervalNormaliser.normalise(scanner.entries(), overlap);
    if (layout == KeyLayout.COMPACT) {
      refuseForCompact(inputs, list, scanner);
    }
    return new Read(scanner, contentOf(list, scanner.bytes(), scanner.lines()), list.stats(),
        scanned, System.nanoTime());
  }

  /** Every MaxMind DB's networks into entries, normalised like a text list's. */
  private Read readMaxMindDbs(List<ListFile> inputs, IpListScanner.ProgressListener progress)
      throws IOException {
    if (layout == KeyLayout.COMPACT) {
      throw new InvalidBuildInputException("--layout compact stores single IPv4 addresses without"
          + " labels, and a MaxMind DB holds labelled networks; build it with --layout sorted");
    }
    MaxMindDbList databases;
    try {
      databases = new MaxMindDbList(fields, progress);
      for (ListFile list : inputs) {
        databases.read(list);
      }
    } catch (NoClassDefFoundError e) {
      // A gateway classpath (hadoop ... IndexTools) without the reader's jar.
      throw new InvalidBuildInputException("reading MaxMind DB files needs MaxMind's reader on the"
          + " classpath (com.maxmind.db:maxmind-db, e.g. HADOOP_CLASSPATH=ipjoin.jar:"
          + "maxmind-db-3.2.0.jar); missing: " + e.getMessage());
    }
    long scanned = System.nanoTime();
    if (databases.entries().size() == 0 && !allowEmpty) {
      throw EmptyIpListException.withoutFields(String.join(", ",
          inputs.stream().map(l -> l.path().toString()).toList()), databases.lines(),
          fields.toString());
    }
    NormalisedList list = IntervalNormaliser.normalise(databases.entries(), overlap);
    return new Read(databases, contentOf(list, databases.bytes(), databases.lines()), list.stats(),
        scanned, System.nanoTime());
  }

  /**
   * The compact layout stores single IPv4 addresses without labels; a list with an IPv4 block or
   * range wider than one address, or with labels, fails before anything is written, naming the
   * first such line of the list as written (a normalised piece would not be found in it) and the
   * option that builds it.
   */
  private static void refuseForCompact(List<ListFile> inputs, NormalisedList list,
      IpListScanner scanner) throws InvalidBuildInputException {
    boolean wide = false;
    for (int i = 0; i < list.size() && !wide; i++) {
      wide = list.startKey(i) != list.endKey(i);
    }
    String what;
    if (wide) {
      what = "an IPv4 block or range (" + scanner.firstWideIpv4() + "); build it with --layout"
          + " sorted";
    } else if (list.hasLabels()) {
      what = "labels (" + scanner.firstLabelled() + "); build it with --labels none to leave them"
          + " out, or with --layout sorted to keep them";
    } else {
      return;
    }
    throw new InvalidBuildInputException(String.join(", ",
        inputs.stream().map(l -> l.path().toString()).toList()) + ": --layout compact stores"
        + " single IPv4 addresses without labels, and the list has " + what);
  }

  /** Each list's label from its file name, before any list is read; null without them. */
  private List<String> labelsByFile(List<ListFile> inputs) throws InvalidBuildInputException {
    if (fileLabels == null) {
      return null;
    }
    List<String> byFile = new java.util.ArrayList<>();
    for (ListFile list : inputs) {
      byFile.add(fileLabels.labelOf(list.path()));
    }
    return byFile;
  }

  private static int expectedLines(long totalBytes) {
    return (int) Math.min(MAX_KEYS, totalBytes / BuildHeap.REALISTIC_BYTES_PER_LINE + 16);
  }

  private static void readAll(List<ListFile> inputs, IpListScanner scanner) throws IOException {
    for (ListFile list : inputs) {
      try (InputStream in = withoutChecksumFiles(list.fs()).open(list.path())) {
        scanner.scan(in, list.path().toString());
      }
    }
  }

  private void refuseEmpty(List<ListFile> inputs, ScannedLists scanner, long entries)
      throws EmptyIpListException {
    if (entries == 0 && !allowEmpty) {
      // Before anything is written: the old index (if any) stays published.
      throw emptyList(String.join(", ", inputs.stream().map(l -> l.path().toString()).toList()),
          scanner);
    }
  }

  /**
   * The index content of a normalised list: the plain layout for single IPv4 addresses without
   * labels; else starts, ends only if some interval is wider than one address, label ids and the
   * dictionary only if some interval has a label (then both families carry label ids). The IPv6
   * intervals, if any, as {@link IndexContent.V6}, with ends likewise only if some is wider than
   * one address.
   */
  public static IndexContent contentOf(NormalisedList list, long sourceBytes, long sourceLines) {
    int n = list.size();
    IndexContent.V6 v6 = v6Of(list.v6());
    int[] starts = list.starts();
    int[] ends = list.ends();
    boolean wide = false;
    for (int i = 0; i < n && !wide; i++) {
      wide = starts[i] != ends[i];
    }
    if (!list.hasLabels()) {
      return new IndexContent(starts, wide ? ends : null, null, n, null, null, sourceBytes,
          sourceLines, v6);
    }
    return new IndexContent(starts, wide ? ends : null, list.labelIds(), n,
        list.labels().endOffsets(), list.labels().concatenatedBytes(), sourceBytes, sourceLines,
        v6, list.labels().attributeNames());
  }

  /** The IPv6 part, or null when the list has no IPv6 intervals. */
  private static IndexContent.V6 v6Of(NormalisedList.V6 v6) {
    int n = v6.size();
    if (n == 0) {
      return null;
    }
    boolean wide = false;
    for (int i = 0; i < n && !wide; i++) {
      wide = v6.startHi(i) != v6.endHi(i) || v6.startLo(i) != v6.endLo(i);
    }
    return new IndexContent.V6(v6.starts(), wide ? v6.ends() : null, v6.labelIds(), n);
  }

  /**
   * The second phase: the shrink guard, then write a hidden temporary file, read it back with
   * every check, and rename it into place.
   */
  public BuildSummary publish(Scanned s) throws IOException {
    ScannedLists scanner = s.read.scanner;
    long fileLength;
    try {
      checkShrink(s);
      // Gone after the rename; deleted after a failure, and by a shutdown hook on SIGTERM.
      try (UnpublishedFile file = UnpublishedFile.beside(s.writeFs, s.output)) {
        Path temp = file.temp();
        IndexHeader header = file.write(WRITE_BUFFER_BYTES, out -> s.read.write(out, layout));
        // Checked without keeping the keys: the list's keys are still held, and a second copy
        // of 472 M keys (1.9 GB) is what ran a default 4 GB heap out of memory.
        VerifyReader.HeaderRead reread = VerifyReader.check(s.writeFs, temp, true);
        header.identity(s.writeFs.getFileStatus(temp).getLen())
            .check(reread.identity(), temp.toString());
        fileLength = header.fileLength();
        file.publish(overwrite);
      }
    } catch (OutOfMemoryError e) {
      throw new ListTooBigForHeapException(
          BuildHeap.ranOutMessage(scanner.bytes(), Runtime.getRuntime().maxMemory()));
    }
    long end = System.nanoTime();
    return new BuildSummary(scanner.files(), s.output.toString(), scanner.bytes(), scanner.lines(),
        s.read.stats, fields != null ? "--fields " + fields
            : fileLabels != null ? fileLabels.toString() : "--labels " + labels,
        scanner.lineKinds(), scanner.examples(),
        scanner.warnings(), scanner.notes(), fileLength,
        millis(s.start, s.read.scanned), millis(s.read.scanned, s.read.sorted),
        millis(s.read.sorted, end), millis(s.start, end), scanner.listWarnings());
  }

  /**
   * Every input exists, is a file, is given once, and is not the output (which would replace the
   * list by its own index). Paths are compared fully qualified and normalised, and inputs also by
   * {@link FileIdentity#fileKey}, so two names of one file (a symbolic link, a hard link, also two
   * names in one folder) are one list given twice: read twice, its entries would conflict with
   * themselves, and with {@code --label-from-file} take two labels. A link to nothing is named as
   * such. Returns the total length.
   */
  private static long checkInputs(List<ListFile> inputs, Path output, Path qualifiedOutput)
      throws IOException {
    if (inputs.isEmpty()) {
      throw new InvalidBuildInputException("no input list given");
    }
    Map<Path, Path> seen = new HashMap<>();
    Map<Object, Path> files = new HashMap<>();
    long total = 0;
    for (ListFile list : inputs) {
      Path qualified = list.qualified();
      Path before = seen.putIfAbsent(qualified, list.path());
      if (before != null) {
        throw givenTwice(list.path(), before);
      }
      if (qualified.equals(qualifiedOutput)) {
        throw new InvalidBuildInputException("output " + output + " is also an input; the index"
            + " would replace its own list (--overwrite does not allow that); write it elsewhere");
      }
      if (!list.fs().exists(list.path())) {
        Path target = FileIdentity.danglingTarget(list.fs(), list.path());
        throw new FileNotFoundException(target != null
            ? FileIdentity.danglingMessage(list.path(), target)
            : "input " + list.path() + " does not exist");
      }
      FileStatus status = list.fs().getFileStatus(list.path());
      if (status.isDirectory()) {
        throw new InvalidBuildInputException("input " + list.path()
            + " is a directory; give the list files");
      }
      Path sameFile = files.putIfAbsent(FileIdentity.fileKey(list.fs(), list.path()),
          list.path());
      if (sameFile != null) {
        throw givenTwice(list.path(), sameFile);
      }
      total += status.getLen();
    }
    return total;
  }

  private static InvalidBuildInputException givenTwice(Path path, Path before) {
    return new InvalidBuildInputException("input " + path + " is given twice"
        + (before.equals(path) ? "" : " (also as " + before + ")") + "; give each list once");
  }

  private void checkShrink(Scanned s) throws IOException {
    if (maxShrink < 0 || !s.writeFs.exists(s.output)) {
      return;
    }
    long oldKeys;
    try {
      oldKeys = VerifyReader.readHeader(s.writeFs, s.output).header().totalIntervalCount();
    } catch (CorruptIndexException e) {
      throw IndexShrinkException.unreadable(s.output.toString(), e);
    }
    if (s.keys() < (1 - maxShrink) * oldKeys) {
      throw new IndexShrinkException(s.output.toString(), oldKeys, s.keys(), maxShrink);
    }
  }

  private static EmptyIpListException emptyList(String name, ScannedLists scanner) {
    long blank = scanner.lineKinds().getOrDefault(LineKind.BLANK, 0L);
    long comments = scanner.lineKinds().getOrDefault(LineKind.COMMENT, 0L);
    return new EmptyIpListException(name, scanner.lines(), blank, comments,
        scanner.lines() - blank - comments);
  }

  /**
   * The local FileSystem writes a {@code .crc} side file for every file; the index has its own
   * checksums, and one file is what users copy around, so write the raw local file.
   */
  public static FileSystem withoutChecksumFiles(FileSystem fs) {
    return fs instanceof ChecksumFileSystem c ? c.getRawFileSystem() : fs;
  }

  private static long millis(long fromNanos, long toNanos) {
    return (toNanos - fromNanos) / 1_000_000;
  }
}
