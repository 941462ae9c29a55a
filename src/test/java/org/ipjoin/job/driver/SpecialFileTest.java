package org.ipjoin.job.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which local paths are no data files, classified from real files of each kind by their stat(2)
 * type without opening them (opening a FIFO without a writer would block): the driver's checks of
 * inputs and indexes rely on this before any open.
 */
class SpecialFileTest {

  @TempDir Path dir;

  @Test
  void pipesSocketsAndDevicesAreNamedRegularFilesAndFoldersAreNot() throws Exception {
    Path fifo = dir.resolve("fifo");
    Process p = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
    assertEquals(0, p.waitFor());
    Path socket = dir.resolve("socket");
    Path file = Files.writeString(dir.resolve("file.log"), "8.8.8.8 x\n");
    Path link = Files.createSymbolicLink(dir.resolve("link-to-fifo"), fifo);
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket));
      assertEquals("a named pipe (FIFO)", SpecialFile.kind(fifo));
      assertEquals("a named pipe (FIFO)", SpecialFile.kind(link), "links are followed");
      assertEquals("a socket", SpecialFile.kind(socket));
      assertEquals("a character device", SpecialFile.kind(Path.of("/dev/null")));
      assertNull(SpecialFile.kind(file));
      assertNull(SpecialFile.kind(dir));
      assertNull(SpecialFile.kind(dir.resolve("missing")));
      // Through Hadoop's local file system, as the driver asks.
      FileSystem local = FileSystem.getLocal(new Configuration());
      assertEquals("a named pipe (FIFO)", SpecialFile.kind(local,
          new org.apache.hadoop.fs.Path(fifo.toUri())));
      assertNull(SpecialFile.kind(local, new org.apache.hadoop.fs.Path(file.toUri())));
    }
  }
}
