package org.ipjoin.api;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.job.IndexSpecs;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinIndexes;
import org.ipjoin.job.driver.JoinPlan;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;

/**
 * The join's options: what {@code hadoop jar ipjoin.jar} takes, as calls (the driver only turns
 * its command line into these calls). Each option sets its {@code ipjoin.*} key ({@link IpJoinKeys})
 * in a copy of the Configuration given to {@link IpJoin#join}, over what that Configuration says; a
 * key without a method here (say {@code ipjoin.tag.unmatched}) is set in that Configuration. Values
 * are those of the command line and are checked, all at once and with the driver's messages, by
 * {@link #prepare()}. Get one from {@link IpJoin#join}.
 *
 * <pre>{@code
 * PreparedJoin join = IpJoin.join(conf)
 *     .index("/lists/blocked.ipidx").input("/logs/2024/05/01").output("/out/blocked")
 *     .mode("tag").format("tsv:3").prepare();
 * Job job = join.job();          // submit it yourself, or:
 * JoinResult result = join.run(); // as the driver runs it: staged, checked, published
 * }</pre>
 */
public final class JoinJob {

  private final Configuration conf;
  private final List<String> inputs = new ArrayList<>();
  private final List<String> indexes = new ArrayList<>();
  private final List<String> loaders = new ArrayList<>();
  private final List<String> clients = new ArrayList<>();
  private String output;
  private boolean countByGiven;
  private PrintStream warnings = System.err;

  JoinJob(Configuration conf) {
    this.conf = new Configuration(conf);
  }

  /**
   * An index to join against, {@code [NAME=]PATH[:ATTRS]}: the file (any FileSystem URI; with
   * loader {@code text}, the text IP list), optionally a name (else the file name without {@code
   * .ipidx}) and the attributes to write ({@code asn=hdfs:///ref/asn.ipidx:org}). Call it once per
   * index, in output order; at least one is required. Text that names an existing file is a path.
   */
  public JoinJob index(String path) {
    indexes.add(ApiArguments.notNull(path, "path"));
    return this;
  }

  /** An index named {@code name} (a letter, then letters, digits, {@code _} or {@code -}) at {@code path}. */
  public JoinJob index(String name, String path) {
    ApiArguments.notNull(name, "name");
    ApiArguments.notNull(path, "path");
    if (!JoinIndexes.NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("index name '" + name + "' must be a letter followed by"
          + " letters, digits, '_' or '-'");
    }
    return index(name + "=" + path.replace(":", "\\:"));
  }

  /** Input files, directories or globs; gzip and bzip2 are read transparently. Required. */
  public JoinJob input(String... paths) {
    inputs.addAll(List.of(ApiArguments.noNulls(paths, "paths")));
    return this;
  }

  /** The output directory; it must not exist unless {@link #overwrite}. Required. */
  public JoinJob output(String dir) {
    this.output = ApiArguments.notNull(dir, "dir");
    return this;
  }

  /** {@code match} (default), {@code nomatch}, {@code tag} or {@code count}. */
  public JoinJob mode(String mode) {
    return set(IpJoinKeys.MODE, ApiArguments.notNull(mode, "mode"));
  }

  /**
   * With mode {@code count}: {@code address} (default), {@code label} (one index), or index names
   * {@code NAME[.ATTR],...}: counts per combination of their labels or attribute values.
   */
  public JoinJob countBy(String countBy) {
    ApiArguments.notNull(countBy, "countBy");
    countByGiven = true;
    return set(IpJoinKeys.COUNT_BY, countBy);
  }

  /**
   * Where the client IP is: {@code combined} (default), {@code tsv:N}, {@code csv:N}, {@code ws:N},
   * {@code json:PATH}, {@code regex:PATTERN} or a preset such as {@code alb} (docs/job.md).
   */
  public JoinJob format(String format) {
    return set(IpJoinKeys.FORMAT, ApiArguments.notNull(format, "format"));
  }

