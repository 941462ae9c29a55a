package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.ipjoin.RealData;
import org.ipjoin.index.TestLookups;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.format.KeyLayout;
import org.ipjoin.index.load.TextListLoader;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A job over the compact index of a real list writes byte for byte the files the job over the
 * sorted index of the same list writes, in each mode and on the heap and mapped read paths.
 */
class CompactIndexJobTest {

  @TempDir Path dir;

  private Path index(int[] keys, KeyLayout layout) throws IOException {
    Path file = dir.resolve("ipsum-" + layout.externalName() + ".ipidx");
    try (OutputStream out = Files.newOutputStream(file)) {
      IndexWriter.write(IndexContent.exact(keys, keys.length, 0, 0), layout, out);
    }
    return file;
  }

  @ParameterizedTest
  @CsvSource({"match, nio", "match, mmap-direct", "nomatch, stream", "tag, mmap", "count, nio"})
  void theCompactIndexGivesTheSortedIndexsOutput(String mode, String loader) throws Exception {
    int[] keys = TestLookups.keys(new TextListLoader().load(RealData.ipsum(), true).index());
    Path compact = index(keys, KeyLayout.COMPACT);
    Path sorted = index(keys, KeyLayout.SORTED);
    Path logs = RealData.elasticLog();
    DriverRun a = DriverRun.of("--index", sorted.toString(), "--input", logs.toString(),
        "--output", dir.resolve("sorted-out").toString(), "--mode", mode, "--loader", loader);
    DriverRun b = DriverRun.of("--index", compact.toString(), "--input", logs.toString(),
        "--output", dir.resolve("compact-out").toString(), "--mode", mode, "--loader", loader);
    assertEquals(0, a.exitCode(), a.toString());
    assertEquals(0, b.exitCode(), b.toString());
    List<Path> files = dataFiles(a.output());
    assertTrue(!files.isEmpty() && Files.size(a.output().resolve(files.get(0))) > 0, files.toString());
    assertEquals(files, dataFiles(b.output()));
    for (Path f : files) {
      assertArrayEquals(Files.readAllBytes(a.output().resolve(f)),
          Files.readAllBytes(b.output().resolve(f)), f.toString());
    }
  }

  /** The part files and the side outputs, relative; not the run summary (it names the index). */
  private static List<Path> dataFiles(Path output) throws IOException {
    try (Stream<Path> all = Files.walk(output)) {
      return all.filter(Files::isRegularFile).map(output::relativize)
          .filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
    }
  }
}
