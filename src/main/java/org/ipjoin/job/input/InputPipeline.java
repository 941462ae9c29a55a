package org.ipjoin.job.input;

import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Whether a map task joins its blocks of lines on a second thread while its own thread reads the
 * next block ({@code ipjoin.input.pipeline}). A compressed file cannot be split: one task reads all
 * of it, and without a second thread that task decompresses and joins in turn while the other
 * cores wait. The bench's 1.1 GB of logs as one gzip file: measured in
 * docs/benchmarks/2026-11-25-fixed-cost.md.
 */
public enum InputPipeline {
  /** For splits of compressed files (a codec knows the file name: gzip, bzip2, ...). */
  COMPRESSED,
  /** For every split. */
  ALWAYS,
  /** Never: the task's thread reads and joins in turn. */
  NEVER;

  /** The lower-case name the configuration uses. */
  public String externalName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** @throws IllegalArgumentException naming the values there are */
  static InputPipeline fromName(String name) {
    for (InputPipeline p : values()) {
      if (p.externalName().equalsIgnoreCase(name.trim())) {
        return p;
      }
    }
    throw new IllegalArgumentException("must be compressed, always or never");
  }

  /** Whether a task reading {@code split} joins on a second thread. */
  public boolean appliesTo(InputSplit split, Configuration conf) {
    return switch (this) {
      case ALWAYS -> true;
      case NEVER -> false;
      case COMPRESSED -> split instanceof FileSplit file
          && new CompressionCodecFactory(conf).getCodec(file.getPath()) != null;
    };
  }
}
