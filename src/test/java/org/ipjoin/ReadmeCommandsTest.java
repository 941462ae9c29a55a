package org.ipjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.testing.IpJoinRun;
import org.ipjoin.testing.ProjectFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command of the README's "Common tasks" runs as written on demo-like data and gives the
 * answer a plain String-based reading of the same files gives.
 *
 * <p>The commands are taken from the section's {@code bash} blocks. The demo's directory
 * ({@code target/demo/}) and, in the YARN task, the HDFS directory the demo's files were put into
 * ({@code hdfs:///demo/}) stand for one temporary directory holding what {@code index-tools/demo}
 * leaves there: {@code ip.tsv}, {@code logs/access.log} and {@code ips.ipidx}, written here (smaller).
 * {@code index-tools/ipindex} and {@code HADOOP_CLASSPATH=target/ipjoin.jar hadoop
 * org.ipjoin.cli.ipindex.IndexTools} run {@link IndexTools#run}; {@code index-tools/ipjoin} and
 * {@code hadoop jar target/ipjoin.jar} run {@link org.ipjoin.cli.IpJoinDriver} through ToolRunner
 * on the local runner, as the launcher does; {@code printf 'F' > FILE} writes F with its
 * {@code \t} and {@code \n}. The only lines not run are the ones in {@link #NOT_RUN}: building the
 * jar and copying files into HDFS, which the temporary directory makes moot. Any other line fails
 * the test, so a command added to the section is run too.
 */
class ReadmeCommandsTest {

  private static final Path PROJECT = ProjectFiles.root();

  /** Lines of the section that prepare a cluster and are not run here (the whole line). */
  private static final Set<String> NOT_RUN = Set.of(
      "mvn -B -DskipTests package",
      "hdfs dfs -mkdir -p /demo",
      "hdfs dfs -put target/demo/ip.tsv target/demo/logs /demo/");

  private static final List<String> DEMO_DIRS = List.of("target/demo/", "hdfs:///demo/");
  private static final List<String> INDEX_TOOLS = List.of("index-tools/ipindex",
      "HADOOP_CLASSPATH=target/ipjoin.jar hadoop org.ipjoin.cli.ipindex.IndexTools");
  private static final List<String> JOB = List.of("index-tools/ipjoin", "hadoop jar target/ipjoin.jar");

  @TempDir Path root;

  private Path demo;

  /** One command as run: the README's line, its exit code, stdout and stderr. */
  private record Ran(String line, int exitCode, String out, String err) {}

  @Test
  void everyCommonTaskRunsAsWrittenOnTheDemosFiles() throws Exception {
    demo = Files.createDirectories(root.resolve("demo"));
    DemoData data = DemoData.write(demo);
    // What index-tools/demo does after writing the sample data.
    Ran built = indexTools("(the demo's build)", List.of("build", "--input", demo + "/ip.tsv",
        "--output", demo + "/ips.ipidx", "--overwrite"));
    assertEquals(0, built.exitCode(), built.err());

    List<String> lines = commonTaskLines();
    assertTrue(lines.size() >= 8, "the section's commands were found: " + lines);
    List<Ran> runs = new ArrayList<>();
    Set<String> skipped = new LinkedHashSet<>();
    for (String line : lines) {
      if (NOT_RUN.contains(line)) {
        skipped.add(line);
        continue;
      }
      Ran ran = run(line);
      assertEquals(0, ran.exitCode(), line + "\nstdout: " + ran.out() + "\nstderr: " + ran.err());
      runs.add(ran);
    }
    assertEquals(NOT_RUN, skipped, "every line not run is one the YARN task needs");

    // Tag: every record, its label of the quarter blocks, 0 without one (or without an address:
    // a client field '-'), - when malformed.
    List<String> tagged = new ArrayList<>();
    List<String> malformed = new ArrayList<>();
    List<String> noAddress = new ArrayList<>();
    TreeMap<String, Long> perLabel = new TreeMap<>();
    List<String> notListed = new ArrayList<>();
    List<String> listed = new ArrayList<>();
    for (String record : data.logLines()) {
      String client = record.contains(" ") ? record.substring(0, record.indexOf(' ')) : record;
      String tag;
      if (client.matches("\\d+\\.\\d+\\.\\d+\\.\\d+")) {
        int first = Integer.parseInt(client.substring(0, client.indexOf('.')));
        tag = first < 64 ? "first-quarter" : first >= 192 ? "last-quarter" : "0";
        (data.listed().contains(client) ? listed : notListed).add(record);
      } else if (client.contains(":")) {
        tag = "0";
        notListed.add(record);
      } else if (client.equals("-") || client.isEmpty()) {
        tag = "0";
        noAddress.add(record);
      } else {
        tag = "-";
        malformed.add(record);
      }
      tagged.add(record + "\t" + tag);
      if (!tag.equals("0") && !tag.equals("-")) {
        perLabel.merge(tag, 1L, Long::sum);
      }
    }
    assertEquals(tagged, partLines(demo.resolve("tagged")), "tag mode");
    assertEquals(malformed, filesUnder(demo.resolve("tagged/malformed")), "malformed/");
    assertEquals(perLabel.entrySet().stream().map(e -> e.getKey() + "\t" + e.getValue())
        .collect(Collectors.toList()), partLines(demo.resolve("per-label")), "count per label");
    // nomatch keeps the records without an address too, in input order.
    List<String> kept = data.logLines().stream()
        .filter(r -> notListed.contains(r) || noAddress.contains(r)).toList();
    assertEquals(kept, partLines(demo.resolve("not-listed")), "nomatch mode");
    assertEquals(listed, partLines(demo.resolve("out")), "the YARN task's match join");
    for (String output : List.of("tagged", "per-label", "not-listed", "out")) {
      assertTrue(Files.exists(demo.resolve(output).resolve("_ipjoin.json")), output);
      assertTrue(Files.exists(demo.resolve(output).resolve("_SUCCESS")), output);
    }

    // The result line of the match join: the counts read off the lines.
    Ran match = runs.stream().filter(r -> r.line().startsWith("hadoop jar")).findFirst().orElseThrow();
    String result = String.format(Locale.ROOT,
        "ipjoin: %,d records, %,d matched, %,d unmatched, %,d malformed", data.logLines().size(),
        listed.size(), notListed.size(), malformed.size());
    assertTrue(match.out().startsWith(result), match.out() + "\nexpected to start with " + result);
    assertEquals(!noAddress.isEmpty(), match.out().contains(String.format(Locale.ROOT,
        ", %,d without an address; ", noAddress.size())), match.out());

    // The lookup: present exactly when the list has the address.
    Ran inspect = runs.stream().filter(r -> r.line().contains(" inspect ")).findFirst().orElseThrow();
    Matcher lookup = Pattern.compile("--lookup (\\S+)").matcher(inspect.line());
    assertTrue(lookup.find(), inspect.line());
    String address = lookup.group(1);
    String answer = address + (data.listed().contains(address) ? " present" : " absent");
    assertTrue(inspect.out().lines().anyMatch(answer::equals), inspect.out() + "\nlacks " + answer);
    assertTrue(runs.stream().anyMatch(r -> r.line().contains(" verify ")), "an index is verified");
  }

  /** The README's "Common tasks" section: its bash blocks, continuation lines joined, comments cut. */
  private static List<String> commonTaskLines() throws IOException {
    String readme = Files.readString(PROJECT.resolve("README.md"), StandardCharsets.UTF_8);
    int from = readme.indexOf("\n## Common tasks\n");
    assertTrue(from >= 0, "README.md has a Common tasks section");
    int to = readme.indexOf("\n## ", from + 1);
    String section = readme.substring(from, to < 0 ? readme.length() : to);
    List<String> lines = new ArrayList<>();
    Matcher block = Pattern.compile("```bash\n(.*?)```", Pattern.DOTALL).matcher(section);
    while (block.find()) {
      String joined = block.group(1).replaceAll("\\\\\n\\s*", "");
      for (String line : joined.split("\n")) {
        String command = withoutComment(line).strip();
        if (!command.isEmpty()) {
          lines.add(command);
        }
      }
    }
    return lines;
  }

  /** The line up to a {@code #} that starts a word outside single quotes. */
  private static String withoutComment(String line) {
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\'') {
        quoted = !quoted;
      } else if (c == '#' && !quoted && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
        return line.substring(0, i);
      }
    }
    return line;
  }

  private Ran run(String line) throws Exception {
    List<String> words = words(line);
    if (words.get(0).equals("printf")) {
      assertTrue(words.size() == 4 && words.get(2).equals(">"), "printf 'FORMAT' > FILE: " + line);
      String text = words.get(1).replace("\\t", "\t").replace("\\n", "\n");
      assertTrue(!text.contains("\\") && !text.contains("%"), "no other escapes: " + line);
      Files.writeString(Path.of(demoPath(words.get(3), line)), text, StandardCharsets.UTF_8);
      return new Ran(line, 0, "", "");
    }
    for (String prefix : INDEX_TOOLS) {
      if (line.startsWith(prefix + " ")) {
        return indexTools(line, demoPaths(words(line.substring(prefix.length())), line));
      }
    }
    for (String prefix : JOB) {
      if (line.startsWith(prefix + " ")) {
        List<String> args = demoPaths(words(line.substring(prefix.length())), line);
        IpJoinRun run = IpJoinRun.local(root.resolve("mr-staging"), args);
        return new Ran(line, run.exitCode(), run.out(), run.err());
      }
    }
    fail("README.md, Common tasks: a command this test does not know how to run: " + line);
    return null;
  }

  /** ipindex in this JVM, with what it prints on stdout. */
  private Ran indexTools(String line, List<String> args) throws Exception {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    int exitCode;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      exitCode = IndexTools.run(conf, args.toArray(new String[0]));
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    return new Ran(line, exitCode, out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8));
  }

  /** An index named on the command line: {@code NAME=PATH}. */
  private static final Pattern NAMED_PATH = Pattern.compile("([A-Za-z][A-Za-z0-9_-]*=)(.*/.*)");

  /** The arguments with the demo's directories made the temporary one; no other path allowed. */
  private List<String> demoPaths(List<String> args, String line) {
    List<String> mapped = new ArrayList<>();
    for (String arg : args) {
      // --index NAME=PATH: the name stays, the path is mapped.
      Matcher named = NAMED_PATH.matcher(arg);
      if (named.matches()) {
        mapped.add(named.group(1) + demoPath(named.group(2), line));
      } else {
        mapped.add(arg.contains("/") ? demoPath(arg, line) : arg);
      }
    }
    return mapped;
  }

  private String demoPath(String path, String line) {
    for (String prefix : DEMO_DIRS) {
      if (path.startsWith(prefix)) {
        return demo.resolve(path.substring(prefix.length())).toString();
      }
    }
    fail("a path outside the demo's files (" + DEMO_DIRS + "): " + path + " in " + line);
    return null;
  }

  /** Shell words: blanks separate, single quotes keep; nothing the shell would expand. */
  private static List<String> words(String line) {
    assertTrue(line.replaceAll("'[^']*'", "").matches("[^$`|&;<\"\\\\*?]*"),
        "a plain command line, no expansion, pipe or list: " + line);
    List<String> words = new ArrayList<>();
    Matcher m = Pattern.compile("'([^']*)'|(\\S+)").matcher(line);
    while (m.find()) {
      words.add(m.group(1) != null ? m.group(1) : m.group(2));
    }
    return words;
  }

  /** The lines of the part files, in name order. */
  private static List<String> partLines(Path output) throws IOException {
    assertTrue(Files.isDirectory(output), output + " was written");
    List<String> lines = new ArrayList<>();
    try (Stream<Path> files = Files.list(output)) {
      for (Path part : files.filter(p -> p.getFileName().toString().startsWith("part-")).sorted()
          .collect(Collectors.toList())) {
        lines.addAll(Files.readAllLines(part, StandardCharsets.UTF_8));
      }
    }
    return lines;
  }

  /** The lines of the visible files under a directory, in path order. */
  private static List<String> filesUnder(Path dir) throws IOException {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path file : files.filter(Files::isRegularFile)
          .filter(p -> !p.getFileName().toString().startsWith(".")
              && !p.getFileName().toString().startsWith("_"))
          .sorted().collect(Collectors.toList())) {
        lines.addAll(Files.readAllLines(file, StandardCharsets.UTF_8));
      }
    }
    return lines;
  }

  /**
   * What the demo writes, smaller: a list of distinct IPv4 addresses (1.2.3.4 among them) and a
   * combined-format log whose clients are listed about half the time, plus an IPv6 client and two
   * malformed records.
   */
  private record DemoData(Set<String> listed, List<String> logLines) {

    static DemoData write(Path demo) throws IOException {
      Random random = new Random(42);
      Set<String> listed = new LinkedHashSet<>();
      listed.add("1.2.3.4");
      while (listed.size() < 600) {
        listed.add(address(random));
      }
      Files.write(demo.resolve("ip.tsv"), listed, StandardCharsets.UTF_8);
      List<String> listedList = new ArrayList<>(listed);
      List<String> log = new ArrayList<>();
      for (int i = 0; i < 1200; i++) {
        String client = random.nextBoolean()
            ? listedList.get(random.nextInt(listedList.size())) : address(random);
        log.add(line(client, i));
        if (i == 300) {
          log.add(line("2001:db8::77", i));
        } else if (i == 600) {
          log.add(line("-", i));
        } else if (i == 900) {
          log.add("garbage");
        }
      }
      Files.createDirectories(demo.resolve("logs"));
      Files.write(demo.resolve("logs/access.log"), log, StandardCharsets.UTF_8);
      return new DemoData(new HashSet<>(listed), log);
    }

    private static String address(Random random) {
      return random.nextInt(256) + "." + random.nextInt(256) + "." + random.nextInt(256) + "."
          + random.nextInt(256);
    }

    private static String line(String client, int i) {
      return String.format(Locale.ROOT, "%s - - [21/Nov/2026:10:%02d:%02d +0000] \"GET /items/%d"
          + " HTTP/1.1\" 200 %d \"-\" \"curl/8.5\"", client, i / 60 % 60, i % 60, i, 100 + i);
    }
  }

}
