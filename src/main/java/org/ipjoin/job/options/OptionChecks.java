package org.ipjoin.job.options;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.index.load.AsOfLookup;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinIndexes;
import org.ipjoin.job.JoinMode;
import org.ipjoin.job.MatchTags;
import org.ipjoin.job.input.InputBlocks;
import org.ipjoin.problem.IpJoinException;

/**
 * The one reading of the {@code ipjoin.*} keys into {@link JoinOptions}: each key read and checked
 * in the order the driver reports problems, a bad value noted with its one line while the others
 * are still read, so one run names every typo. The driver goes on with what could be read (the
 * indexes, say, to check their files) and reports every problem together.
 */
public final class OptionChecks {

  /** Every switch, in the order their problems are reported. */
  private static final List<IpJoinKeys> SWITCHES = List.of(IpJoinKeys.VERIFY_CHECKSUM,
      IpJoinKeys.MALFORMED_OUTPUT, IpJoinKeys.MEMORY_CHECK, IpJoinKeys.VERIFY_INDEX,
      IpJoinKeys.ALLOW_EMPTY_INPUT, IpJoinKeys.OUTPUT_OVERWRITE, IpJoinKeys.VERBOSE,
      IpJoinKeys.VERIFY_TASK, IpJoinKeys.FLAT_OUTPUT);

  private final List<String> problems = new ArrayList<>();
  private JoinIndexes indexes;
  private JoinMode mode;
  private String where;
  private CountChoice countBy;
  private String tagUnmatched;
  private ClientFormat format;
  private List<ClientColumn> clients;
  private InputBlocks blocks;
  private RecordTimeSpec time;
  private final Boolean[] switches = new Boolean[SWITCHES.size()];
  private String maxFraction;
  private AsOfLookup.Outside asOfOutside;
  private OutputKind output;

  private OptionChecks() {}

  /**
   * The driver's reading: index specs told from paths by the files that exist, and a join of more
   * indexes than the job may have counters for refused.
   */
  public static OptionChecks run(Configuration conf, Predicate<String> isFile) {
    OptionChecks c = new OptionChecks();
    c.indexes = c.check(() -> JoinIndexes.resolve(conf, isFile));
    c.mode = c.setting(() -> JoinMode.fromName(IpJoinKeys.MODE.get(conf)), "bad mode: ");
    if (c.indexes != null && c.mode != null) {
      c.check(() -> {
        CounterLimit.check(conf, c.indexes.size(), ClientColumns.count(conf), c.mode,
            IpJoinKeys.TIME.get(conf) != null || IpJoinKeys.AS_OF.get(conf) != null);
        return null;
      });
    }
    c.readSettings(conf);
    if (c.indexes != null && c.clients != null) {
      c.setting(() -> {
        ClientColumns.checkNames(c.clients, c.indexes);
        return null;
      }, "");
    }
    c.checkTrustedIndex();
    c.checkOutput(conf);
    return c;
  }

  /** {@code --output-format} fits the mode and the input's format (the driver's check only). */
  private void checkOutput(Configuration conf) {
    ClientFormat first = clients != null && !clients.isEmpty() ? clients.get(0).format() : format;
    if (output != null && mode != null && first != null) {
      setting(() -> {
        output.check(conf.get(IpJoinKeys.OUTPUT_FORMAT.key()) != null, mode, first, conf);
        return null;
      }, "");
    }
  }

  /** The index a chain rule {@code untrusted=INDEX} trusts must be one the job joins. */
  private void checkTrustedIndex() {
    ClientFormat chained = clients != null && !clients.isEmpty() ? clients.get(0).format() : format;
    if (indexes != null && chained != null) {
      setting(() -> {
        chained.checkTrustedIndex(indexes.names());
        return null;
      }, "");
    }
  }

  /** A task's reading of what the driver wrote: no file is looked at. */
  static OptionChecks read(Configuration conf) {
    OptionChecks c = new OptionChecks();
    c.indexes = c.setting(() -> JoinIndexes.of(conf), "");
    c.mode = c.setting(() -> JoinMode.fromName(IpJoinKeys.MODE.get(conf)), "bad mode: ");
    c.readSettings(conf);
    c.checkTrustedIndex();
    return c;
  }

