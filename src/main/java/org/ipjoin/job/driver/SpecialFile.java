package org.ipjoin.job.driver;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.ipjoin.index.builder.IndexBuilder;

/**
 * Local paths that are neither regular files nor directories once links are followed: a named pipe,
 * a socket, a device. Hadoop's local file system lists them as 0-byte files, and opening one blocks
 * (a pipe without a writer waits in open(2)) or never ends, so a job or an index check would hang
 * for ever; and a pipe's data can be read once only, while tasks open their input by name and may
 * read it again on a retry. Other file systems (HDFS) hold no such files.
 */
final class SpecialFile {

  /** The file type bits of {@code st_mode} (S_IFMT) and the types that are not data files. */
  private static final int TYPE = 0170000;
  private static final int FIFO = 0010000;
  private static final int CHARACTER_DEVICE = 0020000;
  private static final int BLOCK_DEVICE = 0060000;
  private static final int SOCKET = 0140000;

  private SpecialFile() {}

  /**
   * What {@code path} is when it is no regular file or directory of the local file system ("a named
   * pipe (FIFO)", "a socket", …), else null; always null on other file systems.
   */
  static String kind(FileSystem fs, Path path) throws IOException {
    if (!(IndexBuilder.withoutChecksumFiles(fs) instanceof RawLocalFileSystem local)) {
      return null;
    }
    return kind(local.pathToFile(fs.makeQualified(path)).toPath());
  }

  /** {@link #kind(FileSystem, Path)} of a local file, links followed; null when it is missing. */
  static String kind(java.nio.file.Path file) throws IOException {
    int mode;
    try {
      mode = (Integer) Files.getAttribute(file, "unix:mode");
    } catch (UnsupportedOperationException | IllegalArgumentException e) {
      // No st_mode on this platform: what the JDK can tell.
      return Files.isRegularFile(file) || Files.isDirectory(file) || !Files.exists(file) ? null
          : "neither a regular file nor a directory";
    } catch (NoSuchFileException e) {
      return null;
    }
    return switch (mode & TYPE) {
      case FIFO -> standardInput(file) ? "standard input, a pipe"
          : descriptor(file) ? "a pipe (as <(command) gives)" : "a named pipe (FIFO)";
      case SOCKET -> "a socket";
      case CHARACTER_DEVICE -> standardInput(file) ? "standard input, a terminal or device"
          : "a character device";
      case BLOCK_DEVICE -> "a block device";
      default -> null;
    };
  }

  /** The one-line problem for an input that is {@code kind}. */
  static String inputProblem(Path input, String kind) {
    return "input " + input + " is " + kind + ", not a regular file: a job's tasks open each input"
        + " by name and may read it again (a pipe or socket blocks them or is read once); save its"
        + " data to a file first and give that file as --input";
  }

  private static boolean standardInput(java.nio.file.Path file) {
    String p = file.toString();
    return p.equals("/dev/stdin") || p.equals("/dev/fd/0") || p.equals("/proc/self/fd/0");
  }

  /** A file descriptor of this process by name, as a shell's process substitution passes it. */
  private static boolean descriptor(java.nio.file.Path file) {
    String p = file.toString();
    return p.startsWith("/dev/fd/") || p.startsWith("/proc/self/fd/");
  }
}
