package org.ipjoin.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.io.SequenceFile.CompressionType;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.util.ReflectionUtils;

/**
 * A SequenceFile as Hadoop's own {@link SequenceFile.Reader} reads it: its header's key and value
 * classes and compression, and every record's key (as its {@code toString}) and value bytes (a
 * {@link Text}'s or {@link BytesWritable}'s bytes).
 *
 * @param codec the codec class, null without compression
 */
public record SequenceFileRecords(String keyClass, String valueClass, CompressionType compression,
    Class<?> codec, List<String> keys, List<byte[]> values) {

  public static SequenceFileRecords read(Path file) throws IOException {
    Configuration conf = new Configuration();
    try (SequenceFile.Reader r = new SequenceFile.Reader(conf,
        SequenceFile.Reader.file(new org.apache.hadoop.fs.Path(file.toUri())))) {
      Writable key = (Writable) ReflectionUtils.newInstance(r.getKeyClass(), conf);
      Writable value = (Writable) ReflectionUtils.newInstance(r.getValueClass(), conf);
      List<String> keys = new ArrayList<>();
      List<byte[]> values = new ArrayList<>();
      while (r.next(key, value)) {
        keys.add(key.toString());
        values.add(value instanceof Text t ? Arrays.copyOf(t.getBytes(), t.getLength())
            : ((BytesWritable) value).copyBytes());
      }
      return new SequenceFileRecords(r.getKeyClassName(), r.getValueClassName(),
          r.getCompressionType(),
          r.getCompressionCodec() == null ? null : r.getCompressionCodec().getClass(), keys, values);
    }
  }
}
