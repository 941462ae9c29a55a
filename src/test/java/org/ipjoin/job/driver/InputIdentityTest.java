package org.ipjoin.job.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Telling input files apart on file systems that leave optional methods unimplemented. */
class InputIdentityTest {

  @TempDir Path dir;

  @Test
  void aRawLocalFileSystemTellsHardLinksApartByInodeWithoutAskingItsSchemeName() throws Exception {
    // RawLocalFileSystem leaves FileSystem.getScheme() unimplemented: asking it threw
    // UnsupportedOperationException and the driver died with a stack trace.
    Path log = Files.writeString(dir.resolve("access.log.1"), "a\n", StandardCharsets.US_ASCII);
    Path link = Files.createLink(dir.resolve("access.log"), log);
    Path other = Files.writeString(dir.resolve("error.log"), "a\n", StandardCharsets.US_ASCII);
    try (FileSystem fs = new RawLocalFileSystem()) {
      fs.initialize(FileSystem.getDefaultUri(new Configuration()), new Configuration());
      Object logKey = key(fs, log);
      assertEquals(logKey, key(fs, link));
      assertNotEquals(logKey, key(fs, other));
    }
  }

  private static Object key(FileSystem fs, Path file) throws Exception {
    return InputIdentity.of(fs, fs.getFileStatus(new org.apache.hadoop.fs.Path(file.toUri())));
  }
}
