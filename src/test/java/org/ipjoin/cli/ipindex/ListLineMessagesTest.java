package org.ipjoin.cli.ipindex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.ipjoin.cli.ipindex.IndexToolsTest.Run;
import org.ipjoin.index.list.MalformedIpListException;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.load.TextListLoader;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.ip.Ipv4Codec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a bad list line or a file that is no text list says: one line naming file:line, control
 * bytes escaped as \xNN, and why the address is not one.
 */
class ListLineMessagesTest {

  @TempDir Path dir;

  private Path list(String name, byte[] content) throws Exception {
    Path file = dir.resolve(name);
    Files.write(file, content);
    return file;
  }

  private Path list(String name, String latin1) throws Exception {
    return list(name, latin1.getBytes(StandardCharsets.ISO_8859_1));
  }

  /** Builds; asserts exit 1, exactly this one stderr line, no index. */
  private void assertBuildFails(Path input, String line) throws Exception {
    Path output = dir.resolve("out.ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", input.toString(), "--output",
        output.toString());
    assertEquals(1, run.exit(), run.err());
    assertEquals("ipindex build: " + line + "\n", run.err());
    assertFalse(Files.exists(output));
  }

  @Test
  void controlBytesAreEscapedNeverEchoedRaw() throws Exception {
    Path input = list("ip.tsv", "10.0.0.1\n10.0.0.2\u0000\u001b[31m\n");
    assertBuildFails(input, input + ":2: address: unexpected character '\\x00':"
        + " '10.0.0.2\\x00\\x1B[31m'");
  }

  @Test
  void crOnlyLineEndsAreNamed() throws Exception {
    Path input = list("mac.tsv", "10.0.0.1\r10.0.0.2\r10.0.0.3\r");
    assertBuildFails(input, input + ":1: address: a CR (\\x0D) inside the line: the file seems to"
        + " end its lines with CR only; convert them to LF: '10.0.0.1\\x0D10.0.0.2\\x0D10.0.0.3'");
  }

  @Test
  void aCommaAfterAnAddressIsALabelOrARangeEnd() throws Exception {
    Path input = list("ip.csv", "1.2.3.4,botnet\n3.0.0.0,3.1.255.255,Amazon\n");
    Path output = dir.resolve("labelled.ipidx");
    Run run = IndexToolsTest.ipindex("build", "--input", input.toString(), "--output",
        output.toString(), "--quiet");
    assertEquals(0, run.exit(), run.err());
    Ipv4Lookup index = ReadPath.NIO.loader().load(output, true).index();
    int address = index.match(Ipv4Codec.parseKey("1.2.3.4"));
    assertEquals("botnet", index.labels().label(index.labelId(address)));
    int range = index.match(Ipv4Codec.parseKey("3.1.255.255"));
    assertEquals("Amazon", index.labels().label(index.labelId(range)));
    assertEquals(Ipv4Lookup.NO_MATCH,
        index.match(Ipv4Codec.parseKey("3.2.0.0")));

    Path bad = list("bad.csv", "1.2.3.4,1.2.3\n");
    assertBuildFails(bad, bad + ":1: range end: 3 octets, expected 4: '1.2.3.4,1.2.3'");
  }

  @Test
  void aLeadingZeroSaysWhyItIsRejected() throws Exception {
    Path input = list("ip.tsv", "10.0.0.1\n010.0.0.1\n");
    assertBuildFails(input, input + ":2: address: leading zeros are ambiguous (octal to inet_aton):"
        + " '010.0.0.1'");
  }

  @Test
  void compressedAndUtf16ListsSayWhatTheyAre() throws Exception {
    Path gz = dir.resolve("ip.tsv.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
      out.write("10.0.0.1\n".getBytes(StandardCharsets.US_ASCII));
    }
    assertBuildFails(gz, gz + " is gzip-compressed, not a text IP list; decompress it first (gunzip)");
    Path utf16 = list("ip16.tsv", "10.0.0.1\n".getBytes(StandardCharsets.UTF_16));
    assertBuildFails(utf16, utf16 + " is UTF-16 text; save the list as ASCII or UTF-8, one address"
        + " per line");
  }

  @Test
  void anIndexGivenAsAListSaysItIsAnIndex() throws Exception {
    Path list = list("ip.tsv", "10.0.0.1\n");
    Path index = dir.resolve("ips.ipidx");
    assertEquals(0, IndexToolsTest.ipindex("build", "--input", list.toString(), "--output",
        index.toString(), "--quiet").exit());
    String says = " is a binary ipjoin index, not a text IP list; ipindex build and --loader text"
        + " read the text list (ip.tsv), every other loader reads the index";
    assertBuildFails(index, index + says);

    Run load = IndexToolsTest.ipindex("load", "--loader", "text", index.toString());
    assertEquals(1, load.exit(), load.err());
    assertEquals("ipindex load: " + index + says + "\n", load.err());

    byte[] bytes = Files.readAllBytes(index);
    MalformedIpListException e = assertThrows(MalformedIpListException.class, () ->
        new TextListLoader().load(new ByteArrayInputStream(bytes), "hdfs:///ref/ips.ipidx", bytes.length));
    assertEquals("hdfs:///ref/ips.ipidx" + says, e.getMessage());
  }

  @Test
  void theTextLoaderEscapesAndExplainsToo() throws Exception {
    byte[] bytes = "10.0.0.1\n1.2.3.4\u001b,botnet\n".getBytes(StandardCharsets.ISO_8859_1);
    MalformedIpListException e = assertThrows(MalformedIpListException.class, () ->
        new TextListLoader().load(new ByteArrayInputStream(bytes), "ip.tsv", bytes.length));
    assertEquals("ip.tsv:2: address: unexpected character '\\x1B': '1.2.3.4\\x1B,botnet'",
        e.getMessage());
    assertTrue(e.getMessage().chars().allMatch(c -> c >= 0x20 && c < 0x7F), e.getMessage());
  }
}
