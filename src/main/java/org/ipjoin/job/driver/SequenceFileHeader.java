package org.ipjoin.job.driver;

import java.io.DataInputStream;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.SequenceFile.CompressionType;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableName;
import org.apache.hadoop.io.compress.DefaultCodec;
import org.apache.hadoop.io.serializer.SerializationFactory;
import org.ipjoin.job.input.InputKind;
import org.ipjoin.problem.OneLine;

/**
 * A SequenceFile's header as the driver reads it before submission: its key and value classes and
 * how its records are compressed, which the job's SequenceFile output copies (the first input's;
 * every input has the same classes, {@link InputSet}). Its values must be {@code Text} or {@code
 * BytesWritable} (the bytes of log lines), and its key class must load and have a Hadoop
 * serialization, since the reader loads it and the output writes each record's key again. The
 * header is read as Hadoop writes it ({@code SEQ}, version, key and value class names, then the
 * compression flags and codec). Whether the codec runs is not asked here: a codec the task cannot
 * run fails it, and the job's failure line names the file.
 *
 * @param codec the codec's class name; null without compression
 */
record SequenceFileHeader(Path file, String keyClass, String valueClass,
    CompressionType compression, String codec) {

  /** From this version on class names are written as Text, before as Hadoop's old UTF8. */
  private static final int TEXT_NAMES_VERSION = 4;
  /** From this version on a compressed file names its codec, before it was DefaultCodec. */
  private static final int CODEC_NAME_VERSION = 5;

  /** Longer is no class name: a damaged header must not make the driver allocate its length. */
  private static final int MAX_CLASS_NAME = 4096;

  /**
   * The verdict on SequenceFile {@code file}: its header, or the one-line problem when its values
   * are not lines or its key class cannot be used.
   *
   * @param in the file, open (read from its start)
   */
  static InputContent.Verdict verdict(FSDataInputStream in, Path file, Configuration conf) {
    SequenceFileHeader header;
    try {
      header = read(in, file);
    } catch (IOException e) {
      return problem("input " + file + " is a Hadoop SequenceFile whose header cannot be read ("
          + OneLine.reason(e) + ")");
    }
    String valueClass = header.valueClass();
    if (!valueClass.equals(Text.class.getName())
        && !valueClass.equals(BytesWritable.class.getName())) {
      return problem("input " + file + " is a Hadoop SequenceFile of " + OneLine.of(valueClass)
          + " values: ipjoin reads SequenceFiles whose values are lines, " + Text.class.getName()
          + " or " + BytesWritable.class.getName() + "; convert it to text first");
    }
    try {
      Class<?> key = keyClass(header.keyClass(), conf);
      SerializationFactory serializations = new SerializationFactory(conf);
      if (serializations.getDeserializer(key) == null
          || serializations.getSerializer(key) == null) {
        return problem("input " + file + ": its SequenceFile key class " + key.getName()
            + " has no Hadoop serialization (io.serializations), which Hadoop's reader needs and"
            + " the SequenceFile output, which keeps each record's key, needs too");
      }
    } catch (IOException | RuntimeException | LinkageError e) {
      return problem("input " + file + ": its SequenceFile key class "
          + OneLine.of(header.keyClass()) + " cannot be loaded, which Hadoop's reader needs and"
          + " the SequenceFile output, which keeps each record's key, needs too; add its jar with"
          + " -libjars");
    }
    return new InputContent.Verdict(InputKind.SEQUENCE_FILE, null, null, header);
  }

  private static InputContent.Verdict problem(String problem) {
    return new InputContent.Verdict(InputKind.SEQUENCE_FILE, problem);
  }

  /** The key class named {@code name}, as Hadoop's reader finds it (renamed classes too). */
  static Class<?> keyClass(String name, Configuration conf) throws IOException {
    return WritableName.getClass(name, conf);
  }

  private static SequenceFileHeader read(FSDataInputStream in, Path file) throws IOException {
    in.seek(0);
    DataInputStream data = new DataInputStream(in);
    data.readFully(new byte[3]);
    int version = data.readByte();
    String keyClass;
    String valueClass;
    if (version < TEXT_NAMES_VERSION) {
      keyClass = data.readUTF();
      valueClass = data.readUTF();
    } else {
      keyClass = Text.readString(data, MAX_CLASS_NAME);
      valueClass = Text.readString(data, MAX_CLASS_NAME);
    }
    // As SequenceFile.Reader reads them: compressed from version 3, block-compressed from 4.
    boolean compressed = version > 2 && data.readBoolean();
    boolean blocks = version >= TEXT_NAMES_VERSION && data.readBoolean();
    String codec = null;
    if (compressed) {
      codec = version >= CODEC_NAME_VERSION ? Text.readString(data, MAX_CLASS_NAME)
          : DefaultCodec.class.getName();
    }
    CompressionType compression = !compressed ? CompressionType.NONE
        : blocks ? CompressionType.BLOCK : CompressionType.RECORD;
    return new SequenceFileHeader(file, keyClass, valueClass, compression, codec);
  }

  /** Whether records of {@code other} are of this file's classes (the output has one of each). */
  boolean sameClasses(SequenceFileHeader other) {
    return keyClass.equals(other.keyClass) && valueClass.equals(other.valueClass);
  }

  /** "K keys and V values", for messages. */
  String classes() {
    return OneLine.of(keyClass) + " keys and " + OneLine.of(valueClass) + " values";
  }
}
