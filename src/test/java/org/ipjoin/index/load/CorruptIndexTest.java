package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.IndexFormat;
import org.ipjoin.index.IpListLine;
import org.ipjoin.index.MalformedIpListException;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * A corpus of damaged index files, each damaged in exactly one way, and for every binary read path
 * (and for {@link FileSystemLoader}, which {@code ipindex verify} uses) the exact check that must
 * reject it. Loaders share the checks, so a path that skips one (or runs
 * them in another order) shows up here as a different {@link Check}.
 */
class CorruptIndexTest {

  @TempDir Path dir;

  /** 64 keys 16 apart around the sign boundary, so flipping a key's low bit keeps the order. */
  private static final int[] KEYS = IntStream.range(0, 64).map(i -> (i - 32) * 16).toArray();

  private static final IndexBytes VALID = IndexBytes.of(KEYS);

  /** Reads and checks one index file; a job read path or {@code ipindex verify}'s loader. */
  interface Load {
    LoadedIndex load(Path file, boolean verifyChecksum) throws IOException;
  }

  /** A named way to read an index, so that every corruption below runs through each of them. */
  record Reader(String name, Load how) {
    LoadedIndex load(Path file, boolean verifyChecksum) throws IOException {
      return how.load(file, verifyChecksum);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * The binary read paths of the job, and {@link FileSystemLoader} as {@code ipindex verify}
   * (and the build's read-back before publishing) use it: through a Hadoop FileSystem, here the
   * local one with its checksum layer, as {@code ipindex verify /local/file} gets it.
   */
  static Stream<Reader> binaryPaths() {
    Stream<Reader> jobPaths = Stream.of(ReadPath.values()).filter(p -> !p.readsText())
        .map(p -> new Reader(p.externalName(), p.loader()::load));
    return Stream.concat(jobPaths, Stream.of(new Reader("verify", CorruptIndexTest::viaFileSystem)));
  }

  static LoadedIndex viaFileSystem(Path file, boolean verifyChecksum) throws IOException {
    return FileSystemLoader.load(FileSystem.getLocal(new Configuration()),
        new org.apache.hadoop.fs.Path(file.toString()), verifyChecksum);
  }

  private CorruptIndexException rejects(Reader path, IndexBytes bytes, String name, Check check,
      boolean verifyChecksum) {
    Path file = bytes.writeTo(dir.resolve(name + "." + path.name() + ".ipidx"));
    CorruptIndexException e = assertThrows(CorruptIndexException.class,
        () -> path.load(file, verifyChecksum), name);
    assertEquals(check, e.check(), () -> name + ": " + e.getMessage());
    assertTrue(e.getMessage().startsWith(file.toString() + ": "), e.getMessage());
    assertTrue(e.getMessage().contains(check.description), e.getMessage());
    return e;
  }

  private CorruptIndexException rejects(Reader path, IndexBytes bytes, String name, Check check) {
    return rejects(path, bytes, name, check, true);
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void theValidBaseFileLoads(Reader path) throws IOException {
    Path file = VALID.writeTo(dir.resolve("valid.ipidx"));
    assertArrayEquals(KEYS, org.ipjoin.index.TestLookups.keys(path.load(file, true).index()));
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void emptyFileIsTooShortForAHeader(Reader path) {
    rejects(path, VALID.truncate(0), "empty", Check.HEADER_LENGTH);
  }

  /**
   * Cut anywhere inside the header: the bytes that are there are a correct prefix, so the complaint
   * is the length, not the magic (a prefix of the magic is not evidence of a foreign file).
   */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void headerTruncatedAtEachOffset(Reader path) {
    for (int length = 1; length < IndexFormat.HEADER_SIZE; length++) {
      CorruptIndexException e = rejects(path, VALID.truncate(length), "cut-at-" + length,
          Check.HEADER_LENGTH);
      assertTrue(e.getMessage().contains("file is " + length + " bytes"), e.getMessage());
    }
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void payloadTruncatedOrExtended(Reader path) {
    int full = VALID.length();
    for (int length : new int[] {IndexFormat.HEADER_SIZE, IndexFormat.HEADER_SIZE + 1,
        IndexFormat.HEADER_SIZE + 4, full / 2, full - 4, full - 1}) {
      CorruptIndexException e = rejects(path, VALID.truncate(length), "payload-cut-at-" + length,
          Check.FILE_LENGTH);
      assertTrue(e.getMessage().contains("truncated?"), e.getMessage());
    }
    rejects(path, IndexBytes.copyOf(java.util.Arrays.copyOf(VALID.bytes(), full + 4)),
        "one-key-too-many", Check.FILE_LENGTH);
  }

  /** Any single damaged header byte is caught; which check depends on where it is. */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void everyHeaderByteFlippedIsRejected(Reader path) {
    for (int offset = 0; offset < IndexFormat.HEADER_SIZE; offset++) {
      Check expected = offset < IndexFormat.VERSION_OFFSET ? Check.MAGIC
          : offset < IndexFormat.BYTE_ORDER_OFFSET ? Check.VERSION
          : Check.HEADER_CHECKSUM;
      for (int mask : new int[] {0x01, 0x80, 0xFF}) {
        rejects(path, VALID.copy().xorByte(offset, mask),
            "flip-" + offset + "-" + Integer.toHexString(mask), expected);
      }
    }
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void newerVersionSaysUpgrade(Reader path) {
    CorruptIndexException newer = rejects(path,
        VALID.copy().putShort(IndexFormat.VERSION_OFFSET, 2).fixHeaderCrc(), "v2", Check.VERSION);
    assertTrue(newer.getMessage().contains("version 2"), newer.getMessage());
    assertTrue(newer.getMessage().contains("upgrade ipjoin"), newer.getMessage());

    // Older (0) is just as unknown, but upgrading would not help: no such advice.
    CorruptIndexException older = rejects(path,
        VALID.copy().putShort(IndexFormat.VERSION_OFFSET, 0).fixHeaderCrc(), "v0", Check.VERSION);
    assertFalse(older.getMessage().contains("upgrade"), older.getMessage());
  }

  /** Fields with a valid header CRC, so the field's own check is the one that fires. */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void headerFieldsWithAValidHeaderChecksum(Reader path) {
    rejects(path, VALID.copy().putByte(IndexFormat.BYTE_ORDER_OFFSET, 2).fixHeaderCrc(),
        "big-endian", Check.BYTE_ORDER);
    rejects(path, VALID.copy().putByte(IndexFormat.BYTE_ORDER_OFFSET, 0).fixHeaderCrc(),
        "no-byte-order", Check.BYTE_ORDER);
    rejects(path, VALID.copy().putInt(IndexFormat.FLAGS_OFFSET, 1).fixHeaderCrc(),
        "flag-bit-0", Check.FLAGS);
    rejects(path, VALID.copy().putInt(IndexFormat.FLAGS_OFFSET, Integer.MIN_VALUE).fixHeaderCrc(),
        "flag-bit-31", Check.FLAGS);
    for (int offset : new int[] {IndexFormat.RESERVED_1_OFFSET, IndexFormat.RESERVED_2_OFFSET,
        IndexFormat.RESERVED_2_OFFSET + 3, IndexFormat.RESERVED_3_OFFSET,
        IndexFormat.RESERVED_3_OFFSET + 3}) {
      rejects(path, VALID.copy().putByte(offset, 1).fixHeaderCrc(), "reserved-" + offset,
          Check.RESERVED);
    }
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void countDisagreeingWithLength(Reader path) {
    long count = KEYS.length;
    for (long wrong : new long[] {count - 1, count + 1, 0, -1, Long.MIN_VALUE, (1L << 32) + 1}) {
      rejects(path, VALID.copy().putLong(IndexFormat.COUNT_OFFSET, wrong).fixHeaderCrc(),
          "count-" + wrong, Check.FILE_LENGTH);
    }
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void unsortedAndDuplicatePayloads(Reader path) {
    // Payload CRC recomputed each time, so only the order is wrong.
    rejects(path, VALID.copy().putKey(10, KEYS[11]).putKey(11, KEYS[10]).fixPayloadCrc()
        .fixHeaderCrc(), "swapped", Check.SORTED);
    rejects(path, VALID.copy().putKey(10, KEYS[9]).fixPayloadCrc().fixHeaderCrc(),
        "duplicate", Check.SORTED);
    rejects(path, VALID.copy().putKey(1, KEYS[0]).fixPayloadCrc().fixHeaderCrc(),
        "duplicate-first-pair", Check.SORTED);
    int last = KEYS.length - 1;
    rejects(path, VALID.copy().putKey(last - 1, KEYS[last]).fixPayloadCrc().fixHeaderCrc(),
        "duplicate-last-pair", Check.SORTED);
  }

  /**
   * Disorder exactly where a loader hands over to its next piece of work (PayloadDecoder's 64 Ki
   * key pieces, the nio 1 MiB chunks): the comparison across the seam must not be skipped.
   */
  @ParameterizedTest
  @MethodSource("binaryPaths")
  void disorderAcrossChunkSeams(Reader path) {
    int chunkKeys = ChannelLoader.CHUNK_BYTES / IndexFormat.KEY_BYTES;
    int[] keys = IntStream.range(0, chunkKeys + 16).map(i -> i * 4 - (chunkKeys * 2)).toArray();
    IndexBytes big = IndexBytes.of(keys);
    for (int seam : new int[] {1 << 16, chunkKeys}) {
      // Key at the seam goes back below its predecessor, order within each side stays intact.
      CorruptIndexException e = rejects(path,
          big.copy().putKey(seam, keys[seam - 1] - 1).fixPayloadCrc().fixHeaderCrc(),
          "seam-" + seam, Check.SORTED);
      assertTrue(e.getMessage().contains("key " + seam + " "), e.getMessage());
    }
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void wrongMinOrMaxWithACorrectPayloadChecksum(Reader path) {
    rejects(path, VALID.copy().putInt(IndexFormat.MIN_KEY_OFFSET, KEYS[0] - 1).fixHeaderCrc(),
        "min", Check.MIN_MAX);
    rejects(path, VALID.copy().putInt(IndexFormat.MAX_KEY_OFFSET, KEYS[KEYS.length - 1] + 1)
        .fixHeaderCrc(), "max", Check.MIN_MAX);
    // Checked even when the payload checksum is switched off.
    rejects(path, VALID.copy().putInt(IndexFormat.MIN_KEY_OFFSET, KEYS[1]).fixHeaderCrc(),
        "min-unverified", Check.MIN_MAX, false);
    // An empty index must say min = max = 0 (docs/index-format.md).
    rejects(path, IndexBytes.of().putInt(IndexFormat.MAX_KEY_OFFSET, 7).fixHeaderCrc(),
        "empty-max", Check.MIN_MAX);
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void flippedPayloadBitThatKeepsOrder(Reader path) throws IOException {
    int i = 20;
    IndexBytes damaged = VALID.copy().xorByte(IndexFormat.HEADER_SIZE + i * 4, 0x01);
    assertEquals(KEYS[i] + 1, damaged.key(i)); // still between KEYS[i-1] and KEYS[i+1]
    CorruptIndexException e = rejects(path, damaged, "bit-rot", Check.PAYLOAD_CHECKSUM);
    assertTrue(e.getMessage().contains("CRC32C"), e.getMessage());

    // With the checksum switched off the damage goes unnoticed: that is the switch's price.
    Path file = damaged.writeTo(dir.resolve("bit-rot-unverified.ipidx"));
    LoadedIndex loaded = path.load(file, false);
    assertEquals(KEYS[i] + 1, loaded.index().key(i));
    assertFalse(loaded.index().contains(KEYS[i]));
    assertEquals(KEYS.length, loaded.identity().count());
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void wrongPayloadChecksumField(Reader path) throws IOException {
    IndexBytes bytes = VALID.copy().xorByte(IndexFormat.PAYLOAD_CRC_OFFSET + 2, 0x10).fixHeaderCrc();
    rejects(path, bytes, "crc-field", Check.PAYLOAD_CHECKSUM);
    Path file = bytes.writeTo(dir.resolve("crc-field-unverified.ipidx"));
    assertArrayEquals(KEYS, org.ipjoin.index.TestLookups.keys(path.load(file, false).index()));
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void textFilesAreNotIndexes(Reader path) throws IOException {
    Path ipsum = org.ipjoin.RealData.ipsum().toAbsolutePath().normalize(); // Hadoop paths normalise "..", so compare normalised
    CorruptIndexException e = assertThrows(CorruptIndexException.class,
        () -> path.load(ipsum, true));
    assertEquals(Check.MAGIC, e.check());
    assertTrue(e.getMessage().startsWith(ipsum.toString() + ": "), e.getMessage());
    assertTrue(e.getMessage().contains("text loader"), e.getMessage());

    // Shorter than a header, but the first byte already says it is not an index.
    Path shortList = dir.resolve("short.txt");
    Files.write(shortList, "1.2.3.4\n".getBytes(StandardCharsets.US_ASCII));
    CorruptIndexException shortE = assertThrows(CorruptIndexException.class,
        () -> path.load(shortList, true));
    assertEquals(Check.MAGIC, shortE.check());

    // The CRLF in the magic catches a transfer that turned CRLF into LF.
    byte[] lf = VALID.bytes();
    byte[] mangled = new byte[lf.length - 1];
    System.arraycopy(lf, 0, mangled, 0, 6);
    System.arraycopy(lf, 7, mangled, 6, lf.length - 7);
    rejects(path, IndexBytes.copyOf(mangled), "crlf-to-lf", Check.MAGIC);
    // And the 0x89 catches a transfer that stripped the 8th bit.
    rejects(path, VALID.copy().putByte(0, 0x09), "seven-bit", Check.MAGIC);
  }

  /**
   * {@code ipindex verify} as users run it: exit 1 and one line naming the file and the check, for a
   * sample of the corpus (the loader under it is covered for every entry above).
   */
  @Test
  void ipindexVerifyExitsOneNamingTheCheck() throws Exception {
    java.util.Map<String, Object[]> samples = new java.util.LinkedHashMap<>();
    samples.put("cut-in-header", new Object[] {VALID.truncate(40), Check.HEADER_LENGTH});
    samples.put("not-magic", new Object[] {VALID.copy().putByte(0, 0x09), Check.MAGIC});
    samples.put("v2", new Object[] {VALID.copy().putShort(IndexFormat.VERSION_OFFSET, 2)
        .fixHeaderCrc(), Check.VERSION});
    samples.put("header-bit", new Object[] {VALID.copy().xorByte(IndexFormat.COUNT_OFFSET, 1),
        Check.HEADER_CHECKSUM});
    samples.put("payload-cut", new Object[] {VALID.truncate(VALID.length() - 4), Check.FILE_LENGTH});
    samples.put("swapped", new Object[] {VALID.copy().putKey(10, KEYS[11]).putKey(11, KEYS[10])
        .fixPayloadCrc().fixHeaderCrc(), Check.SORTED});
    samples.put("bit-rot", new Object[] {VALID.copy().xorByte(IndexFormat.HEADER_SIZE + 80, 0x01),
        Check.PAYLOAD_CHECKSUM});
    for (var sample : samples.entrySet()) {
      Path file = ((IndexBytes) sample.getValue()[0]).writeTo(dir.resolve(sample.getKey() + ".ipidx"));
      Check check = (Check) sample.getValue()[1];
      java.io.PrintStream oldErr = System.err;
      java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
      int exit;
      try {
        System.setErr(new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        exit = org.ipjoin.tools.IndexTools.run(new Configuration(),
            new String[] {"verify", file.toString()});
      } finally {
        System.setErr(oldErr);
      }
      String lines = err.toString(StandardCharsets.UTF_8);
      assertEquals(1, exit, sample.getKey() + ": " + lines);
      assertEquals(1, lines.lines().count(), lines);
      assertTrue(lines.startsWith("ipindex verify: " + file + ": " + check.description
          + " check failed: "), sample.getKey() + ": " + lines);
    }
  }

  @Test
  void textLoaderNamesFileAndLineOfAMalformedLine() throws IOException {
    Path list = dir.resolve("ips.tsv");
    Files.write(list, "# header\r\n1.2.3.4\t3\r\n\r\n5.6.7.8\r\n10.0.0.0/8\r\n9.9.9.9\r\n"
        .getBytes(StandardCharsets.US_ASCII));
    MalformedIpListException e = assertThrows(MalformedIpListException.class,
        () -> ReadPath.TEXT.loader().load(list, true));
    assertEquals(5, e.line());
    assertEquals(IpListLine.Kind.CIDR, e.kind());
    assertTrue(e.getMessage().startsWith(list + ":5: "), e.getMessage());
    assertTrue(e.getMessage().contains("'10.0.0.0/8'"), e.getMessage());

    Path garbage = dir.resolve("garbage.tsv");
    Files.write(garbage, "1.2.3.4\nnot an ip\n".getBytes(StandardCharsets.US_ASCII));
    MalformedIpListException g = assertThrows(MalformedIpListException.class,
        () -> ReadPath.TEXT.loader().load(garbage, true));
    assertEquals(2, g.line());
    assertEquals(IpListLine.Kind.MALFORMED, g.kind());
    assertTrue(g.getMessage().startsWith(garbage + ":2: "), g.getMessage());
  }

  @Test
  void textLoaderSkipsAByteOrderMarkOnTheFirstLineOnly() throws IOException {
    Path bom = dir.resolve("bom.tsv");
    byte[] body = "1.2.3.4\n".getBytes(StandardCharsets.US_ASCII);
    byte[] bytes = new byte[body.length + 3];
    bytes[0] = (byte) 0xEF;
    bytes[1] = (byte) 0xBB;
    bytes[2] = (byte) 0xBF;
    System.arraycopy(body, 0, bytes, 3, body.length);
    Files.write(bom, bytes);
    assertArrayEquals(new int[] {org.ipjoin.ip.IpCodec.parseKey("1.2.3.4")},
        org.ipjoin.index.TestLookups.keys(ReadPath.TEXT.loader().load(bom, true).index()));

    // Further down, the same bytes are not a BOM but garbage in front of an address.
    Path late = dir.resolve("late-bom.tsv");
    byte[] twoLines = new byte[body.length + bytes.length];
    System.arraycopy(body, 0, twoLines, 0, body.length);
    System.arraycopy(bytes, 0, twoLines, body.length, bytes.length);
    Files.write(late, twoLines);
    MalformedIpListException e = assertThrows(MalformedIpListException.class,
        () -> ReadPath.TEXT.loader().load(late, true));
    assertEquals(2, e.line());
  }
}
