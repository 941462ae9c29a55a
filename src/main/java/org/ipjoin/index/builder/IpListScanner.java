package org.ipjoin.index.builder;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.ipjoin.index.format.ListContent;
import org.ipjoin.index.list.LabelAttributes;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.LabelInterner;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.ListEntries;
import org.ipjoin.index.list.ListLineParser;
import org.ipjoin.index.list.ListWarning;
import org.ipjoin.index.list.ListWarnings;
import org.ipjoin.index.list.MalformedIpListException;

/**
 * Reads text IP lists (one or several files, one after another) from streams in large chunks and
 * reads every line by {@link ListLineParser}'s rules. No String per line: this is the builder's hot
 * loop (a byte-level parser reaches ~470 MB/s on one core here, against 2 MB/s with readLine +
 * split).
 *
 * <p>Two modes:
 * <ul>
 *   <li>{@link #addresses addresses}: for the common list of plain addresses. Collects address keys
 *       (unsorted, with duplicates) in one {@code int[]}, most lines through a fused parse that
 *       finds the address and the end of the line in one pass. At the first line that is more than
 *       an address (a CIDR block, a range, an IPv6 entry, or an address with a label in the label
 *       column) it stops with {@link NotPlainAddressesException}: the list then needs the general
 *       path.
 *   <li>{@link #entries entries}: every entry (address, block, range, label; IPv4 and IPv6) into
 *       {@link ListEntries}, for {@link org.ipjoin.index.list.IntervalNormaliser}.
 * </ul>
 *
 * <p>Nothing is dropped silently: every line that is not an entry is counted by {@link LineKind};
 * in strict mode a malformed line fails the scan with {@code file:line: } and the parser's one-line
 * reason.
 */
public final class IpListScanner implements ScannedLists {

  private static final int CHUNK_BYTES = 4 << 20;
  /** How many offending lines are kept, with their numbers, for the summary. */
  public static final int EXAMPLES_KEPT = 5;

  private final boolean skipInvalid;
  private final ProgressListener progress;
  private final ListLineParser parser;
  /** The fused address parse may take a TAB after the address only when labels are ignored. */
  private final boolean tabEndsAddress;
  /** A label column was named: a line of just an address lacks it ({@link ListWarning}). */
  private final boolean labelColumnNamed;
  private final ListWarnings warnings = new ListWarnings();
  /**
   * In entry mode, the first IPv4 entry wider than one address and the first entry with a label,
   * as {@code file:line text}, for the compact layout's refusal; null until seen.
   */
  private String firstWideIpv4;
  private String firstLabelled;
  /** Null in address mode. */
  private final ListEntries entries;
  /** Several columns kept as named attributes ({@code --labels 3,4}), or null. */
  private final LabelAttributes attributes;
  /** With attributes: whether the current file's first data line (maybe a header) is still ahead. */
  private boolean headerAhead;
  /** With attributes: whether the attributes' names were given to the entries. */
  private boolean named;
  /** The label every entry of the current file takes ({@code --label-from-file}), or 0. */
  private int fileLabelId;
  /** Whether that label is one {@code --mode tag} writes for something else (0, 1 or -). */
  private boolean fileLabelIsTagValue;
  private final ListLabelWarnings labelWarnings;

  /** The file being scanned, for messages; its lines so far, for file:line. */
  private String name;
  private long fileLines;
  private int[] keys;
  private int count;
  private long lines;
  private long bytes;
  /** Address lines of pieces scanned by other scanners and added by {@link #absorb}. */
  private long absorbed;
  /** Bytes read before the current file. */
  private long fileStartBytes;
  private final List<BuildSummary.ListCount> files = new ArrayList<>();
  private final Map<LineKind, Long> kinds = new EnumMap<>(LineKind.class);
  private final List<Skipped> skipped = new ArrayList<>();

  /** A skipped malformed line kept for the summary. */
  private record Skipped(String file, long line, String error) {}

  /** Told how many bytes have been read, every chunk. */
  public interface ProgressListener {
    void bytesRead(long total);
  }

  /**
   * An address-mode scanner with labels in the default column.
   *
   * @param name the list's name, for messages
   * @param skipInvalid false: the first malformed line throws; true: malformed lines are counted
   * @param expectedKeys initial capacity (e.g. the file length / 14)
   */
  public IpListScanner(String name, boolean skipInvalid, int expectedKeys, ProgressListener progress) {
    this(name, skipInvalid, LabelColumn.DEFAULT, expectedKeys, progress, false);
  }

