package org.ipjoin.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.ListingHistory;

/**
 * Writes the seed corpora of {@link IndexHeaderFuzzTest} and {@link IndexLoadFuzzTest} (valid
 * small indexes from IndexWriter, raw and with every repair, plus a few broken ones). Not part of
 * the build; run it by hand after a format change, from the project root:
 *
 * <pre>
 * mvn -o -q test-compile
 * java -cp target/test-classes:target/classes:$(mvn -o -q dependency:build-classpath \
 *     -Dmdep.outputFile=/dev/stdout) org.ipjoin.fuzz.FuzzSeeds src/test/resources/org/ipjoin/fuzz
 * </pre>
 */
public final class FuzzSeeds {

  private FuzzSeeds() {}

  public static void main(String[] args) throws IOException {
    Path root = Paths.get(args[0]);
    Path load = Files.createDirectories(root.resolve("IndexLoadFuzzTestInputs/load"));
    Path head = Files.createDirectories(root.resolve("IndexHeaderFuzzTestInputs/decodeHead"));
    byte[][] valid = {
        exact(), exact(Integer.MIN_VALUE),
        exact(-1000, 0, 10_000, 20_000, 30_000, 40_000, 50_000, 60_000, 70_000, 80_000),
        exact(Integer.MIN_VALUE, -5, Integer.MAX_VALUE), rangesWithLabels(), mixedWithLabels(),
        historyWithLabels(), mixedHistory()};
    String[] names = {"valid-empty", "valid-one", "valid-ten", "valid-three", "valid-ranges-labels",
        "valid-mixed-labels", "valid-history-labels", "valid-history-mixed"};
    for (int i = 0; i < valid.length; i++) {
      byte[] file = valid[i];
      write(load.resolve(names[i]), 0, file);
      write(load.resolve(names[i] + "-fixall"), FuzzFixups.FIX_ALL, file);
      write(load.resolve(names[i] + "-nocrc"), 16, file);
      int headLength = 64 + 32 * ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).getInt(16);
      byte[] h = Arrays.copyOf(file, headLength);
      write(head.resolve(names[i]), headInput(0, 0, file.length, h));
      write(head.resolve(names[i] + "-fixall"), headInput(FuzzFixups.FIX_ALL | 128, 0, 0, h));
    }
    byte[] ten = valid[2];
    write(load.resolve("garbage"), new byte[] {0, 1, 2, 3});
    write(load.resolve("magic-only"), 0, Arrays.copyOf(ten, 8));
    write(load.resolve("truncated-fixcrc"), FuzzFixups.FIX_HEADER_CRC, Arrays.copyOf(ten, ten.length - 7));
    byte[] unsorted = ten.clone();
    ByteBuffer.wrap(unsorted).order(ByteOrder.LITTLE_ENDIAN).putInt(128 + 4 * 3, 5);
    write(load.resolve("unsorted-fixall"), FuzzFixups.FIX_ALL, unsorted);
    write(load.resolve("version-1"), 0, version1());

