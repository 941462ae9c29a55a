package org.ipjoin.job.localfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The fork-free local file system against Hadoop's own on real files: every permission it sets is
 * the one Hadoop's {@code chmod} sets, and every status it reads (permission, owner, group, sizes,
 * times, path) is the one Hadoop reads with {@code ls -ld}, for files, directories, symbolic links,
 * dangling links and missing files, through {@link FileSystem} and {@link FileContext}.
 */
class PosixLocalFileSystemTest {

  @TempDir java.nio.file.Path dir;
  private final Configuration conf = new Configuration(false);
  private FileSystem posix;
  private FileSystem hadoop;

  @BeforeEach
  void fileSystems() throws IOException {
    posix = new PosixLocalFileSystem();
    posix.initialize(FileSystem.getDefaultUri(conf), conf);
    hadoop = new LocalFileSystem();
    hadoop.initialize(FileSystem.getDefaultUri(conf), conf);
    Files.writeString(dir.resolve("a.txt"), "twelve bytes", StandardCharsets.UTF_8);
    Files.createDirectories(dir.resolve("sub/deeper"));
    Files.writeString(dir.resolve("sub/b.log"), "b", StandardCharsets.UTF_8);
    Files.createSymbolicLink(dir.resolve("link"), dir.resolve("a.txt"));
    Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("nowhere"));
  }

  private Path path(String name) {
    return new Path(dir.resolve(name).toUri());
  }

  @ParameterizedTest
  @ValueSource(shorts = {0644, 0600, 0755, 0700, 0444, 0000, 0777, 0640, 0751, 01777, 01755})
  void setsThePermissionHadoopsChmodSets(short mode) throws IOException {
    Files.writeString(dir.resolve("p.txt"), "p");
    Files.writeString(dir.resolve("h.txt"), "h");
    posix.setPermission(path("p.txt"), new FsPermission(mode));
    hadoop.setPermission(path("h.txt"), new FsPermission(mode));
    assertEquals(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("h.txt"))),
        PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("p.txt"))));
    assertEquals(hadoop.getFileStatus(path("h.txt")).getPermission(),
        posix.getFileStatus(path("p.txt")).getPermission());
    assertEquals(new FsPermission(mode), posix.getFileStatus(path("p.txt")).getPermission());
  }

  @ParameterizedTest
  @ValueSource(strings = {"a.txt", "sub", "sub/deeper", "sub/b.log", "link", ""})
  void readsTheStatusHadoopReads(String name) throws IOException {
    assertSameStatus(hadoop.getFileStatus(path(name)), posix.getFileStatus(path(name)));
    assertSameStatus(hadoop.getFileLinkStatus(path(name)), posix.getFileLinkStatus(path(name)));
  }

  @Test
  void aDirectoryOfSticky01777ReadsAsHadoopReadsIt() throws IOException {
    hadoop.setPermission(path("sub"), new FsPermission((short) 01777));
    assertSameStatus(hadoop.getFileStatus(path("sub")), posix.getFileStatus(path("sub")));
    assertEquals(new FsPermission((short) 01777), posix.getFileStatus(path("sub")).getPermission());
  }

  @Test
  void listsWhatHadoopLists() throws IOException {
    for (String name : List.of("", "sub", "a.txt")) {
      FileStatus[] expected = sorted(hadoop.listStatus(path(name)));
      FileStatus[] actual = sorted(posix.listStatus(path(name)));
      assertEquals(expected.length, actual.length, name);
      for (int i = 0; i < expected.length; i++) {
        assertSameStatus(expected[i], actual[i]);
      }
    }
  }

  @Test
  void aMissingFileOrDanglingLinkFailsAsInHadoop() throws IOException {
    assertThrows(FileNotFoundException.class, () -> hadoop.getFileStatus(path("missing")));
    assertThrows(FileNotFoundException.class, () -> posix.getFileStatus(path("missing")));
    assertThrows(FileNotFoundException.class, () -> hadoop.getFileStatus(path("dangling")));
    assertThrows(FileNotFoundException.class, () -> posix.getFileStatus(path("dangling")));
    FileNotFoundException hl = assertThrows(FileNotFoundException.class,
        () -> hadoop.getFileLinkStatus(path("dangling")));
    FileNotFoundException pl = assertThrows(FileNotFoundException.class,
        () -> posix.getFileLinkStatus(path("dangling")));
    assertEquals(hl.getMessage(), pl.getMessage());
    IOException h = assertThrows(IOException.class,
        () -> hadoop.setPermission(path("missing"), new FsPermission((short) 0644)));
    IOException p = assertThrows(IOException.class,
        () -> posix.setPermission(path("missing"), new FsPermission((short) 0644)));
    assertEquals(h.getClass(), p.getClass());
    assertEquals(h.getMessage(), p.getMessage());
  }

  @Test
  void filesCreatedWithAPermissionGetIt() throws IOException {
    FsPermission mode = new FsPermission((short) 0640);
    try (FSDataOutputStream out = posix.create(path("made.txt"), mode, true, 4096, (short) 1,
        1 << 20, null)) {
      out.writeBytes("made");
    }
    assertEquals("rw-r-----",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("made.txt"))));
    assertTrue(posix.mkdirs(path("made/dir"), new FsPermission((short) 0700)));
    assertEquals("rwx------",
        PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("made/dir"))));
    assertSameStatus(hadoop.getFileStatus(path("made.txt")), posix.getFileStatus(path("made.txt")));
  }

  @Test
  void fileContextOverItAnswersAsHadoopsLocalFs() throws Exception {
    Configuration withPosix = new Configuration(false);
    withPosix.set("fs.AbstractFileSystem.file.impl", PosixLocalFs.class.getName());
    FileContext p = FileContext.getFileContext(FileSystem.getDefaultUri(withPosix), withPosix);
    FileContext h = FileContext.getLocalFSFileContext(new Configuration());
    p.setPermission(path("a.txt"), new FsPermission((short) 0604));
    for (String name : List.of("a.txt", "sub", "link")) {
      assertSameStatus(h.getFileStatus(path(name)), p.getFileStatus(path(name)));
      assertSameStatus(h.getFileLinkStatus(path(name)), p.getFileLinkStatus(path(name)));
    }
    assertEquals(h.getServerDefaults(path("a.txt")).getBlockSize(),
        p.getServerDefaults(path("a.txt")).getBlockSize());
  }

  private static FileStatus[] sorted(FileStatus[] statuses) {
    FileStatus[] copy = statuses.clone();
    Arrays.sort(copy, Comparator.comparing(s -> s.getPath().toString()));
    return copy;
  }

  private static void assertSameStatus(FileStatus expected, FileStatus actual) throws IOException {
    String what = expected.getPath().toString();
    assertEquals(expected.getPath(), actual.getPath(), what);
    assertEquals(expected.getLen(), actual.getLen(), what);
    assertEquals(expected.isDirectory(), actual.isDirectory(), what);
    assertEquals(expected.isSymlink(), actual.isSymlink(), what);
    if (expected.isSymlink()) {
      assertEquals(expected.getSymlink(), actual.getSymlink(), what);
    }
    assertEquals(expected.getReplication(), actual.getReplication(), what);
    assertEquals(expected.getBlockSize(), actual.getBlockSize(), what);
    assertEquals(expected.getModificationTime(), actual.getModificationTime(), what);
    assertEquals(expected.getAccessTime(), actual.getAccessTime(), what);
    assertEquals(expected.getPermission(), actual.getPermission(), what);
    assertEquals(expected.getOwner(), actual.getOwner(), what);
    assertEquals(expected.getGroup(), actual.getGroup(), what);
  }
}
