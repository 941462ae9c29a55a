package org.ipjoin.bench;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.zip.CRC32C;
import org.ipjoin.index.format.HeaderCodec;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.Ipv4LookupDirectory;
import org.ipjoin.index.format.SectionKind;

/**
 * Where a fresh JVM's nio load time goes: does what {@code ChannelLoader} + {@code IndexDecoder}
 * do for the starts section of an exact-address index (1 MiB reads into a direct buffer, CRC32C, bulk copy, order check per chunk), one phase at a
 * time with a timer around each, then the lookup directory. Not a loader: no other checks, diagnosis
 * only. {@code java -cp target/bench-build/benchmarks.jar org.ipjoin.bench.LoadPhases ips.ipidx}, once per JVM.
 */
public final class LoadPhases {

  private LoadPhases() {}

  public static void main(String[] args) throws Exception {
    long t0 = System.nanoTime();
    try (FileChannel channel = FileChannel.open(Path.of(args[0]))) {
      ByteBuffer head = ByteBuffer.allocate((int) Math.min(channel.size(), IndexByteMap.MAX_HEAD_SIZE));
      channel.read(head, 0);
      IndexHeader header = HeaderCodec.decode(head.flip(), channel.size(), args[0]);
      int n = (int) header.intervalCount();
      long tOpen = System.nanoTime();
      int[] keys = new int[n];
      long tAlloc = System.nanoTime();
      ByteBuffer chunk = ByteBuffer.allocateDirect(1 << 20);
      channel.position(header.section(SectionKind.V4_STARTS).offset());
      CRC32C crc = new CRC32C();
      long read = 0;
      long crcNanos = 0;
      long copy = 0;
      long check = 0;
      long acc = 0;
      int filled = 0;
      while (filled < n) {
        long a = System.nanoTime();
        chunk.clear();
        chunk.limit((int) Math.min(chunk.capacity(), (long) (n - filled) * 4));
        while (chunk.hasRemaining() && channel.read(chunk) > 0) {
          // fill
        }
        chunk.flip();
        long b = System.nanoTime();
        crc.update(chunk.duplicate());
        long c = System.nanoTime();
        int m = chunk.remaining() / 4;
        chunk.order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(keys, filled, m);
        long d = System.nanoTime();
        for (int i = Math.max(filled, 1); i < filled + m; i++) {
          acc |= (long) keys[i] - keys[i - 1] - 1;
        }
        filled += m;
        long e = System.nanoTime();
        read += b - a;
        crcNanos += c - b;
        copy += d - c;
        check += e - d;
      }
      long tTable = System.nanoTime();
      int[] directory = Ipv4LookupDirectory.of(keys, n);
      long tEnd = System.nanoTime();
      System.out.printf("keys=%d open=%.1f alloc=%.1f read=%.1f crc32c=%.1f copy=%.1f"
          + " order-check=%.1f directory=%.1f total=%.1f ms sorted=%b crc=%08x heapBytes=%d%n",
          n, ms(tOpen - t0), ms(tAlloc - tOpen), ms(read), ms(crcNanos), ms(copy), ms(check),
          ms(tEnd - tTable), ms(tEnd - t0), acc >= 0, (int) crc.getValue(),
          4L * n + 4L * directory.length);
    }
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }
}
