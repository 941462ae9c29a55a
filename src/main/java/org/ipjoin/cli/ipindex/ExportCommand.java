package org.ipjoin.cli.ipindex;

import java.io.BufferedOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.builder.IndexBuilder;
import org.ipjoin.index.builder.SnapshotTimes;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.ip.Ipv4IntervalText;
import org.ipjoin.job.FileSystemConnector;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;

/**
 * {@code ipindex export ips.ipidx [--output list.txt] [--overwrite]}
 *
 * <p>Writes the index's normalised intervals back as a text list, in address order, one per line:
 * the address for a one-address interval, a CIDR block when the interval is exactly one, else
 * {@code a-b} ({@link Ipv4IntervalText}); then TAB and the label when the interval has one (its UTF-8
 * bytes as stored). A label holding {@code #} or {@code ;} follows a comma instead, CSV-quoted
 * ({@code 1.2.3.0/24,"foo ;bar"}, a quote doubled): after a TAB a list reads {@code #} or
 * {@code ;} at the start or after a space as a comment, and would cut the label there. The IPv6 intervals follow the IPv4 ones, written the same way with addresses
 * in RFC 5952 form ({@link Ipv6IntervalText}). Building that text gives an index with the same
 * intervals and labels. Reads and checks the whole index first. Without {@code --output} the list
 * goes to stdout; with it, to a hidden temporary file beside the target that is renamed into place
 * when complete.
 * Exit codes: 0 written, 1 the index is corrupt or an I/O error, 2 usage error, index missing, or
 * output exists (without {@code --overwrite}) or is the index.
 *
 * <p>{@code --history --output DIR} writes a history index back as its snapshots: one text list per
 * snapshot, {@code DIR/2026-03-12.txt} (a snapshot not at midnight UTC: {@code
 * 2026-03-12T06-00-00Z.txt}), each holding the entries listed in that snapshot as above; {@code
 * ipindex build --input DIR --as-of-from-file '(.+)\.txt'} builds the same history from them.
 */
final class ExportCommand extends IndexCommand {

  private static final int BUFFER_BYTES = 1 << 16;

  ExportCommand() {
    super("export", "ips.ipidx [--output list.txt] [--overwrite] [--history --output DIR]",
        "index file");
  }

  @Override
  Options options() {
    return new Options()
        .addOption(Option.builder().longOpt("output").hasArg().argName("path")
            .desc("the text list to write (default: stdout)").build())
        .addOption(Option.builder().longOpt("overwrite").desc("replace an existing output").build())
        .addOption(Option.builder().longOpt("history").desc("a history index: write each"
            + " snapshot as a text list into the folder --output (2026-03-12.txt, ...)").build());
  }

  @Override
  int run(CommandLine line) throws Exception {
    Path file = new Path(fileArgument(line));
    FileSystem fs = FileSystemConnector.of(file, getConf());
    if (!fs.exists(file)) {
      throw new FileNotFoundException(file + " does not exist");
    }
    String output = line.getOptionValue("output");
    if (line.hasOption("history")) {
      return exportHistory(fs, file, output, line.hasOption("overwrite"));
    }
    if (output == null) {
      LoadedIndex index = VerifyReader.load(fs, file, true);
      OutputStream out = new BufferedOutputStream(System.out, BUFFER_BYTES);
      write(index, out);
      out.flush();
      return ExitCode.SUCCESS.code();
    }
    Path target = new Path(output);
    // Raw local file system: no .crc side file next to the list (IndexBuilder explains).
    FileSystem targetFs = IndexBuilder.withoutChecksumFiles(
        FileSystemConnector.of(target, getConf()));
    if (targetFs.makeQualified(target).equals(fs.makeQualified(file))) {
      throw IpJoinException.usage("--output " + target + " is the index itself");
    }
    boolean overwrite = line.hasOption("overwrite");
    if (!overwrite && targetFs.exists(target)) {
      throw new FileAlreadyExistsException(target + " already exists; pass --overwrite to replace it");
    }
    LoadedIndex index = VerifyReader.load(fs, file, true);
    SampleCommand.writeAtomically(targetFs, target, overwrite, out -> {
      OutputStream buffered = new BufferedOutputStream(out, BUFFER_BYTES);
      write(index, buffered);
      buffered.flush();
    });
    int v4 = index.index().listedCount();
    int v6 = index.index6().size();
    System.out.printf("exported %,d intervals (%s%,d labels) from %s to %s%n", v4 + (long) v6,
        v6 == 0 ? "" : String.format("%,d IPv4, %,d IPv6; ", v4, v6),
        index.index().labels().count(), file, target);
    return ExitCode.SUCCESS.code();
  }

