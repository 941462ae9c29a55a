package org.ipjoin.bench;

import static org.ipjoin.bench.MarkdownWriter.fmt;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.ipjoin.bench.BenchResults.ProfileRow;

/** Step 5, the profiled run: where the job's CPU goes, by {@link JobProfile}'s categories. */
final class JobProfileSection implements ReportSection {

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    List<ProfileRow> rows = results.profile();
    if (rows.isEmpty()) {
      return;
    }
    Map<String, String> commands = results.profileCommands();
    md.heading(4, "Where the job's CPU goes (Java Flight Recorder, `org.ipjoin.bench.JobProfile`)");
    String took = results.profiledJob()
        .map(j -> fmt("; this run took %.1f s, recording included", j.wallMillis() / 1e3)).orElse("");
    md.paragraph("One more `--loader nio` match run of the job above with JFR in the job's JVM (the local runner",
        "runs the map tasks in it): settings `profile`, with an execution sample of each thread in Java",
        "code every " + commands.getOrDefault("period", "10 ms") + " (the profile's 10 ms gives few samples in a short job)"
            + took + ".");
    md.paragraph("Each sample counts for the category of the top-most (innermost) frame of its stack that has",
        "one. The JDK's classes, Hadoop's Writables and its checksum classes count for their caller, so a",
        "CRC computed while reading is input and one computed while writing is output; counters and",
        "`FileSystem.Statistics` are framework even when a reader or the mapper calls them. Only Java code",
        "is sampled: system calls, GC and JIT compilation are not in these counts; a thread in Java code is",
        "sampled whether or not the OS runs it at that instant, so on a busy machine the shares are of time",
        "in Java code more than of CPU time. `map task` counts the samples of the map task threads",
        "(`" + JobProfile.MAP_TASK_THREAD + " #n`); `all` adds the driver and the runner's other",
        "threads. `hottest` names the methods (task threads) whose frames decided most samples.");
    md.tableHead(List.of("category", "map task samples", "map task share", "all samples", "all share",
        "hottest (task threads)"), List.of(false, true, true, true, true, false));
    long task = rows.stream().mapToLong(ProfileRow::taskSamples).sum();
    long all = rows.stream().mapToLong(ProfileRow::allSamples).sum();
    for (ProfileRow r : rows) {
      md.row(r.category(), fmt("%,d", r.taskSamples()), share(r.taskSamples(), task),
          fmt("%,d", r.allSamples()), share(r.allSamples(), all), r.hottest());
    }
    md.row("total", fmt("%,d", task), null, fmt("%,d", all), null, null);
    md.blank();
    md.paragraph("What the categories cover:");
    md.bullets(List.of(JobProfile.Category.values()).stream()
        .map(c -> "**" + c.label() + "**: " + c.covers()).toList());
    md.paragraph("Commands (step 5 of `index-tools/bench`):");
    md.code(List.of(commands.getOrDefault("command", "").replace(" -D ", " \\\n    -D ")
            .replace(" --index ", " \\\n    --index "),
        commands.getOrDefault("summary", "")));
  }

  private static String share(long part, long whole) {
    return whole == 0 ? null : fmt("%.1f%%", 100.0 * part / whole);
  }
}
