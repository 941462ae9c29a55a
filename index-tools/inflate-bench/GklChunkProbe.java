import java.nio.file.*; import java.util.zip.*;
/** One inflate call per input chunk, with room for all of that chunk's output: does GKL then stream correctly? */
public class GklChunkProbe { public static void main(String[] a) throws Exception {
  byte[] gz = Files.readAllBytes(Path.of(a[0])); int hdr = InflateBench.headerLength(gz); int chunk = Integer.parseInt(a[1]);
  int end = gz.length - 8; Inflater i = InflateBench.newGkl(); byte[] out = new byte[chunk * 1100]; CRC32 crc = new CRC32(); long tot = 0; int pos = hdr;
  while (pos < end && !i.finished()) { int n = Math.min(chunk, end - pos); i.setInput(gz, pos, n); pos += n; int m = i.inflate(out, 0, out.length); crc.update(out, 0, m); tot += m; }
  long wantCrc = (gz[end] & 0xffL) | (gz[end+1] & 0xffL) << 8 | (gz[end+2] & 0xffL) << 16 | (gz[end+3] & 0xffL) << 24;
  System.out.printf("chunk %d: %d bytes, finished %s, crc %s%n", chunk, tot, i.finished(), crc.getValue() == wantCrc ? "matches the trailer" : "WRONG");
}}
