package org.ipjoin.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

/**
 * An ORC access-log table and a list of addresses for timing ipjoin's ORC path without ClickHouse
 * (the bench's tables step writes its ORC table with chDB): the columns of the tables step's table
 * (client_ip, time, method, path, status, bytes, referer, user_agent), zstd, stripes of about 4 MiB
 * so that two splits each read some; client addresses drawn from 65,536 IPv4 addresses, the even
 * ones listed (about half the rows match), one row in 50 with a client that is no address.
 *
 * <pre>
 * java -cp CLASSPATH src/jmh/java/org/ipjoin/bench/OrcBenchTable.java ROWS TABLE.orc LIST.txt
 * </pre>
 */
public final class OrcBenchTable {

  private static final String[] METHODS = {"GET", "GET", "GET", "POST", "HEAD"};
  private static final String[] PATHS = {"/", "/index.html", "/api/v1/items?id=", "/static/app.js",
      "/login", "/images/logo.png"};
  private static final String[] AGENTS = {
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0"
          + " Safari/537.36",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0",
      "curl/8.5.0", "Googlebot/2.1 (+http://www.google.com/bot.html)"};

  private OrcBenchTable() {}

  public static void main(String[] args) throws IOException {
    long rows = Long.parseLong(args[0]);
    TypeDescription schema = TypeDescription.fromString("struct<client_ip:string,time:string,"
        + "method:string,path:string,status:int,bytes:bigint,referer:string,user_agent:string>");
    Configuration conf = new Configuration();
    SplittableRandom random = new SplittableRandom(42);
    try (Writer writer = OrcFile.createWriter(new Path(args[1]), OrcFile.writerOptions(conf)
        .setSchema(schema).compress(CompressionKind.ZSTD).stripeSize(4L << 20)
        .overwrite(true))) {
      VectorizedRowBatch batch = schema.createRowBatch();
      BytesColumnVector[] text = new BytesColumnVector[8];
      for (int c : new int[] {0, 1, 2, 3, 6, 7}) {
        text[c] = (BytesColumnVector) batch.cols[c];
      }
      LongColumnVector status = (LongColumnVector) batch.cols[4];
      LongColumnVector bytes = (LongColumnVector) batch.cols[5];
      for (long i = 0; i < rows; i++) {
        int r = batch.size++;
        int a = random.nextInt(65536);
        String client = random.nextInt(50) == 0 ? "-" : "10." + (a >> 8) + "." + (a & 255) + ".7";
        set(text[0], r, client);
        set(text[1], r, "2026-11-27T" + (10 + i % 14) + ":" + (10 + i % 50) + ":" + (10 + i % 50)
            + "+00:00");
        set(text[2], r, METHODS[random.nextInt(METHODS.length)]);
        set(text[3], r, PATHS[random.nextInt(PATHS.length)] + random.nextInt(1000));
        status.vector[r] = random.nextInt(10) == 0 ? 404 : 200;
        bytes.vector[r] = random.nextInt(100_000);
        set(text[6], r, "https://example.com/page/" + random.nextInt(100));
        set(text[7], r, AGENTS[random.nextInt(AGENTS.length)]);
        if (batch.size == batch.getMaxSize()) {
          writer.addRowBatch(batch);
          batch.reset();
        }
      }
      if (batch.size > 0) {
        writer.addRowBatch(batch);
      }
    }
    try (PrintWriter list = new PrintWriter(Files.newBufferedWriter(java.nio.file.Path.of(args[2]),
        StandardCharsets.US_ASCII))) {
      for (int a = 0; a < 65536; a += 2) {
        list.println("10." + (a >> 8) + "." + (a & 255) + ".7");
      }
    }
  }

  private static void set(BytesColumnVector column, int r, String value) {
    column.setVal(r, value.getBytes(StandardCharsets.UTF_8));
  }
}