  private void readSettings(Configuration conf) {
    where = IpJoinKeys.WHERE.get(conf);
    countBy = setting(() -> CountChoice.of(IpJoinKeys.COUNT_BY.get(conf)), "bad count-by: ");
    tagUnmatched = IpJoinKeys.TAG_UNMATCHED.get(conf);
    setting(() -> MatchTags.of(conf), "");
    clients = setting(() -> ClientColumns.read(conf), "");
    format = setting(() -> ClientFormat.of(IpJoinKeys.FORMAT.get(conf),
        IpJoinKeys.CHAIN.get(conf)), "");
    blocks = setting(() -> InputBlocks.of(conf), "");
    time = setting(() -> RecordTimeSpec.read(conf), "");
    asOfOutside = setting(() -> AsOfOutside.read(conf), "");
    output = setting(() -> OutputKind.read(conf), "");
    for (int k = 0; k < switches.length; k++) {
      IpJoinKeys key = SWITCHES.get(k);
      switches[k] = setting(() -> key.getBoolean(conf), "");
    }
    maxFraction = setting(() -> maxFraction(conf), "");
  }

  /** {@code ipjoin.malformed.max.fraction} as written, when it is a number from 0 to 1. */
  private static String maxFraction(Configuration conf) {
    String value = IpJoinKeys.MALFORMED_MAX_FRACTION.get(conf);
    BigDecimal fraction;
    try {
      fraction = new BigDecimal(value);
    } catch (NumberFormatException e) {
      fraction = null;
    }
    if (fraction == null || fraction.signum() < 0 || fraction.compareTo(BigDecimal.ONE) > 0) {
      throw new IllegalArgumentException(IpJoinKeys.MALFORMED_MAX_FRACTION.key()
          + " must be a number from 0 to 1, got '" + value + "'");
    }
    return value;
  }

  private interface Check<T> {
    T run() throws IpJoinException;
  }

  private <T> T check(Check<T> check) {
    try {
      return check.run();
    } catch (IpJoinException e) {
      problems.addAll(e.problems());
      return null;
    }
  }

  private <T> T setting(Supplier<T> read, String what) {
    try {
      return read.get();
    } catch (IllegalArgumentException e) {
      problems.add(what + e.getMessage());
      return null;
    }
  }

  /** Every problem found, one line each, in the order found. */
  public List<String> problems() {
    return List.copyOf(problems);
  }

  /** The indexes, or null when their keys are bad. */
  public JoinIndexes indexes() {
    return indexes;
  }

  /** The mode, or null when it is bad. */
  public JoinMode mode() {
    return mode;
  }

  /** The {@code --where} text, or null when none is given. */
  public String where() {
    return where;
  }

  /** What count mode counts by (any value is one: columns are checked against the indexes). */
  public CountChoice countBy() {
    return countBy;
  }

  /** The names of the address columns of {@code ipjoin.clients}; none when unset or bad. */
  public List<String> clientNames() {
    return clients == null ? List.of() : clients.stream().map(ClientColumn::name).toList();
  }

  /**
   * The formats of the address columns, in order: each {@code --client}'s, else {@code
   * --format}'s; empty when they could not be read.
   */
  public List<ClientFormat> formats() {
    if (clients != null && !clients.isEmpty()) {
      return clients.stream().map(ClientColumn::format).toList();
    }
    return clients == null || format == null ? List.of() : List.of(format);
  }

  /** The value of {@code ipjoin.tag.unmatched}, trimmed, checked or not. */
  public String tagUnmatched() {
    return tagUnmatched;
  }

  /**
   * The options.
   *
   * @throws IpJoinException USAGE with every problem found
   */
  public JoinOptions options() throws IpJoinException {
    if (!problems.isEmpty()) {
      throw IpJoinException.usage(problems);
    }
    return new JoinOptions(indexes.list(), mode, where, countBy, format, clients,
        tagUnmatched, switches[0], switches[3], switches[7], switches[1], switches[2], switches[4],
        switches[5], switches[6], maxFraction, blocks, time, switches[8], asOfOutside, output);
  }
}
