package org.ipjoin.job.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.cli.ipindex.IndexTools;
import org.ipjoin.testing.IpJoinRun;

/**
 * What the table job tests share (Parquet, ORC and Avro, on the local runner and on MiniYARN):
 * the rows of the committed tables of src/test/resources/tables as the formulas of the README
 * files there make them ({@link Rows}: each row's address columns, their status and the address
 * they hold), the list of the listed addresses built into an index, and runs of the driver on
 * the local runner. Expected values come from the formulas and a HashSet of the listed
 * addresses, never from ipjoin's parsing or lookup.
 */
public final class TableJobFixture {

  /** What a row's address column holds. */
  public enum Status {
    LISTED, UNLISTED, NONE, MALFORMED;

    /** The tag column's value for it: 1 listed, 0 not (or no address), - malformed. */
    public String tag() {
      return switch (this) {
        case LISTED -> "1";
        case UNLISTED, NONE -> "0";
        case MALFORMED -> "-";
      };
    }
  }

  /** The rows of a committed table by the formula that made them: ids 0 to {@link #count}-1. */
  public interface Rows {
    int count();

    /** The status of row {@code id}'s address column {@code column} (client, num or raw). */
    Status status(String column, long id);

    /** The text of row {@code id}'s {@code client} column (null when it is null). */
    String client(long id);

    /** The address row {@code id}'s columns hold, as text (null: none, or malformed). */
    String address(long id);

    /** The addresses of the rows whose {@code client} is listed. */
    default Set<String> listed() {
      Set<String> listed = new HashSet<>();
      for (long id = 0; id < count(); id++) {
        if (status("client", id) == Status.LISTED) {
          listed.add(address(id));
        }
      }
      return listed;
    }

    /** The ids whose {@code column} has one of {@code statuses}. */
    default Set<Long> ids(String column, Status... statuses) {
      Set<Long> ids = new HashSet<>();
      for (long id = 0; id < count(); id++) {
        if (List.of(statuses).contains(status(column, id))) {
          ids.add(id);
        }
      }
      return ids;
    }

    /** What a count job over {@code column} writes: each listed address, how many rows hold it. */
    default Map<InetAddress, Long> counts(String column) {
      Map<InetAddress, Long> counts = new HashMap<>();
      for (long id = 0; id < count(); id++) {
        if (status(column, id) == Status.LISTED) {
          counts.merge(inet(address(id)), 1L, Long::sum);
        }
      }
      return counts;
    }
  }

  /**
   * The ORC README's formula (orc/a.orc and b.orc, ids 0–7999; orc/binary.orc, ids 0–2999; the
   * Parquet files, README.md): {@code kind = id % 10}. Its {@code raw} column holds the address
   * in 16 bytes (IPv4 mapped) and null for the malformed kind 6 ({@code a.orc}), or, with {@code
   * rawOfFourBytes}, IPv4 in 4 bytes (kind 7 mapped in 16) and three bytes for kind 6, malformed
   * ({@code binary.orc}, the Parquet files).
   */
  public static Rows tenKinds(int count, boolean rawOfFourBytes) {
    return new TenKinds(count, rawOfFourBytes);
  }

  /** The Avro README's formula (avro-a.avro, ids 0–1999; avro-b.avro, 2000–2999): kind = id % 8. */
  public static Rows eightKinds(int count) {
    return new EightKinds(count);
  }

  private record TenKinds(int count, boolean rawOfFourBytes) implements Rows {
    private static String v4(int i) {
      return "10." + (i >> 8 & 255) + "." + (i & 255) + "." + (1 + i / 65536);
    }

    private static String v4Unlisted(int i) {
      return "192.0." + (i >> 8 & 255) + "." + (i & 255);
    }

    private static String v6(int i) {
      return "2001:db8::" + hex(i);
    }

    private static String v6Unlisted(int i) {
      return "2001:db8:ffff::" + hex(i);
    }

    /** {@code i} (below 65536) as ClickHouse's hex writes a UInt16: no leading zero byte. */
    private static String hex(int i) {
      return String.format(i < 256 ? "%02x" : "%04x", i);
    }

    @Override
    public String client(long id) {
      int i = (int) id;
      return switch (i % 10) {
        case 0, 1 -> v4(i);
        case 2 -> v4Unlisted(i);
        case 3 -> v6(i);
        case 4 -> v6Unlisted(i);
        case 5 -> null;
        case 6 -> "not-an-ip";
        case 7 -> v4(i) + ":8080";
        case 8 -> "[" + v6(i) + "]:443";
        default -> v6(i) + "%eth0";
      };
    }

    @Override
    public String address(long id) {
      int i = (int) id;
      return switch (i % 10) {
        case 0, 1, 7 -> v4(i);
        case 2 -> v4Unlisted(i);
        case 3, 8, 9 -> v6(i);
        case 4 -> v6Unlisted(i);
        default -> null;
      };
    }

