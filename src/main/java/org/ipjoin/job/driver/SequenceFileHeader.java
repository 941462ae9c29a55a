package org.ipjoin.job.driver;

import java.io.DataInputStream;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableName;
import org.apache.hadoop.io.serializer.SerializationFactory;
import org.ipjoin.problem.OneLine;

/**
 * Whether a SequenceFile's records can be read as lines, judged from its header before
 * submission: its values must be {@code Text} or {@code BytesWritable} (the bytes of log lines),
 * and its key class must load, since Hadoop's reader loads it even though the job skips keys.
 * The header is read as Hadoop writes it ({@code SEQ}, version, key and value class names). The
 * codec that compresses records or blocks inside is not asked here: a codec the task cannot run
 * fails it, and the job's failure line names the file.
 */
final class SequenceFileHeader {

  /** From this version on class names are written as Text, before as Hadoop's old UTF8. */
  private static final int TEXT_NAMES_VERSION = 4;

  /** Longer is no class name: a damaged header must not make the driver allocate its length. */
  private static final int MAX_CLASS_NAME = 4096;

  private SequenceFileHeader() {}

  /**
   * The one-line problem of SequenceFile {@code file}, or null when its values are lines.
   *
   * @param in the file, open (read from its start)
   */
  static String problem(FSDataInputStream in, Path file, Configuration conf) {
    String keyClass;
    String valueClass;
    try {
      in.seek(0);
      DataInputStream data = new DataInputStream(in);
      data.readFully(new byte[3]);
      int version = data.readByte();
      if (version < TEXT_NAMES_VERSION) {
        keyClass = data.readUTF();
        valueClass = data.readUTF();
      } else {
        keyClass = Text.readString(data, MAX_CLASS_NAME);
        valueClass = Text.readString(data, MAX_CLASS_NAME);
      }
    } catch (IOException e) {
      return "input " + file + " is a Hadoop SequenceFile whose header cannot be read ("
          + OneLine.reason(e) + ")";
    }
    if (!valueClass.equals(Text.class.getName())
        && !valueClass.equals(BytesWritable.class.getName())) {
      return "input " + file + " is a Hadoop SequenceFile of " + OneLine.of(valueClass)
          + " values: ipjoin reads SequenceFiles whose values are lines, " + Text.class.getName()
          + " or " + BytesWritable.class.getName() + "; convert it to text first";
    }
    try {
      Class<?> key = WritableName.getClass(keyClass, conf);
      if (new SerializationFactory(conf).getDeserializer(key) == null) {
        return "input " + file + ": its SequenceFile key class " + key.getName() + " has no"
            + " Hadoop serialization (io.serializations), which Hadoop's reader needs even though"
            + " ipjoin skips keys";
      }
    } catch (IOException | RuntimeException | LinkageError e) {
      return "input " + file + ": its SequenceFile key class " + OneLine.of(keyClass) + " cannot"
          + " be loaded, which Hadoop's reader needs even though ipjoin skips keys; add its jar"
          + " with -libjars";
    }
    return null;
  }
}