  /**
   * What {@code match}, {@code nomatch} and {@code tag} write for text input ({@code
   * --output-format}): {@code text} (default), the lines; or {@code parquet}, a Parquet table with
   * the column {@code line} and, in tag mode, one string column per tag column (docs/job.md). Not
   * with mode {@code count}; table input is written in its own format.
   */
  public JoinJob outputFormat(String format) {
    return set(IpJoinKeys.OUTPUT_FORMAT, ApiArguments.notNull(format, "format"));
  }

  /**
   * One of several address columns of each record ({@code --client NAME=FORMAT}), e.g. {@code
   * client("src", "json:src_ip").client("dst", "json:dest_ip")}: each column's address is looked
   * up in every index; tag columns, {@code where} and {@code countBy} names are {@code
   * NAME.INDEX[.ATTR]} (with two or more). Call it once per column, in order; not with {@link
   * #format}. The calls together replace {@code ipjoin.clients}.
   */
  public JoinJob client(String name, String format) {
    clients.add(ApiArguments.notNull(name, "name") + "=" + ApiArguments.notNull(format, "format"));
    return this;
  }

  /**
   * Which address of a client field holding a comma-separated chain (X-Forwarded-For) is the
   * client: {@code first} (default), {@code last}, {@code untrusted=CIDR,CIDR,...} (the rightmost
   * address outside those trusted blocks) or {@code untrusted=INDEX} (the rightmost address the
   * job's index INDEX does not list).
   */
  public JoinJob chain(String rule) {
    return set(IpJoinKeys.CHAIN, ApiArguments.notNull(rule, "rule"));
  }

  /**
   * Where each record's time is ({@code --time SPEC}): {@code combined}, {@code json:PATH},
   * {@code w3c:date+time}, {@code zeek:NAME}, {@code tsv:N}, {@code csv:N}, {@code ws:N}, {@code
   * tsv:NAME}, {@code csv:NAME} or {@code regex:PATTERN} (docs/job.md, Record time). A record whose
   * time cannot be read is set aside as malformed. Not with {@link #asOf}.
   */
  public JoinJob time(String spec) {
    return set(IpJoinKeys.TIME, ApiArguments.notNull(spec, "spec"));
  }

  /**
   * One time for every record ({@code --as-of TIME}), in any form {@link #time} reads, e.g. {@code
   * 2026-11-27T07:05:00Z}. Not with {@link #time}.
   */
  public JoinJob asOf(String time) {
    return set(IpJoinKeys.AS_OF, ApiArguments.notNull(time, "time"));
  }

  /**
   * What a history index answers for a record whose time lies outside its history ({@code
   * --as-of-outside none|nearest}): {@code none} (default), no entry, tag mode writing {@code ?};
   * {@code nearest}, the first or the last snapshot.
   */
  public JoinJob asOfOutside(String answer) {
    return set(IpJoinKeys.AS_OF_OUTSIDE, ApiArguments.notNull(answer, "answer"));
  }

  /**
   * How tasks read the indexes: {@code text}, {@code stream}, {@code buffered}, {@code nio}
   * (default), {@code mmap}, {@code mmap-direct}; or {@code NAME=LOADER} for one index. Repeatable;
   * the calls together replace {@code ipjoin.index.loader}, unless every one names an index: then
   * they refine its value (a loader for every index set by {@code -D} or a site file stays).
   */
  public JoinJob loader(String loader) {
    loaders.add(ApiArguments.notNull(loader, "loader"));
    return this;
  }

  /**
   * When a record matches in {@code match}, {@code nomatch} and {@code count} modes: an expression
   * over index names, {@code NAME=LABEL}, {@code NAME.ATTR=VALUE}, {@code and}, {@code or}, {@code
   * not} and parentheses (default: listed in any index).
   */
  public JoinJob where(String expression) {
    return set(IpJoinKeys.WHERE, ApiArguments.notNull(expression, "expression"));
  }

