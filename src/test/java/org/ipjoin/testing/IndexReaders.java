package org.ipjoin.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.ipjoin.index.format.CorruptIndexException;
import org.ipjoin.index.load.LoadedIndex;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.index.load.VerifyReader;

/** Every way to read a binary index file, named, so that a test can run each file through all. */
public final class IndexReaders {

  private IndexReaders() {}

  /** Reads and checks one index file; a job read path or {@code ipindex verify}'s loader. */
  public interface Load {
    LoadedIndex load(Path file, boolean verifyChecksum) throws IOException;
  }

  /** A named way to read an index. */
  public record Reader(String name, Load how) {
    public LoadedIndex load(Path file, boolean verifyChecksum) throws IOException {
      return how.load(file, verifyChecksum);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /**
   * The binary read paths of the job ({@code stream}, {@code buffered}, {@code nio}, {@code mmap},
   * {@code mmap-direct}), and {@link VerifyReader} as {@code ipindex verify} (and the build's
   * read-back before publishing) use it: through a Hadoop FileSystem, here the local one with its
   * checksum layer, as {@code ipindex verify /local/file} gets it.
   */
  public static Stream<Reader> binaryPaths() {
    Stream<Reader> jobPaths = Stream.of(ReadPath.values()).filter(p -> !p.readsText())
        .map(p -> new Reader(p.externalName(), p.loader()::load));
    return Stream.concat(jobPaths, Stream.of(new Reader("verify", IndexReaders::viaFileSystem)));
  }

  /**
   * {@link VerifyReader#load}, after {@link VerifyReader#check} (what {@code ipindex
   * verify}, the driver and the build run, keeping no keys) on the same file: both must accept it
   * or both reject it with the same message.
   */
  public static LoadedIndex viaFileSystem(Path file, boolean verifyChecksum) throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration());
    org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.toString());
    CorruptIndexException fromCheck = null;
    try {
      VerifyReader.check(fs, path, verifyChecksum);
    } catch (CorruptIndexException e) {
      fromCheck = e;
    }
    LoadedIndex loaded;
    try {
      loaded = VerifyReader.load(fs, path, verifyChecksum);
    } catch (CorruptIndexException e) {
      if (fromCheck == null || !e.getMessage().equals(fromCheck.getMessage())) {
        throw new AssertionError("load: " + e.getMessage() + "; check: "
            + (fromCheck == null ? "accepted" : fromCheck.getMessage()));
      }
      throw e;
    }
    if (fromCheck != null) {
      throw new AssertionError("load accepted what check rejected: " + fromCheck.getMessage());
    }
    return loaded;
  }
}
