package org.ipjoin.job.driver;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.util.VersionInfo;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.job.ClientCounter;
import org.ipjoin.job.IndexCounter;
import org.ipjoin.job.options.ClientColumn;
import org.ipjoin.job.options.JoinOptions;
import org.ipjoin.job.options.OutputKind;
import org.ipjoin.job.IpJoinCounter;
import org.ipjoin.job.IpJoinKeys;
import org.ipjoin.job.JoinMode;
import org.ipjoin.job.OutputPartitions;
import org.ipjoin.job.task.IpJoinMapper;

/**
 * The machine-readable record of a successful run, {@code <output>/_ipjoin.json}: what was joined
 * against what, how, when, and every {@link IpJoinCounter}. A pipeline checks it instead of parsing
 * the driver's log. A join of several indexes adds {@code indexes} (one entry per index, with its
 * own counters), a {@code --where} adds {@code where}, and a table format ({@code parquet:COLUMN})
 * adds {@code schema}, the input table's (match, nomatch and malformed output have it; tag output
 * adds its tag columns; text written as a Parquet table has the schema of its lines and {@code
 * outputFormat} {@code parquet}), SequenceFile input adds {@code sequenceFile}, the key and value
 * classes and compression of the SequenceFile output, and output kept in the input's partition
 * folders ({@link org.ipjoin.job.OutputPartitions}) adds {@code partitions}, those that received
 * output; a
 * one-index run of flat text without a where writes none of them,
 * so its summary is what it always was. It is written into the staging directory before the output is published
 * ({@link OutputPublication}), so an output that has {@code _SUCCESS} always has it too. Field by
 * field in {@code docs/pipelines.md}.
 *
 * <p>Jackson (on Hadoop's client classpath) writes it ({@link #write}: the streaming generator) and
 * reads it (the data-binding mapper, which the annotations here also steer); the version comes
 * from a resource that Maven fills in at build time.
 */
@JsonPropertyOrder({"ipjoinVersion", "hadoopVersion", "jobId", "output", "index", "inputs",
    "format", "mode", "countBy", "loader", "start", "end", "durationMillis", "counters", "where",
    "indexes", "clients", "schema", "outputFormat", "sequenceFile", "partitions"})
