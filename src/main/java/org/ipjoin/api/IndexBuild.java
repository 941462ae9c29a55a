package org.ipjoin.api;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.index.builder.BuildSummary;
import org.ipjoin.index.builder.FileLabels;
import org.ipjoin.index.builder.HistoryBuilder;
import org.ipjoin.index.builder.IndexBuilder;
import org.ipjoin.index.builder.IndexShrinkException;
import org.ipjoin.index.builder.InvalidBuildInputException;
import org.ipjoin.index.builder.ListTooBigForHeapException;
import org.ipjoin.index.builder.MalformedMaxMindDbException;
import org.ipjoin.index.builder.OutputWriteException;
import org.ipjoin.index.builder.RecordFields;
import org.ipjoin.index.builder.SnapshotTimes;
import org.ipjoin.index.builder.ValidityTable;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.list.EmptyIpListException;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.job.FileSystemConnector;
import org.ipjoin.job.locate.RecordTime;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IoCause;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

/**
 * Builds one index from one or more text IP lists, on any Hadoop FileSystem, and publishes it
 * atomically: what {@code ipindex build} runs (that command only turns its options into these
 * calls). Each option takes the value its command-line option takes and is checked, with the same
 * message, when {@link #run()} runs. Get one from {@link IpJoin#buildIndex}.
 *
 * <pre>{@code
 * BuiltIndex built = IpJoin.buildIndex(conf)
 *     .input("hdfs:///lists/blocked.tsv").output("hdfs:///lists/blocked.ipidx")
 *     .labels("default").overlap("longest").skipInvalid(true).overwrite(true).maxShrink("0.2")
 *     .run();
 * }</pre>
 */
public final class IndexBuild {

  private final Configuration conf;
  private final List<String> inputs = new ArrayList<>();
  private String output;
  private boolean skipInvalid;
  private boolean overwrite;
  private boolean allowEmpty;
  private String labels;
  private boolean labelFromFile;
  private String fileLabelPattern;
  private String overlap;
  private String maxShrink;
  private String layout;
  private String fields;
  private String asOfFromFile;
  private String validFrom;
  private String validTo;
  private LongConsumer progress = bytes -> { };

  IndexBuild(Configuration conf) {
    this.conf = new Configuration(conf);
  }

  /** Text lists to read (any FileSystem URI, or a path on the default FileSystem); their union is indexed. */
  public IndexBuild input(String... paths) {
    inputs.addAll(List.of(ApiArguments.noNulls(paths, "paths")));
    return this;
  }

  /** The index file to write; never one of the inputs. Required. */
  public IndexBuild output(String path) {
    this.output = ApiArguments.notNull(path, "path");
    return this;
  }

  /** Skip and count malformed lines instead of failing the build (default false). */
  public IndexBuild skipInvalid(boolean skip) {
    this.skipInvalid = skip;
    return this;
  }

  /** Replace an existing index, atomically (default false: an existing output is refused). */
  public IndexBuild overwrite(boolean replace) {
    this.overwrite = replace;
    return this;
  }

  /** Build an empty index from a list without addresses instead of failing (default false). */
  public IndexBuild allowEmpty(boolean allow) {
    this.allowEmpty = allow;
    return this;
  }

  /**
   * Where an entry's label is: {@code "none"}, {@code "default"} (the column after the entry), a
   * column number from 2, or several columns kept as named attributes, separated by commas: column
   * numbers ({@code "3,4"}, named from the list's header line or {@code column3}), names and
   * numbers ({@code "asn=3,org=4"}) or header names ({@code "asn,org"}). The syntax of
   * {@code ipindex build --labels}.
   */
  public IndexBuild labels(String column) {
    this.labels = ApiArguments.notNull(column, "column");
    return this;
  }

  /**
   * Every entry of a list takes a label from the list's file name: the whole name
   * ({@code null}), or the first group of {@code regex}, a Java regular expression matched against
   * the whole name ({@code "country_(..)\\.netset"}); a name it does not match fails the build
   * with {@link ExitCode#USAGE}. Not with {@link #labels}. {@code ipindex build --label-from-file
   * [REGEX]}.
   */
  public IndexBuild labelFromFile(String regex) {
    this.labelFromFile = true;
    this.fileLabelPattern = regex;
    return this;
  }

