import java.io.*;
import java.lang.management.*;
import java.nio.file.*;
import java.util.*;
import java.util.zip.*;

/** Single-thread inflate of one gzip file held in memory: the JDK Inflater on the raw deflate body, and GZIPInputStream. GKL is left out: its inflater never finishes a stream longer than 64 KiB (GklStreamProbe). */
public class InflateBench {
  static final ThreadMXBean T = ManagementFactory.getThreadMXBean();

  public static void main(String[] a) throws Exception {
    byte[] gz = Files.readAllBytes(Path.of(a[0]));
    int rounds = Integer.parseInt(a[1]);
    int hdr = headerLength(gz);
    String[] names = {"jdk", "gzipstream"};
    Map<String, List<double[]>> res = new LinkedHashMap<>();
    for (String n : names) res.put(n, new ArrayList<>());
    long expect = -1;
    for (int r = 0; r < rounds + 1; r++) {
      String[] order = (r % 2 == 0) ? names : new String[] {"gzipstream", "jdk"};
      for (String n : order) {
        long w0 = System.nanoTime(), u0 = T.getCurrentThreadUserTime(), c0 = T.getCurrentThreadCpuTime();
        long[] out = n.equals("gzipstream") ? gzipStream(gz) : raw(gz, hdr, n.equals("gkl") ? newGkl() : new Inflater(true));
        long w = System.nanoTime() - w0, u = T.getCurrentThreadUserTime() - u0, c = T.getCurrentThreadCpuTime() - c0;
        if (expect < 0) expect = out[0];
        if (out[0] != expect) throw new IllegalStateException(n + " produced " + out[0] + " bytes, expected " + expect);
        if (r > 0) res.get(n).add(new double[] {w / 1e9, u / 1e9, c / 1e9, out[0], out[1]});
        if (r > 0) System.out.printf("round %d %-10s wall %.3f s user %.3f s cpu %.3f s bytes %d crc %08x%n", r, n, w / 1e9, u / 1e9, c / 1e9, out[0], out[1]);
      }
    }
    for (String n : names) {
      List<double[]> l = res.get(n);
      double mw = median(l, 0), mu = median(l, 1), mc = median(l, 2), bytes = l.get(0)[3];
      System.out.printf("%-10s median wall %.3f s (%.0f MB/s)  user %.3f s (%.0f MB/s of user CPU)  cpu %.3f s  [%d rounds]%n",
          n, mw, bytes / mw / 1e6, mu, bytes / mu / 1e6, mc, l.size());
    }
  }

  static Inflater newGkl() throws Exception {
    Class<?> c = Class.forName("com.intel.gkl.compression.IntelInflater");
    Inflater i = (Inflater) c.getConstructor(boolean.class).newInstance(true);
    boolean loaded = (Boolean) c.getMethod("load", File.class).invoke(i, (File) null);
    if (!loaded) throw new IllegalStateException("GKL native library did not load");
    return i;
  }

  static long[] raw(byte[] gz, int hdr, Inflater inf) throws Exception {
    inf.setInput(gz, hdr, gz.length - hdr - 8);
    byte[] buf = new byte[256 * 1024];
    CRC32 crc = new CRC32();
    long total = 0;
    while (!inf.finished()) {
      int n = inf.inflate(buf, 0, buf.length);
      if (n == 0 && !inf.finished() && inf.needsInput() && inf.getClass() == Inflater.class) throw new EOFException();
      crc.update(buf, 0, n);
      total += n;
    }
    inf.end();
    return new long[] {total, crc.getValue()};
  }

  static long[] gzipStream(byte[] gz) throws IOException {
    try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(gz), 64 * 1024)) {
      byte[] buf = new byte[256 * 1024];
      CRC32 crc = new CRC32();
      long total = 0;
      for (int n; (n = in.read(buf)) > 0; ) { crc.update(buf, 0, n); total += n; }
      return new long[] {total, crc.getValue()};
    }
  }

  static int headerLength(byte[] g) {
    if ((g[0] & 0xff) != 0x1f || (g[1] & 0xff) != 0x8b || g[2] != 8) throw new IllegalArgumentException("not gzip");
    int flg = g[3] & 0xff, p = 10;
    if ((flg & 4) != 0) p += 2 + ((g[p] & 0xff) | (g[p + 1] & 0xff) << 8);
    if ((flg & 8) != 0) { while (g[p++] != 0) { } }
    if ((flg & 16) != 0) { while (g[p++] != 0) { } }
    if ((flg & 2) != 0) p += 2;
    return p;
  }

  static double median(List<double[]> l, int k) {
    double[] v = l.stream().mapToDouble(x -> x[k]).sorted().toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}
