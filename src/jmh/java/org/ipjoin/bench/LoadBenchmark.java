package org.ipjoin.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.IndexWriter;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.ip.Ipv4Codec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * In-JVM (warm) load of an index by each read path, complementing the fresh-JVM timings of
 * {@code index-tools/bench}. Files: {@code -p index=F -p list=F} (the bench script passes its
 * ips.ipidx and ip.tsv); left empty, the trial writes {@code keys} random keys to a temporary
 * index and text list. Returns the loaded key count.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g"})
public class LoadBenchmark {

  @Param({"text", "buffered", "nio", "mmap"})
  public String readPath;

  @Param({"true", "false"})
  public boolean checksum;

  @Param("2612345")
  public int keys;

  @Param("")
  public String index;

  @Param("")
  public String list;

  private ReadPath path;
  private Path file;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    path = ReadPath.fromName(readPath);
    if (index.isEmpty() || list.isEmpty()) {
      Path dir = Files.createTempDirectory("ipjoin-loadbench");
      dir.toFile().deleteOnExit();
      int[] k = BenchKeys.sortedUnique(keys, 42);
      Path ipidx = dir.resolve("ips.ipidx");
      Path tsv = dir.resolve("ip.tsv");
      try (Writer w = Files.newBufferedWriter(tsv, StandardCharsets.US_ASCII)) {
        for (int key : k) {
          w.write(Ipv4Codec.format(key));
          w.write('\n');
        }
      }
      try (OutputStream out = Files.newOutputStream(ipidx)) {
        IndexWriter.write(IndexContent.exact(k, k.length, Files.size(tsv), k.length), out);
      }
      ipidx.toFile().deleteOnExit();
      tsv.toFile().deleteOnExit();
      file = path.readsText() ? tsv : ipidx;
    } else {
      file = Path.of(path.readsText() ? list : index);
    }
  }

  @Benchmark
  public int load() throws IOException {
    LoadedIndex loaded = path.loader().load(file, checksum);
    return loaded.index().size();
  }
}