  /**
   * Builds a history index: the one input is a folder whose every file is a dated snapshot of one
   * list, dated by the first group of {@code regex} matched against its whole name (a date such as
   * {@code "ipsum-(\\d{4}-\\d{2}-\\d{2})\\.txt"}, or a timestamp; UTC). Each distinct entry is
   * stored once with the periods it was listed in ({@link HistoryBuilder}). {@link #labels} says
   * where each snapshot's labels are, as for a plain list (default: the column after the entry),
   * several columns included: each listing period then carries its attribute values. Not with
   * {@link #labelFromFile}, {@link #fields}, {@link #layout} or {@link #maxShrink}. {@code ipindex
   * build --as-of-from-file REGEX}.
   */
  public IndexBuild asOfFromFile(String regex) {
    this.asOfFromFile = ApiArguments.notNull(regex, "regex");
    return this;
  }

  /**
   * Builds a history index from one table whose lines carry their validity, as a slowly changing
   * dimension table exports it: each line an entry of a text list, valid from the time in column
   * {@code column} until (not including) the time in the {@link #validTo} column. A column is a
   * number from 2 or a heading of the table's header line; times in the forms {@link
   * JoinJob#time} reads (ISO 8601 dates and timestamps, epoch seconds or milliseconds, UTC unless
   * they carry a zone). {@link #labels} then names the label's column (a number or a heading),
   * several columns kept as named attributes as for a plain list ({@code "asn=5,org=6"}, {@code
   * "5,6"}, {@code "asn,org"}), or {@code "none"} (the default). Not with {@link #asOfFromFile},
   * {@link #labelFromFile}, {@link #fields}, {@link #layout} or {@link #maxShrink}. {@code ipindex
   * build --valid-from COL}.
   */
  public IndexBuild validFrom(String column) {
    this.validFrom = ApiArguments.notNull(column, "column");
    return this;
  }

  /**
   * With {@link #validFrom}: the column of the time a line stops being valid; an empty, {@code
   * \N} or {@code NULL} one is a line still valid. {@code ipindex build --valid-to COL}.
   */
  public IndexBuild validTo(String column) {
    this.validTo = ApiArguments.notNull(column, "column");
    return this;
  }

  /** Which entry answers for an address several entries hold: {@code "longest"} (default) or {@code "first"}. */
  public IndexBuild overlap(String policy) {
    this.overlap = ApiArguments.notNull(policy, "policy");
    return this;
  }

  /**
   * How the IPv4 keys are stored: {@code "sorted"} (default; every list) or {@code "compact"}
   * (single addresses without labels: /16 buckets of 16-bit suffixes or bitmaps, about half the
   * size and faster lookups; a list with IPv4 blocks, ranges or labels then fails with
   * {@link ExitCode#USAGE}).
   */
  public IndexBuild layout(String keys) {
    this.layout = ApiArguments.notNull(keys, "keys");
    return this;
  }

  /**
   * With {@link #overwrite}: refuse to replace the index by one with fewer than (1 - F) times its
   * intervals, F a number from {@code "0"} to {@code "1"} (default: no limit).
   */
  public IndexBuild maxShrink(String fraction) {
    this.maxShrink = ApiArguments.notNull(fraction, "fraction");
    return this;
  }

  /**
   * The inputs are MaxMind DB files ({@code .mmdb}); index these attributes of each network's
   * record: comma-separated dot paths into the record ({@code country.iso_code},
   * {@code subdivisions.0.iso_code}), each optionally named ({@code asn=autonomous_system_number});
   * an unnamed attribute is named by its path. A label is the values joined by TAB
   * (docs/lists.md, "MaxMind DB input").
   */
  public IndexBuild fields(String paths) {
    this.fields = ApiArguments.notNull(paths, "paths");
    return this;
  }

  /** Called now and then with the bytes read so far, over all lists. */
  public IndexBuild progress(LongConsumer bytesRead) {
    this.progress = ApiArguments.notNull(bytesRead, "bytesRead");
    return this;
  }

