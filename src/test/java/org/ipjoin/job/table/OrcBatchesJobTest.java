package org.ipjoin.job.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.UnionColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.orc.OrcConf;
import org.apache.orc.OrcFile;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.StripeInformation;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.apache.orc.impl.RecordReaderImpl;
import org.apache.orc.mapred.OrcStruct;
import org.apache.orc.mapreduce.OrcInputFormat;
import org.ipjoin.testing.IpJoinRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ORC rows read and written in batches of column vectors ({@link OrcBatch}): a table written
 * here by ORC's Java writer with small stripes (about 50 rows each) and a column of every ORC
 * type, nested ones too (struct, list, map, union), nulls of the address column at the column and
 * at the struct around it, and a run of rows whose address is null in every row of a batch.
 * Splits cut stripes at many places; every row must be read once, by the split its stripe starts
 * in (as orc-mapreduce's own reader reads them), and written back unchanged, string columns
 * with a dictionary only where the input has one. The expected rows come from the formula below
 * and the values ORC's own reader reads back, never from ipjoin.
 */
class OrcBatchesJobTest {

  private static final int ROWS = 3000;
  /** Rows of this range have no http struct at all: whole batches of null addresses. */
  private static final int NULL_FROM = 1100;
  private static final int NULL_TO = 2300;
  private static final TypeDescription SCHEMA = TypeDescription.fromString("struct<id:bigint,"
      + "http:struct<client_ip:string,status:int>,words:array<string>,attrs:map<string,int>,"
      + "u:uniontype<int,string>,price:decimal(10,2),ts:timestamp,d:date,ratio:double,"
      + "ok:boolean,c:char(3),vc:varchar(10),b:tinyint,s:smallint,f:float,raw:binary>");

  @TempDir static Path dir;
  private static Path input;
  private static TableJobFixture fixture;

  /** Row {@code i}'s address: listed (i % 4 == 0), unlisted (1), malformed (2) or null (3). */
  private static String client(int i) {
    if (i >= NULL_FROM && i < NULL_TO) {
      return null;
    }
    return switch (i % 4) {
      case 0 -> "10.1." + (i >> 8) + "." + (i & 255);
      case 1 -> "10.2." + (i >> 8) + "." + (i & 255);
      case 2 -> "not-an-ip-" + i;
      default -> null;
    };
  }

  /** The tag ipjoin must write for row {@code i}: 1 listed, 0 not or none, - malformed. */
  private static String tag(int i) {
    String client = client(i);
    if (client == null) {
      return "0";
    }
    return client.startsWith("10.1.") ? "1" : client.startsWith("10.2.") ? "0" : "-";
  }

  @BeforeAll
  static void writeTable() throws Exception {
    input = Files.createDirectories(dir.resolve("table"));
    Configuration conf = new Configuration();
    // Small stripes: the writer checks its size every 10 rows, after each batch of 50.
    OrcConf.ROWS_BETWEEN_CHECKS.setLong(conf, 10);
    try (Writer writer = OrcFile.createWriter(new org.apache.hadoop.fs.Path(
        input.resolve("many.orc").toUri()), OrcFile.writerOptions(conf).setSchema(SCHEMA)
        .stripeSize(1024).bufferSize(1024).rowIndexStride(0))) {
      VectorizedRowBatch batch = SCHEMA.createRowBatch(50);
      for (int i = 0; i < ROWS; i++) {
        row(batch, batch.size++, i);
        if (batch.size == batch.getMaxSize()) {
          writer.addRowBatch(batch);
          batch.reset();
        }
      }
      writer.addRowBatch(batch);
    }
    Set<String> listed = new HashSet<>();
    for (int i = 0; i < ROWS; i++) {
      if ("1".equals(tag(i))) {
        listed.add(client(i));
      }
    }
    fixture = TableJobFixture.withList(dir, listed);
  }

  /** Sets row {@code r} of {@code batch} to the values of id {@code i}. */
  private static void row(VectorizedRowBatch batch, int r, int i) {
    ((LongColumnVector) batch.cols[0]).vector[r] = i;
    StructColumnVector http = (StructColumnVector) batch.cols[1];
    if (i >= NULL_FROM && i < NULL_TO) {
      http.noNulls = false;
      http.isNull[r] = true;
    } else {
      text(http.fields[0], r, client(i));
      ((LongColumnVector) http.fields[1]).vector[r] = 200 + i % 3;
    }
    ListColumnVector words = (ListColumnVector) batch.cols[2];
    int n = i % 3;
    words.offsets[r] = words.childCount;
    words.lengths[r] = n;
    words.childCount += n;
    words.child.ensureSize(words.childCount, true);
    for (int k = 0; k < n; k++) {
      text(words.child, (int) words.offsets[r] + k, k == 1 && i % 5 == 0 ? null : "w" + i + k);
    }
    MapColumnVector attrs = (MapColumnVector) batch.cols[3];
    if (i % 7 == 0) {
      attrs.noNulls = false;
      attrs.isNull[r] = true;
    } else {
      attrs.offsets[r] = attrs.childCount;
      attrs.lengths[r] = 2;
      attrs.childCount += 2;
      attrs.keys.ensureSize(attrs.childCount, true);
      attrs.values.ensureSize(attrs.childCount, true);
      for (int k = 0; k < 2; k++) {
        text(attrs.keys, (int) attrs.offsets[r] + k, "k" + k);
        ((LongColumnVector) attrs.values).vector[(int) attrs.offsets[r] + k] = i * 10L + k;
      }
    }
    UnionColumnVector u = (UnionColumnVector) batch.cols[4];
    u.tags[r] = i % 2;
    if (i % 2 == 0) {
      ((LongColumnVector) u.fields[0]).vector[r] = -i;
    } else {
      text(u.fields[1], r, "u" + i);
    }
    ((DecimalColumnVector) batch.cols[5]).set(r,
        HiveDecimal.create(BigDecimal.valueOf(i * 7L, 2)));
    ((TimestampColumnVector) batch.cols[6]).set(r, new Timestamp(1_700_000_000_000L + i * 1001L));
    ((LongColumnVector) batch.cols[7]).vector[r] = 19_000 + i;
    ((DoubleColumnVector) batch.cols[8]).vector[r] = i / 3.0;
    ((LongColumnVector) batch.cols[9]).vector[r] = i % 2;
    text(batch.cols[10], r, "c" + i % 10);
    text(batch.cols[11], r, i % 11 == 0 ? null : "v" + i);
    ((LongColumnVector) batch.cols[12]).vector[r] = (byte) i;
    ((LongColumnVector) batch.cols[13]).vector[r] = (short) (i * 3);
    ((DoubleColumnVector) batch.cols[14]).vector[r] = (float) (i / 7.0);
    byte[] raw = {(byte) i, (byte) (i >> 8), 0, (byte) 0xFF};
    ((BytesColumnVector) batch.cols[15]).setVal(r, raw);
  }

  private static void text(ColumnVector column, int r, String value) {
    if (value == null) {
      column.noNulls = false;
      column.isNull[r] = true;
    } else {
      ((BytesColumnVector) column).setVal(r, value.getBytes(StandardCharsets.UTF_8));
    }
  }

  /** Each row of ORC files, in file order, as ORC's own reader reads it: one text per column. */
  private static List<List<String>> rows(Path folder, String prefix) throws IOException {
    List<Path> files;
    try (Stream<Path> list = Files.list(folder)) {
      files = list.filter(p -> p.getFileName().toString().startsWith(prefix)
          && p.getFileName().toString().endsWith(".orc")).sorted().toList();
    }
    List<List<String>> rows = new ArrayList<>();
    for (Path file : files) {
      try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
          OrcFile.readerOptions(new Configuration()));
          org.apache.orc.RecordReader records = reader.rows()) {
        VectorizedRowBatch batch = reader.getSchema().createRowBatch();
        while (records.nextBatch(batch)) {
          for (int r = 0; r < batch.size; r++) {
            List<String> row = new ArrayList<>();
            for (ColumnVector column : batch.cols) {
              StringBuilder text = new StringBuilder();
              column.stringifyValue(text, r);
              row.add(text.toString());
            }
            rows.add(row);
          }
        }
      }
    }
    return rows;
  }

  private static long id(List<String> row) {
    return Long.parseLong(row.get(0));
  }

  @Test
  void theTableHasManyStripes() throws Exception {
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(
        input.resolve("many.orc").toUri()), OrcFile.readerOptions(new Configuration()))) {
      assertTrue(reader.getStripes().size() > 20, reader.getStripes().size() + " stripes");
      assertEquals(SCHEMA, reader.getSchema());
    }
  }

  /**
   * For splits of many sizes, each split reads exactly the rows orc-mapreduce's own record reader
   * reads of it, in the same order: the stripes that start in it.
   */
  @Test
  void eachSplitReadsTheRowsOfTheStripesThatStartInIt() throws Exception {
    long length = Files.size(input.resolve("many.orc"));
    for (long size : new long[] {300, 1000, 4099, length / 3 + 1, length}) {
      Job job = Job.getInstance(new Configuration());
      FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(input.toUri()));
      FileInputFormat.setMaxInputSplitSize(job, size);
      FileInputFormat.setMinInputSplitSize(job, 1);
      List<InputSplit> splits = new OrcRowsInputFormat().getSplits(job);
      assertTrue(size == length || splits.size() > 2, size + ": " + splits.size() + " splits");
      List<Long> all = new ArrayList<>();
      for (InputSplit split : splits) {
        TaskAttemptContext context = new TaskAttemptContextImpl(job.getConfiguration(),
            new TaskAttemptID());
        List<Long> ours = new ArrayList<>();
        try (RecordReader<Void, TableRow> reader =
            new OrcRowsInputFormat().createRecordReader(split, context)) {
          reader.initialize(split, context);
          while (reader.nextKeyValue()) {
            TableRow row = reader.getCurrentValue();
            OrcBatch batch = (OrcBatch) row.row();
            for (int r = 0; r < row.rows(); r++) {
              row.select(r);
              ours.add(((LongColumnVector) batch.batch().cols[0]).vector[batch.row()]);
            }
          }
        }
        List<Long> theirs = new ArrayList<>();
        try (RecordReader<NullWritable, OrcStruct> reader =
            new OrcInputFormat<OrcStruct>().createRecordReader(split, context)) {
          reader.initialize(split, context);
          while (reader.nextKeyValue()) {
            theirs.add(((org.apache.hadoop.io.LongWritable)
                reader.getCurrentValue().getFieldValue(0)).get());
          }
        }
        assertEquals(theirs, ours, size + ": " + split);
        all.addAll(ours);
      }
      List<Long> ids = new ArrayList<>();
      for (long i = 0; i < ROWS; i++) {
        ids.add(i);
      }
      assertEquals(ids, all, size + ": every row once, in order");
    }
  }

  /** The address column's text of each row, read through the vectors of each batch. */
  @Test
  void anAddressColumnIsNullWhereItOrAStructAroundItIs() throws Exception {
    Job job = Job.getInstance(new Configuration());
    FileInputFormat.addInputPath(job, new org.apache.hadoop.fs.Path(input.toUri()));
    TableFormat.AddressColumn column = OrcTable.INSTANCE.column("http.client_ip");
    Text text = new Text();
    int i = 0;
    for (InputSplit split : new OrcRowsInputFormat().getSplits(job)) {
      TaskAttemptContext context = new TaskAttemptContextImpl(job.getConfiguration(),
          new TaskAttemptID());
      try (RecordReader<Void, TableRow> reader =
          new OrcRowsInputFormat().createRecordReader(split, context)) {
        reader.initialize(split, context);
        while (reader.nextKeyValue()) {
          TableRow row = reader.getCurrentValue();
          for (int r = 0; r < row.rows(); r++, i++) {
            row.select(r);
            column.read(row.row(), text);
            String want = client(i);
            assertEquals(want == null ? "" : want, text.toString(), "row " + i);
          }
        }
      }
    }
    assertEquals(ROWS, i);
  }

  @Test
  void tagWritesEveryColumnTypeBackUnchangedAcrossSplits() throws Exception {
    long length = Files.size(input.resolve("many.orc"));
    IpJoinRun run = fixture.run("tag", input, "-D", "mapreduce.input.fileinputformat.split.maxsize="
        + (length / 5 + 1), "--mode", "tag", "--format", "orc:http.client_ip");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    Path out = fixture.output("tag");
    try (Stream<Path> parts = Files.list(out)) {
      assertTrue(parts.filter(p -> p.getFileName().toString().startsWith("part-")).count() > 3,
          "several map tasks wrote rows");
    }
    Map<Long, List<String>> in = new HashMap<>();
    for (List<String> row : rows(input, "")) {
      in.put(id(row), row);
    }
    List<List<String>> tagged = rows(out, "part-");
    assertEquals(ROWS, tagged.size());
    Set<Long> seen = new HashSet<>();
    long last = -1;
    for (List<String> row : tagged) {
      long id = id(row);
      assertTrue(seen.add(id), "row " + id + " once");
      List<String> want = new ArrayList<>(in.get(id));
      want.add("\"" + tag((int) id) + "\"");
      assertEquals(want, row, "row " + id);
      // Part files are sorted and each holds its split's rows in order: ids rise throughout.
      assertTrue(id > last, "row " + id + " after " + last);
      last = id;
    }
  }

  @Test
  void matchAndMalformedRowsAreTheInputsRowsUnchanged() throws Exception {
    long length = Files.size(input.resolve("many.orc"));
    IpJoinRun run = fixture.run("match", input, "-D",
        "mapreduce.input.fileinputformat.split.maxsize=" + (length / 4 + 1),
        "--format", "orc:http.client_ip");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    List<List<String>> in = rows(input, "");
    List<List<String>> listed = new ArrayList<>();
    List<List<String>> malformed = new ArrayList<>();
    for (List<String> row : in) {
      String tag = tag((int) id(row));
      if (tag.equals("1")) {
        listed.add(row);
      } else if (tag.equals("-")) {
        malformed.add(row);
      }
    }
    assertTrue(listed.size() > 400 && malformed.size() > 400);
    assertEquals(listed, rows(fixture.output("match"), "part-"));
    assertEquals(malformed, rows(fixture.output("match").resolve("malformed"), "part-"));
  }

  /** The encoding of each column of the first stripe of {@code file}, by column id. */
  private static List<OrcProto.ColumnEncoding.Kind> encodings(Path file) throws IOException {
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
        OrcFile.readerOptions(new Configuration()));
        RecordReaderImpl rows = (RecordReaderImpl) reader.rows()) {
      List<OrcProto.ColumnEncoding.Kind> kinds = new ArrayList<>();
      for (OrcProto.ColumnEncoding e : rows.readStripeFooter(reader.getStripes().get(0))
          .getColumnsList()) {
        kinds.add(e.getKind());
      }
      return kinds;
    }
  }

  /**
   * A string column the input holds without a dictionary is written without one (ORC's writer
   * would build one of a column of few values), one with a dictionary keeps it; the user's
   * {@code orc.dictionary.key.threshold} wins.
   */
  @Test
  void stringColumnsAreWrittenWithADictionaryWhereTheInputHasOne() throws Exception {
    Path plain = Files.createDirectories(dir.resolve("plain"));
    TypeDescription schema = TypeDescription.fromString(
        "struct<id:bigint,client:string,method:string,kind:string,http:struct<agent:string>>");
    Configuration conf = new Configuration();
    // method and http.agent plainly (few values: ORC's writer would make dictionaries of them).
    OrcConf.DIRECT_ENCODING_COLUMNS.setString(conf, "method,http");
    try (Writer writer = OrcFile.createWriter(new org.apache.hadoop.fs.Path(
        plain.resolve("plain.orc").toUri()), OrcFile.writerOptions(conf).setSchema(schema))) {
      VectorizedRowBatch batch = schema.createRowBatch();
      for (int i = 0; i < 2000; i++) {
        int r = batch.size++;
        ((LongColumnVector) batch.cols[0]).vector[r] = i;
        text(batch.cols[1], r, client(i));
        text(batch.cols[2], r, i % 3 == 0 ? "POST" : "GET");
        text(batch.cols[3], r, "kind" + i % 4);
        text(((StructColumnVector) batch.cols[4]).fields[0], r, "agent" + i % 2);
        if (batch.size == batch.getMaxSize()) {
          writer.addRowBatch(batch);
          batch.reset();
        }
      }
      writer.addRowBatch(batch);
    }
    List<OrcProto.ColumnEncoding.Kind> in = encodings(plain.resolve("plain.orc"));
    // Ids: 0 root, 1 id, 2 client, 3 method, 4 kind, 5 http, 6 http.agent.
    assertEquals(OrcProto.ColumnEncoding.Kind.DIRECT_V2, in.get(3), in.toString());
    assertEquals(OrcProto.ColumnEncoding.Kind.DICTIONARY_V2, in.get(4), in.toString());
    assertEquals(OrcProto.ColumnEncoding.Kind.DIRECT_V2, in.get(6), in.toString());

    IpJoinRun run = fixture.run("plain-tag", plain, "--mode", "tag", "--format", "orc:client");
    assertEquals(0, run.exitCode(), run.errLines().toString());
    List<OrcProto.ColumnEncoding.Kind> out =
        encodings(fixture.output("plain-tag").resolve("part-m-00000.orc"));
    assertEquals(in.subList(3, 7), out.subList(3, 7), "method, kind, http, agent: " + out);
    assertEquals(rows(plain, "").size(), rows(fixture.output("plain-tag"), "part-").size());

    IpJoinRun chosen = fixture.run("plain-chosen", plain, "-D", "orc.dictionary.key.threshold=1",
        "--mode", "tag", "--format", "orc:client");
    assertEquals(0, chosen.exitCode(), chosen.errLines().toString());
    List<OrcProto.ColumnEncoding.Kind> dictionaries =
        encodings(fixture.output("plain-chosen").resolve("part-m-00000.orc"));
    assertEquals(OrcProto.ColumnEncoding.Kind.DICTIONARY_V2, dictionaries.get(3),
        dictionaries.toString());
  }

  /**
   * A first stripe whose footer cannot be read (the driver reads it for the encodings) is refused
   * before submission in one line naming the file, as a file whose footer cannot be read is.
   */
  @Test
  void aFirstStripeThatCannotBeReadIsRefusedNamingTheFile() throws Exception {
    Path broken = Files.createDirectories(dir.resolve("broken"));
    Path file = Files.copy(input.resolve("many.orc"), broken.resolve("broken.orc"));
    long at;
    int length;
    try (Reader reader = OrcFile.createReader(new org.apache.hadoop.fs.Path(file.toUri()),
        OrcFile.readerOptions(new Configuration()))) {
      StripeInformation first = reader.getStripes().get(0);
      at = first.getOffset() + first.getIndexLength() + first.getDataLength();
      length = (int) first.getFooterLength();
    }
    byte[] bytes = Files.readAllBytes(file);
    Arrays.fill(bytes, (int) at, (int) at + length, (byte) 0xFF);
    Files.write(file, bytes);
    IpJoinRun run = fixture.run("broken-out", broken, "--format", "orc:http.client_ip");
    assertEquals(2, run.exitCode(), run.errLines().toString());
    assertEquals(1, run.errLines().stream().filter(l -> l.contains("broken.orc")
        && l.contains("its first stripe cannot be read")).count(), run.errLines().toString());
    assertFalse(Files.exists(fixture.output("broken-out")));
  }
}
