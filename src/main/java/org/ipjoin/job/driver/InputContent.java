package org.ipjoin.job.driver;

import java.io.IOException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.ZStandardCodec;
import org.ipjoin.index.builder.IndexBuilder;
import org.ipjoin.job.input.InputKind;
import org.ipjoin.job.table.TableFormat;
import org.ipjoin.problem.OneLine;

/**
 * What an input file is ({@link InputKind}: text, or a Hadoop SequenceFile of lines) and whether
 * the job can read it, judged before submission from its name and its first bytes, so that a
 * Parquet file or an xz archive is refused in one line instead of being joined as text (binary
 * fragments published as records) and a codec that cannot run here is named instead of failing
 * every task with a misleading reason. A new kind of input is told here by {@link
 * InputKind#ofHead}, before the list of refused formats is consulted. The magic of a table format
 * (Parquet, ORC, Avro) is also what {@code --format auto} joins the file as ({@link
 * Verdict#table}, {@link AutoFormat}).
 *
 * <ul>
 *   <li>A file whose suffix selects a Hadoop codec ({@code .gz}, {@code .bz2}, {@code .zst},
 *       {@code .lz4}, …) is read through it; on the local runner (whose tasks run in this JVM) the
 *       codec is asked for a decompressor here, which is exactly what a task does first: a codec
 *       that needs Hadoop's native library or a library not on the classpath is refused.
 *   <li>Any other non-empty file is opened and its first {@value #HEAD} bytes compared with the
 *       magic numbers of binary formats and of compressed streams Hadoop has no codec for by that
 *       name. One open and one short read per file: on HDFS a round trip to a datanode each, paid
 *       once per job, sequentially (a job of 10,000 files pays 10,000 small reads).
 * </ul>
 */
final class InputContent {

  /** How many first bytes are read. */
  static final int HEAD = 8;

  /**
   * Binary formats refused, by their first bytes. A magic number made of letters alone ({@code
   * PAR1}, {@code ORC}) must be followed by a byte that is no text, so that a log line that
   * happens to start with those letters is still read.
   */
  private record Magic(String what, byte[] bytes, boolean thenBinary, String hint,
      TableFormat table) {
    Magic(String what, byte[] bytes, boolean thenBinary) {
      this(what, bytes, thenBinary, "", null);
    }

    /** The magic of a table format ({@code KIND}), which the job joins as a table when told. */
    static Magic table(String kind, byte[] bytes, boolean thenBinary) {
      TableFormat table = TableFormat.ofKind(kind);
      return new Magic(table.what(), bytes, thenBinary, "; or join it as a table, naming its"
          + " address column: --format " + kind + ":COLUMN", table);
    }
  }

  /**
   * ORC files: the magic {@code ORC} is followed by stream data, which in an uncompressed file may
   * well be text; its postscript, the file's last bytes, ends with {@code ORC} and its length.
   */
  private static final Magic ORC = Magic.table("orc", ascii("ORC"), true);

  private static final List<Magic> MAGICS = List.of(
      Magic.table("parquet", ascii("PAR1"), true),
      ORC,
      Magic.table("avro", new byte[] {'O', 'b', 'j', 1}, false),
      new Magic("zstd-compressed data", bytes(0x28, 0xB5, 0x2F, 0xFD), false),
      new Magic("xz-compressed data", bytes(0xFD, '7', 'z', 'X', 'Z', 0x00), false),
      new Magic("LZ4-compressed data (frame format)", bytes(0x04, 0x22, 0x4D, 0x18), false),
      new Magic("a 7z archive", bytes('7', 'z', 0xBC, 0xAF, 0x27, 0x1C), false),
      new Magic("a zip archive", bytes('P', 'K', 0x03, 0x04), false));

  private final FileSystem fs;
  private final CompressionCodecFactory codecs;
  private final boolean tasksRunHere;
  private final Configuration conf;
  /** Why each codec class cannot decompress here ("" when it can): asked once per class. */
  private final Map<Class<?>, String> codecProblems = new HashMap<>();

  InputContent(FileSystem fs, Configuration conf) {
    // The bytes themselves: a checksum file is not needed for 8 bytes, and its name (".x.crc")
    // is not even a valid path for a file whose name holds a ':', which the task names instead.
    this.fs = IndexBuilder.withoutChecksumFiles(fs);
    this.codecs = new CompressionCodecFactory(conf);
    this.tasksRunHere = LocalRunner.runs(conf);
    this.conf = conf;
  }

  /**
   * What a non-empty input file is: its kind ({@link InputKind}, by its first bytes) and, when
   * the job cannot read it, the one-line problem.
   *
   * @param problem null when the file can be read as its kind
   * @param table the table format whose magic the file starts with (then {@code problem} says it
   *     is no text), or null: what {@code --format auto} joins the file as
   * @param sequenceFile a readable SequenceFile's header, else null
   */
  record Verdict(InputKind kind, String problem, TableFormat table,
      SequenceFileHeader sequenceFile) {
    Verdict(InputKind kind, String problem) {
      this(kind, problem, null, null);
    }
  }

