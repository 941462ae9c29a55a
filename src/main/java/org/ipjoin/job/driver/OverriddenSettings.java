package org.ipjoin.job.driver;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

/**
 * Hadoop settings the job factory sets itself: a value the user gives for one of them ({@code -D
 * mapreduce.job.inputformat.class=…}) would be silently replaced, so it is refused before
 * submission instead. A value equal to ipjoin's passes, and so does a subclass of ipjoin's mapper
 * in {@code mapreduce.job.map.class} (the factory uses it, see {@code ConfiguredMapper}). {@code
 * mapreduce.job.reduces} is not here (count mode takes the user's number of reducers), nor the
 * committer's algorithm version, which cluster-wide {@code mapred-site.xml} files often set.
 */
final class OverriddenSettings {

  /** The keys {@link JobFactory#createJob} and {@link InputSet#configure} set. */
  static final List<String> KEYS = List.of(
      MRJobConfig.INPUT_FORMAT_CLASS_ATTR,
      FileInputFormat.INPUT_DIR,
      MRJobConfig.MAP_CLASS_ATTR,
      MRJobConfig.MAP_OUTPUT_KEY_CLASS,
      MRJobConfig.MAP_OUTPUT_VALUE_CLASS,
      MRJobConfig.COMBINE_CLASS_ATTR,
      MRJobConfig.PARTITIONER_CLASS_ATTR,
      MRJobConfig.KEY_COMPARATOR,
      MRJobConfig.REDUCE_CLASS_ATTR,
      MRJobConfig.OUTPUT_KEY_CLASS,
      MRJobConfig.OUTPUT_VALUE_CLASS,
      MRJobConfig.OUTPUT_FORMAT_CLASS_ATTR,
      LazyOutputFormat.OUTPUT_FORMAT,
      FileOutputFormat.OUTDIR);

  private OverriddenSettings() {}

  /**
   * Refuses every key of {@link #KEYS} that {@code given} sets (not from Hadoop's defaults) to
   * another value than {@code job} holds.
   *
   * @throws IpJoinException one line per such key
   */
  static void refuse(Configuration given, Job job) throws IpJoinException {
    List<String> problems = new ArrayList<>();
    for (String key : KEYS) {
      String value = given.get(key);
      String ipjoins = job.getConfiguration().get(key);
      if (value != null && !fromDefaults(given, key) && !value.equals(ipjoins)) {
        problems.add("-D " + key + "=" + OneLine.of(value) + " cannot be used: ipjoin sets " + key
            + " itself" + (ipjoins == null ? "" : " (to " + OneLine.of(ipjoins) + ")")
            + " and would ignore this value; remove it");
      }
    }
    if (!problems.isEmpty()) {
      throw IpJoinException.usage(problems);
    }
  }

  /** Whether {@code key} holds a value of Hadoop's default resources only (*-default.xml). */
  static boolean fromDefaults(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    if (sources == null || sources.length == 0) {
      return false;
    }
    for (String source : sources) {
      if (!source.endsWith("-default.xml")) {
        return false;
      }
    }
    return true;
  }
}
