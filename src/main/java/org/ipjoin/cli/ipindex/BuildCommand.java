package org.ipjoin.cli.ipindex;

import java.io.IOException;
import java.util.Locale;
import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.ipjoin.api.BuiltIndex;
import org.ipjoin.api.IndexBuild;
import org.ipjoin.api.IpJoin;
import org.ipjoin.job.FileSystemConnector;
import org.ipjoin.cli.StrictCommandLine;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;

/**
 * {@code ipindex build --input ip.tsv [more.tsv ...] --output ips.ipidx [--labels none|default|N]
 * [--fields [name=]path,...] [--overlap longest|first] [--layout sorted|compact] [--skip-invalid] [--overwrite]
 * [--max-shrink F] [--as-of-from-file REGEX] [--valid-from COL --valid-to COL] [--allow-empty]
 * [--quiet]}
 *
 * <p>Builds one index of the union of the text lists (addresses, CIDR blocks, ranges, with labels)
 * on any Hadoop FileSystem and publishes it atomically. A malformed line fails the build with
 * file:line, unless {@code --skip-invalid}: then it is skipped and counted in the summary; IPv6
 * entries are always skipped and counted. With {@code --fields} the inputs are MaxMind DB files
 * ({@code .mmdb}), read by MaxMind's reader ({@link IndexBuild#fields}). A
 * list with no address at all (empty, only blank lines and comments, or every line skipped) fails
 * the build, because in a pipeline that is almost always an upstream failure; {@code --allow-empty}
 * builds the empty index instead. {@code --max-shrink F} refuses to replace an index by one with
 * fewer than (1 - F) times its keys. {@code --layout compact} stores single IPv4 addresses in
 * /16 buckets (see {@link org.ipjoin.index.format.KeyLayout}); a list with an IPv4 block, range
 * or labels is then a usage error. Exit codes: 0 built; 1 malformed input, list too big for the
 * heap, shrink refused or I/O failure (nothing published); 2 usage error, a wrong input (missing, a
 * folder without lists, given twice, the output itself) or output exists. A folder given as input
 * stands for its lists; {@code --label-from-file [REGEX]} labels each list's entries by its name.
 */
final class BuildCommand extends IndexCommand {

  /** Progress lines only for inputs big enough to take more than a moment. */
  private static final long PROGRESS_MIN_BYTES = 64L << 20;

  BuildCommand() {
    super("build", "--input ip.tsv|DIR|db.mmdb [more ...] --output ips.ipidx"
        + " [--labels none|default|N|N,N...|name=N,...|name,...] [--label-from-file [REGEX]]"
        + " [--fields [name=]path,...] [--overlap longest|first] [--layout sorted|compact] [--skip-invalid] [--overwrite]"
        + " [--max-shrink F] [--as-of-from-file REGEX] [--valid-from COL --valid-to COL]"
        + " [--allow-empty] [--quiet]");
  }

  @Override
  Options options() {
    return new Options()
        .addOption(Option.builder().longOpt("input").hasArgs().argName("path")
            .desc("text lists, one entry per line: an IPv4 address (1.2.3.4), a CIDR block"
                + " (10.0.0.0/8), a range (1.2.3.0-1.2.3.9, or start,end[,name,...]), optionally"
                + " with a label (see --labels); several (--input a b, or --input a --input b)"
                + " build one index of their union; a folder stands for its plain files, in name"
                + " order, but those whose name starts with . or _")
            .build())
        .addOption(Option.builder().longOpt("labels").hasArg().argName("none|default|N|attributes")
            .desc("where an entry's label is: default, the column after the entry (the 2nd TAB"
                + " column, or the first comma field after the entry); N, that column (from 2,"
                + " TAB columns of a TAB line, comma fields of a comma line); none, no labels;"
                + " several columns as named attributes, joined by TAB in the label: 3,4 (named"
                + " by the list's header line, else column3, column4), asn=3,org=4, or asn,org"
                + " (columns found by the header line's headings)")
            .build())
        .addOption(Option.builder().longOpt("label-from-file").hasArg().optionalArg(true)
            .argName("REGEX")
            .desc("every entry of a list takes its file's name as label, or the first group of"
                + " REGEX (a Java regex matching the whole name, e.g. 'country_(..)\\.netset');"
                + " not with --labels")
            .build())
        .addOption(Option.builder().longOpt("as-of-from-file").hasArg().argName("REGEX")
            .desc("build a history index: --input is one folder whose every file is a dated"
                + " snapshot of one list, dated by REGEX's first group (matching the whole name,"
                + " e.g. 'ipsum-(\\d{4}-\\d{2}-\\d{2})\\.txt'; a date or a timestamp, UTC); each"
                + " distinct entry is stored once with the periods it was listed in, each with"
                + " its label (--labels, attributes included)")
            .build())
        .addOption(Option.builder().longOpt("valid-from").hasArg().argName("COL")
            .desc("build a history index from one table whose lines carry their validity (a"
                + " slowly changing dimension's export): each line's entry is valid from the time"
                + " in column COL (a number from 2 or a heading of the header line; ISO 8601 date"
                + " or timestamp, epoch seconds or milliseconds) until the time in --valid-to's;"
                + " --labels then names the label's column, or several as attributes (default"
                + " none)")
            .build())
        .addOption(Option.builder().longOpt("valid-to").hasArg().argName("COL")
            .desc("with --valid-from: the column of the time a line stops being valid (not"
                + " included); empty, \\N or NULL: still valid")
            .build())
        .addOption(Option.builder().longOpt("fields").hasArg().argName("[name=]path,...")
            .desc("the inputs are MaxMind DB files (.mmdb: GeoLite2, DB-IP lite, IPinfo lite);"
                + " index these attributes of each network's record: dot paths into the record"
                + " (country.iso_code, names.en, subdivisions.0.iso_code), comma-separated, each"
                + " optionally named (asn=autonomous_system_number; default: the path); a label is"
                + " the values joined by TAB")
            .build())
        .addOption(Option.builder().longOpt("overlap").hasArg().argName("longest|first")
            .desc("which entry answers for an address several entries hold: longest (default),"
                + " the smallest entry (a /24 inside a /8), ties to the earlier line; first, the"
                + " earliest line. Of identical ranges the earliest line always wins")
            .build())
        .addOption(Option.builder().longOpt("layout").hasArg().argName("sorted|compact")
            .desc("how IPv4 addresses are stored: sorted (default, any list) or compact (single"
                + " addresses without labels: /16 buckets of 16-bit suffixes or bitmaps)")
            .build())
        .addOption(Option.builder().longOpt("output").hasArg().argName("path")
            .desc("index file to write (any Hadoop FileSystem); never one of the inputs").build())
        .addOption(Option.builder().longOpt("skip-invalid")
            .desc("skip and count malformed lines instead of failing").build())
        .addOption(Option.builder().longOpt("overwrite")
            .desc("replace an existing output (atomically)").build())
        .addOption(Option.builder().longOpt("max-shrink").hasArg().argName("F")
            .desc("with --overwrite: refuse (exit 1, nothing published) to replace the index by one"
                + " with fewer than (1-F) x its intervals, F from 0 to 1 (default: no limit)")
            .build())
        .addOption(Option.builder().longOpt("allow-empty")
            .desc("build an empty index from a list with no addresses (default: fail, exit 1)").build())
        .addOption(Option.builder().longOpt("quiet").desc("no progress, no summary: only the result line").build());
  }