  private IpListScanner(String name, boolean skipInvalid, LabelColumn labels, int expected,
      ProgressListener progress, boolean general) {
    this.name = name;
    this.skipInvalid = skipInvalid;
    this.progress = progress;
    this.parser = new ListLineParser(labels);
    this.tabEndsAddress = labels == LabelColumn.NONE;
    this.labelColumnNamed = labels.named();
    this.attributes = labels.attributes();
    this.labelWarnings = new ListLabelWarnings(labels == LabelColumn.DEFAULT);
    if (general) {
      this.entries = new ListEntries(expected);
      this.keys = null;
    } else {
      this.entries = null;
      this.keys = new int[Math.max(16, expected)];
    }
  }

  /**
   * A scanner for a list of plain addresses: {@link #scan} throws {@link
   * NotPlainAddressesException} at the first line that is more than an address under
   * {@code labels}.
   */
  public static IpListScanner addresses(String name, boolean skipInvalid, LabelColumn labels,
      int expectedKeys, ProgressListener progress) {
    return new IpListScanner(name, skipInvalid, labels, expectedKeys, progress, false);
  }

  /** A scanner that collects every entry into {@link #entries()}. */
  public static IpListScanner entries(String name, boolean skipInvalid, LabelColumn labels,
      int expectedEntries, ProgressListener progress) {
    return new IpListScanner(name, skipInvalid, labels, expectedEntries, progress, true);
  }

  /** Scans the whole stream, the list named in the constructor (does not close it). */
  public void scan(InputStream in) throws IOException {
    scan(in, name);
  }

  /**
   * Scans one more list file, whole, adding its keys to those of the files before it; its lines
   * are numbered from 1 in messages. Does not close {@code in}.
   */
  public void scan(InputStream in, String fileName) throws IOException {
    beginFile(fileName);
    scanFile(in);
    endFile();
  }

  /**
   * As {@link #scan(InputStream, String)}, every entry of the file taking {@code label} as its
   * label ({@code --label-from-file}; the scanner's label column should be
   * {@link LabelColumn#NONE}). Only in entry mode.
   */
  public void scan(InputStream in, String fileName, String label) throws IOException {
    fileLabelId = entries.labels().idOf(label);
    // The warning a list line with such a label gets, for every entry of the file.
    fileLabelIsTagValue = label.equals("0") || label.equals("1") || label.equals("-");
    long before = entries.size() + entries.ipv6Size();
    try {
      scan(in, fileName);
    } finally {
      fileLabelId = LabelInterner.NO_LABEL;
      fileLabelIsTagValue = false;
    }
    if (entries.size() + entries.ipv6Size() == before) {
      labelWarnings.noEntryForFileLabel(fileName, label);
    }
  }

  /** Starts the count of a file whose lines are numbered from 1. */
  void beginFile(String fileName) {
    name = fileName;
    fileLines = 0;
    fileStartBytes = bytes;
    if (entries != null) {
      entries.beginFile(fileName, lines);
    }
    headerAhead = attributes != null;
    labelWarnings.beginFile();
  }

  /** Ends the file begun by {@link #beginFile}: its bytes and lines go to {@link #files}. */
  void endFile() {
    files.add(new BuildSummary.ListCount(name, bytes - fileStartBytes, fileLines));
    labelWarnings.endFile(name);
  }

  /** Counts {@code n} more bytes read and tells the progress listener. */
  void bytesRead(long n) {
    bytes += n;
    progress.bytesRead(bytes);
  }

  /** The file being scanned. */
  String name() {
    return name;
  }

  /** Lines of the current file so far: the number of the line before the next one. */
  long fileLines() {
    return fileLines;
  }

  /**
   * A scanner for one piece of a file, cut at line boundaries, in the parallel scan: it numbers
   * the piece's lines from 1 (the caller adds the lines before the piece) and collects the piece's
   * address keys into {@code keys}, which must hold one key per 8 bytes of the piece, plus one.
   */
  static IpListScanner piece(String name, boolean skipInvalid, LabelColumn labels, int[] keys) {
    IpListScanner piece = new IpListScanner(name, skipInvalid, labels, 0, total -> { }, false);
    piece.keys = keys;
    return piece;
  }

  /**
   * Scans every line of {@code buf[from, to)}: whole lines, the last one with or without its
   * newline. The same checks, stops and counts as {@link #scan}.
   */
  void scanPiece(byte[] buf, int from, int to) throws IOException {
    int rest = scanLines(buf, from, to);
    if (rest < to) {
      line(buf, rest, to);
    }
  }

  /** The parser's reason for the malformed line that stopped a strict scan. */
  String error() {
    return parser.error();
  }

  /**
   * Adds the counts of {@code piece}, a piece of the current file that follows everything counted
   * so far: its lines, line kinds, address lines and skipped lines (renumbered in the file).
   */
  void absorb(IpListScanner piece) {
    for (Skipped s : piece.skipped) {
      if (skipped.size() < EXAMPLES_KEPT) {
        skipped.add(new Skipped(name, fileLines + s.line(), s.error()));
      }
    }
    warnings.absorb(piece.warnings, fileLines);
    lines += piece.lines;
    fileLines += piece.fileLines;
    absorbed += piece.addressLines();
    piece.kinds.forEach((kind, n) -> kinds.merge(kind, n, Long::sum));
  }

