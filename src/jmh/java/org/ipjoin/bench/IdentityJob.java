package org.ipjoin.bench;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * The whole-job baseline: a map-only job that writes every input line unchanged, with the same
 * input and output formats as the join, so join/identity shows what the lookup itself costs.
 * {@code IdentityJob [generic options] INPUT OUTPUT_DIR}; prints {@code records=N}.
 */
public final class IdentityJob extends Configured implements Tool {

  /** Writes each line as is. */
  public static final class LineMapper extends Mapper<LongWritable, Text, NullWritable, Text> {
    @Override
    protected void map(LongWritable offset, Text line, Context context)
        throws IOException, InterruptedException {
      context.write(NullWritable.get(), line);
    }
  }

  @Override
  public int run(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: IdentityJob [generic options] INPUT OUTPUT_DIR");
      return 2;
    }
    Job job = Job.getInstance(getConf(), "ipjoin identity baseline");
    job.setJarByClass(IdentityJob.class);
    job.setMapperClass(LineMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileInputFormat.addInputPath(job, new Path(args[0]));
    FileOutputFormat.setOutputPath(job, new Path(args[1]));
    boolean ok = job.waitForCompletion(true);
    long records = job.getCounters().findCounter("org.apache.hadoop.mapreduce.TaskCounter",
        "MAP_INPUT_RECORDS").getValue();
    System.out.println("records=" + records);
    return ok ? 0 : 1;
  }

  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(new Configuration(), new IdentityJob(), args));
  }
}
