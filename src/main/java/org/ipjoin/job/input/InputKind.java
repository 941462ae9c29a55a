package org.ipjoin.job.input;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.job.IpJoinKeys;

/**
 * The kind of file a job's input is, told by its first bytes in the driver and handed to the tasks
 * as {@code ipjoin.input.kind}: a job reads one kind, so every split of it is read the same way.
 * Each kind's lines go into the same line pipeline ({@link LineBlockReader}, the mapper), so every
 * {@code --format} reads every kind.
 *
 * <p>A new container format (a table format, say) is a new constant with its magic number in
 * {@link #ofHead}, and a reader in {@link InputSetFormat#createRecordReader}.
 */
public enum InputKind {
  /** Log lines, plain or compressed by a codec the file's suffix selects. */
  TEXT("text", "a text file"),
  /**
   * A Hadoop SequenceFile ({@code SEQ} and a version byte) whose values are {@code Text} or {@code
   * BytesWritable}: {@link SequenceFileLines}.
   */
  SEQUENCE_FILE("sequencefile", "a Hadoop SequenceFile");

  /** Hadoop's SequenceFile magic: the letters, then a version byte (6 since Hadoop 0.20). */
  private static final byte[] SEQ = "SEQ".getBytes(StandardCharsets.US_ASCII);

  private final String externalName;
  private final String what;

  InputKind(String externalName, String what) {
    this.externalName = externalName;
    this.what = what;
  }

  /** The value of {@code ipjoin.input.kind}. */
  public String externalName() {
    return externalName;
  }

  /** What a file of this kind is, for messages: "a Hadoop SequenceFile". */
  public String what() {
    return what;
  }

  /**
   * The kind a file starting with {@code head} is, by magic number; {@link #TEXT} for anything
   * else (other binary formats are refused by the driver's own list). A magic made of letters must
   * be followed by a byte that is no text, so a log line starting with {@code SEQ} stays text.
   */
  public static InputKind ofHead(byte[] head) {
    if (head.length > SEQ.length && head[0] == SEQ[0] && head[1] == SEQ[1] && head[2] == SEQ[2]
        && !isText(head[SEQ.length])) {
      return SEQUENCE_FILE;
    }
    return TEXT;
  }

  /** Printable ASCII, a tab or a line end: what may follow letters in a text line. */
  public static boolean isText(byte b) {
    return (b >= 0x20 && b < 0x7F) || b == '\t' || b == '\n' || b == '\r';
  }

  /** The job's kind, as the driver set it. */
  public static InputKind of(Configuration conf) {
    String name = IpJoinKeys.INPUT_KIND.get(conf);
    for (InputKind k : values()) {
      if (k.externalName.equalsIgnoreCase(name)) {
        return k;
      }
    }
    throw new IllegalArgumentException(IpJoinKeys.INPUT_KIND.key() + " must be one of text,"
        + " sequencefile, got '" + name.toLowerCase(Locale.ROOT) + "'");
  }

  /** Sets the job's kind. */
  public void set(Configuration conf) {
    IpJoinKeys.INPUT_KIND.set(conf, externalName);
  }
}
