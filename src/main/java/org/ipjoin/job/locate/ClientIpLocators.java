package org.ipjoin.job.locate;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.PatternSyntaxException;

/** Makes a {@link ClientIpLocator} from an {@code ipjoin.format} / {@code --format} value. */
public final class ClientIpLocators {

  /** The accepted forms, for messages and usage. */
  public static final String FORMS = "combined, tsv:N, csv:N, ws:N (N = 1-based column), json:PATH,"
      + " regex:PATTERN, or a preset";

  /**
   * Named presets for common log kinds: each stands for the format it maps to, which reads the
   * kind's client (source) column; docs/job.md lists them with the kind's other address columns.
   */
  public static final Map<String, String> PRESETS = presets();

  private ClientIpLocators() {}

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
    return Collections.unmodifiableMap(p);
  }

  /** {@link #fromSpec(String, String)} with the default chain rule, {@code first}. */
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

  private static ClientIpLocator field(String spec) {
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
    if (keyword.startsWith("tsv:")) {
      return new DelimitedColumnLocator((byte) '\t', column(spec, s.substring(4)), keyword);
    }
    if (keyword.startsWith("csv:")) {
      return new DelimitedColumnLocator((byte) ',', column(spec, s.substring(4)), keyword);
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
