package org.ipjoin.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.HeaderCodec;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexHeader;
import org.ipjoin.index.format.Section;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.load.VerifyReader;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.Ipv6IntervalIndex;

/**
 * Fuzzes every binary read path ({@code stream}, {@code buffered}, {@code nio}, {@code mmap},
 * {@code mmap-direct}) and {@link VerifyReader} with arbitrary files. The seed corpus holds
 * valid small indexes (exact lists, and ranges with labels), which mutation turns into near-valid
 * ones: that reaches far more checks than random bytes.
 *
 * <p>Input layout: byte 0 is a mode (bits 0-3: {@link FuzzFixups} repairs of the directory
 * layout, the section CRCs, the directory CRC and the header CRC; bit 4: skip the section
 * checksums), the rest is the file.
 *
 * <p>Properties: the only exception any loader throws is {@link CorruptIndexException} (not even
 * the {@code IllegalStateException} for a section larger than an {@code int[]}: that needs an
 * 8 GiB file, and the file-length check comes first); a loaded index has the directory's count of
 * strictly increasing starts equal to the section bytes, each end between its start and the next,
 * label ids within the dictionary, finds every start, and carries the identity (length, count,
 * directory CRC) of the file; the same for the IPv6 intervals; and all loaders agree: the same content, or the same failed check.
 */
class IndexLoadFuzzTest {

  private static final String[] READ_PATHS = {"stream", "buffered", "nio", "mmap", "mmap-direct"};
  private static Path file;
  private static FileSystem localFs;

  @FuzzTest(maxDuration = "20s")
  void load(byte[] input) throws IOException {
    if (input.length < 1) {
      return;
    }
    int mode = input[0] & 0xFF;
    byte[] bytes = Arrays.copyOfRange(input, 1, input.length);
    FuzzFixups.apply(bytes, 0, mode & FuzzFixups.FIX_ALL);
    boolean verifyChecksum = (mode & 16) == 0;
    Path path = file();
    Files.write(path, bytes);

    Map<String, String> outcomes = new LinkedHashMap<>();
    for (String name : READ_PATHS) {
      outcomes.put(name, outcome(bytes, verifyChecksum, name, () ->
          ReadPath.fromName(name).loader().load(path, verifyChecksum)));
    }
    outcomes.put("hadoop-fs", outcome(bytes, verifyChecksum, "hadoop-fs", () ->
        VerifyReader.load(localFs(), new org.apache.hadoop.fs.Path(path.toUri()),
            verifyChecksum)));
    String first = outcomes.values().iterator().next();
    for (Map.Entry<String, String> e : outcomes.entrySet()) {
      assertEquals(first, e.getValue(), "loaders disagree: " + outcomes);
    }
  }

  private interface Load {
    LoadedIndex run() throws IOException;
  }

  /** Loads, checks the properties, and describes the result ("ok ..." or the failed check). */
  private static String outcome(byte[] bytes, boolean verifyChecksum, String name, Load load) {
    LoadedIndex loaded;
    try {
      loaded = load.run();
    } catch (CorruptIndexException e) {
      assertNotNull(e.check(), name);
      assertNotNull(e.getMessage(), name);
      return "corrupt " + e.check();
    } catch (IOException | RuntimeException | Error e) {
      throw new AssertionError(name + " threw " + e + " (only CorruptIndexException may escape)", e);
    }
    IndexHeader header;
    try {
      header = HeaderCodec.decode(ByteBuffer.wrap(bytes), bytes.length, "fuzz.ipidx");
    } catch (CorruptIndexException e) {
      throw new AssertionError(name + " loaded a file whose head does not decode: " + e.getMessage(), e);
    }
    ByteBuffer le = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    Ipv4Lookup index = loaded.index();
    int n = index.size();
    boolean implicit = header.implicitEnds();
    Section starts = header.section(SectionKind.V4_STARTS);
    assertEquals(implicit ? starts.count() : header.intervalCount(), n,
        name + ": interval count differs from the directory");
    assertEquals(header.intervalCount(), index.listedCount(), name + ": listed intervals");
    Section ends = header.section(SectionKind.V4_ENDS);
    Section ids = header.section(SectionKind.V4_LABEL_IDS);
    StringBuilder description = new StringBuilder("ok");
    for (int i = 0; i < n; i++) {
      int start = le.getInt((int) starts.offset() + 4 * i);
      assertEquals(start, index.start(i), name + ": start " + i + " differs from the section bytes");
      if (i > 0 && index.start(i - 1) >= start) {
        fail(name + ": loaded starts not strictly increasing at " + i);
      }
      int end = ends != null ? le.getInt((int) ends.offset() + 4 * i) : !implicit ? start
          : i + 1 < n ? le.getInt((int) starts.offset() + 4 * i + 4) - 1 : Integer.MAX_VALUE;
      assertEquals(end, index.end(i), name + ": end " + i);
      assertTrue(end >= start && (i + 1 == n || end < le.getInt((int) starts.offset() + 4 * i + 4)),
          name + ": interval " + i + " overlaps");
      int id = ids == null ? 0 : ids.itemBytes() == 2
          ? Short.toUnsignedInt(le.getShort((int) ids.offset() + 2 * i))
          : le.getInt((int) ids.offset() + 4 * i);
      assertEquals(id, index.labelId(i), name + ": label id " + i);
      if (implicit && id == IndexByteMap.GAP_LABEL_ID) {
        assertEquals(Ipv4Lookup.NO_MATCH, index.match(start), name + ": gap " + i + " matches");
        assertEquals(Ipv4Lookup.NO_MATCH, index.match(end), name + ": gap " + i + " matches");
        description.append(' ').append(start).append('-').append(end).append(":gap");
        continue;
      }
      assertTrue(id >= 0 && id <= index.labels().count(), name + ": label id " + id);
      assertEquals(i, index.match(start), name + ": lookup misses start " + i);
      assertEquals(i, index.match(end), name + ": lookup misses end " + i);
      description.append(' ').append(start).append('-').append(end).append(':')
          .append(id == 0 ? "" : index.labels().label(id));
    }
    describeV6(loaded.index6(), header, le, name, description);
    assertEquals(bytes.length, loaded.identity().fileLength(), name + ": identity length");
    assertEquals(index.listedCount() + loaded.index6().size(), loaded.identity().count(),
        name + ": identity count");
    assertEquals(le.getInt(FuzzFixups.DIRECTORY_CRC_OFFSET), loaded.identity().crc(),
        name + ": identity CRC");
    return description + (verifyChecksum ? "" : " (checksums not verified)");
  }

