package org.ipjoin.job.driver;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.GlobFilter;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.ipjoin.index.builder.FileIdentity;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.OutputPartitions;
import org.ipjoin.job.input.InputBlocks;
import org.ipjoin.job.input.InputKind;
import org.ipjoin.job.input.InputSetFormat;
import org.ipjoin.job.input.LineBlockInputFormat;
import org.ipjoin.job.table.TableFormat;
import org.ipjoin.problem.ExitCode;
import org.ipjoin.problem.IpJoinException;

/**
 * The job's input, resolved once in the driver into the exact list of files the job reads: every
 * file is read once, whatever way it was named.
 *
 * <ul>
 *   <li>Each {@code --input} is a file, a directory or a glob. Directories are read recursively,
 *       so ipjoin's own output (part files plus {@code malformed/}) is a valid input.
 *   <li>Hidden names ({@code _} or {@code .} first, e.g. {@code _SUCCESS}, {@code _temporary},
 *       {@code .part-m-00000.crc}) are skipped inside directories and among a glob's matches, as
 *       Hadoop's FileInputFormat skips them; a path named exactly is read whatever its name.
 *   <li>A file named more than once (the same path twice, a directory and a file in it,
 *       overlapping globs, a symbolic link and its target, two hard links) is read once; {@link
 *       #reportDuplicates} says so in one line. Files are told apart by {@link InputIdentity}
 *       (device and inode, HDFS file id), not by the names they were reached under.
 *   <li>Every non-empty file is one kind ({@link InputKind}: text, or Hadoop SequenceFiles whose
 *       values are lines; with {@code --format auto}, a table format told by magic: {@link
 *       AutoFormat}): a job that mixes kinds is refused naming a file of each.
 *   <li>Only regular files are inputs: a pipe ({@code /dev/stdin}, {@code <(command)}), socket
 *       or device, named or in a folder, is refused ({@link SpecialFile}), as is a file whose
 *       first bytes are a binary format, or whose codec cannot run here ({@link InputContent}).
 *   <li>With a format naming its column by each file's header ({@code csv:NAME},
 *       {@code w3c:NAME}, …), a file whose header does not name it is refused ({@link
 *       HeaderCheck}).
 *   <li>Empty files are counted but not given to the job (a 0-byte {@code .gz} would fail it).
 *   <li>A symbolic link to nothing, named or found in a folder or among a glob's matches, is
 *       refused: Hadoop's listing would pass over it without a word, and a log that did not land
 *       must not look like a short day.
 *   <li>An output directory equal to or inside an input is refused: the job would read its own
 *       output.
 * </ul>
 *
 * {@link #configure} makes the job read exactly these files ({@link InputSetFormat}: no second
 * globbing or listing at submission).
 */
public final class InputSet {

  private final List<String> given;
  private final List<FileStatus> files;
  private final int duplicates;
  private final Path firstDuplicate;
  /** The name {@link #firstDuplicate}'s file is read under (the same path, or another name). */
  private final Path firstDuplicateOf;
  /** What every non-empty file is. */
  private final InputKind kind;
  /** The table format {@code --format auto} found the files to be, or null. */
  private final TableFormat table;
  /** The first SequenceFile's header (every one has its classes); null for text. */
  private final SequenceFileHeader sequenceFile;
  /** The partition folders of the files, per file. */
  private final OutputPartitions partitions;

  private InputSet(List<String> given, List<FileStatus> files, int duplicates, Path firstDuplicate,
      Path firstDuplicateOf, FileKind kind, SequenceFileHeader sequenceFile,
      OutputPartitions partitions) {
    this.kind = kind.table() == null ? kind.lines() : InputKind.TEXT;
    this.table = kind.table();
    this.sequenceFile = sequenceFile;
    this.partitions = partitions;
    this.given = given;
    this.files = files;
    this.duplicates = duplicates;
    this.firstDuplicate = firstDuplicate;
    this.firstDuplicateOf = firstDuplicateOf;
  }

