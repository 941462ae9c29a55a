import java.io.*; import java.nio.file.*; import java.util.*; import java.util.zip.*;
/** Feed GKL's inflater in chunks, as a stream would, and compare its first bytes with the JDK's. */
public class GklStreamProbe { public static void main(String[] a) throws Exception {
  byte[] gz = Files.readAllBytes(Path.of(a[0])); int hdr = InflateBench.headerLength(gz); int chunk = Integer.parseInt(a[1]);
  byte[] ref = new byte[4 << 20]; Inflater j = new Inflater(true); j.setInput(gz, hdr, gz.length - hdr - 8); int rn = 0; while (rn < ref.length) rn += j.inflate(ref, rn, ref.length - rn);
  Inflater i = InflateBench.newGkl(); int pos = hdr; byte[] out = new byte[ref.length]; int on = 0, calls = 0;
  i.setInput(gz, pos, chunk); pos += chunk;
  while (on < out.length && calls++ < 100000) { int n = i.inflate(out, on, Math.min(65536, out.length - on)); on += n; if (n == 0) { i.setInput(gz, pos, chunk); pos += chunk; } }
  int firstDiff = Arrays.mismatch(ref, out);
  System.out.println("chunk " + chunk + ": produced " + on + " bytes after consuming up to " + (pos - hdr) + " input bytes, first difference at " + firstDiff + " (-1 = identical)");
}}
