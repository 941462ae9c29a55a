package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.api.IpJoin;
import org.ipjoin.api.JoinResult;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.list.LabelColumn;
import org.ipjoin.index.list.OverlapPolicy;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.job.locate.ClientIpLocator;
import org.ipjoin.job.locate.ClientIpLocators;
import org.ipjoin.testing.LocalHadoop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One rule for every option keyword, on the command line, in {@code -D} keys and in the Java API:
 * read in any case ({@code --mode COUNT}, {@code --format TSV:2}, {@code --labels NONE}); free
 * text (a regex pattern, a path) exactly as given.
 */
class OptionKeywordCaseTest {

  @TempDir Path dir;

  @Test
  void everyKeywordIsReadInAnyCase() {
    assertEquals(JoinMode.COUNT, JoinMode.fromName("COUNT"));
    assertEquals(CountBy.LABEL, CountBy.fromName("Label"));
    assertEquals(ReadPath.fromName("mmap-direct"), ReadPath.fromName("MMAP-DIRECT"));
    assertEquals(KeyLayout.fromName("compact"), KeyLayout.fromName("COMPACT"));
    assertEquals(OverlapPolicy.FIRST, OverlapPolicy.parse("FIRST"));
    assertEquals(LabelColumn.parse("none").toString(), LabelColumn.parse("NONE").toString());
    assertEquals(LabelColumn.parse("default").toString(), LabelColumn.parse("Default").toString());
  }

  @Test
  void recordFormatsAreReadInAnyCaseAndPatternsAsGiven() {
    byte[] tsv = "x\t10.0.0.1\ty".getBytes(StandardCharsets.US_ASCII);
    assertEquals("10.0.0.1", located(ClientIpLocators.fromSpec("TSV:2"), tsv));
    byte[] csv = "x,10.0.0.2".getBytes(StandardCharsets.US_ASCII);
    assertEquals("10.0.0.2", located(ClientIpLocators.fromSpec("Csv:2"), csv));
    byte[] combined = "10.0.0.3 - - [x] \"GET / HTTP/1.1\" 200 1".getBytes(StandardCharsets.US_ASCII);
    assertEquals("10.0.0.3", located(ClientIpLocators.fromSpec("COMBINED"), combined));
    // The keyword in any case; the pattern's own case matters (\S is not \s).
    byte[] tagged = "ip=10.0.0.4 ok".getBytes(StandardCharsets.US_ASCII);
    assertEquals("10.0.0.4", located(ClientIpLocators.fromSpec("REGEX:ip=(\\S+)"), tagged));
  }

  private static String located(ClientIpLocator locator, byte[] record) {
    ClientIpLocator.Range range = new ClientIpLocator.Range();
    assertTrue(locator.locate(record, 0, record.length, range));
    return new String(record, range.from, range.to - range.from, StandardCharsets.US_ASCII);
  }

  @Test
  void aJoinGivenUpperCaseKeywordsWritesWhatTheLowerCaseOneWrites() throws Exception {
    Configuration conf = LocalHadoop.conf(dir);
    Path list = Files.write(dir.resolve("list.txt"), List.of("10.0.0.0/30\tnet", "10.9.9.9\tone"));
    Path logs = Files.write(dir.resolve("access.tsv"), List.of("a\t10.0.0.1", "b\t10.0.0.2",
        "c\t10.9.9.9", "d\t10.5.5.5", "e\tnot-an-address"));
    String index = dir.resolve("list.ipidx").toString();
    IpJoin.buildIndex(conf).input(list.toString()).output(index).labels("DEFAULT")
        .overlap("LONGEST").run();

    List<String> lower = countByLabel(conf, index, logs, "lower", "count", "label", "tsv:2", "nio");
    List<String> upper = countByLabel(conf, index, logs, "upper", "COUNT", "LABEL", "TSV:2", "NIO");
    // Independently: two records in 10.0.0.0/30 (label net), one on 10.9.9.9 (label one).
    assertEquals(List.of("net\t2", "one\t1"), lower);
    assertEquals(lower, upper);
  }

  private List<String> countByLabel(Configuration conf, String index, Path logs, String out,
      String mode, String countBy, String format, String loader) throws Exception {
    Path output = dir.resolve(out);
    JoinResult result = IpJoin.join(conf).index(index).input(logs.toString())
        .output(output.toString()).mode(mode).countBy(countBy).format(format).loader(loader)
        .warnings(new PrintStream(OutputStream.nullOutputStream())).prepare().run();
    assertEquals(0, result.exitCode());
    return partLines(output);
  }

  private static List<String> partLines(Path output) throws IOException {
    List<String> lines = new ArrayList<>();
    try (Stream<Path> parts = Files.list(output)) {
      for (Path p : parts.filter(p -> p.getFileName().toString().startsWith("part-")).sorted()
          .toList()) {
        lines.addAll(Files.readAllLines(p));
      }
    }
    return lines;
  }
}
