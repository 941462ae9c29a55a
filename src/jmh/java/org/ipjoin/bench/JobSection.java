package org.ipjoin.bench;

import static org.ipjoin.bench.MarkdownWriter.fmt;

import java.io.IOException;
import java.util.List;
import org.ipjoin.bench.BenchResults.JobRun;

/** Step 5: the whole job with each read path, against a map-only identity job over the same input. */
final class JobSection implements ReportSection {

  private final RunParameters run;

  JobSection(RunParameters run) {
    this.run = run;
  }

  @Override
  public void write(BenchResults results, MarkdownWriter md) throws IOException {
    md.heading(3, "Whole job (local runner)");
    List<JobRun> jobs = results.jobs();
    if (jobs.isEmpty()) {
      md.paragraph("Not run.");
      md.bullets(results.jobFailures());
      return;
    }
    Double identity = jobs.stream().filter(j -> j.label().equals("identity")).findFirst()
        .map(JobRun::wallMillis).orElse(null);
    md.paragraph("`IpJoinDriver --mode match` over the logs with each read path, and a map-only identity job",
        "(`org.ipjoin.bench.IdentityJob`) over the same input. One run each; input split " + run.splitMb()
            + " MiB, one map task at a time (LocalJobRunner, one JVM: only the first task loads the index JIT-cold).",
        "Records and INDEX_LOAD_MILLIS (summed over map tasks) come from each join's `_ipjoin.json`.",
        "`stream` is not run as a job: at one read(2) per",
        "byte its load alone takes the time in the load table above, once per map task.");
    md.tableHead(List.of("job", "wall s", "records", "records/s", "INDEX_LOAD_MILLIS", "map tasks",
        "this / identity"), List.of(false, true, true, true, true, true, true));
    for (JobRun j : jobs) {
      double seconds = j.wallMillis() / 1e3;
      md.row(j.label(), fmt("%.1f", seconds), fmt("%,d", j.records()), fmt("%,.0f", j.records() / seconds),
          j.indexLoadMillis(), j.mapTasks(), identity == null ? null : fmt("%.2f", j.wallMillis() / identity));
    }
    md.blank();
    md.bullets(results.jobFailures());
  }
}
