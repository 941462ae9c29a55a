package org.ipjoin.job.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.api.IpJoin;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.load.VerifyReader;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The driver's task heap estimate ({@link ReadPath#taskHeapBytes}, from the header as the driver
 * reads it) against what a load really holds ({@link LoadedIndex#heapBytes}), for indexes of every
 * section kind built here from generated lists, loaded on every read path: never below, and at
 * most 1 KiB above (the attribute names' allowance), plus the IPv4 lookup directory for {@code
 * mmap-direct} (counted for the full load's own copy, which the loaded lookup does not keep). A
 * text list, read by the {@code text} path: never below what its lookup holds, at most the
 * list's length above.
 */
class TaskHeapEstimateTest {

  @TempDir Path dir;

  /** The indexes built: one per group of section kinds. */
  enum Shape {
    /** Exact IPv4 addresses: starts and the lookup directory. */
    PLAIN,
    /** IPv4 ranges with labels: ends, label ids, the label dictionary. */
    RANGES_LABELS,
    /** The compact layout, with sparse and dense buckets. */
    COMPACT,
    /** IPv4 and IPv6 addresses and ranges with labels: every IPv6 section. */
    IPV6,
    /** IPv6 ranges only, no labels: short lines for 32 bytes of keys each. */
    IPV6_RANGES,
    /** A history of snapshots of addresses of both families, no labels. */
    HISTORY,
    /**
     * A history whose labels are two named attributes that change between snapshots: attribute
     * names, and label ids stored in 2 bytes, widened to 4 on the heap.
     */
    HISTORY_ATTRIBUTES
  }

  @ParameterizedTest
  @EnumSource(Shape.class)
  void theEstimateCoversWhatEveryReadPathHolds(Shape shape) throws Exception {
    Path index = build(shape);
    VerifyReader.HeaderRead head = VerifyReader.readHeader(
        FileSystem.getLocal(new Configuration()), new org.apache.hadoop.fs.Path(index.toUri()));
    IndexHeader header = head.header();
    boolean history = shape == Shape.HISTORY || shape == Shape.HISTORY_ATTRIBUTES;
    assertEquals(history, header.section(SectionKind.HISTORY) != null);
    // The whole-index check reports the same header, the checked history's snapshot count with it.
    VerifyReader.HeaderRead checked = VerifyReader.check(
        FileSystem.getLocal(new Configuration()), new org.apache.hadoop.fs.Path(index.toUri()), true);
    assertEquals(head, checked);
    for (ReadPath path : ReadPath.values()) {
      if (path.readsText()) {
        continue;
      }
      LoadedIndex loaded = path.loader().load(index, true);
      if (history) {
        assertEquals(loaded.history().snapshots(), head.historySnapshots(), path.toString());
        assertEquals(arrayBytes(loaded.history()), loaded.history().heapBytes(), path.toString());
      }
      long held = loaded.heapBytes();
      long estimate = path.taskHeapBytes(head);
      assertTrue(estimate >= held, shape + " " + path + ": estimate " + estimate + " below the "
          + held + " held");
      long directory = path.keepsKeysOffHeap() && header.section(SectionKind.V4_DIRECTORY) != null
          ? header.section(SectionKind.V4_DIRECTORY).length() : 0;
      assertTrue(estimate <= held + 1024 + directory, shape + " " + path
          + ": estimate " + estimate + ", held " + held);
    }
  }

  /** The text read path, over the lists the non-history indexes are built from. */
  @ParameterizedTest
  @EnumSource(value = Shape.class, names = {"PLAIN", "RANGES_LABELS", "IPV6", "IPV6_RANGES"})
  void aTextListIsEstimatedAtWhatItsLookupHoldsAndItsLength(Shape shape) throws Exception {
    Path list = list(shape);
    LoadedIndex loaded = ReadPath.TEXT.loader().load(list, true);
    long held = loaded.heapBytes();
    long estimate = ReadPath.textListHeapBytes(loaded);
    assertTrue(estimate >= held, shape + ": estimate " + estimate + " below the " + held
        + " held");
    assertTrue(estimate <= held + Files.size(list), shape + ": estimate " + estimate + ", held "
        + held + ", a list of " + Files.size(list) + " bytes");
  }

  /** The bytes of every array {@code history} refers to, counted from their lengths. */
  static long arrayBytes(ListingHistory history) throws IllegalAccessException {
    long bytes = 0;
    for (Field f : ListingHistory.class.getDeclaredFields()) {
      if (f.getType().isArray() && !java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
        f.setAccessible(true);
        Object array = f.get(history);
        Class<?> type = f.getType().getComponentType();
        int size = type == long.class ? 8 : type == int.class ? 4
            : type == char.class || type == short.class ? 2 : 1;
        bytes += (long) size * Array.getLength(array);
      }
    }
    return bytes;
  }

  private Path build(Shape shape) throws Exception {
    Path index = dir.resolve(shape.name().toLowerCase() + ".ipidx");
    var build = IpJoin.buildIndex(new Configuration()).output(index.toString());
    switch (shape) {
      case PLAIN, IPV6, IPV6_RANGES -> build.input(list(shape).toString());
      case RANGES_LABELS -> build.input(list(shape).toString()).labels("default");
      case COMPACT -> build.input(list(shape).toString()).layout("compact");
      case HISTORY -> build.input(snapshots(false).toString()).asOfFromFile(DATED);
      case HISTORY_ATTRIBUTES -> build.input(snapshots(true).toString()).asOfFromFile(DATED)
          .labels("asn=2,org=3");
    }
    build.run();
    return index;
  }

  /** A list of the shape, generated from a fixed seed. */
  private Path list(Shape shape) throws IOException {
    SplittableRandom random = new SplittableRandom(shape.ordinal() + 41);
    List<String> lines = new ArrayList<>();
    switch (shape) {
      case PLAIN -> {
        for (int i = 0; i < 20_000; i++) {
          lines.add(ipv4(random.nextInt()));
        }
      }
      case RANGES_LABELS -> {
        for (int i = 0; i < 5_000; i++) {
          lines.add(ipv4(random.nextInt() & 0xffffff00) + "/24\tlabel" + random.nextInt(300));
        }
      }
      case COMPACT -> {
        for (int i = 0; i < 20_000; i++) {
          lines.add(ipv4(random.nextInt()));
        }
        for (int i = 0; i < 9_000; i++) {
          lines.add(ipv4(0x0a000000 | random.nextInt(1 << 16))); // a dense bucket, 10.0/16
        }
      }
      case IPV6 -> {
        for (int i = 0; i < 3_000; i++) {
          lines.add(ipv4(random.nextInt()) + "\tv4-" + random.nextInt(50));
          lines.add(String.format("2001:db8:%x:%x::%x\tv6-%d", random.nextInt(1 << 16),
              random.nextInt(1 << 16), random.nextInt(1 << 16), random.nextInt(50)));
          lines.add(String.format("2001:%x:%x::/48\tnet-%d", 0xdb9 + random.nextInt(1 << 12),
              random.nextInt(1 << 16), random.nextInt(50)));
        }
      }
      case IPV6_RANGES -> random.ints(0, 1 << 16).distinct().limit(4_000)
          .forEach(net -> lines.add(String.format("2001:db8:%x::/48", net)));
      default -> throw new IllegalArgumentException(shape.toString());
    }
    Path list = dir.resolve(shape.name().toLowerCase() + ".txt");
    Files.write(list, lines);
    return list;
  }

  static final String DATED = "(\\d{4}-\\d{2}-\\d{2})\\.txt";

  /**
   * Five daily snapshots of one list: 6,000 IPv4 and 1,000 IPv6 addresses, each listed in a
   * snapshot with probability 3/4, so most entries have several periods; with {@code attributes},
   * an {@code asn} and {@code org} column whose org changes for some entries between days.
   */
  private Path snapshots(boolean attributes) throws IOException {
    Path folder = Files.createDirectories(dir.resolve(attributes ? "attributes" : "plain"));
    SplittableRandom random = new SplittableRandom(attributes ? 7 : 3);
    int[] v4 = random.ints(6_000).toArray();
    int[] v6 = random.ints(1_000, 0, 1 << 30).toArray();
    for (int day = 1; day <= 5; day++) {
      List<String> lines = new ArrayList<>();
      for (int i = 0; i < v4.length + v6.length; i++) {
        if (random.nextInt(4) == 0) {
          continue;
        }
        String ip = i < v4.length ? ipv4(v4[i])
            : String.format("2001:db8::%x:%x", v6[i - v4.length] >>> 16, v6[i - v4.length] & 0xffff);
        lines.add(attributes ? ip + "\tAS" + (64_496 + i % 40) + "\torg-" + (i % 7 == 0 ? day : 0)
            : ip);
      }
      Files.write(folder.resolve("2026-03-0" + day + ".txt"), lines);
    }
    return folder;
  }

  private static String ipv4(int key) {
    return (key >>> 24) + "." + (key >>> 16 & 255) + "." + (key >>> 8 & 255) + "." + (key & 255);
  }
}
