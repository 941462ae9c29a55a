package org.ipjoin.index.builder;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * Which file a path names once symbolic links are followed, so that two names of one file (a
 * logrotate-style {@code access.log -> access.log.2026-11-21}, a link in another folder, a linked
 * folder) are one input, and a link to nothing is found rather than passed over.
 *
 * <p>On the local file system the identity is the real path (every link resolved, of the file and
 * of the folders above it). Elsewhere Hadoop resolves links itself ({@link FileSystem#resolvePath})
 * where they are enabled; where they are not (HDFS by default) a path is its own identity, and
 * nothing costs an extra call to the file system.
 */
public final class FileIdentity {

  private FileIdentity() {}

  /**
   * The identity of {@code path}, an existing file or folder on {@code fs}: a qualified path equal
   * for every name of the same file.
   */
  public static Path of(FileSystem fs, Path path) throws IOException {
    Path qualified = fs.makeQualified(path);
    RawLocalFileSystem local = local(fs);
    if (local != null) {
      java.nio.file.Path real = local.pathToFile(qualified).toPath().toRealPath();
      return fs.makeQualified(new Path(real.toUri()));
    }
    return linksEnabled(fs) ? fs.makeQualified(fs.resolvePath(qualified)) : qualified;
  }

  /**
   * What tells the file {@code path} names (an existing file on {@code fs}) from every other,
   * hard links included: on the local file system its device and inode
   * ({@link BasicFileAttributes#fileKey()}, where the platform has one), so that {@code ln a b}
   * makes {@code a} and {@code b} one list; else {@link #of}. HDFS has no hard links, so there a
   * path, links resolved, already names one file.
   */
  public static Object fileKey(FileSystem fs, Path path) throws IOException {
    RawLocalFileSystem local = local(fs);
    if (local != null) {
      java.nio.file.Path file = local.pathToFile(fs.makeQualified(path)).toPath();
      Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
      if (key != null) {
        return key;
      }
    }
    return of(fs, path);
  }

  /**
   * The target of {@code path} when it is a symbolic link to nothing, else null. Hadoop reports
   * such a link as a missing file; this says what it is.
   */
  public static Path danglingTarget(FileSystem fs, Path path) throws IOException {
    RawLocalFileSystem local = local(fs);
    if (local != null) {
      java.nio.file.Path file = local.pathToFile(fs.makeQualified(path)).toPath();
      return Files.isSymbolicLink(file) && !Files.exists(file)
          ? new Path(Files.readSymbolicLink(file).toString()) : null;
    }
    if (!linksEnabled(fs)) {
      return null;
    }
    try {
      FileStatus link = fs.getFileLinkStatus(path);
      return link.isSymlink() && !fs.exists(path) ? link.getSymlink() : null;
    } catch (FileNotFoundException e) {
      return null;
    }
  }

  /**
   * Symbolic links to nothing directly in the folder {@code dir}, in name order. Hadoop's local
   * listing leaves them out without a word (it takes them for files deleted while listing), so
   * they are looked for beside it; other file systems list a link as a link.
   */
  public static List<Path> danglingLinksIn(FileSystem fs, Path dir) throws IOException {
    RawLocalFileSystem local = local(fs);
    List<Path> dangling = new ArrayList<>();
    if (local == null) {
      return dangling;
    }
    Path qualified = fs.makeQualified(dir);
    String[] names = local.pathToFile(qualified).list();
    if (names == null) {
      return dangling;
    }
    Arrays.sort(names);
    for (String name : names) {
      Path child = new Path(qualified, new Path(null, null, name));
      if (danglingTarget(fs, child) != null) {
        dangling.add(child);
      }
    }
    return dangling;
  }

  /**
   * Whether listing a folder of {@code fs} passes over symbolic links to nothing without a word,
   * so that they must be looked for ({@link #danglingLinksIn}): Hadoop's local file system.
   */
  public static boolean listingHidesDanglingLinks(FileSystem fs) {
    return local(fs) != null;
  }

  /** The one-line problem for a dangling link given as, or found among, the inputs. */
  public static String danglingMessage(Path link, Path target) {
    return danglingMessage("input", link, target);
  }

  /**
   * The one-line problem for a dangling link: {@code what} ("input", "index") {@code link} is a
   * link to nothing, or one of a loop of links (which the operating system cannot follow either).
   */
  public static String danglingMessage(String what, Path link, Path target) {
    List<String> loop = linkLoop(link);
    if (loop != null) {
      return what + " " + link + " is a loop of symbolic links (" + String.join(" -> ", loop) + ")";
    }
    return what + " " + link + " is a symbolic link to " + target + ", which does not exist";
  }

  /**
   * The links followed from a local {@code link} until one comes back, each as written, or null
   * when following them ends (in nothing, or not on the local file system).
   */
  private static List<String> linkLoop(Path link) {
    java.net.URI uri = link.toUri();
    if (uri.getScheme() != null && !"file".equals(uri.getScheme())) {
      return null;
    }
    List<String> chain = new ArrayList<>(List.of(uri.getPath()));
    java.util.Set<java.nio.file.Path> seen = new java.util.HashSet<>();
    java.nio.file.Path at = java.nio.file.Path.of(uri.getPath()).toAbsolutePath().normalize();
    try {
      while (Files.isSymbolicLink(at)) {
        if (!seen.add(at)) {
          return chain;
        }
        java.nio.file.Path target = Files.readSymbolicLink(at);
        chain.add(target.toString());
        at = at.resolveSibling(target).normalize();
      }
    } catch (IOException e) {
      return null;
    }
    return null;
  }

  private static RawLocalFileSystem local(FileSystem fs) {
    return IndexBuilder.withoutChecksumFiles(fs) instanceof RawLocalFileSystem raw ? raw : null;
  }

  private static boolean linksEnabled(FileSystem fs) {
    return FileSystem.areSymlinksEnabled() && fs.supportsSymlinks();
  }
}
