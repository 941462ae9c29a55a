package org.ipjoin.peers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The four-list enrichment in DuckDB against the tags computed with plain String code. */
class DuckDbEnrichTest {

  private static final List<String> GEO = List.of(
      "1.2.0.0,1.2.3.10,AU,OC",
      "10.0.0.0,10.0.0.1,DE,EU",
      "200.0.0.0,200.0.0.255,BR,SA");

  private static final List<String> MIXED = List.of("10.0.0.10", "2001:db8::1", "1.2.3.255");

  /** The tiny logs plus an IPv6 client (listed in MIXED only), an unlisted one and a malformed one. */
  private static final List<String> LOGS = new ArrayList<>(TinyJoin.LOGS);

  static {
    LOGS.add("2001:db8::1 - - [01/Jan/2026:00:00:07 +0000] \"GET / HTTP/1.1\" 200 11 \"-\" \"v6\"");
    LOGS.add("2001:db8::2 - - [01/Jan/2026:00:00:07 +0000] \"GET / HTTP/1.1\" 200 12 \"-\" \"v6\"");
    LOGS.add("not-an-address - - [01/Jan/2026:00:00:08 +0000] \"GET / HTTP/1.1\" 200 13 \"-\" \"bad\"");
  }

  @TempDir
  Path dir;

  @Test
  void eachLineGetsOneTagPerListInTheGivenOrder() throws Exception {
    Path out = dir.resolve("out.txt");
    DuckDbEnrich.main(new String[] {"--logs", TinyJoin.write(dir, "access.log", LOGS).toString(),
        "--exact", TinyJoin.write(dir, "list.txt", TinyJoin.LIST).toString(),
        "--ranges", TinyJoin.write(dir, "ranges.txt", TinyJoin.RANGES).toString(),
        "--geo", TinyJoin.write(dir, "geo.csv", GEO).toString(),
        "--mixed", TinyJoin.write(dir, "mixed.txt", MIXED).toString(),
        "--output", out.toString(), "--threads", "2"});
    assertEquals(expected(), TinyJoin.outputLines(out));
  }

  private static List<String> expected() {
    List<String> out = new ArrayList<>();
    for (String line : LOGS) {
      String client = line.substring(0, line.indexOf(' '));
      boolean ipv4 = client.matches("(0|[1-9][0-9]{0,2})(\\.(0|[1-9][0-9]{0,2})){3}");
      boolean ipv6 = client.contains(":");
      if (!ipv4 && !ipv6) {
        out.add(line + "\t-\t-\t-\t-\t-");  // the geo index's two attributes: two columns
        continue;
      }
      String exact = ipv4 && Set.copyOf(TinyJoin.LIST).contains(client) ? "1" : "0";
      String range = "0";
      for (String r : TinyJoin.RANGES) {
        String[] ends = r.substring(0, r.indexOf('\t')).split("-");
        if (ipv4 && inside(client, ends[0], ends[1])) {
          range = r.substring(r.indexOf('\t') + 1);
        }
      }
      String geo = "0\t0";
      for (String g : GEO) {
        String[] f = g.split(",");
        if (ipv4 && inside(client, f[0], f[1])) {
          geo = f[2] + "\t" + f[3];
        }
      }
      String mixed = MIXED.contains(client) ? "1" : "0";
      out.add(line + "\t" + exact + "\t" + range + "\t" + geo + "\t" + mixed);
    }
    return TinyJoin.outputLines(out);
  }

  private static boolean inside(String client, String first, String last) {
    long c = TinyJoin.number(client);
    return TinyJoin.number(first) <= c && c <= TinyJoin.number(last);
  }

}