    byte[] tenHead = Arrays.copyOf(ten, 128);
    write(head.resolve("short"), headInput(0, 0, 64, Arrays.copyOf(ten, 9)));
    write(head.resolve("negative-length"), headInput(0, 0, -1, tenHead));
    byte[] shifted = new byte[3 + tenHead.length];
    System.arraycopy(tenHead, 0, shifted, 3, tenHead.length);
    write(head.resolve("offset-3-direct"), headInput(16, 3, ten.length, shifted));
    write(head.resolve("version-1"), headInput(0, 0, 72, version1()));
  }

  private static byte[] exact(int... keys) throws IOException {
    return write(IndexContent.exact(keys, keys.length, 1000, 10));
  }

  private static byte[] rangesWithLabels() throws IOException {
    byte[] labels = "tornäx-exit".getBytes(StandardCharsets.UTF_8);
    return write(new IndexContent(new int[] {-1000, -10, 0, 500}, new int[] {-900, -10, 99, 600},
        new int[] {1, 0, 2, 3}, 4, new int[] {0, 3, 7, 12}, labels, 77, 4));
  }

  /** IPv4 ranges and IPv6 ranges (2001:db8::/120, 2001:db8::1:0, 2a00:1450::/32) with labels. */
  private static byte[] mixedWithLabels() throws IOException {
    byte[] labels = "tornäx-exit".getBytes(StandardCharsets.UTF_8);
    long flip = Long.MIN_VALUE;
    long[] starts = {0x2001_0db8_0000_0000L ^ flip, flip, 0x2001_0db8_0000_0000L ^ flip, 0x1_0000L ^ flip,
        0x2a00_1450_0000_0000L ^ flip, flip};
    long[] ends = {0x2001_0db8_0000_0000L ^ flip, 0xFFL ^ flip, 0x2001_0db8_0000_0000L ^ flip,
        0x1_0000L ^ flip, 0x2a00_1450_ffff_ffffL ^ flip, Long.MAX_VALUE};
    return write(new IndexContent(new int[] {-1000, -10}, new int[] {-900, -10}, new int[] {1, 0}, 2,
        new int[] {0, 3, 7, 12}, labels, 77, 5, new IndexContent.V6(starts, ends, new int[] {3, 0, 2}, 3)));
  }

  /**
   * A history index of three snapshots: a relabelled entry whose periods touch, one listed
   * throughout, one with two periods, and one listed once: every kind of entry code.
   */
  private static byte[] historyWithLabels() throws IOException {
    long day = 86_400_000L;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexWriter.writeHistory(new IndexContent(new int[] {-1000, 0, 500, 600}, null,
            new int[] {2, 1, 0, 1}, 4, new int[] {0, 1, 2}, "ab".getBytes(StandardCharsets.UTF_8),
            40, 12),
        new ListingHistory(new long[] {0, day, 2 * day, 3 * day}, new int[] {0, 2, 3, 5, 6},
            new int[] {0, 1, 1, 3, 0, 3, 0, 1, 2, 3, 1, 2}, new int[] {1, 2, 1, 0, 0, 1}), out);
    return out.toByteArray();
  }

  /**
   * A history of IPv4 and IPv6 entries: the IPv6 ranges (2001:db8::/120, 2001:db8::1:0/112) are
   * entries 2 and 3, after the two IPv4 ones; entry 2 relabelled, entry 3 listed once.
   */
  private static byte[] mixedHistory() throws IOException {
    long day = 86_400_000L;
    long flip = Long.MIN_VALUE;
    long hi = 0x2001_0db8_0000_0000L ^ flip;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexWriter.writeHistory(new IndexContent(new int[] {-1000, 0}, null, new int[] {1, 0}, 2,
            new int[] {0, 1, 2}, "ab".getBytes(StandardCharsets.UTF_8), 40, 12,
            new IndexContent.V6(new long[] {hi, flip, hi, 0x1_0000L ^ flip},
                new long[] {hi, 0xFFL ^ flip, hi, 0x1_FFFFL ^ flip}, new int[] {2, 1}, 2)),
        new ListingHistory(new long[] {0, day, 2 * day, 3 * day}, new int[] {0, 1, 2, 4, 5},
            new int[] {0, 3, 1, 2, 0, 1, 1, 3, 2, 3}, new int[] {1, 0, 1, 2, 1}), out);
    return out.toByteArray();
  }

  private static byte[] write(IndexContent content) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexWriter.write(content, out);
    return out.toByteArray();
  }

  /** A format-1 file of one key: magic, version 1, byte order 1, count 1, then the key. */
  private static byte[] version1() {
    ByteBuffer b = ByteBuffer.allocate(68).order(ByteOrder.LITTLE_ENDIAN);
    b.put(new byte[] {(byte) 0x89, 'I', 'P', 'I', 'D', 'X', '\r', '\n'});
    b.putShort(8, (short) 1).put(10, (byte) 1).putLong(16, 1).putInt(64, 7);
    return b.array();
  }

  private static byte[] headInput(int mode, int position, long fileLength, byte[] content) {
    ByteBuffer b = ByteBuffer.allocate(10 + content.length).order(ByteOrder.LITTLE_ENDIAN);
    b.put((byte) mode).put((byte) position).putLong(fileLength).put(content);
    return b.array();
  }

  private static void write(Path file, int mode, byte[] index) throws IOException {
    byte[] input = new byte[1 + index.length];
    input[0] = (byte) mode;
    System.arraycopy(index, 0, input, 1, index.length);
    write(file, input);
  }

  private static void write(Path file, byte[] bytes) throws IOException {
    Files.write(file, bytes);
  }
}
