package org.ipjoin.job.options;

import java.math.BigDecimal;
import java.util.List;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.index.load.AsOfLookup;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinColumns;
import org.ipjoin.job.JoinIndex;
import org.ipjoin.job.JoinIndexes;
import org.ipjoin.job.JoinMode;
import org.ipjoin.job.MatchTags;
import org.ipjoin.job.input.InputBlocks;
import org.ipjoin.job.table.TableColumn;
import org.ipjoin.job.table.TableFormat;
import org.ipjoin.problem.IpJoinException;

/**
 * The options of one join, typed once (as Hadoop DistCp's {@code DistCpOptions}): the driver reads
 * and checks the {@code ipjoin.*} keys ({@link IpJoinKeys}: set by the command line, the Java API
 * or {@code -D}) into this value ({@link #resolve}), writes it into the job's Configuration in one
 * canonical form ({@link #writeTo}), and each task reads it back once ({@link #readFrom}); nobody
 * else parses those keys' text. What can only be checked once the indexes are read (the attributes
 * {@code :ATTRS}, {@code --where} and {@code --count-by} columns name) is checked by the driver
 * then, against the values held here.
 *
 * @param indexes the indexes in the order given: name, path (qualified once the driver checked
 *     it), read path and chosen attributes each
 * @param mode what the job writes
 * @param where the {@code --where} expression as written (checked against the indexes by the
 *     driver), or null: listed in any index
 * @param countBy what {@code count} mode counts by
 * @param format where the client address is in a record (with {@code clients}, the first
 *     column's)
 * @param clients the address columns of {@code --client NAME=FORMAT} ({@code ipjoin.clients}), in
 *     order; empty for the one column of {@code --format}
 * @param tagUnmatched what tag mode writes for a record listed nowhere ({@link MatchTags})
 * @param verifyChecksum whether tasks check each section's CRC32C
 * @param verifyIndex whether the driver reads the whole index before submitting (tasks then trust
 *     what it checked)
 * @param verifyTask whether tasks compute every section's CRC32C even of bytes checksummed in
 *     transit ({@code --verify-in-task})
 * @param malformedOutput whether malformed records are written under {@code malformed/}
 * @param memoryCheck whether the driver refuses indexes too big for the task heap
 * @param allowEmptyInput whether an input without data is accepted
 * @param overwrite whether an existing output is replaced
 * @param verbose whether the driver prints Hadoop's report while the job runs
 * @param malformedMaxFraction the share of malformed records a job may have, as written (checked:
 *     a number from 0 to 1; the result line names it as written)
 * @param blocks how tasks read their input
 * @param time the time each record is answered at: read from each record ({@code --time}), one
 *     fixed time ({@code --as-of}) or none
 * @param flatOutput whether the output is flat even when input files are in partition folders
 *     ({@code --flat-output}; {@link org.ipjoin.job.OutputPartitions})
 * @param asOfOutside what a history index answers for a record outside its history
 * @param output what the records of text input are written as ({@code --output-format})
 */
