package org.ipjoin.tools;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.index.build.IndexBuilder;
import org.ipjoin.tools.IndexToolsTest.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ipindex sample}: the --ips bound, and outputs that appear whole or not at all. */
class SampleCommandTest {

  @TempDir Path dir;

  private List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  @Test
  void moreIpsThanThereAreIpv4AddressesIsRefused() {
    Path out = dir.resolve("ip.tsv");
    Run run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> IndexToolsTest.ipindex(
        "sample", "--ips", "4294967297", "--output", out.toString()));
    assertEquals(2, run.exit(), run.err());
    assertEquals("ipindex sample: --ips 4,294,967,297 is more than the 4,294,967,296 distinct IPv4"
        + " addresses there are\n", run.err());
    assertFalse(Files.exists(out));
  }

  /**
   * While the content is being written the real name does not exist (or still holds the old
   * file), only a hidden temporary beside it: a run killed at that point leaves no partial file
   * that looks like a list.
   */
  @Test
  void outputsAppearOnlyWhenWhole() throws Exception {
    FileSystem fs = IndexBuilder.withoutChecksumFiles(FileSystem.getLocal(new Configuration()));
    Path target = dir.resolve("ip.tsv");
    org.apache.hadoop.fs.Path hadoopTarget = new org.apache.hadoop.fs.Path(target.toString());
    SampleData data = new SampleData(7, 1000);
    ByteArrayOutputStream whole = new ByteArrayOutputStream();
    data.writeIpList(whole);

    IOException killed = assertThrows(IOException.class, () ->
        SampleCommand.writeAtomically(fs, hadoopTarget, false, out -> {
          out.write("10.0.0.1\n10.0.".getBytes(StandardCharsets.US_ASCII));
          out.flush();
          assertFalse(Files.exists(target), "the real name appears only when the file is whole");
          List<String> names = names();
          assertEquals(1, names.size(), names.toString());
          assertEquals(true, names.get(0).startsWith(".ip.tsv.tmp-"), names.toString());
          throw new IOException("killed");
        }));
    assertEquals("killed", killed.getMessage());
    assertEquals(List.of(), names(), "the temporary is removed after a failure");

    SampleCommand.writeAtomically(fs, hadoopTarget, false, data::writeIpList);
    assertArrayEquals(whole.toByteArray(), Files.readAllBytes(target));

    // Replacing: the old file stays whole under its name until the new one is renamed over it.
    byte[] old = Files.readAllBytes(target);
    SampleCommand.writeAtomically(fs, hadoopTarget, true, out -> {
      out.write("10.9.9.9\n".getBytes(StandardCharsets.US_ASCII));
      assertArrayEquals(old, Files.readAllBytes(target));
    });
    assertEquals("10.9.9.9\n", Files.readString(target));
    assertEquals(List.of("ip.tsv"), names());
  }

  @Test
  void anExistingLogsOutputIsRefusedBeforeTheListIsWritten() throws Exception {
    Path list = dir.resolve("ip.tsv");
    Path logs = Files.writeString(dir.resolve("access.log"), "old\n");
    Run run = IndexToolsTest.ipindex("sample", "--ips", "10", "--output", list.toString(),
        "--logs", logs.toString());
    assertEquals(2, run.exit(), run.err());
    assertEquals("ipindex sample: " + logs + " already exists; pass --overwrite to replace it\n",
        run.err());
    assertFalse(Files.exists(list), "nothing written");
  }
}