  /** The options as calls of the Java API ({@link IpJoin#buildIndex}), which checks them all. */
  @Override
  int run(CommandLine line) throws Exception {
    IndexBuild build = IpJoin.buildIndex(getConf())
        .skipInvalid(line.hasOption("skip-invalid"))
        .overwrite(line.hasOption("overwrite"))
        .allowEmpty(line.hasOption("allow-empty"));
    String[] given = line.getOptionValues("input");
    if (given != null) {
      build.input(given);
    }
    StrictCommandLine.ifGiven(line, "output", build::output);
    StrictCommandLine.ifGiven(line, "labels", build::labels);
    StrictCommandLine.ifGiven(line, "fields", build::fields);
    if (line.hasOption("label-from-file")) {
      build.labelFromFile(line.getOptionValue("label-from-file"));
    }
    StrictCommandLine.ifGiven(line, "overlap", build::overlap);
    StrictCommandLine.ifGiven(line, "max-shrink", build::maxShrink);
    StrictCommandLine.ifGiven(line, "layout", build::layout);
    StrictCommandLine.ifGiven(line, "as-of-from-file", build::asOfFromFile);
    StrictCommandLine.ifGiven(line, "valid-from", build::validFrom);
    StrictCommandLine.ifGiven(line, "valid-to", build::validTo);
    boolean quiet = line.hasOption("quiet");
    long length = given == null ? 0 : totalLength(given);
    ProgressLine progress = new ProgressLine("ipindex build: read", length,
        !quiet && length >= PROGRESS_MIN_BYTES);
    long start = System.nanoTime();
    BuiltIndex built = build.progress(progress::update).run();
    progress.done();
    for (String warning : built.warnings()) {
      // On stderr, also with --quiet: a label the user counts on that can never be tagged.
      System.err.println("ipindex build: warning: " + warning);
    }
    if (!quiet) {
      System.out.print(built.summary());
    }
    Path index = built.index();
    System.out.println(resultLine(built, index.getFileSystem(getConf()).makeQualified(index),
        System.nanoTime() - start));
    return ExitCode.SUCCESS.code();
  }

  /**
   * The index is published before the summary is written: {@code ipindex build ... | head} that
   * closes the pipe early has what it asked for, and exits 0 as the build succeeded.
   */
  @Override
  boolean outputIsTheResult() {
    return false;
  }

  /**
   * The one line every build ends with on stdout, {@code --quiet} or not: e.g. {@code ipindex
   * build: 999,891 intervals from 1,000,000 lines (0 skipped); index file:/data/ips.ipidx (0.3 s)}.
   */
  static String resultLine(BuiltIndex built, Path index, long nanos) {
    return String.format(Locale.ROOT, "ipindex build: %,d intervals from %,d lines (%,d skipped);"
        + " index %s (%.1f s)", built.intervals(), built.lines(), built.skipped(), index,
        nanos / 1e9);
  }

  /** The bytes the progress line counts to; inputs that are not there are left to the build. */
  private long totalLength(String[] inputs) {
    long length = 0;
    for (String input : inputs) {
      try {
        Path path = new Path(input);
        FileSystem fs = FileSystemConnector.of(path, getConf());
        if (fs.exists(path)) {
          length += fs.getFileStatus(path).getLen();
        }
      } catch (IpJoinException | IOException | IllegalArgumentException e) {
        // The build reports it.
      }
    }
    return length;
  }
}
