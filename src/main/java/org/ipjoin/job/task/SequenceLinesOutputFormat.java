package org.ipjoin.job.task;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.SequenceFile.CompressionType;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.serializer.Deserializer;
import org.apache.hadoop.io.serializer.SerializationFactory;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.ReflectionUtils;
import org.ipjoin.job.IpJoinKeys;

/**
 * The output of a job whose input is SequenceFiles: SequenceFile part files of the input's key and
 * value classes (the job's output key and value classes, set by the driver), one record per output
 * line ({@link KeyedLines}): the key of the input record the line came from, passed through as its
 * bytes were read (deserialized and written again by the key class's own serialization), and the
 * line as text output would hold it ({@code tag}: with its tag columns) as a {@code Text} or a
 * {@code BytesWritable}. Compressed as {@code ipjoin.output.sequencefile.compression} says (the
 * driver sets it: the first input's compression, or the job's configured output compression).
 */
public class SequenceLinesOutputFormat extends FileOutputFormat<Writable, KeyedLines> {

  /** The value of {@code ipjoin.output.sequencefile.compression}: {@code NONE}, or type:codec. */
  public static String compression(CompressionType type, String codec) {
    return type == CompressionType.NONE ? type.name() : type.name() + ":" + codec;
  }

  @Override
  public RecordWriter<Writable, KeyedLines> getRecordWriter(TaskAttemptContext context)
      throws IOException {
    Configuration conf = context.getConfiguration();
    String[] compression = IpJoinKeys.OUTPUT_SEQUENCEFILE_COMPRESSION.get(conf).split(":", 2);
    CompressionType type = CompressionType.valueOf(compression[0]);
    CompressionCodec codec = null;
    if (type != CompressionType.NONE) {
      try {
        codec = ReflectionUtils.newInstance(
            conf.getClassByName(compression[1]).asSubclass(CompressionCodec.class), conf);
      } catch (ClassNotFoundException e) {
        throw new IOException("the SequenceFile output's codec " + compression[1]
            + " cannot be loaded", e);
      }
    }
    Path file = getDefaultWorkFile(context, "");
    SequenceFile.Writer writer = SequenceFile.createWriter(conf,
        SequenceFile.Writer.file(file),
        SequenceFile.Writer.keyClass(context.getOutputKeyClass()),
        SequenceFile.Writer.valueClass(context.getOutputValueClass()),
        SequenceFile.Writer.compression(type, codec));
    return new LineWriter(writer, conf, context.getOutputKeyClass(),
        context.getOutputValueClass() == Text.class);
  }

  /** Writes each line of a {@link KeyedLines} as one record. */
  private static final class LineWriter extends RecordWriter<Writable, KeyedLines> {

    private final SequenceFile.Writer writer;
    private final Deserializer<Object> keys;
    private final DataInputBuffer keyIn = new DataInputBuffer();
    private final Text text;
    private final BytesWritable binary;
    private Object key;

    @SuppressWarnings("unchecked")
    LineWriter(SequenceFile.Writer writer, Configuration conf, Class<?> keyClass,
        boolean textValues) throws IOException {
      this.writer = writer;
      this.keys = new SerializationFactory(conf).getDeserializer((Class<Object>) keyClass);
      keys.open(keyIn);
      this.text = textValues ? new Text() : null;
      this.binary = textValues ? null : new BytesWritable();
    }

    @Override
    public void write(Writable ignored, KeyedLines lines) throws IOException {
      byte[] keyBytes = lines.keys();
      int lastStart = -1;
      int lastEnd = -1;
      for (int i = 0; i < lines.lines(); i++) {
        int keyStart = lines.keyStart(i);
        int keyEnd = lines.keyEnd(i);
        if (keyStart != lastStart || keyEnd != lastEnd) {
          // Lines of one record share its key: read once.
          keyIn.reset(keyBytes, keyStart, keyEnd - keyStart);
          key = keys.deserialize(key);
          lastStart = keyStart;
          lastEnd = keyEnd;
        }
        int start = lines.start(i);
        int length = lines.end(i) - start;
        if (text != null) {
          text.set(lines.bytes(), start, length);
          writer.append(key, text);
        } else {
          binary.set(lines.bytes(), start, length);
          writer.append(key, binary);
        }
      }
    }

    @Override
    public void close(TaskAttemptContext context) throws IOException {
      try {
        writer.close();
      } finally {
        keys.close();
      }
    }
  }
}