  /**
   * Resolves the {@code --input} values.
   *
   * @param output the qualified output directory, or null when it could not be checked
   * @param auto the job's format told by the files, or null when the user named one
   * @throws IpJoinException one problem per input that does not exist or cannot be listed, and when
   *     the output is an input or inside one
   */
  static InputSet resolve(Configuration conf, List<String> inputs, Path output, AutoFormat auto)
      throws IpJoinException {
    List<String> problems = new ArrayList<>();
    // By identity: the first name a file is reached under is the one it is read under.
    Map<Object, FileStatus> files = new LinkedHashMap<>();
    int duplicates = 0;
    Path firstDuplicate = null;
    Path firstDuplicateOf = null;
    // The first file of each kind found: a job reads one kind.
    Map<FileKind, Path> kinds = new LinkedHashMap<>();
    // The first SequenceFile's header: every other must have its key and value classes.
    List<SequenceFileHeader> sequenceFiles = new ArrayList<>(1);
    Map<Path, String> partitions = new LinkedHashMap<>();
    TableCheck tables = TableCheck.of(conf);
    for (String input : inputs) {
      try {
        Path p = SubmitChecks.qualify(new Path(input), conf);
        FileSystem fs = p.getFileSystem(conf);
        FileStatus[] matches = fs.globStatus(p);
        List<String> dangling = danglingMatches(fs, p);
        if (!dangling.isEmpty()) {
          problems.addAll(dangling);
          continue;
        }
        if (matches == null || matches.length == 0) {
          problems.add("input " + p + " does not exist");
          continue;
        }
        boolean exact = matches.length == 1 && matches[0].getPath().equals(p);
        InputContent content = new InputContent(fs, conf);
        HeaderCheck headers = HeaderCheck.of(fs, conf);
        List<FileStatus> found = new ArrayList<>();
        for (FileStatus match : sorted(matches)) {
          if (!exact && isHidden(match.getPath())) {
            continue;
          }
          if (output != null && contains(match.getPath(), output)) {
            problems.add("output directory " + output + " is " + (match.getPath().equals(output)
                ? "the input " : "inside the input ") + match.getPath() + " (--input " + input
                + "): the job would read its own output; choose an output outside every input");
            continue;
          }
          collect(fs, match, found, problems);
        }
        for (FileStatus f : found) {
          FileStatus before = files.putIfAbsent(InputIdentity.of(fs, f), f);
          if (before == null) {
            // Below the input the file was first found under: the name it is read under.
            partitions.put(f.getPath(), OutputPartitions.of(p, f.getPath()));
            String unreadable = f.getLen() == 0 ? null
                : problem(content, headers, tables, auto, f, kinds, sequenceFiles);
            if (unreadable != null) {
              problems.add(unreadable);
            }
          } else {
            duplicates++;
            if (firstDuplicate == null) {
              firstDuplicate = f.getPath();
              firstDuplicateOf = before.getPath();
            }
          }
        }
      } catch (IpJoinException e) {
        problems.addAll(e.problems());
      } catch (IOException | IllegalArgumentException e) {
        problems.add("cannot check input '" + input + "': " + e.getMessage());
      }
    }
    FileKind kind = kinds.isEmpty() ? FileKind.TEXT : kinds.keySet().iterator().next();
    if (kinds.size() > 1) {
      problems.add(mixedKinds(kinds));
    } else if (auto != null && kind.table() == null && !kinds.isEmpty()) {
      String notTable = auto.linesProblem(kinds.get(kind), kind.what());
      if (notTable != null) {
        problems.add(notTable);
      }
    }
    if (!problems.isEmpty()) {
      throw IpJoinException.usage(problems);
    }
    return new InputSet(List.copyOf(inputs), List.copyOf(files.values()), duplicates,
        firstDuplicate, firstDuplicateOf, kind,
        sequenceFiles.isEmpty() ? null : sequenceFiles.get(0), OutputPartitions.of(partitions));
  }

  /** What a file is: lines of an {@link InputKind}, or (told by magic) a table format's file. */
  private record FileKind(InputKind lines, TableFormat table) {
    static final FileKind TEXT = new FileKind(InputKind.TEXT, null);

    String what() {
      return table == null ? lines.what() : table.what();
    }
  }

  /**
   * The table format {@code --format auto} found the input files to be, or null when they are
   * lines (or the user named the format).
   */
  TableFormat table() {
    return table;
  }

  /**
   * The header of the first SequenceFile input, whose key and value classes every input has and
   * whose compression the output copies; null when the input is text.
   */
  SequenceFileHeader sequenceFile() {
    return sequenceFile;
  }

