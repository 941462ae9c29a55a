package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.ipjoin.index.V6Intervals;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexIdentity;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.LoadTrust;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.lookup.Ipv4Lookup;
import org.ipjoin.index.lookup.LabelDictionary;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The safety argument of the trusted load ({@link LoadTrust#pinned}), which map tasks use when the
 * driver verified the whole index: a task's bytes are the verified bytes because (a) it checks
 * every section's CRC32C, (b) it compares the identity (length, count, CRC32C of the section
 * directory, which holds every section's CRC32C) before reading any section, so a file whose
 * content was changed and whose CRCs were recomputed to match (one the driver's content checks
 * would refuse) has another identity and is refused; and (c) on valid files it answers exactly
 * as the full load does.
 */
class TrustedLoadTest {

  @TempDir Path dir;

  /** Every section kind of both families: IPv4 and IPv6 ranges with labels. */
  private static IndexBytes everySection() throws IOException {
    SplittableRandom random = new SplittableRandom(3);
    IndexContent v4 = Ipv4IntervalIndexRoundTripTest.randomContent(random, 400, true, true);
    V6Intervals v6 = V6Intervals.random(random, 300, true, true, v4.labelEnds().length - 1);
    return IndexBytes.copyOf(write(new IndexContent(v4.starts(), v4.ends(), v4.labelIds(),
        v4.count(), v4.labelEnds(), v4.labelBytes(), 10, 20, v6.content)));
  }

  /** Labels of named attributes (one each): the names section and u16 label ids. */
  private static IndexBytes named() throws IOException {
    SplittableRandom random = new SplittableRandom(4);
    IndexContent v4 = Ipv4IntervalIndexRoundTripTest.randomContent(random, 400, true, true);
    return IndexBytes.copyOf(write(new IndexContent(v4.starts(), v4.ends(), v4.labelIds(),
        v4.count(), v4.labelEnds(), v4.labelBytes(), 10, 20, null, java.util.List.of("name"))));
  }

  /** A history index of three addresses over two snapshots: the HISTORY section. */
  private static IndexBytes history() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexWriter.writeHistory(IndexContent.exact(new int[] {-1000, 0, 500}, 3, 30, 9),
        new org.ipjoin.index.format.ListingHistory(new long[] {0, 86_400_000L, 172_800_000L},
            new int[] {0, 1, 2, 3}, new int[] {0, 2, 0, 1, 1, 2}), out);
    return IndexBytes.copyOf(out.toByteArray());
  }

  private static byte[] write(IndexContent content) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    IndexWriter.write(content, out);
    return out.toByteArray();
  }

  /** The identity a driver would pin for these bytes, computed from the bytes (offsets of the byte map). */
  private static IndexIdentity identityOf(IndexBytes b, long intervals) {
    ByteBuffer le = ByteBuffer.wrap(b.bytes()).order(ByteOrder.LITTLE_ENDIAN);
    return new IndexIdentity(b.length(), intervals, le.getInt(IndexBytes.DIRECTORY_CRC_OFFSET));
  }

  private static long intervals(IndexBytes b) {
    return b.count(SectionKind.V4_STARTS)
        + (b.entryOf(SectionKind.V6_STARTS) < 0 ? 0 : b.count(SectionKind.V6_STARTS));
  }

  private static List<ReadPath> jobPaths() {
    return java.util.Arrays.stream(ReadPath.values()).filter(p -> !p.readsText()).toList();
  }

  /** A valid file holding section {@code kind}, its pinned identity, and a copy with one byte of that section flipped. */
  private record DamagedSection(SectionKind kind, IndexIdentity pinned, IndexBytes damaged) {}

  /** Every section kind, each damaged in the middle, in the fixture that holds it. */
  private static List<DamagedSection> everySectionDamaged() throws IOException {
    IndexBytes sorted = everySection();
    // The compact sections: a sparse bucket (10.0/16) and a dense one (10.1/16, 5,000 keys).
    int[] keys = java.util.stream.IntStream.concat(java.util.stream.IntStream.of(0x8a000005),
        java.util.stream.IntStream.range(0, 5000).map(i -> 0x8a010000 + 13 * i)).toArray();
    IndexBytes compact = IndexBytes.compact(keys);
    IndexBytes named = named();
    IndexBytes history = history();
    List<DamagedSection> all = new java.util.ArrayList<>();
    for (SectionKind kind : SectionKind.values()) {
      boolean inCompact = kind.compareTo(SectionKind.V4_BUCKETS) >= 0
          && kind != SectionKind.ATTRIBUTE_NAMES && kind != SectionKind.HISTORY;
      IndexBytes valid = inCompact ? compact
          : kind == SectionKind.ATTRIBUTE_NAMES ? named
          : kind == SectionKind.HISTORY ? history : sorted;
      assertTrue(valid.entryOf(kind) >= 0, kind + " is in the fixture");
      int middle = valid.sectionLength(kind) / 2;
      all.add(new DamagedSection(kind,
          identityOf(valid, inCompact ? keys.length : intervals(valid)),
          valid.copy().xorByte(valid.offset(kind) + middle, 0x10)));
    }
    return all;
  }

  /**
   * (a) One flipped byte in any section fails its checksum on every read path of a trusted task
   * that computes the section CRCs: one asked to verify its bytes ({@code --verify-in-task}), or
   * whose bytes did not come checksummed (not HDFS, not opened in place).
   */
  @Test
  void aDamagedByteInAnySectionFailsItsChecksum() throws IOException {
    for (DamagedSection d : everySectionDamaged()) {
      SectionKind kind = d.kind();
      for (ReadPath path : jobPaths()) {
        Path file = d.damaged().writeTo(dir.resolve(kind + "." + path.externalName() + ".ipidx"));
        CorruptIndexException e = assertThrows(CorruptIndexException.class,
            () -> path.loader().load(file, true, LoadTrust.pinned(d.pinned(), "test")),
            kind + " via " + path);
        assertEquals(Check.SECTION_CHECKSUM, e.check(), () -> e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ": section checksum check failed: "
            + kind.description + ": the directory says CRC32C "), e.getMessage());
      }
    }
  }

  /**
   * A task whose bytes came checksummed (HDFS, or the file the driver read opened in place) and
   * that was not asked to verify them ({@link LoadTrust#bytesCheckedInTransit()}, the task
   * default): the heap read paths still checksum every section as they copy it, so a flipped byte
   * fails its checksum there; {@code mmap-direct} computes no CRC of what it serves from the mapping
   * (the interval columns and the stored IPv4 lookup directory, both families and both layouts),
   * so the same byte loads, while the pinned load without that trust (a task asked to verify) finds
   * it. Each section in turn; the served kinds are listed here, not taken from the code.
   */
  @Test
  void bytesCheckedInTransitAreChecksummedWhereCopiedAndNotWhereMapped() throws IOException {
    java.util.Set<SectionKind> mapped = java.util.EnumSet.of(SectionKind.V4_STARTS,
        SectionKind.V4_ENDS, SectionKind.V4_LABEL_IDS, SectionKind.V4_DIRECTORY,
        SectionKind.V6_STARTS, SectionKind.V6_ENDS, SectionKind.V6_LABEL_IDS,
        SectionKind.V4_SUFFIXES, SectionKind.V4_BITMAPS, SectionKind.V4_BITMAP_RANKS);
    for (DamagedSection d : everySectionDamaged()) {
      SectionKind kind = d.kind();
      LoadTrust asked = LoadTrust.pinned(d.pinned(), "test");
      LoadTrust inTransit = asked.bytesCheckedInTransit();
      for (ReadPath path : jobPaths()) {
        Path file = d.damaged().writeTo(dir.resolve(kind + ".transit." + path.externalName()
            + ".ipidx"));
        if (path == ReadPath.MMAP_DIRECT && mapped.contains(kind)) {
          LoadedIndex loaded = path.loader().load(file, true, inTransit);
          assertEquals(d.pinned(), loaded.identity(), kind + ": the identity is the pinned one");
          CorruptIndexException e = assertThrows(CorruptIndexException.class,
              () -> path.loader().load(file, true, asked), kind + " asked");
          assertEquals(Check.SECTION_CHECKSUM, e.check(), e::getMessage);
        } else {
          CorruptIndexException e = assertThrows(CorruptIndexException.class,
              () -> path.loader().load(file, true, inTransit), kind + " via " + path);
          assertEquals(Check.SECTION_CHECKSUM, e.check(), e::getMessage);
        }
      }
    }
  }

  /**
   * (b) Content changed and every CRC recomputed to match: the full load (what the driver runs)
   * refuses the content, and a trusted task refuses the file at the identity, before reading any
   * section, naming the pinned and the loaded identity.
   */
  @Test
  void recomputedChecksumsGiveAnotherIdentity() throws IOException {
    IndexBytes valid = everySection();
    IndexIdentity pinned = identityOf(valid, intervals(valid));
    // Each edit breaks one content check; fixAll recomputes the section, directory and header CRCs.
    record Edit(String name, IndexBytes bytes, Check fullCheck) {}
    List<Edit> edits = List.of(
        new Edit("starts out of order", valid.copy().putValue(SectionKind.V4_STARTS, 5,
            valid.value(SectionKind.V4_STARTS, 4)).fixAll(SectionKind.V4_STARTS), Check.SORTED),
        new Edit("end past the next start", valid.copy().putValue(SectionKind.V4_ENDS, 7,
            valid.value(SectionKind.V4_STARTS, 8)).fixAll(SectionKind.V4_ENDS), Check.INTERVALS),
        new Edit("label id too big", valid.copy().putValue(SectionKind.V6_LABEL_IDS, 2, 9999)
            .fixAll(SectionKind.V6_LABEL_IDS), Check.LABEL_IDS),
        new Edit("directory entry", valid.copy().putValue(SectionKind.V4_DIRECTORY, 100, 1 << 30)
            .fixAll(SectionKind.V4_DIRECTORY), Check.LOOKUP_DIRECTORY),
        new Edit("IPv6 directory entry", valid.copy().putValue(SectionKind.V6_DIRECTORY, 1, -5)
            .fixAll(SectionKind.V6_DIRECTORY), Check.LOOKUP_DIRECTORY),
        new Edit("IPv6 starts out of order", valid.copy().putKey(SectionKind.V6_STARTS, 3,
            valid.half(SectionKind.V6_STARTS, 2, 0), valid.half(SectionKind.V6_STARTS, 2, 1))
            .fixAll(SectionKind.V6_STARTS), Check.SORTED));
    for (Edit edit : edits) {
      IndexIdentity changed = identityOf(edit.bytes(), intervals(edit.bytes()));
      assertNotEquals(pinned, changed, edit.name());
      for (ReadPath path : jobPaths()) {
        Path file = edit.bytes().writeTo(dir.resolve(edit.name().replace(' ', '-') + "."
            + path.externalName() + ".ipidx"));
        CorruptIndexException full = assertThrows(CorruptIndexException.class,
            () -> path.loader().load(file, true), edit.name() + " via " + path);
        assertEquals(edit.fullCheck(), full.check(), full::getMessage);
        LoadTrust pinnedTrust = LoadTrust.pinned(pinned, "cache file hdfs://nn/ips.ipidx");
        for (LoadTrust trust : List.of(pinnedTrust, pinnedTrust.bytesCheckedInTransit())) {
          for (boolean checksum : new boolean[] {true, false}) {
            CorruptIndexException e = assertThrows(CorruptIndexException.class,
                () -> path.loader().load(file, checksum, trust),
                edit.name() + " via " + path + " " + trust);
            assertEquals(Check.IDENTITY, e.check(), e::getMessage);
            assertEquals(file + " (cache file hdfs://nn/ips.ipidx): index identity check failed: the"
                + " job was submitted for the index with length:count:crc " + pinned + ", but this"
                + " task loaded " + changed + ". The index changed after the job was submitted, or"
                + " the task read a stale local copy (a leftover file named like the cache link in"
                + " the working directory).", e.getMessage());
          }
        }
      }
    }
  }

  /** The identity is checked on the header alone: a wrong pin fails even with checksums off. */
  @Test
  void aWrongPinFailsBeforeAnySectionIsRead() throws IOException {
    IndexBytes valid = everySection();
    IndexIdentity pinned = identityOf(valid, intervals(valid));
    IndexIdentity other = new IndexIdentity(pinned.fileLength(), pinned.count(), pinned.crc() ^ 1);
    // Damaged sections too: the identity check comes first, so this is IDENTITY, not a checksum.
    IndexBytes damaged = valid.copy().xorByte(valid.offset(SectionKind.V4_STARTS), 1);
    for (ReadPath path : jobPaths()) {
      Path file = damaged.writeTo(dir.resolve("pin." + path.externalName() + ".ipidx"));
      for (LoadTrust trust : List.of(LoadTrust.pinned(other, "test"),
          LoadTrust.pinned(other, "test").bytesCheckedInTransit())) {
        CorruptIndexException e = assertThrows(CorruptIndexException.class,
            () -> path.loader().load(file, true, trust));
        assertEquals(Check.IDENTITY, e.check(), e::getMessage);
      }
    }
  }

  /**
   * With checksums off a trusted mmap-direct load reads no column at all: damaged interval
   * columns load (and the directories come from the file). That is the documented meaning of
   * {@code --no-verify-checksum} for a task: the bytes are trusted as the node's copy has them.
   */
  @Test
  void mmapDirectWithoutChecksumsReadsNoColumn() throws IOException {
    IndexBytes valid = everySection();
    IndexBytes damaged = valid.copy().xorByte(valid.offset(SectionKind.V4_STARTS) + 9, 0x40)
        .xorByte(valid.offset(SectionKind.V6_ENDS) + 3, 0x40);
    Path file = damaged.writeTo(dir.resolve("direct.ipidx"));
    LoadedIndex loaded = ReadPath.MMAP_DIRECT.loader().load(file, false,
        LoadTrust.pinned(identityOf(valid, intervals(valid)), "test"));
    assertEquals(valid.count(SectionKind.V4_STARTS), loaded.index().size());
    assertEquals(valid.count(SectionKind.V6_STARTS), loaded.index6().size());
    // The full load does read the columns, and finds the damage.
    assertThrows(CorruptIndexException.class,
        () -> ReadPath.MMAP_DIRECT.loader().load(file, false, LoadTrust.FULL));
  }

  /**
   * mmap-direct serves the stored IPv4 lookup directory from the mapping, as it serves the
   * columns, after a full load's entry-by-entry comparison or a trusted load's checksum: nothing of
   * an exact list stays on the heap, and both answer as the heap load, which holds the directory.
   */
  @Test
  void mmapDirectKeepsNoCopyOfTheDirectory() throws IOException {
    SplittableRandom random = new SplittableRandom(11);
    int[] keys = random.ints(100_000).sorted().distinct().toArray();
    IndexBytes valid = IndexBytes.copyOf(write(IndexContent.exact(keys, keys.length, 10, 20)));
    Path file = valid.writeTo(dir.resolve("exact.ipidx"));
    long none = LabelDictionary.NONE.heapBytes();
    for (boolean checksum : new boolean[] {true, false}) {
      LoadedIndex heap = ReadPath.NIO.loader().load(file, checksum, LoadTrust.FULL);
      assertEquals(4L * (keys.length + valid.count(SectionKind.V4_DIRECTORY)) + none,
          heap.index().heapBytes());
      for (LoadTrust trust : List.of(LoadTrust.FULL,
          LoadTrust.pinned(identityOf(valid, keys.length), "test"),
          LoadTrust.pinned(identityOf(valid, keys.length), "test").bytesCheckedInTransit())) {
        LoadedIndex mapped = ReadPath.MMAP_DIRECT.loader().load(file, checksum, trust);
        assertEquals(none, mapped.index().heapBytes());
        for (int i = 0; i < 20_000; i++) {
          int key = i % 2 == 0 ? keys[random.nextInt(keys.length)] + random.nextInt(-1, 2)
              : random.nextInt();
          assertEquals(heap.index().match(key), mapped.index().match(key), "key " + key);
        }
      }
    }
  }

  /** (c) Trusted and full loads answer every probe alike, on every read path, with and without CRCs. */
  @ParameterizedTest
  @CsvSource({"1, 0, 50, false, false, false", "2, 3000, 0, true, false, true",
      "3, 9000, 2000, true, true, true", "4, 12000, 1000, false, false, false",
      "5, 5, 3, true, true, true", "6, 1, 0, false, false, false"})
  void trustedAndFullLoadsAnswerAlike(long seed, int n4, int n6, boolean ranges4, boolean ranges6,
      boolean labels) throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    IndexContent v4 = Ipv4IntervalIndexRoundTripTest.randomContent(random, n4, ranges4, labels);
    int labelCount = labels ? v4.labelEnds().length - 1 : 0;
    V6Intervals v6 = V6Intervals.random(random, n6, ranges6, labels, labelCount);
    IndexBytes bytes = IndexBytes.copyOf(write(new IndexContent(v4.starts(), v4.ends(),
        v4.labelIds(), v4.count(), v4.labelEnds(), v4.labelBytes(), 10, 20, v6.content)));
    Path file = bytes.writeTo(dir.resolve("mixed-" + seed + ".ipidx"));
    IndexIdentity pinned = identityOf(bytes, intervals(bytes));
    long[] probes6 = v6.probes(random, 2000);
    int[] expected6 = v6.expected(probes6);
    int[] probes4 = new int[4000];
    for (int i = 0; i < probes4.length; i++) {
      probes4[i] = i % 2 == 0 || v4.count() == 0 ? random.nextInt()
          : v4.starts()[random.nextInt(v4.count())] + random.nextInt(3) - 1;
    }
    LoadedIndex reference = ReadPath.NIO.loader().load(file, true);
    for (ReadPath path : jobPaths()) {
      for (boolean checksum : new boolean[] {true, false}) {
        for (LoadTrust trust : List.of(LoadTrust.pinned(pinned, "test"),
            LoadTrust.pinned(pinned, "test").bytesCheckedInTransit(),
            LoadTrust.CONTENT_VERIFIED_ELSEWHERE, LoadTrust.BYTES_VERIFIED_ELSEWHERE)) {
          String what = path + " checksum " + checksum + " " + trust;
          LoadedIndex loaded = path.loader().load(file, checksum, trust);
          assertEquals(reference.identity(), loaded.identity(), what);
          assertNull(v6.disagreement(loaded.index6(), probes6, expected6), what);
          Ipv4Lookup index = loaded.index();
          Ipv4Lookup ref = reference.index();
          assertEquals(ref.size(), index.size(), what);
          assertEquals(ref.labels().count(), index.labels().count(), what);
          for (int key : probes4) {
            int p = ref.match(key);
            assertEquals(p, index.match(key), what + ": key " + key);
            if (p >= 0) {
              assertEquals(ref.labelId(p), index.labelId(p), what);
              assertEquals(ref.end(p), index.end(p), what);
            }
          }
          for (int id = 1; id <= labelCount; id++) {
            assertEquals(ref.labels().label(id), index.labels().label(id), what);
          }
        }
      }
    }
  }
}
