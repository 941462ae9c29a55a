package org.ipjoin.job.table;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetOutputFormat;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * How a Parquet file's column chunks are encoded and compressed, for writing the output as the
 * input is: parquet-hadoop's writer dictionary-encodes every column by default (a hash lookup of
 * each value, the writer's largest per-value cost: docs/benchmarks/2026-11-27-parquet-tables.md,
 * "Parquet output encodings"), falling back to plain encoding only after a first page whose
 * dictionary did not pay, and compresses every column with one codec. The output then skips the
 * dictionary of a column whose input chunks have none, and keeps a column's codec where the
 * input's columns differ. A setting the user gave wins: parquet-hadoop's per-column keys ({@code
 * KEY#column.path}) that this sets are left out for a column the user named, and all of them when
 * the user gave the key for every column.
 */
final class ParquetEncodings {

  private ParquetEncodings() {}

  /**
   * Sets {@code conf}'s codec ({@code parquet.compression}: the codec of the first column chunk,
   * uncompressed without one), per-column codecs where a column's first chunk has another, and
   * {@code parquet.enable.dictionary#PATH=false} for each column that no row group of {@code
   * footer} holds with a dictionary; each unless the user set it.
   */
  static void follow(ParquetMetadata footer, Configuration conf) {
    List<BlockMetaData> blocks = footer.getBlocks();
    List<ColumnChunkMetaData> first = blocks.isEmpty() ? List.of() : blocks.get(0).getColumns();
    if (conf.get(ParquetOutputFormat.COMPRESSION) == null) {
      CompressionCodecName codec = first.isEmpty() ? CompressionCodecName.UNCOMPRESSED
          : first.get(0).getCodec();
      conf.set(ParquetOutputFormat.COMPRESSION, codec.name());
      for (ColumnChunkMetaData chunk : first) {
        if (chunk.getCodec() != codec) {
          setUnlessGiven(conf, ParquetOutputFormat.COMPRESSION, chunk, chunk.getCodec().name());
        }
      }
    }
    if (conf.get(ParquetOutputFormat.ENABLE_DICTIONARY) == null) {
      for (ColumnChunkMetaData chunk : plainColumns(blocks)) {
        setUnlessGiven(conf, ParquetOutputFormat.ENABLE_DICTIONARY, chunk, "false");
      }
    }
  }

  /** The columns of {@code blocks} (by their first row group's chunks) without a dictionary. */
  private static List<ColumnChunkMetaData> plainColumns(List<BlockMetaData> blocks) {
    if (blocks.isEmpty()) {
      return List.of();
    }
    Set<String> withDictionary = new HashSet<>();
    for (BlockMetaData block : blocks) {
      for (ColumnChunkMetaData chunk : block.getColumns()) {
        if (chunk.hasDictionaryPage()) {
          withDictionary.add(chunk.getPath().toDotString());
        }
      }
    }
    List<ColumnChunkMetaData> plain = new ArrayList<>();
    for (ColumnChunkMetaData chunk : blocks.get(0).getColumns()) {
      if (!withDictionary.contains(chunk.getPath().toDotString())) {
        plain.add(chunk);
      }
    }
    return plain;
  }

  /**
   * Sets {@code key#PATH} for {@code chunk}'s column, unless the user set it or the column cannot
   * be named so (parquet-hadoop splits the path at dots: a name holding one would name another
   * column, so such a column keeps the writer's default).
   */
  private static void setUnlessGiven(Configuration conf, String key, ColumnChunkMetaData chunk,
      String value) {
    for (String name : chunk.getPath().toArray()) {
      if (name.contains(".") || name.isEmpty()) {
        return;
      }
    }
    String column = key + "#" + chunk.getPath().toDotString();
    if (conf.get(column) == null) {
      conf.set(column, value);
    }
  }
}