public record JoinOptions(List<JoinIndex> indexes, JoinMode mode, String where,
    CountChoice countBy, ClientFormat format, List<ClientColumn> clients, String tagUnmatched, boolean verifyChecksum,
    boolean verifyIndex, boolean verifyTask, boolean malformedOutput, boolean memoryCheck, boolean allowEmptyInput,
    boolean overwrite, boolean verbose, String malformedMaxFraction, InputBlocks blocks,
    RecordTimeSpec time, boolean flatOutput, AsOfLookup.Outside asOfOutside, OutputKind output) {

  public JoinOptions {
    indexes = List.copyOf(indexes);
    clients = List.copyOf(clients);
    if (!clients.isEmpty()) {
      format = clients.get(0).format();
    }
  }

  /**
   * The driver's reading of the keys, every check that needs no file but the index names'.
   *
   * @param isFile whether a text names an existing file (then an index spec is a path, whatever
   *     it holds)
   * @throws IpJoinException USAGE, every problem found, one line each, in the driver's order
   */
  public static JoinOptions resolve(Configuration conf, Predicate<String> isFile)
      throws IpJoinException {
    return OptionChecks.run(conf, isFile).options();
  }

  /**
   * A task's reading of what {@link #writeTo} wrote. A task of a job configured without the
   * driver (tests of the mapper) reads the keys as they are, with one index named {@code index}
   * when none is given.
   *
   * @throws IllegalArgumentException the problems, {@code ; }-joined, of keys no driver checked
   */
  public static JoinOptions readFrom(Configuration conf) {
    OptionChecks read = OptionChecks.read(conf);
    try {
      return read.options();
    } catch (IpJoinException e) {
      throw new IllegalArgumentException(String.join("; ", e.problems()), e);
    }
  }

  /**
   * Writes every option into its key in canonical form (the indexes as {@link JoinIndexes#writeTo}
   * writes them, keywords in lower case), so that {@link #readFrom} gives this value back without
   * looking at any file.
   */
  public void writeTo(Configuration conf) {
    joinIndexes().writeTo(conf);
    IpJoinKeys.MODE.set(conf, mode.externalName());
    if (where == null) {
      conf.unset(IpJoinKeys.WHERE.key());
    } else {
      IpJoinKeys.WHERE.set(conf, where);
    }
    IpJoinKeys.COUNT_BY.set(conf, countBy.text());
    IpJoinKeys.CHAIN.set(conf, (clients.isEmpty() ? format : clients.get(0).format()).chain());
    if (clients.isEmpty()) {
      conf.unset(IpJoinKeys.CLIENTS.key());
      IpJoinKeys.FORMAT.set(conf, format.spec());
    } else {
      conf.unset(IpJoinKeys.FORMAT.key());
      IpJoinKeys.CLIENTS.set(conf, ClientColumns.write(clients));
    }
    IpJoinKeys.TAG_UNMATCHED.set(conf, tagUnmatched);
    IpJoinKeys.VERIFY_CHECKSUM.set(conf, Boolean.toString(verifyChecksum));
    IpJoinKeys.VERIFY_INDEX.set(conf, Boolean.toString(verifyIndex));
    IpJoinKeys.VERIFY_TASK.set(conf, Boolean.toString(verifyTask));
    IpJoinKeys.MALFORMED_OUTPUT.set(conf, Boolean.toString(malformedOutput));
    IpJoinKeys.MEMORY_CHECK.set(conf, Boolean.toString(memoryCheck));
    IpJoinKeys.ALLOW_EMPTY_INPUT.set(conf, Boolean.toString(allowEmptyInput));
    IpJoinKeys.OUTPUT_OVERWRITE.set(conf, Boolean.toString(overwrite));
    IpJoinKeys.FLAT_OUTPUT.set(conf, Boolean.toString(flatOutput));
    IpJoinKeys.VERBOSE.set(conf, Boolean.toString(verbose));
    IpJoinKeys.MALFORMED_MAX_FRACTION.set(conf, malformedMaxFraction);
    IpJoinKeys.INPUT_BLOCKS.set(conf, Boolean.toString(blocks.enabled()));
    IpJoinKeys.INPUT_BLOCK_BYTES.set(conf, Integer.toString(blocks.blockBytes()));
    IpJoinKeys.INPUT_PIPELINE.set(conf, blocks.pipeline().externalName());
    time.writeTo(conf);
    IpJoinKeys.AS_OF_OUTSIDE.set(conf, asOfOutside.name().toLowerCase(java.util.Locale.ROOT));
    if (output == OutputKind.TEXT) {
      // Unset, as the default: a Configuration written here and given to a table join again does
      // not look as if text output had been asked of the table (which is refused).
      conf.unset(IpJoinKeys.OUTPUT_FORMAT.key());
    } else {
      IpJoinKeys.OUTPUT_FORMAT.set(conf, output.externalName());
    }
  }

  /** The same options with the indexes at the paths the driver qualified. */
  public JoinOptions withIndexes(JoinIndexes qualified) {
    return new JoinOptions(qualified.list(), mode, where, countBy, format, clients, tagUnmatched,
        verifyChecksum, verifyIndex, verifyTask, malformedOutput, memoryCheck, allowEmptyInput, overwrite,
        verbose, malformedMaxFraction, blocks, time, flatOutput, asOfOutside, output);
  }

  /**
   * The same options with each {@code auto} format resolved for the inputs the driver found
   * ({@link ClientFormat#resolve}): what the tasks read names the format, so none looks at the
   * files' magic again.
   *
   * @param table the inputs' table format, or null when they are lines
   */
  public JoinOptions withFormatOf(TableFormat table) {
    return new JoinOptions(indexes, mode, where, countBy, format.resolve(table),
        clients.stream().map(c -> new ClientColumn(c.name(), c.format().resolve(table))).toList(),
        tagUnmatched, verifyChecksum, verifyIndex, verifyTask, malformedOutput, memoryCheck,
        allowEmptyInput, overwrite, verbose, malformedMaxFraction, blocks, time, flatOutput,
        asOfOutside, output);
  }

  /** The indexes, with their names and link names. */
  public JoinIndexes joinIndexes() {
    return new JoinIndexes(indexes);
  }

  /** The lookups of each record: per address column, per index, with their names. */
  public JoinColumns columns() {
    return JoinColumns.of(clients.stream().map(ClientColumn::name).toList(),
        joinIndexes().names());
  }

  /**
   * The address columns of a table format ({@code parquet:COLUMN}), in order: the one of {@code
   * --format} or one per {@code --client}; empty when the job reads text.
   */
  public List<TableColumn> tableColumns() {
    List<ClientFormat> formats = clients.isEmpty() ? List.of(format)
        : clients.stream().map(ClientColumn::format).toList();
    return formats.get(0).table() == null ? List.of()
        : formats.stream().map(ClientFormat::table).toList();
  }

  /** The tags tag mode and count by columns write. */
  public MatchTags tags() {
    return MatchTags.of(tagUnmatched);
  }

  /** {@link #malformedMaxFraction} as an exact decimal. */
  public BigDecimal maxFraction() {
    return new BigDecimal(malformedMaxFraction);
  }
}
