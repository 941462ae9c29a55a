package org.ipjoin.job.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class HeaderNamedLocatorTest {

  /** Each line fed in order: "H" for a header line (its kind), else the field found or null. */
  private static List<String> read(String spec, String... lines) {
    HeaderNamedLocator locator = (HeaderNamedLocator) ClientIpLocators.fromSpec(spec).field();
    List<String> out = new ArrayList<>();
    ClientIpLocator.Range range = new ClientIpLocator.Range();
    for (String line : lines) {
      byte[] b = ("junk\n" + line + "\nmore").getBytes(StandardCharsets.ISO_8859_1);
      int from = 5;
      int to = from + line.length();
      byte kind = locator.header(b, from, to);
      if (kind != HeaderNamedLocator.RECORD) {
        out.add("H" + kind);
      } else {
        out.add(locator.locate(b, from, to, range)
            ? new String(b, range.from, range.to - range.from, StandardCharsets.ISO_8859_1) : null);
      }
    }
    return out;
  }

  @Test
  void w3cFollowsEachFieldsLine() {
    assertEquals(Arrays.asList("H1", "H2", "1.2.3.4", "H2", "5.6.7.8", "H2", "-", "H1", "H2", null),
        read("w3c:c-ip", "#Version: 1.0", "#Fields: date c-ip s-ip", "d 1.2.3.4 9.9.9.9",
            "#Fields: c-ip date", "5.6.7.8 d", "#Fields:\tdate\tc-ip", "d\t-",
            "#Date: x", "#Fields: date s-ip", "d 1.2.3.4"));
  }

  @Test
  void zeekUsesItsSeparatorAndFieldsLine() {
    assertEquals(Arrays.asList("H1", "H1", "H2", "H3", "10.0.0.1", "H1"),
        read("zeek:id.orig_h", "#separator \\x09", "#path\tconn", "#fields\tts\tid.orig_h",
            "#types\ttime\taddr", "1.0\t10.0.0.1", "#close\tx"));
    assertEquals(Arrays.asList("H1", "H2", "10.0.0.2"), read("zeek:id.orig_h", "#separator \\x7c",
        "#fields|ts|id.orig_h", "1.0|10.0.0.2"));
  }

  @Test
  void csvAndTsvNameTheColumnInTheFirstLine() {
    assertEquals(Arrays.asList("H2", "1.2.3.4", "5.6.7.8", null),
        read("csv:client ip", "\"a,b\",\"client ip\"", "x,1.2.3.4", "\"x,\"\"y\",\"5.6.7.8\"", "z"));
    assertEquals(Arrays.asList("H2", "1.2.3.4", "#not a header"), read("tsv:ip", "ip\tb", "1.2.3.4\tx",
        "#not a header"));
    assertEquals(Arrays.asList("H2", null, null), read("csv:ip", "a,b", "1.2.3.4,x", "y,1.2.3.4"));
  }
}
