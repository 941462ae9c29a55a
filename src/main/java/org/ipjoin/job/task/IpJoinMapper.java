package org.ipjoin.job.task;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.job.CountBy;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinMode;
import org.ipjoin.job.MatchTags;
import org.ipjoin.job.OutputPartitions;
import org.ipjoin.job.TaskFailureLog;
import org.ipjoin.job.WhereExpression;
import org.ipjoin.job.input.InputKind;
import org.ipjoin.job.input.LineBlock;
import org.ipjoin.job.input.LineBlockInputFormat;
import org.ipjoin.job.locate.ClientIpLocator;
import org.ipjoin.job.locate.HeaderNamedLocator;
import org.ipjoin.job.options.ClientColumn;
import org.ipjoin.job.options.ClientFormat;
import org.ipjoin.job.options.JoinOptions;
import org.ipjoin.job.options.OutputKind;
import org.ipjoin.job.table.TableColumn;
import org.ipjoin.job.table.TableFormat;
import org.ipjoin.job.table.TableRow;
import org.ipjoin.problem.OneLine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The map-side join: loads the indexes once per task in {@link #setup} (one {@link JoinedIndex}
 * each, in the order given: most joins have one), then per record finds the client IP bytes
 * ({@link ClientIpLocator}), parses them ({@link Ipv4Codec}'s syntax read a word at a time by
 * {@link org.ipjoin.ip.Ipv4WordParser}, else {@link Ipv6Codec};
 * no String), once whatever the number of indexes, and looks them up in each index's intervals of
 * their family (see Input, below, for how a call's records are batched). A record matches when the
 * {@code ipjoin.where} expression holds for its label ids in the indexes ({@link
 * WhereExpression}; by default: listed in any index).
 *
 * <p>Address columns: one by default ({@code ipjoin.format}); with {@code ipjoin.clients} each
 * record has several (source, destination), each found, parsed and looked up in every index
 * ({@link RecordColumns}: one {@link ClientBatch} per column), and the label ids, the where
 * expression, tag columns and count keys go over one lookup per column and index ({@link
 * org.ipjoin.job.JoinColumns}). A record is joined when some column holds an address; a malformed
 * column of a joined record is tagged {@code -} and counted per column ({@link ColumnTally}); a
 * record with no address in any column is malformed when a column is, else without an address.
 *
 * <p>Families: an IPv4 client is looked up in the IPv4 intervals. An IPv6 client that is
 * IPv4-mapped ({@code ::ffff:a.b.c.d}, {@link Ipv6Codec#mappedIpv4}) is an IPv4 client: looked up,
 * counted ({@code RECORDS_V4}, {@code MATCHED_V4}) and, in count mode, output as {@code a.b.c.d}.
 * Every other IPv6 client (6to4 {@code 2002::/16}, Teredo {@code 2001::/32}, IPv4-compatible
 * {@code ::a.b.c.d} and NAT64 {@code 64:ff9b::/96} included: they name tunnels and translators, not
 * the IPv4 host, so translating them would be a guess) is looked up in the IPv6 intervals and
 * counted in {@code IPV6}, {@code RECORDS_V6} and {@code MATCHED_V6}. A client in brackets
 * ({@code [2001:db8::1]:443}) must be IPv6; a zone id ({@code fe80::1%eth0}) makes it malformed.
 *
 * <p>Per record, by {@link JoinMode}: {@code match}/{@code nomatch} write the record's bytes
 * unchanged (NullWritable key, so TextOutputFormat writes the value alone and a newline);
 * {@code tag} writes the record + per index TAB + the matching interval's label ({@code 1} without
 * one; its chosen attributes), the configured unmatched tag, or {@code -} in every column for a
 * malformed record ({@link MatchTags});
 * {@code count} emits
 * ({@link AddressKey} of the address, 1) for listed addresses, summed by Hadoop's LongSumReducer
 * as combiner and {@link IpCountReducer}, or with {@code ipjoin.count.by=label} (label, 1), or with
 * index names (their values TAB-joined, 1: {@link CountKey}), summed by LongSumReducer as combiner
 * and reducer. A record without a well-formed client IP is counted
 * in {@code MALFORMED}, never fails the task, and (unless
 * {@code ipjoin.malformed.output=false}) is written byte for byte under
 * {@code <output>/malformed/}.
 *
 * <p>Input: one line per call (a {@link Text}, Hadoop's TextInputFormat) or a {@link LineBlock} of
 * lines per call ({@link LineBlockInputFormat}, {@code ipjoin.input.blocks}). Either way a call
 * goes through the same three steps, so output and counters do not depend on how the input was
 * read: (1) every record's client is found and parsed straight from the input's bytes (a block's
 * lines are never copied one by one) and the IPv4 keys are looked up together, one
 * {@link Ipv4Lookup#matchAll} per call, which lets the lookup overlap its probes' cache misses,
 * the IPv6 ones one by one ({@link ClientBatch}); (2) each record, in input order, gets the one
 * decision of {@link #join}: counters ({@link RecordTally}, added to Hadoop's once per call),
 * output, malformed handling; (3) in {@code match}, {@code nomatch} and {@code tag} modes the
 * call's output lines are written with one {@code context.write} ({@link OutputLines}: a Text of
 * the lines joined by {@code \n}, which TextOutputFormat writes as exactly the bytes one write per
 * line would give), so Hadoop's per-record output plumbing is paid per block; a call without
 * output writes nothing, so LazyOutputFormat still makes no empty part file. {@code count} writes
 * one (key, 1) per listed record, which the combiner sums. Malformed records go to
 * MultipleOutputs one by one, as they always did. With blocks, Hadoop's own {@code Map input
 * records} therefore counts blocks, and in {@code match}, {@code nomatch} and {@code tag} modes
 * its {@code Map output records} counts the blocks that had output lines (in {@code count} mode
 * still the (key, 1) records); ipjoin's counters count records either way. For compressed input
 * ({@code ipjoin.input.pipeline}) {@link #map} runs on a second thread, one call at a time and in
 * input order, while the task's thread reads the next block ({@link BlockPipeline}).
 *
 * <p>Tables ({@code parquet:COLUMN}, {@link TableFormat}): each map call is a {@link TableRow} of
 * one row (Avro) or a batch of rows (Parquet, ORC: {@link TableRow#rows}); each row's address
 * columns' values go straight into their columns' batches ({@link TableFormat.AddressColumn}: a
 * string read as the text a log field holds, a number or bytes as the address they are), all
 * looked up together, and each row is joined as one record of those fields, by the same three
 * steps. Each row kept is written ({@code context.write(null, row)} with the row selected, to the
 * table's output format), in tag mode with the values of its tag columns, and a malformed row
 * goes to {@code malformed/} as it was read. Hadoop's {@code Map input records} then counts
 * batches. A table's {@code count} by address sums in the task ({@link AddressSums}) and
 * writes one (address, sum) per distinct address at cleanup (or when the sums hold their limit),
 * so Hadoop sorts one record per address and task, not one per listed row (the combiner still
 * sums what a task wrote out at the limit).
 *
 * <p>SequenceFiles: their lines come in blocks that carry each record's key ({@link
 * LineBlock#key}); the call's output lines are written with those keys ({@link KeyedLines}, one
 * SequenceFile record per line, {@link SequenceLinesOutputFormat}), and so is each malformed
 * record.
 *
 * <p>Partition folders: when the driver found the task's input file in Hive-style partition folders
 * ({@link OutputPartitions}, unless {@code --flat-output}), its output goes through MultipleOutputs
 * with the base path {@code <partition>/part} and the job's own output format (text or a table's),
 * its malformed records under {@code malformed/<partition>/}; Hadoop's part-file names are kept.
 * Without one it writes to its context, as it always did.
 *
 * <p>When the task fails, {@link #run} records the reason, one line, for the driver to print
 * ({@link TaskFailureLog}); an OutOfMemoryError becomes a reason that names the heap and the ways
 * out (while loading the index: the index; while reading records: the input file, the last
 * record's offset and the line-length key, {@link TaskHeap}), and a fault in an index mapping says
 * that the index changed while the job ran ({@link ChangedIndexFault}).
 */
public class IpJoinMapper extends Mapper<LongWritable, Writable, Writable, Writable> {

  private static final Logger LOG = LoggerFactory.getLogger(IpJoinMapper.class);

  /** The MultipleOutputs named output for malformed records. */
  public static final String MALFORMED_OUTPUT = "malformed";
  /** Its files: {@code <output>/malformed/part-m-NNNNN}. */
  private static final String MALFORMED_NAME = "part";
  /**
   * The files of records set aside because their time could not be read ({@code --time}),
   * {@code <output>/malformed/time-m-NNNNN}: the file name says why, the records stay byte for
   * byte.
   */
  private static final String TIME_UNREADABLE_NAME = "time";
  /** The output files' name, as Hadoop's own: {@code part-m-NNNNN}. */
  private static final String OUTPUT_NAME = "part";

  /** The join's indexes, in the order given; each record is looked up in all of them. */
  private JoinedIndex[] indexes;
  /**
   * Per lookup (per address column, per index: {@link RecordColumns}), the label id of the current
   * record's match, or {@link MatchTags#NO_MATCH}.
   */
  private int[] labelIds;
  /** Whether a record counts as matched ({@code --where}; by default listed in any index). */
  private WhereExpression.Matcher where;
  /** With count by index names: what each count column reads. */
  private CountKey countKey;
  /** The join's options, read once from the job's Configuration in {@link #setup}. */
  private JoinOptions options;
  private JoinMode mode;
  private CountBy countBy;
  private MatchTags tags;
  /** The address columns of the current map call's records, made in setup (after the indexes). */
  private RecordColumns columns;
  /** The first column's batch: each record's bytes and bounds. */
  private ClientBatch batch;
  /** Per address column's counters, with {@code --client} only; else null. */
  private ColumnTally columnTally;
  private boolean writeMalformed;
  /**
   * Made on the first write through it (a malformed record, or a record of a partition): most
   * tasks have no malformed record and then leave no empty file.
   */
  private MultipleOutputs<Writable, Writable> multipleOut;
  /**
   * With the input file in a partition folder ({@link OutputPartitions}): the base path its output
   * is written under, {@code dt=2026-11-27/part}; null writes to the task's own output, as always.
   */
  private String outputBase;
  /** Where malformed records and those with an unreadable time go: {@code malformed/[P/]part}. */
  private String malformedBase;
  private String timeUnreadableBase;

  /** The output lines of the current map call (match, nomatch, tag), written at its end. */
  private final OutputLines output = new OutputLines();
  private final AddressKey addressKey = new AddressKey();
  private final Text labelKey = new Text();
  private final LongWritable one = new LongWritable(1);
  /** A malformed record's bytes, for MultipleOutputs (which takes a Writable). */
  private final Text malformedRecord = new Text();
  /**
   * With SequenceFile input: the current call's block (whose lines carry their records' keys), and
   * its output lines and a malformed line with their keys; else null.
   */
  private LineBlock keyedBlock;
  private KeyedLines keyedOutput;
  private KeyedLines keyedMalformed;
  private final RecordTally tally = new RecordTally();
  private static final byte[] NO_BYTES = {};
  /** The table row of the current map call, for the malformed output; null for text. */
  private TableRow currentRow;
  /** With a header-named format outside count mode: its header lines on their way out. */
  private HeaderOutput headers;
  /** In tag mode, when the format needs its tag columns written its own way, else null. */
  private TagLayout tagLayout;
  /**
   * With a table format ({@code parquet:COLUMN}): each address column's reader, else null. A row
   * is then one record whose fields are these columns' values as text; the row itself, not those
   * bytes, is what is written.
   */
  private TableFormat.AddressColumn[] tableColumns;
  /** Per table address column, room for its value's text when the format hands over text. */
  private Text[] tableValues;
  /** A tagged row's tag values, reused row after row (the output format reads them at once). */
  private final List<String> tagValues = new ArrayList<>();
  // --- table rows: a batch per call ---
  /** The call's table rows to write, in order ({@link #keptRows} of them), by record. */
  private int[] kept = new int[16];
  /** Where each kept row's output line starts in {@link #output}'s text. */
  private int[] keptLines = new int[16];
  private int keptRows;
  // --- end table rows ---
  // --- count: sums in the mapper (tables) ---
  /**
   * A table's count by address: the task's sums per address, written at cleanup (or when the
   * table is full) instead of one (address, 1) pair per listed row; null otherwise.
   */
  private AddressSums sums;
  private final LongWritable sum = new LongWritable();
  // --- end count: sums in the mapper ---

  @Override
  protected void setup(Context context) throws IOException, InterruptedException {
    options = JoinOptions.readFrom(context.getConfiguration());
    mode = options.mode();
    countBy = options.countBy().keyword();
    tags = options.tags();
    writeMalformed = options.malformedOutput();
    if (InputKind.of(context.getConfiguration()) == InputKind.SEQUENCE_FILE) {
      keyedOutput = new KeyedLines();
      keyedMalformed = new KeyedLines();
    }
    TaskIndexes loaded = TaskIndexes.load(context, options);
    indexes = loaded.indexes();
    List<String> names = options.joinIndexes().names();
    List<ClientIpLocator> locators = ClientFormat.locators(options.clients().isEmpty()
        ? List.of(options.format())
        : options.clients().stream().map(ClientColumn::format).toList(),
        name -> names.contains(name) ? indexes[names.indexOf(name)] : null);
    if (!options.clients().isEmpty()) {
      columnTally = new ColumnTally(options.clients().stream().map(ClientColumn::name).toList(),
          indexes.length, context);
    }
    columns = new RecordColumns(locators, indexes, RecordTimes.of(options.time()));
    batch = columns.records();
    List<TableColumn> table = options.tableColumns();
    if (!table.isEmpty()) {
      tableColumns = new TableFormat.AddressColumn[table.size()];
      tableValues = new Text[table.size()];
      for (int c = 0; c < tableColumns.length; c++) {
        tableColumns[c] = table.get(c).format().column(table.get(c).path());
        tableValues[c] = new Text();
      }
    }
    labelIds = new int[locators.size() * indexes.length];
    // --- count: sums in the mapper (tables) ---
    if (tableColumns != null && mode == JoinMode.COUNT && countBy == CountBy.ADDRESS) {
      sums = new AddressSums(new AddressSums.Sink() {
        @Override
        public void ipv4(int key, long n) throws IOException, InterruptedException {
          addressKey.setIpv4(key);
          sum.set(n);
          context.write(addressKey, sum);
        }

        @Override
        public void ipv6(long hi, long lo, long n) throws IOException, InterruptedException {
          addressKey.setIpv6(hi, lo);
          sum.set(n);
          context.write(addressKey, sum);
        }
      });
    }
    // --- end count: sums in the mapper ---
    where = loaded.matcher();
    layOutHeaders(loaded, locators.get(0), context);
    if (countBy == null) {
      countKey = CountKey.of(options.countBy().columns(), loaded.names(), loaded.dictionaries(),
          tags);
    }
    LOG.info("Mode {}{}, format {}{}, malformed output {}, where {}", mode.externalName(),
        mode == JoinMode.COUNT ? " by " + options.countBy().text() : "",
        options.clients().isEmpty() ? options.format().spec() : options.clients(),
        options.time().perRecord() ? ", time " + options.time().field()
            : options.time().fixed() ? ", as of " + options.time().asOf() : "",
        writeMalformed ? "on" : "off", loaded.where());
    tally.attach(context, options.time().perRecord());
    String partition = OutputPartitions.readFrom(context.getConfiguration())
        .partitionOf(inputFile(context));
    outputBase = partition.isEmpty() ? null
        : OutputPartitions.basePath("", partition, OUTPUT_NAME);
    malformedBase = OutputPartitions.basePath(MALFORMED_OUTPUT, partition, MALFORMED_NAME);
    timeUnreadableBase = OutputPartitions.basePath(MALFORMED_OUTPUT, partition,
        TIME_UNREADABLE_NAME);
  }

  /** The task's input file (each split is part of one file), or null. */
  private static Path inputFile(Context context) {
    return context.getInputSplit() instanceof FileSplit split ? split.getPath() : null;
  }

  /**
   * Writes output {@code value} (the call's lines, or a table's row with no key) to the task's
   * output, or under its input's partition path through MultipleOutputs with the same output
   * format, so the part file keeps Hadoop's name.
   */
  private void write(Writable key, Writable value, Context context)
      throws IOException, InterruptedException {
    if (outputBase == null) {
      context.write(key, value);
    } else {
      multipleOut(context).write(key, value, outputBase);
    }
  }

  private MultipleOutputs<Writable, Writable> multipleOut(Context context) {
    if (multipleOut == null) {
      multipleOut = new MultipleOutputs<>(context);
    }
    return multipleOut;
  }

  /**
   * Sets {@link #tagLayout} and {@link #headers} for the format and mode. With several address
   * columns the first column's format says how the records and their headers are written (the
   * columns of one record are of one log's format).
   */
  private void layOutHeaders(TaskIndexes loaded, ClientIpLocator first, Context context) {
    List<String> names = loaded.tagColumnNames(
        options.clients().stream().map(ClientColumn::name).toList());
    // Text written as a Parquet table (--output-format parquet): the tag columns stay in
    // MatchTags' TAB-separated form for its output format to split, and header lines are no rows.
    boolean lineTable = tableColumns == null && options.output() == OutputKind.PARQUET;
    tagLayout = mode == JoinMode.TAG && !lineTable ? TagLayout.of(first, names) : null;
    if ((tableColumns != null || lineTable) && mode == JoinMode.TAG) {
      // Read by the output format when it makes its writer, at the first row written.
      IpJoinKeys.TABLE_TAG_COLUMNS.set(context.getConfiguration(), String.join(",", names));
    }
    if (first.field() instanceof HeaderNamedLocator named && mode != JoinMode.COUNT
        && !lineTable) {
      headers = new HeaderOutput(named.dialect(), tagLayout, names.size());
    }
  }

  /**
   * Hadoop's loop, with blocks joined on a second thread while the next is read where {@code
   * ipjoin.input.pipeline} says so ({@link BlockPipeline}); records why it failed for the driver.
   */
  @Override
  public void run(Context context) throws IOException, InterruptedException {
    try {
      setup(context);
      try {
        Configuration conf = context.getConfiguration();
        if (options.blocks().pipelined(context.getInputSplit(), conf)) {
          LongWritable key = new LongWritable();
          BlockPipeline.run(context, (offset, block) -> {
            key.set(offset);
            map(key, block, context);
          });
        } else {
          while (context.nextKeyValue()) {
            map(context.getCurrentKey(), context.getCurrentValue(), context);
          }
        }
      } finally {
        cleanup(context);
      }
    } catch (OutOfMemoryError e) {
      if (indexes == null) {
        // While loading the index: the large allocation failed and is gone; say why in one line.
        String reason = TaskHeap.outOfMemory(context.getConfiguration());
        TaskFailureLog.record(context, reason);
        throw new TaskOutOfMemoryException(reason);
      }
      TaskFailureLog.record(context,
          TaskHeap.outOfMemoryReading(context.getConfiguration(), lastRecord(context)));
      throw e;
    } catch (InternalError e) {
      if (!ChangedIndexFault.is(e)) {
        TaskFailureLog.record(context, e, OneLine.reason(e));
        throw e;
      }
      // SIGBUS in an index mapping: the file changed under the task; say so, not the JVM's words.
      String reason = ChangedIndexFault.reason(context.getConfiguration());
      TaskFailureLog.record(context, reason);
      throw new IOException(reason, e);
    } catch (IOException | RuntimeException | Error e) {
      TaskFailureLog.record(context, e, OneLine.reason(e));
      throw e;
    }
  }

  /**
   * The input file of this task and where the last record read starts ({@code F (the last record
   * read starts at byte offset K)}), for the reason of an OutOfMemoryError while reading: the line
   * that did not fit follows it. Null when the split names no file.
   */
  private static String lastRecord(Context context) {
    try {
      if (!(context.getInputSplit() instanceof FileSplit split)) {
        return null;
      }
      LongWritable key = context.getCurrentKey();
      return split.getPath() + (key == null ? " (no record read yet, the split starts at byte offset "
          + split.getStart() + ")" : " (the last record read starts at byte offset " + key.get() + ")");
    } catch (IOException | InterruptedException | RuntimeException e) {
      return null;
    }
  }

  /**
   * One line ({@link Text}) or a block of lines ({@link LineBlock}): every client found and parsed
   * from the input's bytes, all looked up together ({@link ClientBatch}), then each record joined
   * in order ({@link #join}); the output lines of the call are written at once.
   */
  @Override
  protected void map(LongWritable offset, Writable input, Context context)
      throws IOException, InterruptedException {
    try {
      if (input instanceof TableRow row) {
        // --- table rows: a batch per call ---
        currentRow = row;
        int rows = row.rows();
        columns.resetRows(rows);
        keptRows = 0;
        for (int i = 0; i < rows; i++) {
          row.select(i);
          for (int c = 0; c < tableColumns.length; c++) {
            // Straight into the column's batch: an address held as a number or bytes is not
            // written out as text to be parsed back.
            tableColumns[c].read(row.row(), columns.column(c), tableValues[c]);
          }
        }
        // --- end table rows ---
      } else {
        columns.read(input);
        if (keyedOutput != null) {
          keyedBlock = (LineBlock) input;
        }
      }
      columns.lookUp();
      output.clear();
      for (int i = 0, n = batch.records(); i < n; i++) {
        join(i, context);
      }
      if (!output.isEmpty()) {
        if (input instanceof TableRow row) {
          writeRows(row, context);
        } else if (keyedOutput != null) {
          keyedOutput.set(output, keyedBlock);
          write(NullWritable.get(), keyedOutput, context);
        } else {
          write(NullWritable.get(), output.text(), context);
        }
      }
    } finally {
      tally.flush();
      if (columnTally != null) {
        columnTally.flush();
      }
      for (JoinedIndex index : indexes) {
        index.flush();
      }
    }
  }

  /**
   * Joins record {@code record} of {@link #batch}: counts it in {@link #tally} and adds what the
   * mode says to {@link #output} (count mode writes its key at once, for the combiner).
   */
  private void join(int record, Context context) throws IOException, InterruptedException {
    byte kind = batch.kind(record);
    if (ClientBatch.isHeader(kind)) {
      headerLine(record, kind);
      return;
    }
    tally.records++;
    if (columnTally != null) {
      columnTally.countFields(columns, record);
    }
    if (columns.timeUnreadable(record)) {
      // A record an as-of join cannot answer: set aside whatever its address, as a malformed one.
      tally.timeUnreadable++;
      malformed(record, true, context);
      return;
    }
    int first = columns.firstAddress(record);
    if (first < 0) {
      // No column holds an address: malformed when one is malformed, else no address at all.
      if (columns.anyMalformed(record)) {
        malformed(record, false, context);
      } else {
        noAddress(record);
      }
      return;
    }
    // The record's family is its first address's (the only one, with one column).
    boolean v6 = columns.column(first).kind(record) == ClientBatch.IPV6;
    outside(record);
    columns.labelIds(record, labelIds);
    countIndexMatches();
    if (columnTally != null) {
      columnTally.countMatches(labelIds);
    }
    boolean listed = where.matches(labelIds);
    if (v6) {
      tally.recordsV6++;
    } else {
      tally.recordsV4++;
    }
    if (listed) {
      tally.matched++;
      if (v6) {
        tally.matchedV6++;
      } else {
        tally.matchedV4++;
      }
    } else {
      tally.unmatched++;
    }

    switch (mode) {
      case MATCH -> {
        if (listed) {
          addRecord(record);
        }
      }
      case NOMATCH -> {
        if (!listed) {
          addRecord(record);
        }
      }
      case TAG -> tagged(record);
      case COUNT -> {
        if (listed) {
          count(record, context);
        }
      }
    }
  }

  /** Counts each index the record is listed in, in any of its address columns. */
  private void countIndexMatches() {
    int k = indexes.length;
    for (int i = 0; i < k; i++) {
      for (int m = i; m < labelIds.length; m += k) {
        if (labelIds[m] != MatchTags.NO_MATCH) {
          indexes[i].countMatch();
          break;
        }
      }
    }
  }

  /**
   * Appends every lookup's tag columns to the record just added: per address column, per index,
   * its label, the unmatched tag, or {@code -} in each of the index's columns when the record's
   * field for that column is malformed (the record itself was joined on another column), or in
   * every column with {@code allMalformed} (a record set aside for its unreadable time).
   */
  private void tag(int record, boolean allMalformed) {
    int k = indexes.length;
    long time = allMalformed ? 0 : batch.recordTime(record);
    for (int c = 0, m = 0; c < columns.columns(); c++) {
      boolean malformedColumn = allMalformed
          || columns.column(c).kind(record) == ClientBatch.MALFORMED;
      for (int i = 0; i < k; i++, m++) {
        if (malformedColumn) {
          MatchTags.appendMalformedTag(output.text(), indexes[i].columns());
        } else if (RecordColumns.isAddress(columns.column(c).kind(record))
            && indexes[i].unanswered(time)) {
          MatchTags.appendOutsideTag(output.text(), indexes[i].columns());
        } else if (indexes[i].writesNetwork()) {
          columns.appendColumns(output.text(), tags, labelIds[m], record, m);
        } else {
          tags.appendColumns(output.text(), indexes[i].output(), labelIds[m], indexes[i].columns());
        }
      }
    }
  }

  /** Counts {@code record} in {@code AS_OF_OUTSIDE} when its time lies outside a history index's. */
  private void outside(int record) {
    long time = batch.recordTime(record);
    for (JoinedIndex index : indexes) {
      if (index.outside(time)) {
        tally.asOfOutside++;
        return;
      }
    }
  }

  /** A counted record: one (address, label or index values, 1) pair, written at once. */
  private void count(int record, Context context)
      throws IOException, InterruptedException {
    if (countBy == null) {
      if (countKey.set(labelKey, labelIds, columns, record)) {
        context.write(labelKey, one);
      }
    } else if (countBy == CountBy.LABEL) {
      if (labelIds[0] != MatchTags.NO_MATCH) {
        MatchTags.label(labelKey, indexes[0].labels(), labelIds[0]);
        context.write(labelKey, one);
      }
    } else if (columns.columns() == 1) {
      countAddress(batch, record, context);
    } else {
      // Several columns: each column's address listed in at least one index counts.
      int k = indexes.length;
      for (int c = 0; c < columns.columns(); c++) {
        for (int m = c * k; m < (c + 1) * k; m++) {
          if (labelIds[m] != MatchTags.NO_MATCH) {
            countAddress(columns.column(c), record, context);
            break;
          }
        }
      }
    }
  }

  /** One (address, 1) pair for the address of {@code record} in {@code column}. */
  private void countAddress(ClientBatch column, int record, Context context)
      throws IOException, InterruptedException {
    // --- count: sums in the mapper (tables) ---
    if (sums != null) {
      if (column.kind(record) == ClientBatch.IPV6) {
        sums.addIpv6(column.ipv6Hi(record), column.ipv6Lo(record));
      } else {
        sums.addIpv4(column.ipv4Key(record));
      }
      return;
    }
    // --- end count: sums in the mapper ---
    if (column.kind(record) == ClientBatch.IPV6) {
      addressKey.setIpv6(column.ipv6Hi(record), column.ipv6Lo(record));
    } else {
      addressKey.setIpv4(column.ipv4Key(record));
    }
    context.write(addressKey, one);
  }

  /**
   * A record whose client field holds no address: nothing to look up, so it is listed in no index
   * whatever {@code --where} says; {@code nomatch} keeps it and {@code tag} writes every index's
   * unmatched columns, as for a client listed nowhere.
   */
  private void noAddress(int record) {
    tally.noAddress++;
    switch (mode) {
      case NOMATCH -> addRecord(record);
      case TAG -> {
        columns.labelIds(record, labelIds);
        tagged(record);
      }
      default -> { }
    }
  }

  /**
   * A record set aside: no address in a malformed column, or ({@code time}) a time that could not
   * be read.
   */
  private void malformed(int record, boolean time, Context context)
      throws IOException, InterruptedException {
    tally.malformed++;
    byte[] bytes = batch.bytes();
    int start = batch.start(record);
    int end = batch.end(record);
    if (mode == JoinMode.TAG) {
      // Tag mode keeps its promise of every record: a malformed one is tagged '-' (in each
      // malformed column, or in every column when its time is unreadable; a column holding no
      // address is tagged as listed nowhere).
      columns.labelIds(record, labelIds);
      taggedMalformed(record, time);
    }
    if (writeMalformed) {
      // One write per record, as MultipleOutputs always wrote them: malformed records are rare.
      if (tableColumns != null) {
        // The row as it was read, with the input's schema (a table's key is none).
        currentRow.select(record);
        multipleOut(context).write(MALFORMED_OUTPUT, null, currentRow, malformedBase);
        return;
      }
      if (keyedMalformed != null) {
        // The line with its record's key, in the output's SequenceFile format.
        keyedMalformed.set(keyedBlock, record);
        multipleOut(context).write(MALFORMED_OUTPUT, NullWritable.get(), keyedMalformed,
            time ? timeUnreadableBase : malformedBase);
        return;
      }
      malformedRecord.set(bytes, start, end - start);
      multipleOut(context).write(MALFORMED_OUTPUT, NullWritable.get(), malformedRecord,
          time ? timeUnreadableBase : malformedBase);
    }
  }

  /** Adds record {@code record} with its tag columns, laid out as the format needs them. */
  private void tagged(int record) {
    taggedMalformed(record, false);
  }

  /** As {@link #tagged}; with {@code allMalformed} every tag column is {@code -}. */
  private void taggedMalformed(int record, boolean allMalformed) {
    int start = addRecord(record);
    int tagsAt = output.text().getLength();
    tag(record, allMalformed);
    if (tagLayout != null) {
      tagLayout.rewrite(output.text(), start, tagsAt);
    }
  }

  /**
   * Starts an output line with record {@code record}, after the header lines it needs
   * ({@link HeaderOutput}); returns where the record starts in {@link #output}'s text.
   */
  private int addRecord(int record) {
    if (headers != null) {
      headers.beforeRecord(output);
    }
    if (tableColumns != null) {
      // --- table rows: a batch per call ---
      // The row is written by the table's output format; the line holds its tag columns only.
      output.add(NO_BYTES, 0, 0);
      if (keptRows == kept.length) {
        kept = Arrays.copyOf(kept, 2 * keptRows);
        keptLines = Arrays.copyOf(keptLines, 2 * keptRows);
      }
      kept[keptRows] = record;
      keptLines[keptRows++] = output.text().getLength();
      return output.text().getLength();
      // --- end table rows ---
    }
    int start = batch.start(record);
    int end = batch.end(record);
    output.add(batch.bytes(), start, end, record);
    return output.text().getLength() - (end - start);
  }

  /**
   * Writes the call's kept table rows, in input order, each in tag mode with its tag columns: its
   * output line then holds them, each after a tab ({@link MatchTags}), as a text record's would.
   */
  private void writeRows(TableRow row, Context context) throws IOException, InterruptedException {
    // --- table rows: a batch per call ---
    byte[] lines = output.text().getBytes();
    for (int k = 0; k < keptRows; k++) {
      row.select(kept[k]);
      if (mode == JoinMode.TAG) {
        // The line is a tab, then the tag columns, each after a tab: read off its bytes. It ends
        // where the next starts, before its newline.
        tagValues.clear();
        int end = k + 1 < keptRows ? keptLines[k + 1] - 1 : output.text().getLength();
        int from = keptLines[k] + 1;
        for (int i = from; i <= end; i++) {
          if (i == end || lines[i] == '\t') {
            tagValues.add(new String(lines, from, i - from, StandardCharsets.UTF_8));
            from = i + 1;
          }
        }
        row.setTags(tagValues);
      }
      // No key: a table's output format writes the row alone.
      write(null, row, context);
    }
    // --- end table rows ---
  }

  /** A header line of a header-named format: not a record, kept for the output. */
  private void headerLine(int record, byte kind) {
    if (headers != null) {
      headers.add(batch.bytes(), batch.start(record), batch.end(record),
          (byte) (kind - ClientBatch.HEADER));
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    // --- count: sums in the mapper (tables) ---
    if (sums != null) {
      sums.flush();
    }
    // --- end count: sums in the mapper ---
    if (headers != null) {
      output.clear();
      headers.atEnd(output);
      if (!output.isEmpty()) {
        write(NullWritable.get(), output.text(), context);
      }
    }
    if (multipleOut != null) {
      multipleOut.close();
    }
  }
}