  /** Whether each task checks the index payload's CRC32C (default true). */
  public JoinJob verifyChecksum(boolean verify) {
    return set(IpJoinKeys.VERIFY_CHECKSUM, Boolean.toString(verify));
  }

  /**
   * Whether each task computes every section's CRC32C of an index the driver verified although its
   * bytes came checksummed (default false: {@code mmap-direct} then computes none).
   */
  public JoinJob verifyInTask(boolean verify) {
    return set(IpJoinKeys.VERIFY_TASK, Boolean.toString(verify));
  }

  /** Whether the whole index is checked before submitting, not only its header (default true). */
  public JoinJob verifyIndex(boolean verify) {
    return set(IpJoinKeys.VERIFY_INDEX, Boolean.toString(verify));
  }

  /** Whether malformed records are written under {@code <output>/malformed/} (default true; always counted). */
  public JoinJob malformedOutput(boolean write) {
    return set(IpJoinKeys.MALFORMED_OUTPUT, Boolean.toString(write));
  }

  /** Whether an input without data is accepted instead of refused with exit code 3 (default false). */
  public JoinJob allowEmptyInput(boolean allow) {
    return set(IpJoinKeys.ALLOW_EMPTY_INPUT, Boolean.toString(allow));
  }

  /** Whether an existing output directory is replaced once the job succeeded (default false). */
  public JoinJob overwrite(boolean replace) {
    return set(IpJoinKeys.OUTPUT_OVERWRITE, Boolean.toString(replace));
  }

  /**
   * Whether the output is flat even when input files are in Hive-style partition folders
   * ({@code dt=2026-11-27/}); by default (false) each record is written under its file's partition
   * path below the output.
   */
  public JoinJob flatOutput(boolean flat) {
    return set(IpJoinKeys.FLAT_OUTPUT, Boolean.toString(flat));
  }

  /**
   * Whether {@link PreparedJoin#run()} logs Hadoop's report while the job runs (tracking URL,
   * progress, every counter) through Hadoop's logging (default false).
   */
  public JoinJob verbose(boolean report) {
    return set(IpJoinKeys.VERBOSE, Boolean.toString(report));
  }

  /** Where {@link #prepare()} warns (an input given twice) and {@link PreparedJoin#run()} reports; default stderr. */
  public JoinJob warnings(PrintStream err) {
    this.warnings = ApiArguments.notNull(err, "err");
    return this;
  }

  private JoinJob set(IpJoinKeys key, String value) {
    key.set(conf, value);
    return this;
  }

  /**
   * Runs every check the driver runs before it submits: the options, the whole index, every input
   * exists and holds data, the output does not exist (or may be replaced). Nothing is submitted.
   *
   * @throws IpJoinException {@link ExitCode#USAGE} with every problem found, or {@link
   *     ExitCode#EMPTY_INPUT} when the input holds no data
   */
  public PreparedJoin prepare() throws IpJoinException {
    // A copy: preparing twice, or changing this builder later, leaves a prepared join alone.
    Configuration jobConf = new Configuration(conf);
    if (!indexes.isEmpty()) {
      IpJoinKeys.INDEX_PATH.set(jobConf, JoinIndexes.keyValue(indexes));
    }
    if (!clients.isEmpty()) {
      IpJoinKeys.CLIENTS.set(jobConf, IndexSpecs.join(clients));
    }
    if (!loaders.isEmpty()) {
      String value = JoinIndexes.keyValue(loaders);
      String before = jobConf.get(IpJoinKeys.LOADER.key());
      if (before != null && !before.isBlank() && loaders.stream().allMatch(l -> l.contains("="))) {
        // Only per-index loaders given: they refine the key's value (a -D or site file's loader
        // for every index stays), later items winning.
        value = before + "," + value;
      }
      IpJoinKeys.LOADER.set(jobConf, value);
    }
    return new PreparedJoin(JoinPlan.check(jobConf, List.copyOf(inputs), output, countByGiven,
        warnings), warnings);
  }
}
