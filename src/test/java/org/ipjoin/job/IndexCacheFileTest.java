package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The three ways a task finds its index, on real files. */
class IndexCacheFileTest {

  @TempDir Path dir;
  private Path index;
  private Path workDir;

  @BeforeEach
  void files() throws IOException {
    index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, "8.8.8.8");
    workDir = Files.createDirectory(dir.resolve("task-work"));
  }

  /**
   * Bytes reach a task checksummed end to end from HDFS (its block checksums, verified as the file
   * is localised) or as the file the driver read, opened in place by the local runner; a
   * {@code file:} index on a cluster node or an object store is not vouched for.
   */
  @Test
  void onlyHdfsAndTheLocalRunnersInPlaceFilesComeChecksummed() {
    Configuration conf = new Configuration(false);
    assertTrue(IndexCacheFile.checkedInTransit(URI.create("hdfs://nn:8020/l/ips.ipidx#ipindex"), conf));
    assertTrue(IndexCacheFile.checkedInTransit(URI.create("HDFS://nn/l/ips.ipidx#ipindex"), conf));
    assertFalse(IndexCacheFile.checkedInTransit(URI.create(index.toUri() + "#ipindex"), conf));
    assertFalse(IndexCacheFile.checkedInTransit(URI.create("s3a://bucket/ips.ipidx#ipindex"), conf));
    conf.set("fs.defaultFS", "hdfs://nn:8020");
    assertTrue(IndexCacheFile.checkedInTransit(URI.create("/l/ips.ipidx#ipindex"), conf));
    conf.set("fs.defaultFS", "file:///");
    assertFalse(IndexCacheFile.checkedInTransit(URI.create("/l/ips.ipidx#ipindex"), conf));
    URI inPlace = URI.create(index.toUri() + "#ipindex");
    IndexCacheFile.setInPlace(conf, java.util.List.of(inPlace));
    assertTrue(IndexCacheFile.checkedInTransit(inPlace, conf));
  }

  @Test
  void findsTheFileWithTheIpindexFragment() throws IOException {
    URI other = URI.create("file:///x/y.jar#y");
    URI wanted = URI.create(index.toUri() + "#ipindex");
    assertEquals(wanted, IndexCacheFile.find(new URI[] {other, wanted}));
    IOException e = assertThrows(IOException.class, () -> IndexCacheFile.find(new URI[] {other}));
    assertTrue(e.getMessage().contains("#ipindex") && e.getMessage().contains("y.jar"), e.getMessage());
    assertThrows(IOException.class, () -> IndexCacheFile.find(null));
  }

  @Test
  void eachIndexOfAJoinIsFoundByItsOwnLinkName() throws IOException {
    URI first = URI.create(index.toUri() + "#ipindex");
    URI second = URI.create(dir.resolve("dc.ipidx").toUri() + "#ipindex-1");
    URI[] files = {second, first};
    assertEquals(first, IndexCacheFile.find(files, JoinIndexes.linkName(0)));
    assertEquals(second, IndexCacheFile.find(files, JoinIndexes.linkName(1)));
    IOException e = assertThrows(IOException.class,
        () -> IndexCacheFile.find(files, JoinIndexes.linkName(2)));
    assertTrue(e.getMessage().contains("#ipindex-2"), e.getMessage());
  }

  @Test
  void aLocalFileUriWinsOverAStaleLinkInTheWorkingDirectory() throws IOException {
    Files.writeString(workDir.resolve("ipindex"), "stale leftover from an earlier job");
    IndexCacheFile.Local local = IndexCacheFile.localize(
        URI.create(index.toUri() + "#ipindex"), new Configuration(), workDir);
    assertEquals(index, local.path());
    assertFalse(local.temporary());
  }

  @Test
  void aSchemelessPathIsLocalWhenTheDefaultFileSystemIs() throws IOException {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    IndexCacheFile.Local local =
        IndexCacheFile.localize(URI.create(index + "#ipindex"), conf, workDir);
    assertEquals(index, local.path());
  }

  @Test
  void aRemoteFileIsReadThroughTheLinkWhenThereIsOne() throws IOException {
    Path link = Files.copy(index, workDir.resolve("ipindex"));
    // No NameNode is contacted: the link is used before any FileSystem is.
    IndexCacheFile.Local local = IndexCacheFile.localize(
        URI.create("hdfs://namenode.invalid:8020/lists/ips.ipidx#ipindex"), new Configuration(), workDir);
    assertEquals(link, local.path());
    assertFalse(local.temporary());
  }

  @Test
  void aRemoteFileWithoutALinkIsCopiedToATemporaryFile() throws IOException {
    Configuration conf = new Configuration();
    conf.setClass("fs.ipjointest.impl", OtherSchemeFileSystem.class, org.apache.hadoop.fs.FileSystem.class);
    conf.setBoolean("fs.ipjointest.impl.disable.cache", true);
    URI remote = URI.create("ipjointest://" + index.toUri().getPath() + "#ipindex");
    IndexCacheFile.Local local = IndexCacheFile.localize(remote, conf, workDir);
    try {
      assertTrue(local.temporary());
      assertTrue(local.how().startsWith("copied from ipjointest:"), local.how());
      assertArrayEquals(Files.readAllBytes(index), Files.readAllBytes(local.path()));
    } finally {
      Files.deleteIfExists(local.path());
    }
  }

  /** The local disk under another scheme: a stand-in for HDFS with no symlink (as under MRUnit). */
  public static class OtherSchemeFileSystem extends RawLocalFileSystem {
    @Override
    public URI getUri() {
      return URI.create("ipjointest:///");
    }

    @Override
    public String getScheme() {
      return "ipjointest";
    }
  }
}
