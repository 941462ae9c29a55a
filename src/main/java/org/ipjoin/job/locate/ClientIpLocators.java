package org.ipjoin.job.locate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.PatternSyntaxException;
import org.ipjoin.job.HeaderNamedFormat;

/** Makes a {@link ClientIpLocator} from an {@code ipjoin.format} / {@code --format} value. */
public final class ClientIpLocators {

  /** The accepted forms, for messages and usage. */
  public static final String FORMS = "combined, tsv:N, csv:N, ws:N (N = 1-based column), tsv:NAME,"
      + " csv:NAME (NAME = a column of the header row), w3c:NAME, zeek:NAME, json:PATH,"
      + " regex:PATTERN, parquet:COLUMN, orc:COLUMN (a column of a Parquet or ORC table, dotted"
      + " when nested),"
      + " avro:COLUMN (a field of Avro data files' records, dotted when nested),"
      + " auto:COLUMN (a table's column, its format told by the files' first bytes),"
      + " auto (text logs read as combined), or a preset";

  /**
   * The table formats, whose records are rows of typed columns rather than lines: a {@code
   * KIND:COLUMN} spec names the column, and the task hands the locator the column's value alone
   * ({@link TableValueLocator}).
   */
  public static final java.util.List<String> TABLE_KINDS = java.util.List.of("parquet", "orc", "avro");

  /**
   * Named presets for common log kinds: each stands for the format it maps to, which reads the
   * kind's client (source) column; docs/job.md lists them with the kind's other address columns.
   */
  public static final Map<String, String> PRESETS = presets();

