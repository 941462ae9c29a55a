package org.ipjoin.job.locate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.ipjoin.job.locate.LocatedField.field;

import org.junit.jupiter.api.Test;

/**
 * {@code ws:N} on lines laid out as the services document their access logs (written here with
 * documentation addresses), and on the splitting rules' edge cases. Expected values by hand.
 */
class WhitespaceFieldLocatorTest {

  @Test
  void readsTheClientOfRealLogLayouts() {
    // AWS Application Load Balancer: client:port is field 4, after quoted fields further on.
    String alb = "http 2026-11-23T06:00:00.186641Z app/my-lb/50dc6c495c0c9188 192.0.2.39:2817"
        + " 10.0.0.1:80 0.000 0.001 0.000 200 200 34 366 \"GET http://www.example.com:80/ HTTP/1.1\""
        + " \"curl/7.46.0\" - - arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/t/73e2"
        + " \"Root=1-58337262-36d228ad5d99923122bbe354\" \"-\" \"-\" 0 2026-11-23T06:00:00.364000Z"
        + " \"forward\" \"-\" \"-\" \"10.0.0.1:80\" \"200\" \"-\" \"-\"";
    assertEquals("192.0.2.39", field("ws:4", alb));
    assertEquals("GET http://www.example.com:80/ HTTP/1.1", field("ws:13", alb));
    assertEquals("10.0.0.1", field("ws:26", alb), "a quoted address: its content, without the port");
    // Classic ELB.
    assertEquals("2001:db8::39", field("ws:3", "2026-11-23T06:00:00.945958Z my-lb [2001:db8::39]:2817"
        + " 10.0.0.1:80 0.000073 0.001048 0.000057 200 200 0 29 \"GET http://x:80/ HTTP/1.1\" \"curl/7.38.0\" - -"));
    // S3 server access log: the bracketed time with its blank is one field, the client the 4th.
    String s3 = "79a59df900b949e55d96a1e698fbacedfd6e09d98eacf8f8d5218e7cd47ef2be bucket1"
        + " [06/Feb/2019:00:00:38 +0000] 192.0.2.3 79a59df900b949e5 3E57427F3EXAMPLE"
        + " REST.GET.VERSIONING - \"GET /bucket1?versioning HTTP/1.1\" 200 - 113 - 7 - \"-\" \"S3Console/0.4\" -";
    assertEquals("192.0.2.3", field("ws:4", s3));
    assertEquals("06/Feb/2019:00:00:38 +0000", field("ws:3", s3), "one field (brackets off, as for IPv6)");
    // VPC flow log: srcaddr is field 4.
    assertEquals("172.31.16.139", field("ws:4",
        "2 123456789010 eni-1235b8ca123456789 172.31.16.139 172.31.16.21 20641 22 6 20 4249 1418530010 1418530070 ACCEPT OK"));
    // Squid's native format pads the elapsed time with spaces.
    assertEquals("192.0.2.68", field("ws:3",
        "1286536309.450     99 192.0.2.68 TCP_MISS/200 507 GET http://example.com/ - DIRECT/93.184.216.34 text/html"));
    // HAProxy via syslog: "Feb  6" is two fields, the client:port the 6th.
    assertEquals("10.0.1.2", field("ws:6", "Feb  6 12:14:14 localhost haproxy[14389]: 10.0.1.2:33317"
        + " [06/Feb/2009:12:14:14.655] http-in static/srv1 10/0/30/69/109 200 2750 - - ---- 1/1/1/1/0 0/0"
        + " {1wt.eu} {} \"GET /index.html HTTP/1.1\""));
  }

  @Test
  void splitsOnRunsOfBlanksWithQuotedAndBracketedFieldsWhole() {
    assertEquals("a", field("ws:1", "a b"));
    assertEquals("a", field("ws:1", " \t a b"), "leading blanks skipped");
    assertEquals("b", field("ws:2", "a \t \tb\r"), "a CRLF line's CR is a blank");
    assertEquals(null, field("ws:3", "a b "), "too few fields");
    assertEquals(null, field("ws:1", ""));
    assertEquals(null, field("ws:1", " \t"));
    assertEquals("x y", field("ws:2", "a \"x y\" z"));
    assertEquals("z", field("ws:3", "a \"x y\" z"));
    assertEquals("x \\\" y", field("ws:2", "a \"x \\\" y\" z"), "escapes stay as written");
    assertEquals("z", field("ws:3", "a \"x \\\" y\" z"));
    assertEquals("z", field("ws:3", "a \"x \\\\\" z"), "an escaped backslash before the quote");
    assertEquals("", field("ws:2", "a \"\" z"));
    assertEquals("b", field("ws:3", "x \"a\"b"), "the closing quote ends the field");
    assertEquals(null, field("ws:2", "a \"x y"), "unclosed quote at the field");
    assertEquals(null, field("ws:3", "a \"x y z"), "unclosed quote before the field");
    assertEquals("a", field("ws:1", "a \"x y"), "fields after N are not read");
    assertEquals("[x y]z", field("ws:2", "a [x y]z w"));
    assertEquals("x y", field("ws:2", "a [x y]:1 w"), "then setField takes the brackets off");
    assertEquals(null, field("ws:2", "a [x y"), "unclosed bracket");
    assertEquals("x\"y", field("ws:2", "a x\"y z\""), "a quote inside a field is a byte");
    assertEquals("x[y", field("ws:2", "a x[y z]"));
    assertEquals("1.2.3.4", field("ws:1", "\uFEFF1.2.3.4 -"), "a BOM at the start");
  }
}