  /**
   * Checks the options and the inputs, reads the lists, writes the index beside its target, reads
   * it back with every check and only then renames it into place.
   *
   * @throws IpJoinException {@link ExitCode#USAGE} for a wrong option or path (an input
   *     missing, a directory, given twice or the output itself; the output exists without
   *     overwrite; a path whose scheme has no FileSystem); {@link ExitCode#FAILED} for a malformed line, a list without addresses,
   *     a refused shrink, a list too big for the heap or an I/O failure. Nothing is published then.
   */
  public BuiltIndex run() throws IpJoinException {
    if (validFrom != null || validTo != null) {
      return runValidity();
    }
    if (asOfFromFile != null) {
      return runHistory();
    }
    IndexBuilder builder = builder();
    return translated(() -> {
      List<IndexBuilder.ListFile> lists = new ArrayList<>();
      for (String input : inputs) {
        Path path = new Path(input);
        lists.add(new IndexBuilder.ListFile(FileSystemConnector.of(path, conf), path));
      }
      Path out = new Path(output);
      BuildSummary summary = builder.build(lists, FileSystemConnector.of(out, conf), out,
          progress::accept);
      return new BuiltIndex(out, summary.intervals(), summary.lines(), summary.skipped(),
          summary.format(), summary.listWarnings());
    });
  }

  /** A build's reading and writing, whose failures {@link #translated} turns into exit codes. */
  private interface Work {
    BuiltIndex run() throws IOException, IpJoinException;
  }

  /** Runs {@code work}, its failures one-line {@link IpJoinException}s with their exit codes. */
  private static BuiltIndex translated(Work work) throws IpJoinException {
    try {
      return work.run();
    } catch (IpJoinException e) {
      throw e;
    } catch (FileNotFoundException | FileAlreadyExistsException | InvalidBuildInputException e) {
      throw new IpJoinException(ExitCode.USAGE, e.getMessage());
    } catch (CorruptIndexException | MalformedIpListException | MalformedMaxMindDbException
        | EmptyIpListException
        | IndexShrinkException | ListTooBigForHeapException | OutputWriteException e) {
      throw new IpJoinException(ExitCode.FAILED, e.getMessage());
    } catch (IOException e) {
      throw new IpJoinException(ExitCode.FAILED, OneLine.ioFailure(e));
    } catch (IllegalArgumentException e) {
      // A path Hadoop cannot parse (a bad URI).
      throw new IpJoinException(ExitCode.USAGE, e.getMessage());
    } catch (RuntimeException | Error e) {
      throw IoCause.failure(e);
    }
  }

  /** {@link #run} of a history index: the checks, then {@link HistoryBuilder}. */
  private BuiltIndex runHistory() throws IpJoinException {
    if (inputs.size() != 1) {
      throw new IpJoinException(ExitCode.USAGE, "--as-of-from-file takes one --input, the folder"
          + " of dated snapshots; got " + inputs.size());
    }
    if (output == null) {
      throw new IpJoinException(ExitCode.USAGE, "missing --output");
    }
    if (labelFromFile || fields != null || layout != null || maxShrink != null) {
      throw new IpJoinException(ExitCode.USAGE, "--as-of-from-file cannot be combined with"
          + " --label-from-file, --fields, --layout or --max-shrink: each snapshot is read as a"
          + " text list");
    }
    LabelColumn labelColumn;
    try {
      labelColumn = labels == null ? LabelColumn.DEFAULT : LabelColumn.parse(labels);
    } catch (IllegalArgumentException e) {
      throw new IpJoinException(ExitCode.USAGE, "--labels: " + e.getMessage());
    }
    SnapshotTimes times;
    try {
      times = SnapshotTimes.of(asOfFromFile);
    } catch (IllegalArgumentException e) {
      throw new IpJoinException(ExitCode.USAGE, "--as-of-from-file: " + e.getMessage());
    }
    return translated(() -> {
      Path dir = new Path(inputs.get(0));
      Path out = new Path(output);
      HistoryBuilder.Built built = new HistoryBuilder(times, labelColumn, overwrite).build(
          FileSystemConnector.of(dir, conf), dir, FileSystemConnector.of(out, conf), out);
      return new BuiltIndex(out, built.entries(), built.lines(), 0, built.summary());
    });
  }