  /** {@code --history}: each snapshot of the history index {@code file} as a list in {@code output}. */
  private int exportHistory(FileSystem fs, Path file, String output, boolean overwrite)
      throws Exception {
    if (output == null) {
      throw IpJoinException.usage("--history writes one list per snapshot: give the folder"
          + " with --output");
    }
    LoadedIndex index = VerifyReader.load(fs, file, true);
    ListingHistory history = index.history();
    if (history == null) {
      throw IpJoinException.usage(file + " is not a history index (ipindex build"
          + " --as-of-from-file); export it without --history");
    }
    Path dir = new Path(output);
    FileSystem targetFs = IndexBuilder.withoutChecksumFiles(FileSystemConnector.of(dir, getConf()));
    for (int s = 0; s < history.snapshots(); s++) {
      int snapshot = s;
      Path target = new Path(dir, SnapshotTimes.format(history.time(s)).replace(':', '-') + ".txt");
      if (!overwrite && targetFs.exists(target)) {
        throw new FileAlreadyExistsException(target + " already exists; pass --overwrite to"
            + " replace it");
      }
      SampleCommand.writeAtomically(targetFs, target, overwrite, out -> {
        OutputStream buffered = new BufferedOutputStream(out, BUFFER_BYTES);
        write(index, buffered, (entry, entryLabel) -> {
          int id = history.labelIn(entry, snapshot);
          return id == ListingHistory.ENTRY_LABEL ? entryLabel : id;
        });
        buffered.flush();
      });
    }
    System.out.printf("exported %,d snapshots (%,d entries, %,d listing periods) from %s to %s%n",
        history.snapshots(), history.entries(), history.periodCount(), file, dir);
    return ExitCode.SUCCESS.code();
  }

  /**
   * Every interval as one line: the IPv4 ones in address order, then the IPv6 ones. An index of
   * named attributes starts with a header line, {@code network} and the names, TAB-separated:
   * {@code ipindex build --labels 2,3,...} (one column per attribute) reads it back.
   */
  static void write(LoadedIndex loaded, OutputStream out) throws IOException {
    write(loaded, out, (entry, entryLabel) -> entryLabel);
  }

  /**
   * As {@link #write(LoadedIndex, OutputStream)}, each entry with the label id {@code labelOf}
   * gives it (from the entry and its label column's id; entry i is IPv4 interval i, then the IPv6
   * intervals follow, as a history numbers them), and without the entries it gives a negative one.
   */
  static void write(LoadedIndex loaded, OutputStream out,
      java.util.function.IntBinaryOperator labelOf) throws IOException {
    Ipv4Lookup index = loaded.index();
    LabelDictionary labels = index.labels();
    if (!labels.attributeNames().isEmpty()) {
      out.write(("network\t" + String.join("\t", labels.attributeNames()) + "\n")
          .getBytes(StandardCharsets.UTF_8));
    }
    for (int i = 0; i < index.size(); i++) {
      int id = index.listed(i) ? labelOf.applyAsInt(i, index.labelId(i)) : -1;
      if (id < 0) {
        continue; // a gap of implicit ends, or not in the snapshot written
      }
      line(out, Ipv4IntervalText.format(index.start(i), index.end(i)), labels, id);
    }
    Ipv6IntervalIndex index6 = loaded.index6();
    for (int i = 0; i < index6.size(); i++) {
      int id = labelOf.applyAsInt(index.size() + i, index6.labelId(i));
      if (id < 0) {
        continue;
      }
      line(out, Ipv6IntervalText.of(index6, i), labels, id);
    }
  }

  private static void line(OutputStream out, String interval, LabelDictionary labels, int labelId)
      throws IOException {
    out.write(interval.getBytes(StandardCharsets.US_ASCII));
    if (labelId != 0) {
      byte[] bytes = labels.bytes();
      int from = labels.offset(labelId);
      int to = from + labels.length(labelId);
      if (holdsCommentMark(bytes, from, to)) {
        quoted(out, bytes, from, to);
      } else {
        out.write('\t');
        out.write(bytes, from, to - from);
      }
    }
    out.write('\n');
  }

  private static boolean holdsCommentMark(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] == '#' || b[i] == ';') {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code ,"label"} with each quote doubled: a quoted comma field is read without comments. The
   * values of a label of attributes (TAB-separated) become one quoted field each, the same
   * columns as the TAB form.
   */
  private static void quoted(OutputStream out, byte[] b, int from, int to) throws IOException {
    out.write(',');
    out.write('"');
    for (int i = from; i < to; i++) {
      if (b[i] == '\t') {
        out.write('"');
        out.write(',');
        out.write('"');
        continue;
      }
      out.write(b[i]);
      if (b[i] == '"') {
        out.write('"');
      }
    }
    out.write('"');
  }
}
