package org.ipjoin.job.options;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.locate.ChainRule;
import org.ipjoin.job.locate.ClientIpLocator;
import org.ipjoin.job.locate.ClientIpLocators;
import org.ipjoin.job.table.TableColumn;
import org.ipjoin.job.table.TableFormat;
import org.ipjoin.job.locate.TrustedAddresses;

/**
 * Where the client address is in a record ({@code ipjoin.format}) and which hop of a chain in that
 * field is the client ({@code ipjoin.chain}): the spec and the rule as the user wrote them, checked
 * once by {@link ClientIpLocators} (the one place that knows the forms); each task builds its
 * locator from the same two ({@link #locator()}).
 *
 * @param spec the checked spec, untrimmed: a {@code regex:} pattern may end in a meaningful space
 * @param chain the checked chain rule ({@code first}, {@code last}, {@code untrusted=CIDR,...},
 *     {@code untrusted=INDEX} naming one of the job's indexes: {@link #trustedIndex})
 */
public record ClientFormat(String spec, String chain) {

  /**
   * The keyword of a format the input files tell ({@code auto}, {@code auto:COLUMN}): the driver
   * looks at their first bytes and resolves it ({@link #resolve}) before the tasks read it.
   */
  public static final String AUTO = "auto";

  /**
   * The format {@code spec} names, with the chain rule {@code chain}.
   *
   * @throws IllegalArgumentException ClientIpLocators' one line: the bad spec and the forms, or
   *     the bad rule
   */
  public static ClientFormat of(String spec, String chain) {
    if (isAuto(spec)) {
      // No locator yet: the rule is checked alone, the column once the files tell the format.
      ChainRule.parse(chain);
      String column = autoColumn(spec);
      if (column != null && column.isEmpty()) {
        throw new IllegalArgumentException("bad format '" + spec + "': name the column, e.g."
            + " auto:client_ip or auto:http.client_ip");
      }
    } else {
      ClientIpLocators.fromSpec(spec, chain);
    }
    return new ClientFormat(spec, chain);
  }

  /** Whether the input files tell this format ({@code auto} or {@code auto:COLUMN}). */
  public boolean auto() {
    return isAuto(spec);
  }

  private static boolean isAuto(String spec) {
    String s = spec.trim().toLowerCase(Locale.ROOT);
    return s.equals(AUTO) || s.startsWith(AUTO + ":");
  }

  /** The column of {@code auto:COLUMN} (exactly as given), or null for any other format. */
  public String autoColumn() {
    return autoColumn(spec);
  }

  private static String autoColumn(String spec) {
    String s = spec.trim();
    return isAuto(s) && s.length() > AUTO.length() ? s.substring(AUTO.length() + 1) : null;
  }

  /**
   * This format once the input files told theirs: {@code auto:COLUMN} the column of {@code table}
   * ({@code parquet:COLUMN}), plain {@code auto} the default text format ({@code combined}) of
   * lines; any other format as it is.
   *
   * @param table the inputs' table format, or null when they are lines (text, SequenceFiles)
   */
  public ClientFormat resolve(TableFormat table) {
    if (!auto()) {
      return this;
    }
    String column = autoColumn();
    return new ClientFormat(table == null || column == null ? IpJoinKeys.FORMAT.defaultValue()
        : table.kind() + ":" + column, chain);
  }

  /**
   * The kind of table column this format names ({@code parquet}, {@code orc}, {@code avro}, or
   * {@code auto} for {@code auto:COLUMN}), or null: the columns of one row are of one kind.
   */
  String columnKind() {
    TableColumn table = table();
    return table != null ? table.format().kind() : autoColumn() != null ? AUTO : null;
  }

  /** The form's name: {@code combined}, {@code tsv}, {@code csv}, {@code regex}... */
  public String kind() {
    int colon = spec.indexOf(':');
    return (colon < 0 ? spec : spec.substring(0, colon)).trim();
  }

  /** The table column this format names ({@code parquet:COLUMN}), or null for a text format. */
  public TableColumn table() {
    return TableColumn.of(spec);
  }

  /**
   * New locators for the address columns {@code formats}, in order (locators keep per-record
   * state: one list per task); several {@code json:PATH} columns share one pass over each record
   * ({@link ClientIpLocators#fromSpecs}). A chain rule {@code untrusted=INDEX} asks {@code indexes}
   * for its trusted set.
   */
  public static List<ClientIpLocator> locators(List<ClientFormat> formats,
      Function<String, TrustedAddresses> indexes) {
    return ClientIpLocators.fromSpecs(formats.stream().map(ClientFormat::spec).toList(),
        formats.stream().map(f -> ChainRule.parse(f.chain(), indexes)).toList());
  }

  /**
   * The index whose addresses the chain rule trusts ({@code untrusted=INDEX}), or null when the
   * rule is another.
   */
  public String trustedIndex() {
    return ChainRule.trustedIndex(chain);
  }

  /**
   * @throws IllegalArgumentException one line: the chain rule trusts an index the job does not
   *     join, with the job's index names
   */
  void checkTrustedIndex(List<String> indexNames) {
    String name = trustedIndex();
    if (name != null && !indexNames.contains(name)) {
      throw new IllegalArgumentException("bad chain rule '" + chain.trim() + "': " + name
          + " is not an index of this job (its indexes: " + String.join(", ", indexNames)
          + "); give the proxies' list with --index " + name + "=PATH, or CIDR blocks"
          + " (untrusted=10.0.0.0/8,...)");
    }
  }
}
