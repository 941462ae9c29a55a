package org.ipjoin.job.task;

import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.ipjoin.BuiltIndexes;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.job.input.LineBlock;
import org.ipjoin.job.locate.ChainRule;
import org.ipjoin.job.locate.ClientIpLocators;

/**
 * A rough timing, not a test: the map task's per-call work ({@link RecordColumns}: find and parse
 * each column's address, look each column up in the index, read each record's label ids) over
 * generated JSON or whitespace lines in 1 MiB blocks, one address column against two (each column's
 * locator made alone, and the columns' locators as the task makes them, {@link
 * ClientIpLocators#fromSpecs}: JSON columns in one pass), in alternating rounds. Run with
 * {@code java -cp target/classes:target/test-classes:$(cat cp.txt)
 * org.ipjoin.job.task.ClientColumnsTiming json|ws LINES ROUNDS}.
 */
public final class ClientColumnsTiming {

  private ClientColumnsTiming() {}

  public static void main(String[] args) throws Exception {
    boolean json = args.length == 0 || args[0].equals("json");
    int lines = args.length > 1 ? Integer.parseInt(args[1]) : 400_000;
    int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 9;
    Random random = new Random(42);
    Path dir = Files.createTempDirectory("client-columns-timing");
    // A list of 100,000 addresses; records whose addresses are listed about half the time.
    int[] listed = new int[100_000];
    StringBuilder list = new StringBuilder();
    for (int i = 0; i < listed.length; i++) {
      listed[i] = random.nextInt();
      list.append(dotted(listed[i])).append('\n');
    }
    Path text = dir.resolve("list.txt");
    Files.writeString(text, list);
    Path index = dir.resolve("list.ipidx");
    BuiltIndexes.write(text, index);
    LoadedIndex loaded = ReadPath.NIO.loader().load(index, true);
    Constructor<JoinedIndex> make = JoinedIndex.class.getDeclaredConstructor(String.class,
        LoadedIndex.class, List.class);
    make.setAccessible(true);
    JoinedIndex[] indexes = {make.newInstance("a", loaded, List.of())};

    List<LineBlock> blocks = new ArrayList<>();
    LineBlock block = new LineBlock();
    for (int i = 0; i < lines; i++) {
      String src = dotted(random.nextBoolean() ? listed[random.nextInt(listed.length)] : random.nextInt());
      String dst = dotted(random.nextBoolean() ? listed[random.nextInt(listed.length)] : random.nextInt());
      String line = json
          ? "{\"timestamp\":\"2017-01-26T20:16:58.270700+0000\",\"flow_id\":" + i
              + ",\"event_type\":\"flow\",\"src_ip\":\"" + src + "\",\"src_port\":38195,\"dest_ip\":\""
              + dst + "\",\"dest_port\":53,\"proto\":\"TCP\"}"
          : "2 123456789010 eni-1235b8ca123456789 " + src + " " + dst
              + " 20641 22 6 20 4249 1418530010 1418530070 ACCEPT OK";
      byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
      if (block.length() + bytes.length + 1 > 1 << 20) {
        blocks.add(block);
        block = new LineBlock();
      }
      block.append(bytes, bytes.length);
    }
    blocks.add(block);

    String first = json ? "json:src_ip" : "ws:4";
    String second = json ? "json:dest_ip" : "ws:5";
    RecordColumns one = new RecordColumns(List.of(ClientIpLocators.fromSpec(first)), indexes);
    RecordColumns two = new RecordColumns(List.of(ClientIpLocators.fromSpec(first),
        ClientIpLocators.fromSpec(second)), indexes);
    // The task's own locators: for json, both columns found in one pass over each record.
    RecordColumns pass = new RecordColumns(ClientIpLocators.fromSpecs(List.of(first, second),
        List.of(ChainRule.parse(ChainRule.DEFAULT), ChainRule.parse(ChainRule.DEFAULT))), indexes);
    long[] t1 = new long[rounds];
    long[] t2 = new long[rounds];
    long[] t3 = new long[rounds];
    long sink = 0;
    for (int r = 0; r < rounds; r++) {
      // Alternating, so that load on the machine falls on both alike.
      long start = System.nanoTime();
      sink += pass(one, blocks, 1);
      t1[r] = System.nanoTime() - start;
      start = System.nanoTime();
      sink += pass(two, blocks, 2);
      t2[r] = System.nanoTime() - start;
      start = System.nanoTime();
      sink += pass(pass, blocks, 2);
      t3[r] = System.nanoTime() - start;
    }
    java.util.Arrays.sort(t1);
    java.util.Arrays.sort(t2);
    java.util.Arrays.sort(t3);
    System.out.printf("%s, %,d lines, %d rounds: one column median %.1f ms (min %.1f), two columns"
        + " median %.1f ms (min %.1f): ratio of medians %.2f, of minima %.2f (%d)%n",
        json ? "json" : "ws", lines, rounds, t1[rounds / 2] / 1e6, t1[0] / 1e6,
        t2[rounds / 2] / 1e6, t2[0] / 1e6, (double) t2[rounds / 2] / t1[rounds / 2],
        (double) t2[0] / t1[0], sink);
    System.out.printf("two columns as the task reads them (json: one pass) median %.1f ms (min %.1f):"
        + " ratio of medians %.2f, of minima %.2f%n", t3[rounds / 2] / 1e6, t3[0] / 1e6,
        (double) t3[rounds / 2] / t1[rounds / 2], (double) t3[0] / t1[0]);
  }

  private static long pass(RecordColumns columns, List<LineBlock> blocks, int n) {
    int[] labelIds = new int[n];
    long listed = 0;
    for (LineBlock b : blocks) {
      columns.read(b);
      columns.lookUp();
      for (int i = 0, records = columns.records().records(); i < records; i++) {
        columns.labelIds(i, labelIds);
        for (int id : labelIds) {
          listed += id >= 0 ? 1 : 0;
        }
      }
    }
    return listed;
  }

  private static String dotted(int a) {
    return (a >>> 24) + "." + ((a >>> 16) & 255) + "." + ((a >>> 8) & 255) + "." + (a & 255);
  }
}
