package org.ipjoin.job;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which {@code ipjoin.format} values name the client column in each file's header
 * ({@code csv:NAME}, {@code tsv:NAME}, {@code w3c:NAME}, {@code zeek:NAME}), told from the value's
 * text alone: the input format (which must not split such files) and the locators agree on it
 * here without knowing each other.
 */
public final class HeaderNamedFormat {

  /** A column number after {@code csv:}/{@code tsv:}, or what a user meant as one ({@code -1}). */
  public static final Pattern NUMBER = Pattern.compile("[+-]?[0-9]+");

  private HeaderNamedFormat() {}

  /**
   * Whether the job reads a column named by each file's header: its {@code ipjoin.format}, or
   * with several address columns ({@code ipjoin.clients}, {@code NAME=FORMAT} items) any of them,
   * or the records' time ({@code ipjoin.time}, e.g. {@code w3c:date+time}), whose reader needs
   * each file's header as much.
   */
  public static boolean inJob(org.apache.hadoop.conf.Configuration conf) {
    String time = IpJoinKeys.TIME.get(conf);
    return !ofJob(conf).isEmpty() || (time != null && is(time));
  }

  /**
   * The job's formats that name their column by each file's header, each with how a problem
   * names it: {@code format F (ipjoin.format)}, or per address column {@code --client NAME=F
   * (ipjoin.clients)}; empty when none does.
   */
  public static java.util.Map<String, String> ofJob(org.apache.hadoop.conf.Configuration conf) {
    java.util.Map<String, String> specs = new java.util.LinkedHashMap<>();
    String clients = IpJoinKeys.CLIENTS.get(conf);
    if (clients == null || clients.isBlank()) {
      String spec = IpJoinKeys.FORMAT.get(conf);
      specs.put(spec, "format " + spec + " (" + IpJoinKeys.FORMAT.key() + ")");
    } else {
      for (String item : IndexSpecs.split(clients)) {
        specs.putIfAbsent(item.substring(item.indexOf('=') + 1),
            "--client " + item + " (" + IpJoinKeys.CLIENTS.key() + ")");
      }
    }
    specs.keySet().removeIf(spec -> !is(spec));
    return specs;
  }

  /** Whether {@code spec} names its column by each file's header. */
  public static boolean is(String spec) {
    String s = spec.trim().toLowerCase(Locale.ROOT);
    if (s.startsWith("w3c:") || s.startsWith("zeek:")) {
      return s.indexOf(':') + 1 < s.length();
    }
    if (s.startsWith("csv:") || s.startsWith("tsv:")) {
      String rest = s.substring(4);
      return !rest.isEmpty() && !NUMBER.matcher(rest).matches();
    }
    return false;
  }
}
