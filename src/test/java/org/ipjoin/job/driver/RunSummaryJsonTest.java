package org.ipjoin.job.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.ipjoin.job.IpJoinCounter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code _ipjoin.json} is written field by field with Jackson's streaming generator; these are the
 * bytes Jackson's data-binding mapper writes for the same record with {@code INDENT_OUTPUT}, which
 * is how every earlier version wrote it and what pipelines read.
 */
class RunSummaryJsonTest {

  private static final ObjectMapper DATA_BINDING =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  static Stream<RunSummary> summaries() {
    Map<String, Long> counters = new LinkedHashMap<>();
    long v = 0;
    for (IpJoinCounter c : IpJoinCounter.values()) {
      counters.put(c.name(), v);
      v = v * 31 + 7_000_000_011L;
    }
    RunSummary.Index index = new RunSummary.Index("file:/data/ip lists/ips.ipidx",
        "106273028:26043928:8f01a2b3", 106_273_028L, 26_043_928L, "8f01a2b3");
    List<String> inputs = List.of("file:/logs/a.log", "file:/logs/\"quoted\"\\b.log", "hdfs://nn:8020/ü/ß.gz");
    return Stream.of(
        // One index, match mode: no countBy, no where, no indexes.
        new RunSummary("1.2.3", "3.5.0", "job_local1_0001", "file:/out", index, inputs,
            "combined", "match", null, "nio", "2026-11-25T15:00:00Z", "2026-11-25T15:00:01.234Z",
            1234, counters, null, null, null, null, null, null, null),
        // Count with where and several indexes, attributes chosen and not.
        new RunSummary("1.2.3", "3.5.0", "job_1_0002", "hdfs://nn:8020/out", index, List.of(),
            "tsv", "count", "address", "mmap-direct", "a", "b", 0, counters,
            "block and not cloud=googlebot\ttab",
            List.of(new RunSummary.JoinedIndex("block", "file:/i/block.ipidx", "1:2:3", "nio",
                    List.of(), 3, 1),
                new RunSummary.JoinedIndex("geo", "file:/i/geo.ipidx", "4:5:6", "mmap-direct",
                    List.of("country", "asn"), Long.MAX_VALUE, -1)),
            List.of(new RunSummary.Client("src", "json:src_ip", 12, 1, 0),
                new RunSummary.Client("dst", "regex:(\\S+)\t\"x", 3, 0, Long.MAX_VALUE)),
            "message schema {\n  optional binary client (STRING);\n}\n", null, null, null),
        // Empty counters and control characters.
        new RunSummary("x", "y", "z", "o\u0001\n", index, List.of("one"), "combined", "tag",
            null, "text", "s", "e", -5, new LinkedHashMap<>(), null, List.of(), List.of(), null,
            null, null, null),
        // Output kept in the input's partition folders.
        new RunSummary("1.2.3", "3.5.0", "job_local1_0003", "file:/out", index, inputs,
            "combined", "tag", null, "nio", "s", "e", 1, counters, null, null, null, null,
            List.of("dt=2026-11-27", "dt=2026-11-28/hour=10%3A00"), null, null),
        // Text lines written as a Parquet table.
        new RunSummary("1.2.3", "3.5.0", "job_local1_0004", "file:/out", index, inputs,
            "json:src", "tag", null, "nio", "s", "e", 1, counters, null, null, null,
            "message lines {\n  required binary line (STRING);\n}", null, "parquet", null),
        // SequenceFile input: its output's classes and compression, without a codec and with.
        new RunSummary("1.2.3", "3.5.0", "job_local1_0005", "file:/out", index, inputs,
            "combined", "match", null, "nio", "s", "e", 1, counters, null, null, null, null, null, null,
            new RunSummary.SequenceFileOutput("org.apache.hadoop.io.LongWritable",
                "org.apache.hadoop.io.Text", "NONE", null)),
        new RunSummary("1.2.3", "3.5.0", "job_local1_0006", "file:/out", index, inputs,
            "combined", "tag", null, "nio", "s", "e", 1, counters, null, null, null, null,
            List.of("dt=2026-11-27"), null, new RunSummary.SequenceFileOutput("org.example.Key",
                "org.apache.hadoop.io.BytesWritable", "BLOCK",
                "org.apache.hadoop.io.compress.DefaultCodec")));
  }

  @ParameterizedTest
  @MethodSource("summaries")
  void streamingWriterWritesWhatDataBindingWrites(RunSummary summary) throws IOException {
    ByteArrayOutputStream streamed = new ByteArrayOutputStream();
    summary.writeTo(streamed);
    assertEquals(DATA_BINDING.writeValueAsString(summary),
        streamed.toString(StandardCharsets.UTF_8));
  }

  @ParameterizedTest
  @MethodSource("summaries")
  void whatIsWrittenReadsBack(RunSummary summary) throws IOException {
    ByteArrayOutputStream streamed = new ByteArrayOutputStream();
    summary.writeTo(streamed);
    assertEquals(summary, new ObjectMapper().readValue(streamed.toByteArray(), RunSummary.class));
  }
}
