package org.ipjoin.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a job's CPU goes: reads a Java Flight Recorder file of the job's JVM and counts its
 * {@code jdk.ExecutionSample} events (a thread caught running Java code) by {@link Category}.
 * {@code JobProfile RECORDING.jfr OUT.csv} writes one row per category: all threads' samples, the
 * map task threads' samples, and the hottest methods of the category on the task threads.
 *
 * <p>The rule: a sample belongs to the category of the top-most (innermost) frame of its stack
 * that belongs to a category. The JDK's own classes and the data carriers every layer uses
 * (Hadoop's {@code Text} and other Writables, its CRC32 and {@code DataChecksum} classes) belong
 * to none: they count for whoever called them, so a checksum computed while reading the input is
 * input and one computed while writing the output is output. Classes no rule names are passed
 * over the same way; a sample with no categorised frame at all is {@link Category#OTHER}.
 * Counters and {@code FileSystem.Statistics} updates are framework even when the mapper or a
 * reader calls them, since they sit above the caller's frame.
 *
 * <p>Only Java code is seen: time in the kernel (read and write system calls), in the garbage
 * collector and in the JIT compiler is not in these samples. A sample catches a thread that is in
 * Java code whether or not the OS runs it at that instant, so on a busy machine the shares are of
 * time in Java code more than of CPU time.
 */
public final class JobProfile {

  /** What a sample's CPU time was spent on, in the report's order. */
  public enum Category {
    LOOKUPS("lookups", "org.ipjoin.index.lookup: the interval search"),
    PARSING("parsing/locating", "org.ipjoin.ip address parsing, the client-IP locators (org.ipjoin.job.locate)"),
    INPUT("input", "LineBlockReader/LineBlock, Hadoop's LineReader and record readers, decompression, file system reads;"
        + " Parquet's reading: pages, decompression, decoding, rows assembled"),
    OUTPUT("output", "TextOutputFormat's record writer, MultipleOutputs, the direct output collector, file system writes;"
        + " Parquet's writing: the write support, encoding, compression"),
    MAP_CODE("ipjoin map code", "IpJoinMapper's own work (copying, tagging, tallies) and the task-side classes it uses"),
    FRAMEWORK("framework", "Hadoop's task plumbing and configuration: MapTask, Mapper.run, contexts, counters,"
        + " FileSystem.Statistics, Configuration (reading the site files)"),
    INDEX_LOAD("index load", "org.ipjoin.index.load and .format: reading and checking the index (the driver's check too)"),
    DRIVER("driver", "org.ipjoin.cli, org.ipjoin.api and org.ipjoin.job.driver on the client side: options, checks, submission"),
    OTHER("other", "no categorised frame (JDK-only stacks, logging, class loading outside the task)");

    private final String label;
    private final String covers;

    Category(String label, String covers) {
      this.label = label;
      this.covers = covers;
    }

    public String label() {
      return label;
    }

    /** What the category covers, for the report's legend. */
    public String covers() {
      return covers;
    }
  }

  /** The thread names of the local runner's map tasks (Hadoop's LocalJobRunner). */
  public static final String MAP_TASK_THREAD = "LocalJobRunner Map Task Executor";

  private JobProfile() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 2) {
      System.err.println("usage: JobProfile RECORDING.jfr OUT.csv");
      System.exit(2);
    }
    Summary summary = summarise(Path.of(args[0]), name -> name.startsWith(MAP_TASK_THREAD));
    write(summary, Path.of(args[1]));
    System.out.println("wrote " + args[1] + " (" + summary.total() + " samples, "
        + summary.taskTotal() + " on map task threads)");
  }

  /**
   * One rule of {@link #RULES}: the classes it matches and their category, {@code null} for
   * classes that count for their caller.
   */
  private record Rule(Category category, Predicate<String> matches) {
    static Rule prefixes(Category category, String... prefixes) {
      return new Rule(category, c -> Stream.of(prefixes).anyMatch(c::startsWith));
    }

    /** Classes of package {@code pkg} whose simple name contains one of {@code parts}. */
    static Rule named(Category category, String pkg, String... parts) {
      return new Rule(category, c -> c.startsWith(pkg) && Stream.of(parts).anyMatch(c.substring(pkg.length())::contains));
    }
  }

  /** The first rule a frame's class matches decides; the order matters where prefixes overlap. */
  private static final List<Rule> RULES = List.of(
      Rule.prefixes(Category.LOOKUPS, "org.ipjoin.index.lookup."),
      Rule.prefixes(Category.INDEX_LOAD, "org.ipjoin.index.load.", "org.ipjoin.index.format.",
          "org.ipjoin.job.driver.WholeIndexCheck", "org.ipjoin.job.IndexCacheFile"),
      Rule.prefixes(Category.PARSING, "org.ipjoin.ip.", "org.ipjoin.job.locate.", "org.ipjoin.job.task.AddressKey"),
      Rule.prefixes(Category.INPUT, "org.ipjoin.job.input."),
      // A Parquet table's rows written back: its output, not the map code that asked for it.
      Rule.prefixes(Category.OUTPUT, "org.ipjoin.job.table.RowWriteSupport"),
      // Its rows read: the converters that record each value on the row's tape are Parquet's
      // reading; the tape itself serves reading, the address columns and writing alike.
      Rule.prefixes(Category.INPUT, "org.ipjoin.job.table.ParquetRowsInputFormat"),
      Rule.prefixes(null, "org.ipjoin.job.table.RowTape"),
      Rule.prefixes(Category.MAP_CODE, "org.ipjoin.bench.IdentityJob$LineMapper"),
      // The packages say where code runs: job.driver before and after submission, job.task (and
      // what driver and tasks share at the top of job) in the task.
      Rule.prefixes(Category.DRIVER, "org.ipjoin.job.driver.", "org.ipjoin.api.", "org.ipjoin.cli.",
          "org.ipjoin.bench.IdentityJob"),
      Rule.prefixes(Category.MAP_CODE, "org.ipjoin.job.", "org.ipjoin.problem."),
      Rule.prefixes(Category.FRAMEWORK, "org.apache.hadoop.fs.FileSystem$Statistics", "org.apache.hadoop.fs.statistics."),
      // Parquet tables: writing (encoding, compressing, statistics) is output, the rest of
      // parquet-hadoop (page reads, decompression, decoding, assembling the rows) is input.
      // Values, example Groups and the hash maps of dictionaries serve reading and writing alike:
      // whoever called them decides (the Group assembly's converters: reading; writeValue: writing).
      Rule.prefixes(null, "org.apache.parquet.io.api.Binary", "org.apache.parquet.example.data.",
          "shaded.parquet.it.unimi.", "org.apache.parquet.schema.PrimitiveComparator"),
      // Column statistics are gathered as pages are written (a footer's are read once).
      Rule.prefixes(Category.OUTPUT, "org.apache.parquet.column.statistics."),
      Rule.named(Category.OUTPUT, "org.apache.parquet.", "Writer", "WriteStore", "Write", "Compressor",
          "Encoder", "RecordConsumer", "OutputStream"),
      Rule.named(Category.OUTPUT, "com.github.luben.zstd.", "Compress", "OutputStream"),
      Rule.named(Category.INPUT, "com.github.luben.zstd.", "Decompress", "InputStream"),
      Rule.prefixes(Category.INPUT, "org.apache.parquet."),
      // Compression: decompressing is reading the input, compressing is writing the output.
      Rule.named(Category.INPUT, "org.apache.hadoop.io.compress.", "Decompress", "InputStream"),
      Rule.named(Category.OUTPUT, "org.apache.hadoop.io.compress.", "Compress", "OutputStream"),
      // Checksums and Writables serve every layer: whoever called them decides.
      Rule.prefixes(null, "org.apache.hadoop.util.DataChecksum", "org.apache.hadoop.util.NativeCrc32",
          "org.apache.hadoop.util.PureJavaCrc32", "org.apache.hadoop.io."),
      Rule.prefixes(Category.INPUT, "org.apache.hadoop.util.LineReader", "org.apache.hadoop.mapreduce.lib.input.",
          "org.apache.hadoop.mapred.LineRecordReader"),
      Rule.named(Category.INPUT, "org.apache.hadoop.fs.", "InputStream", "InputChecker"),
      Rule.prefixes(Category.OUTPUT, "org.apache.hadoop.mapreduce.lib.output.", "org.apache.hadoop.mapred.TextOutputFormat",
          "org.apache.hadoop.mapred.MapTask$NewDirectOutputCollector", "org.apache.hadoop.mapred.MapTask$DirectOutputCollector"),
      Rule.named(Category.OUTPUT, "org.apache.hadoop.fs.", "OutputStream", "OutputSummer"),
      Rule.prefixes(Category.FRAMEWORK, "org.apache.hadoop.mapred.", "org.apache.hadoop.mapreduce.",
          "org.apache.hadoop.util.Progress", "org.apache.hadoop.conf."));

  /**
   * The category of one frame's class, or {@code null} when the class counts for its caller
   * (the JDK, Hadoop's Writables and checksums) or no rule names it.
   */
  static Category ofClass(String className) {
    for (Rule rule : RULES) {
      if (rule.matches().test(className)) {
        return rule.category();
      }
    }
    return null;
  }

  /**
   * The category of a stack, given as the class names of its frames from the top-most
   * (innermost) down: that of the first frame with one, else {@link Category#OTHER}.
   */
  public static Category categorise(List<String> classesTopDown) {
    for (String className : classesTopDown) {
      Category c = ofClass(className);
      if (c != null) {
        return c;
      }
    }
    return Category.OTHER;
  }

  /** Sample counts by category, for all threads and for the task threads. */
  public record Summary(Map<Category, Long> all, Map<Category, Long> task,
      Map<Category, Map<String, Long>> taskMethods) {

    public long total() {
      return all.values().stream().mapToLong(Long::longValue).sum();
    }

    public long taskTotal() {
      return task.values().stream().mapToLong(Long::longValue).sum();
    }

    /** The category's hottest methods on the task threads, most samples first. */
    public List<Map.Entry<String, Long>> hottest(Category c, int n) {
      return taskMethods.getOrDefault(c, Map.of()).entrySet().stream()
          .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
          .limit(n).collect(Collectors.toList());
    }
  }

  /**
   * Counts the recording's execution samples by category; {@code taskThread} says which thread
   * names are the job's tasks. A task sample also counts its category's deciding method (the
   * frame that set the category; the top-most frame for {@link Category#OTHER}).
   */
  public static Summary summarise(Path recording, Predicate<String> taskThread) throws IOException {
    Map<Category, Long> all = zeroes();
    Map<Category, Long> task = zeroes();
    Map<Category, Map<String, Long>> methods = new EnumMap<>(Category.class);
    try (RecordingFile file = new RecordingFile(recording)) {
      while (file.hasMoreEvents()) {
        RecordedEvent e = file.readEvent();
        if (!e.getEventType().getName().equals("jdk.ExecutionSample")) {
          continue;
        }
        RecordedStackTrace stack = e.getStackTrace();
        List<RecordedFrame> frames = stack == null ? List.of() : stack.getFrames();
        Category category = Category.OTHER;
        RecordedFrame decider = frames.isEmpty() ? null : frames.get(0);
        for (RecordedFrame f : frames) {
          Category c = f.isJavaFrame() ? ofClass(f.getMethod().getType().getName()) : null;
          if (c != null) {
            category = c;
            decider = f;
            break;
          }
        }
        all.merge(category, 1L, Long::sum);
        RecordedThread thread = e.getThread("sampledThread");
        String name = thread == null ? null : thread.getJavaName();
        if (name != null && taskThread.test(name)) {
          task.merge(category, 1L, Long::sum);
          if (decider != null) {
            methods.computeIfAbsent(category, k -> new HashMap<>()).merge(method(decider), 1L, Long::sum);
          }
        }
      }
    }
    return new Summary(all, task, methods);
  }

  private static String method(RecordedFrame f) {
    String type = f.getMethod().getType().getName();
    return type.substring(type.lastIndexOf('.') + 1) + "." + f.getMethod().getName();
  }

  private static Map<Category, Long> zeroes() {
    Map<Category, Long> m = new EnumMap<>(Category.class);
    for (Category c : Category.values()) {
      m.put(c, 0L);
    }
    return m;
  }

  /**
   * {@code category,samples,task_samples,hottest}: hottest is the category's three hottest
   * task-thread methods as {@code Class.method n} separated by {@code ; } (no commas).
   */
  static void write(Summary s, Path out) throws IOException {
    try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(out))) {
      w.println("category,samples,task_samples,hottest");
      for (Category c : Category.values()) {
        List<String> hot = new ArrayList<>();
        for (Map.Entry<String, Long> m : s.hottest(c, 3)) {
          hot.add(m.getKey() + " " + m.getValue());
        }
        w.printf(Locale.ROOT, "%s,%d,%d,%s%n", c.label(), s.all().get(c), s.task().get(c),
            String.join("; ", hot));
      }
    }
  }
}