  /** {@link #run} of a history index from a table of validity lines: the checks, then {@link ValidityTable}. */
  private BuiltIndex runValidity() throws IpJoinException {
    if (validFrom == null || validTo == null) {
      throw new IpJoinException(ExitCode.USAGE, validFrom == null
          ? "--valid-to needs --valid-from: a line is valid from one column's time to the other's"
          : "--valid-from needs --valid-to (a line without a valid-to time is still valid)");
    }
    if (inputs.size() != 1) {
      throw new IpJoinException(ExitCode.USAGE, "--valid-from takes one --input, the table of"
          + " validity lines; got " + inputs.size());
    }
    if (output == null) {
      throw new IpJoinException(ExitCode.USAGE, "missing --output");
    }
    if (asOfFromFile != null || labelFromFile || fields != null || layout != null
        || maxShrink != null) {
      throw new IpJoinException(ExitCode.USAGE, "--valid-from cannot be combined with"
          + " --as-of-from-file, --label-from-file, --fields, --layout or --max-shrink");
    }
    ValidityTable.Column from;
    ValidityTable.Column to;
    ValidityTable.Labels label;
    try {
      from = ValidityTable.Column.parse("--valid-from", validFrom);
      to = ValidityTable.Column.parse("--valid-to", validTo);
      label = labels == null ? ValidityTable.Labels.NONE : ValidityTable.Labels.parse(labels);
    } catch (IllegalArgumentException e) {
      throw new IpJoinException(ExitCode.USAGE, e.getMessage());
    }
    return translated(() -> {
      Path in = new Path(inputs.get(0));
      Path out = new Path(output);
      FileSystem inFs = FileSystemConnector.of(in, conf);
      if (inFs.getFileStatus(in).isDirectory()) {
        throw new InvalidBuildInputException("--valid-from: --input " + in + " is a folder; give"
            + " the one table whose lines carry their validity");
      }
      ValidityTable table = ValidityTable.read(inFs, in, from, to, label, RecordTime::parse);
      HistoryBuilder.Built built = new HistoryBuilder(overwrite).build(table,
          FileSystemConnector.of(out, conf), out);
      return new BuiltIndex(out, built.entries(), built.lines(), 0, built.summary());
    });
  }

  /** The options, checked in the order the command line always checked them. */
  private IndexBuilder builder() throws IpJoinException {
    if (inputs.isEmpty()) {
      throw new IpJoinException(ExitCode.USAGE, "missing --input");
    }
    if (output == null) {
      throw new IpJoinException(ExitCode.USAGE, "missing --output");
    }
    IndexBuilder builder = new IndexBuilder(skipInvalid, overwrite, allowEmpty);
    if (labelFromFile && labels != null) {
      throw new IpJoinException(ExitCode.USAGE, "--label-from-file and --labels cannot be"
          + " combined: with --label-from-file an entry's label is its file's name");
    }
    if (labelFromFile) {
      try {
        builder = builder.labelFromFile(FileLabels.of(fileLabelPattern));
      } catch (IllegalArgumentException e) {
        throw new IpJoinException(ExitCode.USAGE, "--label-from-file: " + e.getMessage());
      }
    }
    if (labels != null) {
      try {
        builder = builder.labels(LabelColumn.parse(labels));
      } catch (IllegalArgumentException e) {
        throw new IpJoinException(ExitCode.USAGE, "--labels: " + e.getMessage());
      }
    }
    if (overlap != null) {
      try {
        builder = builder.overlap(OverlapPolicy.parse(overlap));
      } catch (IllegalArgumentException e) {
        throw new IpJoinException(ExitCode.USAGE, "--overlap: " + e.getMessage());
      }
    }
    if (fields != null) {
      builder = builder.fields(recordFields());
    }
    if (maxShrink != null) {
      builder = builder.maxShrink(fraction(maxShrink));
    }
    if (layout != null) {
      try {
        builder = builder.layout(KeyLayout.fromName(layout));
      } catch (IllegalArgumentException e) {
        throw new IpJoinException(ExitCode.USAGE, "--layout: " + e.getMessage());
      }
    }
    return builder;
  }

  /** {@link #fields} parsed; a MaxMind DB's labels are its fields, never a text column. */
  private RecordFields recordFields() throws IpJoinException {
    if (labels != null) {
      throw new IpJoinException(ExitCode.USAGE, "--labels is for text lists; a MaxMind DB's"
          + " labels are its --fields");
    }
    try {
      return RecordFields.parse(fields);
    } catch (IllegalArgumentException e) {
      throw new IpJoinException(ExitCode.USAGE, "--fields: " + e.getMessage());
    }
  }

  private static double fraction(String value) throws IpJoinException {
    try {
      double f = Double.parseDouble(value);
      if (f >= 0 && f <= 1) {
        return f;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IpJoinException(ExitCode.USAGE,
        "--max-shrink must be a number from 0 to 1, got '" + value + "'");
  }
}