    @Override
    public Status status(String column, long id) {
      int kind = (int) (id % 10);
      return switch (kind) {
        case 0, 1, 3, 7, 8, 9 -> column.equals("num") && (kind == 3 || kind > 7) ? Status.NONE
            : Status.LISTED;
        case 2 -> Status.UNLISTED;
        case 4 -> column.equals("num") ? Status.NONE : Status.UNLISTED;
        case 5 -> Status.NONE;
        default -> column.equals("client") || column.equals("raw") && rawOfFourBytes
            ? Status.MALFORMED : Status.NONE;
      };
    }
  }

  private record EightKinds(int count) implements Rows {
    @Override
    public String address(long id) {
      int kind = (int) (id % 8);
      String b = (id / 256 % 256) + "." + (id % 256);
      return switch (kind) {
        case 0, 7 -> "10." + b + ".1";
        case 1 -> "172.16." + b;
        case 2 -> "192.0." + b;
        case 3 -> "2001:db8::" + id;
        case 4 -> "2001:db8:ffff::" + id;
        default -> null;
      };
    }

    @Override
    public String client(long id) {
      return switch ((int) (id % 8)) {
        case 5 -> null;
        case 6 -> "not-an-ip";
        case 7 -> address(id) + ":8080";
        default -> address(id);
      };
    }

    @Override
    public Status status(String column, long id) {
      int kind = (int) (id % 8);
      Status text = switch (kind) {
        case 0, 1, 3, 7 -> Status.LISTED;
        case 2, 4 -> Status.UNLISTED;
        case 5 -> Status.NONE;
        default -> Status.MALFORMED;
      };
      boolean v4Row = kind == 0 || kind == 1 || kind == 2 || kind == 7;
      return switch (column) {
        case "num" -> v4Row ? text : Status.NONE;
        case "raw" -> address(id) == null ? Status.NONE : text;
        default -> text;
      };
    }
  }

  private static InetAddress inet(String address) {
    try {
      return InetAddress.getByName(address);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private final Path dir;
  private final Path index;

  private TableJobFixture(Path dir, Path index) {
    this.dir = dir;
    this.index = index;
  }

  /**
   * {@code listed} and two listed addresses no row holds (the index is more than the rows'
   * addresses): the list a job of these tests joins against.
   */
  public static List<String> list(Set<String> listed) {
    List<String> list = new ArrayList<>(listed);
    list.add("203.0.113.9");
    list.add("2001:db8:1::1");
    return list;
  }

  /** Writes {@link #list} of {@code listed} into {@code dir}/ips.txt and builds ips.ipidx of it. */
  public static TableJobFixture withList(Path dir, Set<String> listed) throws Exception {
    Path text = Files.write(dir.resolve("ips.txt"), list(listed), StandardCharsets.UTF_8);
    Path index = dir.resolve("ips.ipidx");
    assertEquals(0, IndexTools.run(new Configuration(), new String[] {"build", "--input",
        text.toString(), "--output", index.toString(), "--quiet"}));
    return new TableJobFixture(dir, index);
  }

  /** The index of the list: the tag columns are named {@code ips}. */
  public Path index() {
    return index;
  }

  /** Where the runs write: {@code --output} {@code dir/NAME}. */
  public Path output(String name) {
    return dir.resolve(name);
  }

  /**
   * Runs the driver on the local runner over {@code in}: {@code extra}, then {@code --index} of
   * the list (unless {@code extra} names one), {@code --input in} and {@code --output} {@link
   * #output}{@code (name)}; Hadoop's staging root is a fresh folder, absent after a run that
   * submitted nothing.
   */
  public IpJoinRun run(String name, Path in, String... extra) throws Exception {
    List<String> args = new ArrayList<>(List.of(extra));
    if (!args.contains("--index")) {
      args.addAll(List.of("--index", index.toString()));
    }
    args.addAll(List.of("--input", in.toString(), "--output", output(name).toString()));
    Path staging = Files.createTempDirectory(dir, "_mr-staging").resolve("root");
    return IpJoinRun.local(staging, args);
  }

  /**
   * A tag job over {@code in} whose tag column ({@code client}, the index's name) is also a
   * column of the input, {@code --format format}: it fails (exit 1) with a last line holding
   * {@code reason}, and publishes nothing, instead of writing a table with two columns of one
   * name.
   */
  public void assertTagColumnNamedAsAnInputColumnFails(Path in, String format, String reason)
      throws Exception {
    IpJoinRun run = run("collision", in, "--mode", "tag", "--format", format, "--index",
        "client=" + index);
    assertEquals(1, run.exitCode(), run.errLines().toString());
    assertTrue(run.errLines().get(run.errLines().size() - 1).contains(reason),
        run.errLines().toString());
    assertFalse(Files.exists(output("collision")));
  }

  /** Copies the committed file {@code tables/PATH} into folder {@code to}, under its name. */
  public static Path copy(String path, Path to) throws IOException {
    Path target = to.resolve(Path.of(path).getFileName().toString());
    try (InputStream in = TableJobFixture.class.getResourceAsStream("/tables/" + path)) {
      assertNotNull(in, "tables/" + path);
      Files.createDirectories(to);
      Files.copy(in, target);
    }
    return target;
  }
}
