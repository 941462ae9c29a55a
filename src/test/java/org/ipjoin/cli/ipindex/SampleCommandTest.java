package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.builder.IndexBuilder;
import org.ipjoin.testing.AddressText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ipindex sample}: the --ips bound, outputs that appear whole or not at all, and the IPv6
 * share of lists and logs.
 */
class SampleCommandTest {

  @TempDir Path dir;

  private List<String> names() throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /**
   * Refused before anything else is looked at: the output exists and no {@code --overwrite} is
   * given, so a run that got past the bound would stop on the existing output with another
   * message (rather than start on 2^32 + 1 distinct addresses), and the file stays as it was.
   */
  @Test
  void moreIpsThanThereAreIpv4AddressesIsRefused() throws Exception {
    Path out = Files.writeString(dir.resolve("ip.tsv"), "10.0.0.1\n");
    Run run = IndexToolsTest.ipindex("sample", "--ips", "4294967297", "--output", out.toString());
    assertEquals(2, run.exit(), run.err());
    assertEquals("ipindex sample: --ips 4,294,967,297 is more than the 4,294,967,296 distinct IPv4"
        + " addresses there are\n", run.err());
    assertEquals("10.0.0.1\n", Files.readString(out));
    assertEquals(List.of("ip.tsv"), names());
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

  /**
   * RFC 5952 text of an IPv6 address, from {@link InetAddress}'s uncompressed form: the longest
   * run of two or more {@code 0} groups (the first of equal runs) becomes {@code ::}.
   */
  private static String rfc5952(String text) throws IOException {
    return AddressText.rfc5952(new BigInteger(1, InetAddress.getByName(text).getAddress()));
  }

  private static boolean isIpv6(String address) {
    return address.contains(":");
  }

  @Test
  void ipv6ShareMakesMixedListsAndLogsReproduciblyInRfc5952Form() throws Exception {
    Path list = dir.resolve("ip.tsv");
    Path logs = dir.resolve("access.log");
    Run run = IndexToolsTest.ipindex("sample", "--ips", "4000", "--output", list.toString(), "--logs",
        logs.toString(), "--log-lines", "4000", "--hit-ratio", "0.5", "--ipv6-share", "0.5",
        "--seed", "11");
    assertEquals(0, run.exit(), run.err());
    assertEquals("wrote 4,000 addresses to " + list + " (IPv6 share 0.50)\n"
        + "wrote 4,000 log lines to " + logs + " (hit ratio 0.50)\n", run.out());

    // Same seed and share, same bytes.
    Path again = dir.resolve("again.tsv");
    Path againLogs = dir.resolve("again.log");
    assertEquals(0, IndexToolsTest.ipindex("sample", "--ips", "4000", "--output", again.toString(),
        "--logs", againLogs.toString(), "--log-lines", "4000", "--ipv6-share", "0.5", "--seed", "11")
        .exit());
    assertArrayEquals(Files.readAllBytes(list), Files.readAllBytes(again));
    assertArrayEquals(Files.readAllBytes(logs), Files.readAllBytes(againLogs));

    List<String> listed = Files.readAllLines(list);
    assertEquals(4000, listed.size());
    long listedV6 = 0;
    for (String address : listed) {
      if (isIpv6(address)) {
        listedV6++;
        assertEquals(rfc5952(address), address, "RFC 5952 form");
        int firstByte = InetAddress.getByName(address).getAddress()[0] & 0xFF;
        assertEquals(0x20, firstByte & 0xE0, address + " is in 2000::/3");
      } else {
        assertTrue(address.matches("\\d+\\.\\d+\\.\\d+\\.\\d+"), address);
      }
    }
    // Binomial(4000, 0.5): 6 standard deviations either side is 1810..2190.
    assertTrue(listedV6 > 1810 && listedV6 < 2190, "IPv6 entries " + listedV6);

    Set<String> set = new HashSet<>(listed);
    long clientsV6 = 0;
    long hitsV4 = 0;
    long hitsV6 = 0;
    for (String line : Files.readAllLines(logs)) {
      String client = line.substring(0, line.indexOf(' '));
      boolean v6 = isIpv6(client);
      if (v6) {
        clientsV6++;
        assertEquals(rfc5952(client), client);
      }
      if (set.contains(client)) {
        if (v6) {
          hitsV6++;
        } else {
          hitsV4++;
        }
      }
    }
    assertTrue(clientsV6 > 1810 && clientsV6 < 2190, "IPv6 clients " + clientsV6);
    // Hits: Binomial(4000, 0.25) per family, 6 standard deviations either side is 836..1164.
    assertTrue(hitsV6 > 836 && hitsV6 < 1164, "IPv6 hits " + hitsV6);
    assertTrue(hitsV4 > 836 && hitsV4 < 1164, "IPv4 hits " + hitsV4);
  }

  @Test
  void ipv6ShareZeroIsTheIpv4OnlySampleAndOtherSharesAreRefused() throws Exception {
    Path a = dir.resolve("a.tsv");
    Path b = dir.resolve("b.tsv");
    Path logsA = dir.resolve("a.log");
    Path logsB = dir.resolve("b.log");
    assertEquals(0, IndexToolsTest.ipindex("sample", "--ips", "3000", "--output", a.toString(),
        "--logs", logsA.toString(), "--log-lines", "3000").exit());
    assertEquals(0, IndexToolsTest.ipindex("sample", "--ips", "3000", "--output", b.toString(),
        "--logs", logsB.toString(), "--log-lines", "3000", "--ipv6-share", "0").exit());
    assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
    assertArrayEquals(Files.readAllBytes(logsA), Files.readAllBytes(logsB));
    assertTrue(Files.readAllLines(a).stream().noneMatch(SampleCommandTest::isIpv6));

    for (String bad : new String[] {"1.5", "-0.1", "NaN", "half"}) {
      Run run = IndexToolsTest.ipindex("sample", "--ips", "10", "--output",
          dir.resolve("c.tsv").toString(), "--ipv6-share", bad);
      assertEquals(2, run.exit(), run.err());
      assertEquals("ipindex sample: --ipv6-share must be a number from 0 to 1, got '" + bad + "'\n",
          run.err());
    }
    assertFalse(Files.exists(dir.resolve("c.tsv")));
  }

  @Test
  void ipv6TextCompressesTheLongestZeroRunAsRfc5952Says() throws Exception {
    String[] addresses = {"::", "::1", "1::", "2001:db8::1", "2001:db8:0:1:1:1:1:1",
        "2001:0:0:1::1", "2001:db8::1:0:0:1", "1:0:0:2:0:0:0:3", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
        "0:1:0:1:0:1:0:1", "2001:db8:a:b:c:d:e:0", "::ffff:1.2.3.4"};
    for (String address : addresses) {
      byte[] b = InetAddress.getByName(address).getAddress();
      if (b.length == 4) {
        continue; // Java reads ::ffff:a.b.c.d as IPv4; the sample never writes one.
      }
      long hi = 0;
      long lo = 0;
      for (int i = 0; i < 8; i++) {
        hi = hi << 8 | (b[i] & 0xFF);
        lo = lo << 8 | (b[i + 8] & 0xFF);
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      SampleData.Appender appender = new SampleData.Appender(out);
      appender.ipv6(hi, lo).flush();
      assertEquals(rfc5952(address), out.toString(StandardCharsets.US_ASCII), address);
    }
  }
}
