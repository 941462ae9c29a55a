package org.ipjoin.index.builder;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.ipjoin.api.IpJoin;
import org.ipjoin.index.format.ListingHistory;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;
import org.ipjoin.testing.IndexReaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A history build opens each snapshot file once, whatever family its entries are: snapshots of
 * IPv4 entries, of IPv6 entries and of both, read through the local file system under a scheme
 * of its own that counts the opens of each file, give the history their lines say.
 */
class HistorySnapshotsReadOnceTest {

  /** The opens of each file through {@link CountingFileSystem}, by its path. */
  private static final Map<String, Integer> OPENS = new ConcurrentHashMap<>();

  @TempDir Path dir;

  @Test
  void eachSnapshotIsOpenedOnceWithIpv6EntriesAmongThem() throws Exception {
    Path folder = Files.createDirectory(dir.resolve("snapshots"));
    Files.writeString(folder.resolve("2026-01-01.txt"), "10.0.0.1\tx\n2001:db8::1\ta\n");
    Files.writeString(folder.resolve("2026-01-02.txt"), "2001:db8::1\tb\n10.0.0.1\tx\n");
    Files.writeString(folder.resolve("2026-01-03.txt"), "2001:db8::2\n");
    Files.writeString(folder.resolve("2026-01-04.txt"), "10.0.0.2\n");
    Configuration conf = new Configuration();
    conf.setClass("fs." + CountingFileSystem.SCHEME + ".impl", CountingFileSystem.class,
        org.apache.hadoop.fs.FileSystem.class);
    conf.setBoolean("fs." + CountingFileSystem.SCHEME + ".impl.disable.cache", true);
    Path index = dir.resolve("history.ipidx");
    IpJoin.buildIndex(conf).input(CountingFileSystem.SCHEME + "://" + folder.toUri().getPath())
        .output(index.toString()).asOfFromFile("(\\d{4}-\\d{2}-\\d{2})\\.txt").run();

    Map<String, Integer> expected = new TreeMap<>();
    for (String day : new String[] {"01", "02", "03", "04"}) {
      expected.put(folder.resolve("2026-01-" + day + ".txt").toUri().getPath(), 1);
    }
    assertEquals(expected, new TreeMap<>(OPENS));

    LoadedIndex loaded = IndexReaders.viaFileSystem(index, true);
    ListingHistory history = loaded.history();
    assertEquals(4, history.entries());
    assertEquals("10.0.0.1", Ipv4Codec.format(loaded.index().start(0)));
    assertArrayEquals(new int[] {0, 2}, history.periods(0));
    assertEquals("10.0.0.2", Ipv4Codec.format(loaded.index().start(1)));
    assertArrayEquals(new int[] {3, 4}, history.periods(1));
    assertEquals(1L, Ipv6Codec.toAddress(loaded.index6().startLo(0)));
    // A label changed: two periods of one entry.
    assertArrayEquals(new int[] {0, 1, 1, 2}, history.periods(2));
    assertEquals(2L, Ipv6Codec.toAddress(loaded.index6().startLo(1)));
    assertArrayEquals(new int[] {2, 3}, history.periods(3));
  }

  /** The local file system as scheme {@code countopens:}, counting the opens of each file. */
  public static final class CountingFileSystem extends RawLocalFileSystem {
    static final String SCHEME = "countopens";

    @Override
    public URI getUri() {
      return URI.create(SCHEME + ":///");
    }

    @Override
    public String getScheme() {
      return SCHEME;
    }

    @Override
    public FSDataInputStream open(org.apache.hadoop.fs.Path f, int bufferSize)
        throws IOException {
      OPENS.merge(f.toUri().getPath(), 1, Integer::sum);
      return super.open(f, bufferSize);
    }
  }
}