  /** The IPv6 part: the same properties, on 128-bit keys (signed order of the key halves). */
  private static void describeV6(Ipv6IntervalIndex index6, IndexHeader header, ByteBuffer le,
      String name, StringBuilder description) {
    int n = index6.size();
    assertEquals(header.v6IntervalCount(), n, name + ": IPv6 interval count differs from the directory");
    Section starts = header.section(SectionKind.V6_STARTS);
    Section ends = header.section(SectionKind.V6_ENDS);
    Section ids = header.section(SectionKind.V6_LABEL_IDS);
    for (int i = 0; i < n; i++) {
      long hi = le.getLong((int) starts.offset() + 16 * i);
      long lo = le.getLong((int) starts.offset() + 16 * i + 8);
      assertEquals(hi, index6.startHi(i), name + ": IPv6 start " + i);
      assertEquals(lo, index6.startLo(i), name + ": IPv6 start " + i);
      if (i > 0 && (index6.startHi(i - 1) > hi || index6.startHi(i - 1) == hi && index6.startLo(i - 1) >= lo)) {
        fail(name + ": loaded IPv6 starts not strictly increasing at " + i);
      }
      long endHi = ends == null ? hi : le.getLong((int) ends.offset() + 16 * i);
      long endLo = ends == null ? lo : le.getLong((int) ends.offset() + 16 * i + 8);
      assertEquals(endHi, index6.endHi(i), name + ": IPv6 end " + i);
      assertEquals(endLo, index6.endLo(i), name + ": IPv6 end " + i);
      assertTrue(endHi > hi || endHi == hi && endLo >= lo, name + ": IPv6 interval " + i + " ends before it starts");
      int id = ids == null ? 0 : le.getInt((int) ids.offset() + 4 * i);
      assertEquals(id, index6.labelId(i), name + ": IPv6 label id " + i);
      assertEquals(i, index6.match(hi, lo), name + ": lookup misses IPv6 start " + i);
      assertEquals(i, index6.match(endHi, endLo), name + ": lookup misses IPv6 end " + i);
      description.append(" v6 ").append(hi).append(':').append(lo).append('-').append(endHi)
          .append(':').append(endLo).append(':').append(id);
    }
  }

  private static synchronized Path file() {
    if (file == null) {
      try {
        Path base = Paths.get(System.getProperty("ipjoin.test.dir",
            System.getProperty("java.io.tmpdir")));
        Files.createDirectories(base);
        file = Files.createTempDirectory(base, "fuzz-index").resolve("fuzzed.ipidx");
        file.toFile().deleteOnExit();
        file.getParent().toFile().deleteOnExit();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return file;
  }

  private static synchronized FileSystem localFs() throws IOException {
    if (localFs == null) {
      // The raw local file system: no .crc side files to read or go stale.
      localFs = FileSystem.getLocal(new Configuration()).getRawFileSystem();
    }
    return localFs;
  }
}