public record RunSummary(String ipjoinVersion, String hadoopVersion, String jobId, String output,
    Index index, List<String> inputs, String format, String mode, String countBy, String loader,
    String start,
    String end, long durationMillis, Map<String, Long> counters,
    @JsonInclude(JsonInclude.Include.NON_NULL) String where,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<JoinedIndex> indexes,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<Client> clients,
    @JsonInclude(JsonInclude.Include.NON_NULL) String schema,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<String> partitions,
    @JsonInclude(JsonInclude.Include.NON_NULL) String outputFormat,
    @JsonInclude(JsonInclude.Include.NON_NULL) SequenceFileOutput sequenceFile) {

  /** The file name in the output directory. */
  public static final String FILE_NAME = "_ipjoin.json";

  private static final String VERSION_RESOURCE = "/org/ipjoin/version.properties";

  /** Jackson's mapper, for reading only: loaded on first use (see {@link #write}). */
  private static final class Reader {
    static final ObjectMapper JSON = new ObjectMapper()
        // A newer ipjoin may add fields; an older reader must still read the ones it knows.
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
  }

  /**
   * The index the job pinned: its path, and its identity both as the {@code length:count:crc} text
   * every task checked and field by field.
   */
  @JsonPropertyOrder({"path", "identity", "length", "keys", "crc32c"})
  public record Index(String path, String identity, long length, long keys, String crc32c) {}

  /**
   * One index of the join, in the order given ({@code index} above is the first): its name, the
   * qualified path, the identity tasks checked, the read path, the attributes chosen for output
   * (empty: all), and its per-index counters: intervals (once per job, as {@code INDEX_ENTRIES})
   * and the records listed in it, whatever the other indexes say.
   */
  @JsonPropertyOrder({"name", "path", "identity", "loader", "attributes", "entries", "matched"})
  public record JoinedIndex(String name, String path, String identity, String loader,
      List<String> attributes, long entries, long matched) {}

  /**
   * One address column of a join with {@code --client}, in the order given: its name, its format
   * and its counters ({@link ClientCounter}): records whose address there is listed in at least one
   * index, whose field there is malformed, and whose field there holds no address.
   */
  @JsonPropertyOrder({"name", "format", "matched", "malformed", "noAddress"})
  public record Client(String name, String format, long matched, long malformed, long noAddress) {}

  /**
   * The SequenceFile output of a job whose input is SequenceFiles (records of {@code match},
   * {@code nomatch} and {@code tag}, and {@code malformed/} in every mode): its key and value
   * classes (the input's) and its compression, {@code NONE}, {@code RECORD} or {@code BLOCK}, with
   * the codec's class (null without compression).
   */
  @JsonPropertyOrder({"keyClass", "valueClass", "compression", "codec"})
  public record SequenceFileOutput(String keyClass, String valueClass, String compression,
      String codec) {}

  /**
   * The summary of {@code job}, which succeeded, for the plan the driver checked; its output is in
   * {@code dir} (the staging directory).
   */
  static RunSummary of(Job job, SubmitChecks.Checked checked, Configuration conf, Instant start,
      Instant end, Path dir) throws IOException {
    OutputPartitions partitions = checked.outputPartitions();
    IndexIdentity id = checked.identity();
    Index index = new Index(checked.index().toString(), id.toString(), id.fileLength(), id.count(),
        String.format("%08x", id.crc()));
    Counters counters = job.getCounters();
    Map<String, Long> values = new LinkedHashMap<>();
    // Read without making: a counter the tasks did not make (TIME_UNREADABLE without --time) is
    // 0, and making it here could pass mapreduce.job.counters.max in a job that fit it.
    org.apache.hadoop.mapreduce.CounterGroup group =
        counters == null ? null : counters.getGroup(IpJoinCounter.class.getName());
    for (IpJoinCounter c : IpJoinCounter.values()) {
      org.apache.hadoop.mapreduce.Counter found = group == null ? null
          : group.findCounter(c.name(), false);
      values.put(c.name(), found == null ? 0 : found.getValue());
    }
    List<JoinedIndex> indexes = new ArrayList<>();
    for (IndexCheck.CheckedIndex i : checked.indexes()) {
      String name = i.index().name();
      indexes.add(new JoinedIndex(name, i.path().toString(), i.identity().toString(),
          i.index().readPath().externalName(), i.index().attributes(),
          indexCounter(counters, IndexCounter.ENTRIES, name),
          indexCounter(counters, IndexCounter.MATCHED, name)));
    }
    return new RunSummary(ipjoinVersionOfThisBuild(), VersionInfo.getVersion(),
        job.getJobID().toString(), checked.output().toString(), index,
        checked.inputs().files().stream().map(Path::toString).toList(), checked.options().format().spec(),
        checked.mode().externalName(),
        checked.mode() != JoinMode.COUNT ? null : checked.options().countBy().text(),
        IpJoinKeys.LOADER.get(conf), start.toString(),
        end.toString(), end.toEpochMilli() - start.toEpochMilli(), values,
        checked.where() == null ? null : checked.where().toString(),
        // A one-index run's summary stays as it always was: index and counters say it all.
        indexes.size() > 1 ? indexes : null,
        checked.options().clients().isEmpty() ? null : clients(counters, checked.options()),
        IpJoinKeys.TABLE_SCHEMA.get(job.getConfiguration()),
        partitions.isEmpty() ? null : partitions.written(dir.getFileSystem(conf), dir,
            IpJoinMapper.MALFORMED_OUTPUT),
        // Said only where it differs from the input's: text lines written as a Parquet table.
        checked.options().tableColumns().isEmpty()
            && checked.options().output() == OutputKind.PARQUET
            ? OutputKind.PARQUET.externalName() : null,
        sequenceFileOutput(checked.inputs().sequenceFile(), job.getConfiguration()));
  }

  /** The SequenceFile output of a job reading {@code first} and others like it, or null. */
  private static SequenceFileOutput sequenceFileOutput(SequenceFileHeader first,
      Configuration jobConf) {
    if (first == null) {
      return null;
    }
    String[] compression = IpJoinKeys.OUTPUT_SEQUENCEFILE_COMPRESSION.get(jobConf).split(":", 2);
    return new SequenceFileOutput(first.keyClass(), first.valueClass(), compression[0],
        compression.length > 1 ? compression[1] : null);
  }

  private static List<Client> clients(Counters counters, JoinOptions options) {
    List<Client> clients = new ArrayList<>();
    for (ClientColumn c : options.clients()) {
      clients.add(new Client(c.name(), c.format().spec(),
          clientCounter(counters, ClientCounter.MATCHED, c.name()),
          clientCounter(counters, ClientCounter.MALFORMED, c.name()),
          clientCounter(counters, ClientCounter.NO_ADDRESS, c.name())));
    }
    return clients;
  }

  private static long clientCounter(Counters counters, ClientCounter c, String column) {
    return counters == null ? 0
        : counters.findCounter(ClientCounter.GROUP, c.counterName(column)).getValue();
  }

  private static long indexCounter(Counters counters, IndexCounter c, String index) {
    return counters == null ? 0
        : counters.findCounter(IndexCounter.GROUP, c.counterName(index)).getValue();
  }

  /** A counter's value (0 when absent). */
  public long counter(IpJoinCounter c) {
    return counters.getOrDefault(c.name(), 0L);
  }

  /**
   * Writes {@code dir/_ipjoin.json}; fails if it exists. Field by field with Jackson's streaming
   * generator and its default pretty printer: the bytes Jackson's {@code ObjectMapper} writes for
   * this record with {@code INDENT_OUTPUT} ({@code RunSummaryJsonTest} compares), without loading
   * and introspecting the data-binding classes, which took 0.1 s of every job
   * (docs/benchmarks/2026-11-25-fixed-cost.md).
   */
  void write(FileSystem fs, Path dir) throws IOException {
    try (OutputStream out = fs.create(new Path(dir, FILE_NAME), false)) {
      writeTo(out);
    }
  }

  /** This summary as {@link #write} writes it. */
  void writeTo(OutputStream out) throws IOException {
    try (JsonGenerator g = new JsonFactory().createGenerator(out)) {
      g.useDefaultPrettyPrinter();
      g.writeStartObject();
      g.writeStringField("ipjoinVersion", ipjoinVersion);
      g.writeStringField("hadoopVersion", hadoopVersion);
      g.writeStringField("jobId", jobId);
      g.writeStringField("output", output);
      g.writeFieldName("index");
      if (index == null) {
        g.writeNull();
      } else {
        g.writeStartObject();
        g.writeStringField("path", index.path());
        g.writeStringField("identity", index.identity());
        g.writeNumberField("length", index.length());
        g.writeNumberField("keys", index.keys());
        g.writeStringField("crc32c", index.crc32c());
        g.writeEndObject();
      }
      writeStrings(g, "inputs", inputs);
      g.writeStringField("format", format);
      g.writeStringField("mode", mode);
      g.writeStringField("countBy", countBy);
      g.writeStringField("loader", loader);
      g.writeStringField("start", start);
      g.writeStringField("end", end);
      g.writeNumberField("durationMillis", durationMillis);
      g.writeFieldName("counters");
      if (counters == null) {
        g.writeNull();
      } else {
        g.writeStartObject();
        for (Map.Entry<String, Long> c : counters.entrySet()) {
          g.writeNumberField(c.getKey(), c.getValue());
        }
        g.writeEndObject();
      }
      if (where != null) {
        g.writeStringField("where", where);
      }
      if (indexes != null) {
        g.writeArrayFieldStart("indexes");
        for (JoinedIndex i : indexes) {
          g.writeStartObject();
          g.writeStringField("name", i.name());
          g.writeStringField("path", i.path());
          g.writeStringField("identity", i.identity());
          g.writeStringField("loader", i.loader());
          writeStrings(g, "attributes", i.attributes());
          g.writeNumberField("entries", i.entries());
          g.writeNumberField("matched", i.matched());
          g.writeEndObject();
        }
        g.writeEndArray();
      }
      if (clients != null) {
        g.writeArrayFieldStart("clients");
        for (Client c : clients) {
          g.writeStartObject();
          g.writeStringField("name", c.name());
          g.writeStringField("format", c.format());
          g.writeNumberField("matched", c.matched());
          g.writeNumberField("malformed", c.malformed());
          g.writeNumberField("noAddress", c.noAddress());
          g.writeEndObject();
        }
        g.writeEndArray();
      }
      if (schema != null) {
        g.writeStringField("schema", schema);
      }
      if (outputFormat != null) {
        g.writeStringField("outputFormat", outputFormat);
      }
      if (sequenceFile != null) {
        g.writeObjectFieldStart("sequenceFile");
        g.writeStringField("keyClass", sequenceFile.keyClass());
        g.writeStringField("valueClass", sequenceFile.valueClass());
        g.writeStringField("compression", sequenceFile.compression());
        g.writeStringField("codec", sequenceFile.codec());
        g.writeEndObject();
      }
      if (partitions != null) {
        writeStrings(g, "partitions", partitions);
      }
      g.writeEndObject();
    }
  }

  private static void writeStrings(JsonGenerator g, String field, List<String> values)
      throws IOException {
    g.writeFieldName(field);
    if (values == null) {
      g.writeNull();
      return;
    }
    g.writeStartArray();
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  /** Reads {@code <output>/_ipjoin.json}. */
  public static RunSummary read(FileSystem fs, Path output) throws IOException {
    try (InputStream in = fs.open(new Path(output, FILE_NAME))) {
      return Reader.JSON.readValue(in, RunSummary.class);
    }
  }

  /** The version of ipjoin this class was built as ({@code project.version} in the pom). */
  public static String ipjoinVersionOfThisBuild() {
    try (InputStream in = RunSummary.class.getResourceAsStream(VERSION_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(VERSION_RESOURCE + " is missing from the build");
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