  /**
   * The partition folders ({@code name=value}) each file was found in below its {@code --input},
   * which the output keeps unless {@code --flat-output}.
   */
  OutputPartitions partitions() {
    return partitions;
  }

  /**
   * The problem of non-empty file {@code f} (its content, then its header), or null; records the
   * first file of its kind in {@code kinds} and the first SequenceFile's header in {@code
   * sequenceFiles}, refusing a later one of other key or value classes. A table job ({@code tables} not null) asks the
   * table's own check, which refuses every file that is not of its format; a job told its format
   * by the files ({@code auto} not null) asks its check of a file whose magic is a table's.
   */
  private static String problem(InputContent content, HeaderCheck headers, TableCheck tables,
      AutoFormat auto, FileStatus f, Map<FileKind, Path> kinds,
      List<SequenceFileHeader> sequenceFiles) throws IOException {
    if (tables != null) {
      return tables.problem(f);
    }
    InputContent.Verdict verdict = content.check(f);
    if (auto != null && verdict.table() != null) {
      kinds.putIfAbsent(new FileKind(null, verdict.table()), f.getPath());
      return auto.tableProblem(f, verdict.table());
    }
    kinds.putIfAbsent(new FileKind(verdict.kind(), null), f.getPath());
    SequenceFileHeader header = verdict.sequenceFile();
    if (header != null && sequenceFiles.isEmpty()) {
      sequenceFiles.add(header);
    } else if (header != null && !header.sameClasses(sequenceFiles.get(0))) {
      SequenceFileHeader first = sequenceFiles.get(0);
      return "input " + f.getPath() + " is a Hadoop SequenceFile of " + header.classes() + ", "
          + first.file() + " one of " + first.classes() + ": the output is SequenceFiles of one"
          + " key and one value class, so run one job per pair of classes";
    }
    if (verdict.problem() != null || headers == null) {
      return verdict.problem();
    }
    return verdict.kind() == InputKind.TEXT ? headers.problem(f)
        : headers.notTextProblem(f, verdict.kind());
  }

  /** Names the first files of two kinds: a job's splits are all read the same way. */
  private static String mixedKinds(Map<FileKind, Path> kinds) {
    List<Map.Entry<FileKind, Path>> first = List.copyOf(kinds.entrySet()).subList(0, 2);
    return "inputs mix kinds of file: " + first.get(0).getValue() + " is "
        + first.get(0).getKey().what() + ", " + first.get(1).getValue() + " is "
        + first.get(1).getKey().what() + "; one job reads one kind, so run one job per kind";
  }

  /**
   * Files under {@code status}, depth first in name order, hidden names skipped below it; a
   * dangling symbolic link below it is a problem.
   */
  private static void collect(FileSystem fs, FileStatus status, List<FileStatus> found,
      List<String> problems) throws IOException {
    if (!status.isDirectory()) {
      String special = SpecialFile.kind(fs, status.getPath());
      if (special == null) {
        found.add(status);
      } else {
        problems.add(SpecialFile.inputProblem(status.getPath(), special));
      }
      return;
    }
    for (Path link : FileIdentity.danglingLinksIn(fs, status.getPath())) {
      if (!isHidden(link)) {
        problems.add(danglingProblem(fs, link));
      }
    }
    for (FileStatus child : sorted(fs.listStatus(status.getPath()))) {
      if (!isHidden(child.getPath())) {
        collect(fs, child, found, problems);
      }
    }
  }

  /**
   * Dangling symbolic links the input {@code p} names: itself, or for a glob the ones its last
   * component matches in the folders its parent matches (the glob itself passes over them).
   */
  private static List<String> danglingMatches(FileSystem fs, Path p) throws IOException {
    List<String> problems = new ArrayList<>();
    if (!FileIdentity.listingHidesDanglingLinks(fs)) {
      return problems;
    }
    GlobFilter last = new GlobFilter(p.getName());
    if (!last.hasPattern() && (p.getParent() == null || !hasGlob(p.getParent()))) {
      if (FileIdentity.danglingTarget(fs, p) != null) {
        problems.add(danglingProblem(fs, p));
      }
      return problems;
    }
    FileStatus[] folders = p.getParent() == null ? null : fs.globStatus(p.getParent());
    for (FileStatus folder : folders == null ? new FileStatus[0] : sorted(folders)) {
      if (!folder.isDirectory()) {
        continue;
      }
      for (Path link : FileIdentity.danglingLinksIn(fs, folder.getPath())) {
        if (last.accept(link) && !isHidden(link)) {
          problems.add(danglingProblem(fs, link));
        }
      }
    }
    return problems;
  }