  private static Map<String, String> presets() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("alb", "ws:4");
    p.put("elb", "ws:3");
    p.put("s3", "ws:4");
    p.put("vpcflow", "ws:4");
    p.put("squid", "ws:3");
    // The client as ip:port right before HAProxy's accept date, whatever syslog prefix comes
    // first; taking the port off in the pattern also splits an IPv6 client, which HAProxy writes
    // without brackets.
    p.put("haproxy", "regex:(\\S+):\\d+ \\[\\d\\d/\\w{3}/\\d{4}:");
    p.put("traefik", "combined");
    p.put("sshd", "regex:sshd\\[\\d+\\]: .* from (\\S+)");
    p.put("suricata", "json:src_ip");
    p.put("zeek-json", "json:id.orig_h");
    p.put("caddy", "json:request.client_ip");
    p.put("cloudflare", "json:ClientIP");
    p.put("cloudtrail", "json:sourceIPAddress");
    p.put("iis", "w3c:c-ip");
    p.put("cloudfront", "w3c:c-ip");
    p.put("zeek-conn", "zeek:id.orig_h");
    return Collections.unmodifiableMap(p);
  }

  private ClientIpLocators() {}

  /**
   * Parses {@code combined}, {@code tsv:N}, {@code csv:N}, {@code ws:N}, {@code tsv:NAME},
   * {@code csv:NAME}, {@code w3c:NAME}, {@code zeek:NAME} ({@link HeaderNamedLocator}),
   * {@code json:PATH} or {@code regex:PATTERN}. After {@code tsv:} and {@code csv:} a whole
   * number is a column number, anything else a column name.
   *
   * @throws IllegalArgumentException naming the spec and what is wrong with it
   */
  public static ClientIpLocator fromSpec(String spec) {
    return fromSpec(spec, ChainRule.DEFAULT);
  }

  /**
   * Parses {@code combined}, {@code tsv:N}, {@code csv:N}, {@code ws:N}, {@code json:PATH},
   * {@code regex:PATTERN} or a preset name ({@link #PRESETS}), and the chain rule
   * ({@link ChainRule#parse}) that picks one address of a field holding several.
   *
   * @throws IllegalArgumentException naming the spec or rule and what is wrong with it
   */
  public static ClientIpLocator fromSpec(String spec, String chain) {
    ClientIpLocator field = field(spec);
    return new ChainedLocator(field, ChainRule.parse(chain));
  }

  /**
   * The locators of a record's address columns, in order: {@code specs[c]} with the chain rule
   * {@code rules[c]} ({@link ChainRule#parse}), each as {@link #fromSpec} makes it, except that two
   * or more {@code json:PATH} columns find their fields in one pass over each record (one {@link
   * JsonFieldsScanner} they share, scanned by the first of them). The locators are meant to be
   * asked in order for each record, as a map task does; each still answers alone.
   *
   * @throws IllegalArgumentException naming the spec and what is wrong with it
   */
  public static List<ClientIpLocator> fromSpecs(List<String> specs, List<ChainRule> rules) {
    List<ClientIpLocator> fields = new ArrayList<>();
    List<Integer> json = new ArrayList<>();
    for (String spec : specs) {
      ClientIpLocator field = field(spec);
      if (field instanceof JsonFieldLocator) {
        json.add(fields.size());
      }
      fields.add(field);
    }
    if (json.size() > 1) {
      JsonFieldsScanner scanner = new JsonFieldsScanner(
          json.stream().map(c -> ((JsonFieldLocator) fields.get(c)).path()).toList());
      for (int k = 0; k < json.size(); k++) {
        int c = json.get(k);
        fields.set(c, new JsonPathColumn(scanner, k, k == 0, fields.get(c).spec()));
      }
    }
    List<ClientIpLocator> locators = new ArrayList<>();
    for (int c = 0; c < fields.size(); c++) {
      locators.add(new ChainedLocator(fields.get(c), rules.get(c)));
    }
    return locators;
  }

  /** The locator of the field {@code spec} names, without a chain rule around it. */
  static ClientIpLocator field(String spec) {
    // Keywords in any case, as every option keyword of ipjoin; a regex pattern exactly as given.
    String s = spec.trim();
    String keyword = s.toLowerCase(Locale.ROOT);
    String preset = PRESETS.get(keyword);
    if (preset != null) {
      return field(preset);
    }
    if (keyword.equals("combined")) {
      return new CombinedLogLocator();
    }
    HeaderNamedLocator.Dialect dialect = dialect(keyword);
    if (dialect != null) {
      String rest = s.substring(dialect.keyword().length() + 1);
      boolean numbered = (dialect == HeaderNamedLocator.Dialect.CSV
          || dialect == HeaderNamedLocator.Dialect.TSV) && HeaderNamedFormat.NUMBER.matcher(rest).matches();
      if (numbered) {
        byte separator = dialect == HeaderNamedLocator.Dialect.CSV ? (byte) ',' : (byte) '\t';
        return new DelimitedColumnLocator(separator, column(spec, rest), keyword);
      }
      if (rest.isEmpty()) {
        throw new IllegalArgumentException("bad format '" + spec + "': name the column (or give"
            + " its number for csv/tsv), e.g. " + dialect.keyword() + ":"
            + (dialect == HeaderNamedLocator.Dialect.ZEEK ? "id.orig_h" : "c-ip"));
      }
      // The name exactly as given: header names are case-sensitive.
      return new HeaderNamedLocator(dialect, rest, dialect.keyword() + ":" + rest);
    }
    for (String kind : TABLE_KINDS) {
      if (keyword.startsWith(kind + ":")) {
        // The column exactly as given: column names are case-sensitive.
        String column = s.substring(kind.length() + 1);
        if (column.isEmpty()) {
          throw new IllegalArgumentException("bad format '" + spec + "': name the column, e.g. "
              + kind + ":client_ip or " + kind + ":http.client_ip");
        }
        return new TableValueLocator(kind + ":" + column);
      }
    }
    if (keyword.startsWith("ws:")) {
      return new WhitespaceFieldLocator(column(spec, s.substring(3)), keyword);
    }
    if (keyword.startsWith("json:")) {
      // The path exactly as given (keys are case-sensitive), only trimmed as the whole spec is.
      String path = s.substring(5);
      if (path.isEmpty()) {
        throw new IllegalArgumentException(
            "bad format '" + spec + "': the path is empty; name the key, e.g. json:client.ip");
      }
      return new JsonFieldLocator(path, "json:" + path);
    }
    if (keyword.startsWith("regex:")) {
      // Not trimmed further: spaces may be part of the pattern.
      String pattern = spec.substring(spec.toLowerCase(Locale.ROOT).indexOf("regex:") + 6);
      try {
        return new RegexLocator(pattern, "regex:" + pattern);
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException("bad format '" + spec + "': the pattern does not compile: "
            + e.getDescription() + " near index " + e.getIndex());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("bad format '" + spec + "': " + e.getMessage());
      }
    }
    throw new IllegalArgumentException("bad format '" + spec + "'; use one of " + FORMS);
  }

  /** The header-named dialect whose keyword {@code keyword} starts with, or null. */
  private static HeaderNamedLocator.Dialect dialect(String keyword) {
    for (HeaderNamedLocator.Dialect d : HeaderNamedLocator.Dialect.values()) {
      if (keyword.startsWith(d.keyword() + ":")) {
        return d;
      }
    }
    return null;
  }

  private static int column(String spec, String number) {
    int column;
    try {
      column = Integer.parseInt(number);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "bad format '" + spec + "': column '" + number + "' is not a number");
    }
    if (column < 1) {
      throw new IllegalArgumentException(
          "bad format '" + spec + "': columns are numbered from 1, got " + column);
    }
    return column;
  }
}
