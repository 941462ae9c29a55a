package org.ipjoin.peers;

import static org.apache.spark.sql.functions.broadcast;
import static org.apache.spark.sql.functions.coalesce;
import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.concat;
import static org.apache.spark.sql.functions.explode;
import static org.apache.spark.sql.functions.lit;
import static org.apache.spark.sql.functions.sequence;
import static org.apache.spark.sql.functions.split;
import static org.apache.spark.sql.functions.when;

import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * ipjoin's joins in Spark local mode ({@code local[N]}), written as a Spark user would with the
 * DataFrame API: logs read as text, the client IP the first space-separated field, turned into a
 * number with {@code split} and casts, the list broadcast. The exact-address join is a broadcast
 * left-semi join on the number; the range join a broadcast left join on {@code ip BETWEEN lo AND hi}
 * ({@code --join between}: Spark can only run it as a broadcast nested-loop join, every log line
 * against every range), or, as users do to avoid that, on the /16 bucket of the address plus the
 * {@code BETWEEN} ({@code --join bucket}: each range exploded into the /16 buckets it touches, an
 * equi-join then the check). Output: a directory of part files, lines as they are.
 * Prints {@code peer=spark ... millis=N}: session start and the job, JVM start excluded.
 */
public final class SparkJoin {

  public static void main(String[] args) {
    PeerOptions options;
    try {
      options = PeerOptions.parse("SparkJoin", args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    long started = System.nanoTime();
    SparkSession spark = SparkSession.builder()
        .master("local[" + options.threads() + "]")
        .appName("ipjoin-peer")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", String.valueOf(options.threads()))
        .getOrCreate();
    try {
      run(spark, options);
    } finally {
      spark.stop();
    }
    long millis = (System.nanoTime() - started) / 1_000_000;
    System.out.println("peer=spark mode=" + options.mode() + " join=" + options.join() + " threads="
        + options.threads() + " millis=" + millis);
  }

  static void run(SparkSession spark, PeerOptions options) {
    Dataset<Row> logs = spark.read().text(options.logs())
        .withColumn("ip", ipv4Number(split(col("value"), " ").getItem(0)));
    Dataset<Row> out;
    if (options.mode().equals("match")) {
      Dataset<Row> list = spark.read().text(options.list()).select(ipv4Number(col("value")).as("address"));
      out = logs.join(broadcast(list), logs.col("ip").equalTo(list.col("address")), "left_semi").select("value");
    } else {
      Dataset<Row> text = spark.read().text(options.list());
      Column range = split(text.col("value"), "\t");
      Dataset<Row> ranges = text.select(
          ipv4Number(split(range.getItem(0), "-").getItem(0)).as("lo"),
          ipv4Number(split(range.getItem(0), "-").getItem(1)).as("hi"),
          range.getItem(1).as("label"));
      Column inRange = col("ip").between(col("lo"), col("hi"));
      Dataset<Row> joined;
      if (options.join().equals("bucket")) {
        Dataset<Row> bucketed = ranges.withColumn("bucket",
            explode(sequence(col("lo").divide(65536).cast("long"), col("hi").divide(65536).cast("long"))));
        joined = logs.withColumn("ip_bucket", col("ip").divide(65536).cast("long"))
            .join(broadcast(bucketed), col("ip_bucket").equalTo(col("bucket")).and(inRange), "left");
      } else {
        joined = logs.join(broadcast(ranges), inRange, "left");
      }
      Column tag = when(col("ip").isNull(), lit("-")).otherwise(coalesce(col("label"), lit("0")));
      out = joined.select(concat(col("value"), lit("\t"), tag).as("value"));
    }
    out.write().mode("errorifexists").text(options.output());
  }

  /** {@code a.b.c.d} as a number, null when a part is not a number from 0 to 255. */
  static Column ipv4Number(Column address) {
    Column parts = split(address, "\\.");
    Column number = lit(0L);
    for (int i = 0; i < 4; i++) {
      Column part = parts.getItem(i).cast("int");
      number = when(part.between(0, 255), number.multiply(256).plus(part));
    }
    return when(functionsSize(parts).equalTo(4), number);
  }

  private static Column functionsSize(Column array) {
    return org.apache.spark.sql.functions.size(array);
  }
}
