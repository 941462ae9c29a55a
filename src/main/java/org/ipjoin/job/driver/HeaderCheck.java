package org.ipjoin.job.driver;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.util.LineReader;
import org.ipjoin.index.builder.IndexBuilder;
import org.ipjoin.job.HeaderNamedFormat;
import org.ipjoin.job.input.InputKind;
import org.ipjoin.job.locate.ClientIpLocators;
import org.ipjoin.job.locate.HeaderNamedLocator;
import org.ipjoin.problem.OneLine;

/**
 * With a format that names the client column in each file's header ({@code csv:NAME},
 * {@code w3c:NAME}, {@code zeek:NAME}, …), reads each input file's first lines, through its codec,
 * up to its first record, as a task will, and refuses before submission a file whose first record
 * comes before any line naming the columns, or whose header does not name the column: naming the
 * file, the column and the names found. One open and a few lines per file (at most
 * {@value #MAX_LINES} header lines); a later field line without the column makes only the records
 * after it malformed. With several address columns ({@code --client}) each header-named column is
 * checked so, and the problem names the column's option.
 */
final class HeaderCheck {

  /** Header lines read before giving up looking for a record (a file of headers only is fine). */
  static final int MAX_LINES = 1000;

  private final FileSystem fs;
  private final CompressionCodecFactory codecs;
  /** Each header-named format of the job, and how a problem names it. */
  private final Map<String, String> specs;

  private HeaderCheck(FileSystem fs, Configuration conf, Map<String, String> specs) {
    this.fs = IndexBuilder.withoutChecksumFiles(fs);
    this.codecs = new CompressionCodecFactory(conf);
    this.specs = specs;
  }

  /**
   * The check for the job's format, or for its header-named address columns ({@code
   * ipjoin.clients}), or null when none names its column by header.
   */
  static HeaderCheck of(FileSystem fs, Configuration conf) {
    Map<String, String> specs = HeaderNamedFormat.ofJob(conf);
    return specs.isEmpty() ? null : new HeaderCheck(fs, conf, specs);
  }

  /**
   * The one-line problem of a non-empty input file's header, or null when it names every
   * header-named column of the job.
   */
  String problem(FileStatus file) throws IOException {
    for (Map.Entry<String, String> spec : specs.entrySet()) {
      String problem = problem(file, spec.getKey(), spec.getValue());
      if (problem != null) {
        return problem;
      }
    }
    return null;
  }

  /**
   * The problem of an input that is not text ({@code kind}) under a header-named format: the
   * header is a text file's first lines, which the driver and a task read as such.
   */
  String notTextProblem(FileStatus file, InputKind kind) {
    return "input " + file.getPath() + " is " + kind.what() + ", whose columns no header line"
        + " names (" + specs.values().iterator().next() + " reads a text file's header); give the"
        + " column by number";
  }

  private String problem(FileStatus file, String spec, String format) throws IOException {
    HeaderNamedLocator locator = (HeaderNamedLocator) ClientIpLocators.fromSpec(spec).field();
    CompressionCodec codec = codecs.getCodec(file.getPath());
    Text line = new Text();
    try (InputStream raw = fs.open(file.getPath());
        InputStream in = codec == null ? raw : codec.createInputStream(raw)) {
      LineReader reader = new LineReader(in);
      for (int n = 1; n <= MAX_LINES && reader.readLine(line) > 0; n++) {
        int from = n == 1 ? bomLength(line) : 0;
        byte kind = locator.header(line.getBytes(), from, line.getLength());
        if (kind == HeaderNamedLocator.RECORD) {
          return recordProblem(file, locator, n, format);
        }
      }
    }
    return null;
  }

  private static String recordProblem(FileStatus file, HeaderNamedLocator locator, int n,
      String format) {
    if (!locator.namesSeen()) {
      return "input " + file.getPath() + ": line " + n + " is a record before any "
          + locator.namesLine() + ", so no column is named " + OneLine.of(locator.name()) + " ("
          + format + "); give the file its header, or a numbered format";
    }
    if (!locator.hasColumn()) {
      return "input " + file.getPath() + ": its " + locator.namesLine() + " names no column "
          + OneLine.of(locator.name()) + " (" + format + "); its columns: "
          + OneLine.of(String.join(", ", locator.names()));
    }
    return null;
  }

  /** LineRecordReader drops a UTF-8 byte order mark at the start of a file: so does this. */
  private static int bomLength(Text line) {
    byte[] b = line.getBytes();
    return line.getLength() >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB
        && (b[2] & 0xFF) == 0xBF ? 3 : 0;
  }
}
