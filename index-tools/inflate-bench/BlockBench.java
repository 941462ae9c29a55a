import java.lang.management.*; import java.nio.file.*; import java.util.*; import java.util.zip.*;
/** GKL's IntelInflater only inflates whole blocks (its BGZF contract), so both inflaters get the same
 *  60 KiB deflate blocks of the log, one reset + setInput + inflate per block, as htsjdk's BlockGunzipper does. */
public class BlockBench { public static void main(String[] a) throws Exception {
  byte[] log = Files.readAllBytes(Path.of(a[0])); int rounds = Integer.parseInt(a[1]); int bs = 60 * 1024;
  List<byte[]> blocks = new ArrayList<>(); List<Integer> sizes = new ArrayList<>(); Deflater d = new Deflater(6, true); byte[] tmp = new byte[bs * 2];
  for (int off = 0; off < log.length; off += bs) { int n = Math.min(bs, log.length - off); d.reset(); d.setInput(log, off, n); d.finish(); int c = d.deflate(tmp); blocks.add(Arrays.copyOf(tmp, c)); sizes.add(n); }
  long comp = blocks.stream().mapToLong(b -> b.length).sum();
  System.out.printf("%d blocks, %d bytes -> %d compressed%n", blocks.size(), log.length, comp);
  ThreadMXBean T = ManagementFactory.getThreadMXBean(); Map<String, List<double[]>> res = new TreeMap<>();
  Inflater jdk = new Inflater(true), gkl = InflateBench.newGkl(); byte[] out = new byte[64 * 1024]; CRC32 want = new CRC32(); want.update(log);
  for (int r = 0; r <= rounds; r++) for (int k = 0; k < 2; k++) {
    boolean g = (r + k) % 2 == 1; Inflater inf = g ? gkl : jdk; CRC32 crc = new CRC32();
    long w0 = System.nanoTime(), u0 = T.getCurrentThreadUserTime();
    for (int b = 0; b < blocks.size(); b++) { inf.reset(); byte[] in = blocks.get(b); inf.setInput(in, 0, in.length); int n = 0, want1 = sizes.get(b); while (n < want1) { int m = inf.inflate(out, n, want1 - n); if (m == 0) throw new IllegalStateException("stalled"); n += m; } crc.update(out, 0, n); }
    double w = (System.nanoTime() - w0) / 1e9, u = (T.getCurrentThreadUserTime() - u0) / 1e9;
    if (crc.getValue() != want.getValue()) throw new IllegalStateException((g ? "gkl" : "jdk") + " wrong output");
    if (r > 0) res.computeIfAbsent(g ? "gkl" : "jdk", x -> new ArrayList<>()).add(new double[] {w, u});
  }
  for (var e : res.entrySet()) { double mw = InflateBench.median(e.getValue(), 0), mu = InflateBench.median(e.getValue(), 1);
    System.out.printf("%-4s median wall %.3f s (%.0f MB/s) user %.3f s (%.0f MB/s per user CPU-s) [%d rounds]%n", e.getKey(), mw, log.length / mw / 1e6, mu, log.length / mu / 1e6, e.getValue().size()); }
}}
