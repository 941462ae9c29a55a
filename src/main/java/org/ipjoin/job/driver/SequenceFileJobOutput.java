package org.ipjoin.job.driver;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.SequenceFile.CompressionType;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.MultipleOutputs;
import org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.task.SequenceLinesOutputFormat;

/**
 * The output of a job whose input is SequenceFiles: SequenceFiles of the input's key and value
 * classes ({@link SequenceLinesOutputFormat}) for the records of {@code match}, {@code nomatch}
 * and {@code tag} and for {@code malformed/} in every mode ({@code count} writes its counts as
 * text). Compressed as the first input is, unless the job sets {@code
 * mapreduce.output.fileoutputformat.compress} itself (in a site file or with {@code -D}): then that
 * setting wins, with Hadoop's own {@code ...compress.type} and {@code ...compress.codec}, as
 * SequenceFileOutputFormat would read them.
 */
final class SequenceFileJobOutput {

  private SequenceFileJobOutput() {}

  /**
   * Sets {@code job}'s output (with {@code rows}: the records') and its named output {@code
   * malformedOutput} to SequenceFiles like {@code first}'s.
   */
  static void configure(Job job, SequenceFileHeader first, boolean rows, String malformedOutput)
      throws IOException {
    Configuration conf = job.getConfiguration();
    Class<?> keyClass = SequenceFileHeader.keyClass(first.keyClass(), conf);
    Class<?> valueClass;
    try {
      valueClass = conf.getClassByName(first.valueClass());
    } catch (ClassNotFoundException e) {
      throw new IOException(e);
    }
    IpJoinKeys.OUTPUT_SEQUENCEFILE_COMPRESSION.set(conf, compression(job, first));
    if (rows) {
      LazyOutputFormat.setOutputFormatClass(job, SequenceLinesOutputFormat.class);
      job.setOutputKeyClass(keyClass);
      job.setOutputValueClass(valueClass);
    }
    MultipleOutputs.addNamedOutput(job, malformedOutput, SequenceLinesOutputFormat.class,
        keyClass, valueClass);
  }

  /** The output's compression: the job's own when it sets one, else the first input's. */
  private static String compression(Job asked, SequenceFileHeader first) {
    Configuration conf = asked.getConfiguration();
    if (conf.get(FileOutputFormat.COMPRESS) != null
        && !OverriddenSettings.fromDefaults(conf, FileOutputFormat.COMPRESS)) {
      if (!FileOutputFormat.getCompressOutput(asked)) {
        return SequenceLinesOutputFormat.compression(CompressionType.NONE, null);
      }
      return SequenceLinesOutputFormat.compression(
          SequenceFileOutputFormat.getOutputCompressionType(asked),
          FileOutputFormat.getOutputCompressorClass(asked, DefaultCodec.class).getName());
    }
    return SequenceLinesOutputFormat.compression(first.compression(), first.codec());
  }
}