  private void scanFile(InputStream in) throws IOException {
    byte[] buf = new byte[CHUNK_BYTES];
    int filled = 0;
    boolean first = true;
    while (true) {
      int n = in.readNBytes(buf, filled, buf.length - filled);
      bytes += n;
      progress.bytesRead(bytes);
      int end = filled + n;
      boolean eof = n == 0 || end < buf.length;
      int start = 0;
      if (first) {
        start = ListContent.textStart(name, buf, end);
        first = false;
      }
      start = scanLines(buf, start, end);
      if (eof) {
        if (start < end) {
          line(buf, start, end); // last line without a newline
        }
        return;
      }
      // Carry the partial last line to the front; grow the buffer for a line longer than it.
      int partial = end - start;
      if (partial == buf.length) {
        buf = Arrays.copyOf(buf, buf.length * 2);
      } else {
        System.arraycopy(buf, start, buf, 0, partial);
      }
      filled = partial;
    }
  }

  /** Handles every complete line in buf[from, to); returns where the incomplete rest starts. */
  private int scanLines(byte[] buf, int from, int to) throws IOException {
    int i = from;
    while (i < to) {
      // With attributes every line goes to the parser: the first may be a header line.
      int next = attributes == null ? addressLine(buf, i, to) : -1;
      if (next < 0) {
        int newline = indexOf(buf, i, to, (byte) '\n');
        if (newline < 0) {
          return i;
        }
        line(buf, i, newline);
        next = newline + 1;
      }
      i = next;
    }
    return i;
  }

  /**
   * The fast path for the common line, an address at the very start of the line followed by the end
   * of its field: parses it in the same pass that looks for the end of the line, records it, and
   * returns where the next line starts. Returns -1 for anything else (leading blanks, comments,
   * malformed text, a line not complete before {@code to}), which {@link ListLineParser} then
   * handles. Only endings after which {@link ListLineParser} can see nothing but the address are
   * taken here: LF, CRLF, an inline comment mark, and a TAB when labels are ignored (a space may
   * be followed by {@code - end} or {@code / prefix}; a TAB by a label). Fusing the passes took the
   * scan from ~180 to ~400 MB/s on a 26 M-line list here.
   */
  private int addressLine(byte[] buf, int from, int to) {
    int address = 0;
    int p = from;
    for (int octet = 0; octet < 4; octet++) {
      if (p >= to) {
        return -1;
      }
      int value = buf[p] - '0';
      if (value < 0 || value > 9) {
        return -1;
      }
      p++;
      if (value != 0) { // "0" is a whole octet: no leading zeros
        for (int k = 0; k < 2 && p < to; k++) {
          int digit = buf[p] - '0';
          if (digit < 0 || digit > 9) {
            break;
          }
          value = value * 10 + digit;
          p++;
        }
      }
      if (value > 255) {
        return -1;
      }
      address = (address << 8) | value;
      if (octet < 3) {
        if (p >= to || buf[p] != '.') {
          return -1;
        }
        p++;
      }
    }
    if (p >= to) {
      return -1;
    }
    int next;
    byte end = buf[p];
    if (end == '\n') {
      next = p + 1;
    } else if (end == '#' || end == ';' || end == '\t' && tabEndsAddress) {
      int newline = indexOf(buf, p, to, (byte) '\n');
      if (newline < 0) {
        return -1;
      }
      next = newline + 1;
    } else if (end == '\r' && p + 1 < to && buf[p + 1] == '\n') {
      next = p + 2;
    } else {
      return -1;
    }
    lines++;
    fileLines++;
    if (labelColumnNamed) {
      warnings.note(ListWarning.NO_LABEL_COLUMN, name, fileLines, buf, from, p);
    }
    if (fileLabelIsTagValue) {
      warnings.note(ListWarning.TAG_VALUE_LABEL, name, fileLines, buf, from, p);
    }
    int key = address + Integer.MIN_VALUE;
    if (entries == null) {
      addKey(key);
    } else {
      entries.add(LineKind.ADDRESS, key, key, fileLabelId, lines);
    }
    return next;
  }

  private static int indexOf(byte[] buf, int from, int to, byte b) {
    for (int i = from; i < to; i++) {
      if (buf[i] == b) {
        return i;
      }
    }
    return -1;
  }

  private void addKey(int key) {
    if (count == keys.length) {
      keys = Arrays.copyOf(keys, (int) Math.min(IndexBuilder.MAX_KEYS, keys.length * 3L / 2));
    }
    keys[count++] = key;
  }