  private static boolean hasGlob(Path p) throws IOException {
    for (Path q = p; q != null; q = q.getParent()) {
      if (!q.getName().isEmpty() && new GlobFilter(q.getName()).hasPattern()) {
        return true;
      }
    }
    return false;
  }

  private static String danglingProblem(FileSystem fs, Path link) throws IOException {
    return FileIdentity.danglingMessage(link, FileIdentity.danglingTarget(fs, link));
  }

  private static FileStatus[] sorted(FileStatus[] statuses) {
    FileStatus[] copy = statuses.clone();
    Arrays.sort(copy, Comparator.comparing(s -> s.getPath().getName()));
    return copy;
  }

  /** Hadoop's rule (FileInputFormat's hidden-file filter): a name starting with _ or . */
  static boolean isHidden(Path p) {
    String name = p.getName();
    return name.startsWith("_") || name.startsWith(".");
  }

  /** Whether {@code inner} is {@code outer} or below it (both qualified). */
  private static boolean contains(Path outer, Path inner) {
    for (Path p = inner; p != null; p = p.getParent()) {
      if (p.equals(outer)) {
        return true;
      }
    }
    return false;
  }

  /** The input files, each once, empty ones included. */
  List<Path> files() {
    return files.stream().map(FileStatus::getPath).toList();
  }

  long bytes() {
    return files.stream().mapToLong(FileStatus::getLen).sum();
  }

  /** No file, or only empty files: nothing to join. */
  boolean isEmpty() {
    return bytes() == 0;
  }

  /** Prints one line when a file was named more than once; nothing otherwise. */
  void reportDuplicates(PrintStream err) {
    if (duplicates > 0) {
      // Two names of one file (a symbolic link and its target): both, or the user cannot see why.
      String example = firstDuplicate.equals(firstDuplicateOf) ? firstDuplicate.toString()
          : firstDuplicate + ", also as " + firstDuplicateOf;
      err.println(String.format(Locale.ROOT, "ipjoin: %,d input file%s named more than once"
          + " (e.g. %s); each file is read once", duplicates, duplicates == 1 ? " was" : "s were",
          example));
      err.flush();
    }
  }

  /**
   * Refuses an input without data unless {@code ipjoin.allow.empty.input} is true: a day whose
   * logs did not land must not look like a day without traffic.
   */
  void requireData(Configuration conf) throws IpJoinException {
    if (isEmpty() && !IpJoinKeys.ALLOW_EMPTY_INPUT.getBoolean(conf)) {
      throw new IpJoinException(ExitCode.EMPTY_INPUT, String.format(Locale.ROOT, "no input data: --input %s holds %s;"
          + " an empty input is usually an upstream failure (logs that did not land), so nothing"
          + " was submitted. Pass --allow-empty-input (%s=true) to run on it anyway.",
          String.join(" ", given), files.isEmpty() ? "no files"
              : String.format(Locale.ROOT, "only empty files (%,d)", files.size()),
          IpJoinKeys.ALLOW_EMPTY_INPUT.key()));
    }
  }

  /**
   * Makes {@code job} read exactly these files as lines of their kind: one line per map call ({@link
   * InputSetFormat}) or blocks of lines ({@link LineBlockInputFormat}), as {@code blocks} says.
   */
  void configure(Job job, InputBlocks blocks) throws IOException {
    // SequenceFiles are read in blocks whatever ipjoin.input.blocks says: a block carries each
    // line's record key, which the SequenceFile output keeps.
    job.setInputFormatClass(sequenceFile != null ? LineBlockInputFormat.class
        : blocks.inputFormat());
    kind.set(job.getConfiguration());
    // Empty files hold no record and are left out: a 0-byte .gz is no gzip stream and would fail
    // its task, and with it the job. Without any file (--allow-empty-input) no path is set, which
    // FileInputFormat reads as none (setInputPaths needs at least one).
    Path[] read = files.stream().filter(f -> f.getLen() > 0).map(FileStatus::getPath)
        .toArray(Path[]::new);
    if (read.length > 0) {
      FileInputFormat.setInputPaths(job, read);
    }
  }
}