  /** The verdict on a non-empty input file. */
  Verdict check(FileStatus file) throws IOException {
    CompressionCodec codec = codecs.getCodec(file.getPath());
    if (codec != null) {
      String framed = framedForBlockCodec(file, codec);
      if (framed != null) {
        return new Verdict(InputKind.TEXT, framed);
      }
      String why = tasksRunHere ? codecProblems.computeIfAbsent(codec.getClass(),
          c -> cannotDecompress(codec)) : "";
      return new Verdict(InputKind.TEXT, why.isEmpty() ? null : "input " + file.getPath()
          + ": its suffix " + codec.getDefaultExtension() + " selects Hadoop's "
          + codec.getClass().getSimpleName() + ", which cannot decompress on this machine: " + why
          + "; decompress the file first (or run where the codec works)");
    }
    byte[] head = new byte[(int) Math.min(HEAD, file.getLen())];
    InputKind kind;
    boolean orcTail = false;
    try (FSDataInputStream in = fs.open(file.getPath())) {
      in.readFully(0, head);
      kind = InputKind.ofHead(head);
      if (kind == InputKind.SEQUENCE_FILE) {
        // Its header, read on in the same open: the class names follow the magic.
        return SequenceFileHeader.verdict(in, file.getPath(), conf);
      }
      if (startsWith(head, ORC.bytes()) && file.getLen() > 2L * ORC.bytes().length + 1) {
        // A second short read, for files that start with ORC only.
        byte[] tail = new byte[ORC.bytes().length + 1];
        in.readFully(file.getLen() - tail.length, tail);
        orcTail = startsWith(tail, ORC.bytes());
      }
    }
    Magic magic = orcTail ? ORC : magic(head);
    if (magic == null) {
      return new Verdict(kind, null);
    }
    return new Verdict(kind, "input " + file.getPath() + " is " + magic.what() + " (it starts"
        + " with " + hex(magic.bytes()) + "), not text: ipjoin reads text logs, plain or"
        + " compressed by a codec its suffix selects (.gz, .bz2); convert it to text first"
        + magic.hint(), magic.table(), null);
  }

  /**
   * Hadoop's Lz4Codec and SnappyCodec read Hadoop's own block format, not the frame format the
   * {@code lz4} and snappy command-line tools write: given a frame they find no block and yield
   * no records, so a {@code .lz4} file made by {@code lz4} would be joined as empty, with exit 0
   * beside other inputs. One 10-byte read of such files tells the frame by its magic.
   *
   * @return the one-line problem, or null
   */
  private String framedForBlockCodec(FileStatus file, CompressionCodec codec) throws IOException {
    byte[] frameMagic = FRAME_MAGICS.get(codec.getClass().getName());
    if (frameMagic == null || file.getLen() < frameMagic.length) {
      return null;
    }
    byte[] head = new byte[frameMagic.length];
    try (FSDataInputStream in = fs.open(file.getPath())) {
      in.readFully(0, head);
    }
    if (!startsWith(head, frameMagic)) {
      return null;
    }
    return "input " + file.getPath() + ": its suffix " + codec.getDefaultExtension()
        + " selects Hadoop's " + codec.getClass().getSimpleName() + ", which reads Hadoop's own"
        + " block format, but the file is in the command-line tool's frame format (it starts with "
        + hex(frameMagic) + ") and would be read as no records; decompress it first (or give it"
        + " without the suffix once decompressed)";
  }

  /** The frame-format magic of the tools' files, by the Hadoop block codec a suffix selects. */
  private static final Map<String, byte[]> FRAME_MAGICS = Map.of(
      "org.apache.hadoop.io.compress.Lz4Codec", bytes(0x04, 0x22, 0x4D, 0x18),
      "org.apache.hadoop.io.compress.SnappyCodec",
      bytes(0xFF, 0x06, 0x00, 0x00, 's', 'N', 'a', 'P', 'p', 'Y'));

  /** The binary format {@code head} (a file's first bytes) starts, or null. */
  private static Magic magic(byte[] head) {
    for (Magic m : MAGICS) {
      if (startsWith(head, m.bytes()) && (!m.thenBinary() || (head.length > m.bytes().length
          && !InputKind.isText(head[m.bytes().length])))) {
        return m;
      }
    }
    return null;
  }

  /** Why {@code codec} cannot make a decompressor in this JVM, or "" when it can. */
  private static String cannotDecompress(CompressionCodec codec) {
    try {
      codec.createDecompressor();
      return "";
    } catch (LinkageError e) {
      return "a library it needs is not on the classpath (" + OneLine.of(String.valueOf(
          e.getMessage())).replace('/', '.') + " is missing)";
    } catch (RuntimeException e) {
      if (codec instanceof ZStandardCodec) {
        return "Hadoop's native library (libhadoop with zstd) is missing";
      }
      return OneLine.of(String.valueOf(e.getMessage()));
    }
  }

  private static boolean startsWith(byte[] head, byte[] magic) {
    if (head.length < magic.length) {
      return false;
    }
    for (int i = 0; i < magic.length; i++) {
      if (head[i] != magic[i]) {
        return false;
      }
    }
    return true;
  }

  private static String hex(byte[] bytes) {
    StringBuilder s = new StringBuilder();
    for (byte b : bytes) {
      s.append(s.length() == 0 ? "" : " ").append(HexFormat.of().withUpperCase().toHexDigits(b));
    }
    return s.toString();
  }

  private static byte[] ascii(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }

  private static byte[] bytes(int... values) {
    byte[] b = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      b[i] = (byte) values[i];
    }
    return b;
  }

}