  private void line(byte[] buf, int from, int to) throws IOException {
    lines++;
    fileLines++;
    LineKind kind = parser.parse(buf, from, to);
    if (headerAhead && !kind.isIgnorable()) {
      if (readHeader(buf, from, to)) {
        kinds.merge(LineKind.COMMENT, 1L, Long::sum);
        return;
      }
      kind = parser.parse(buf, from, to); // again, with the columns the file's header gave
    }
    if (kind.isEntry()) {
      if (parser.warnings() != 0) {
        warnings.note(parser, name, fileLines);
      }
      if (fileLabelIsTagValue) {
        warnings.note(ListWarning.TAG_VALUE_LABEL, name, fileLines, buf, from, to);
      }
      if (entries != null) {
        if (parser.hasLabel() && fileLabelId == LabelInterner.NO_LABEL) {
          labelWarnings.label(parser.labelBytes(), parser.labelFrom(), parser.labelTo());
        }
        entries.add(parser, fileLabelId, lines);
        noteForCompactLayout();
      } else if (kind == LineKind.ADDRESS && !parser.hasLabel() && !parser.isIpv6()) {
        addKey(parser.startKey());
      } else {
        throw new NotPlainAddressesException(name, fileLines);
      }
      return;
    }
    kinds.merge(kind, 1L, Long::sum);
    if (kind != LineKind.MALFORMED) {
      return; // blank or comment
    }
    if (!skipInvalid) {
      throw MalformedIpListException.of(name, fileLines, parser.error());
    }
    if (skipped.size() < EXAMPLES_KEPT) {
      skipped.add(new Skipped(name, fileLines, parser.error()));
    }
  }

  /**
   * The first data line of a file read with attributes: resolves the attributes' columns from its
   * headings if it is a header line (true), else without headings (false). The first file's names
   * name the attributes of the index.
   */
  private boolean readHeader(byte[] buf, int from, int to) throws InvalidBuildInputException {
    headerAhead = false;
    List<String> headings = parser.headings(buf, from, to);
    LabelAttributes.Resolved resolved;
    try {
      resolved = attributes.resolve(headings);
    } catch (IllegalArgumentException e) {
      throw new InvalidBuildInputException(name + ":" + fileLines + ": " + e.getMessage());
    }
    parser.attributeColumns(resolved.columns());
    if (!named) {
      entries.nameAttributes(resolved.names());
      named = true;
    }
    return headings != null;
  }

  private void noteForCompactLayout() {
    if (firstWideIpv4 == null && !parser.isIpv6() && parser.startKey() != parser.endKey()) {
      firstWideIpv4 = name + ":" + fileLines + " " + parser.lineText();
    }
    if (firstLabelled == null && (parser.hasLabel() || fileLabelId != LabelInterner.NO_LABEL)) {
      firstLabelled = name + ":" + fileLines + " " + parser.lineText();
    }
  }

  /** In entry mode, the first IPv4 entry wider than one address, {@code file:line text}, or null. */
  public String firstWideIpv4() {
    return firstWideIpv4;
  }

  /** In entry mode, the first entry with a label, {@code file:line text}, or null. */
  public String firstLabelled() {
    return firstLabelled;
  }

  /** The warnings of every line read. */
  public ListWarnings warnings() {
    return warnings;
  }

  @Override
  public List<String> listWarnings() {
    return labelWarnings.lines();
  }

  /** In address mode, the collected keys, unsorted and with duplicates, in {@code keys()[0, keyCount())}. */
  public int[] keys() {
    return keys;
  }

  /** In entry mode, the entries read. */
  public ListEntries entries() {
    return entries;
  }

  /** IPv4 address lines read in address mode (into {@link #keys}). */
  public int keyCount() {
    return count;
  }

  /** IPv4 address lines read in address mode, by this scanner and the pieces it absorbed. */
  long addressLines() {
    return count + absorbed;
  }

  /** Lines of every file scanned. */
  public long lines() {
    return lines;
  }

  /** Each file scanned, in order, with its bytes and lines. */
  public List<BuildSummary.ListCount> files() {
    return List.copyOf(files);
  }

  public long bytes() {
    return bytes;
  }

  /** Lines of each kind that is not an entry: blank, comment, and the skipped malformed ones. */
  public Map<LineKind, Long> lineKinds() {
    return kinds;
  }



  /** Up to {@link #EXAMPLES_KEPT} skipped malformed lines, one per line, with file:line. */
  public String examples() {
    StringBuilder examples = new StringBuilder();
    for (Skipped s : skipped) {
      examples.append("  ").append(s.file()).append(':').append(s.line()).append(": ")
          .append(s.error()).append(System.lineSeparator());
    }
    return examples.toString();
  }
}
