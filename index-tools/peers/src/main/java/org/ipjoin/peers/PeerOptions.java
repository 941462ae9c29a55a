package org.ipjoin.peers;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The command line every peer takes: {@code --mode match|tag --list FILE --logs FILE --output PATH
 * --threads N [--join between|asof]}. {@code match}: the list is one IPv4 address per line, the
 * output the log lines whose client is listed. {@code tag}: the list is {@code a.b.c.d-e.f.g.h TAB
 * label} per line (disjoint ranges, as {@link RangeListGenerator} writes them), the output every log
 * line plus TAB and the label of the range holding its client, {@code 0} when none does.
 */
record PeerOptions(String mode, String list, String logs, String output, int threads, String join) {

  private static final Set<String> NAMES = Set.of("--mode", "--list", "--logs", "--output", "--threads", "--join");

  static PeerOptions parse(String program, String[] args) {
    Map<String, String> values = new HashMap<>();
    for (int i = 0; i < args.length; i += 2) {
      if (!NAMES.contains(args[i]) || i + 1 >= args.length) {
        throw usage(program, "unknown option or missing value: '" + args[i] + "'");
      }
      if (values.put(args[i], args[i + 1]) != null) {
        throw usage(program, args[i] + " given twice");
      }
    }
    for (String required : List.of("--mode", "--list", "--logs", "--output")) {
      if (!values.containsKey(required)) {
        throw usage(program, "missing " + required);
      }
    }
    String mode = values.get("--mode");
    if (!mode.equals("match") && !mode.equals("tag")) {
      throw usage(program, "--mode must be match or tag, not '" + mode + "'");
    }
    String join = values.getOrDefault("--join", "between");
    if (!List.of("between", "asof", "bucket").contains(join)) {
      throw usage(program, "--join must be between, asof or bucket, not '" + join + "'");
    }
    int threads;
    try {
      threads = Integer.parseInt(values.getOrDefault("--threads", "2"));
    } catch (NumberFormatException e) {
      throw usage(program, "--threads is not a number: '" + values.get("--threads") + "'");
    }
    return new PeerOptions(mode, values.get("--list"), values.get("--logs"), values.get("--output"), threads, join);
  }

  private static IllegalArgumentException usage(String program, String what) {
    return new IllegalArgumentException(program + ": " + what + " (usage: " + program
        + " --mode match|tag --list FILE --logs FILE --output PATH [--threads N] [--join between|asof|bucket])");
  }
}
