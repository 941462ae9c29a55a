package org.ipjoin.job;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;

/**
 * Finds an index a map task must load: the distributed-cache file (or, on the local runner, the
 * file named in place, {@link #jobFiles}) whose URI fragment is its link name ({@value #LINK_NAME}
 * for the first index of a join, {@link JoinIndexes#linkName} for the others), and a local file
 * holding its bytes.
 *
 * <p>Resolution order, and why:
 * <ol>
 *   <li>A {@code file:} URI (or a scheme-less one while the default FileSystem is local) that exists:
 *       opened where it is. In local mode this never looks at {@code ./ipindex} (or another index's link name), so a stale file of
 *       that name in the working directory (the local runner then silently makes no link)
 *       cannot be read instead.
 *   <li>{@code ./ipindex} in the task's working directory: the link YARN makes for the cache file.
 *   <li>Otherwise a copy from the file's own FileSystem into a local temporary file, deleted after
 *       loading: MRUnit (and any runner that makes no links) lists cache files without localising
 *       them.
 * </ol>
 * Whichever it is, the task then checks the loaded index's identity against the one the driver
 * pinned, so a wrong file fails the task rather than changing the answer.
 */
public final class IndexCacheFile {

  /** The cache link name the driver gives the index ({@code uri#ipindex}). */
  public static final String LINK_NAME = "ipindex";

  /**
   * A local file with the index's bytes.
   *
   * @param temporary true when it is a copy the caller must delete
   * @param how which resolution step found it, for the log
   */
  public record Local(java.nio.file.Path path, boolean temporary, String how) {}

  private IndexCacheFile() {}

  /**
   * The index files of the job: those the driver named for tasks to open in place ({@link
   * IpJoinKeys#INDEX_IN_PLACE}, on the local runner), else its distributed-cache files.
   */
  public static URI[] jobFiles(JobContext context) throws IOException {
    if (!inPlace(context.getConfiguration())) {
      return context.getCacheFiles();
    }
    String[] items = IpJoinKeys.INDEX_IN_PLACE.get(context.getConfiguration()).split(",");
    URI[] files = new URI[items.length];
    for (int i = 0; i < items.length; i++) {
      try {
        files[i] = new URI(items[i]);
      } catch (URISyntaxException e) {
        throw new IOException(IpJoinKeys.INDEX_IN_PLACE.key() + " holds a bad URI: " + items[i], e);
      }
    }
    return files;
  }

  /** True when the driver named the index files for tasks to open in place (the local runner). */
  public static boolean inPlace(Configuration conf) {
    return IpJoinKeys.INDEX_IN_PLACE.get(conf) != null;
  }

  /**
   * True when the bytes a task reads for {@code uri} reached it checksummed: the file the driver
   * read, opened in place on the local runner, or a file on HDFS, whose block checksums the HDFS
   * client verifies as the distributed cache (or {@link #localize}) copies it. Elsewhere (a
   * {@code file:} index on a cluster node, an object store) the task checksums the bytes itself.
   */
  public static boolean checkedInTransit(URI uri, Configuration conf) {
    String scheme = uri.getScheme() != null ? uri.getScheme()
        : FileSystem.getDefaultUri(conf).getScheme();
    return inPlace(conf) || "hdfs".equalsIgnoreCase(scheme);
  }

  /**
   * Names {@code files} ({@code uri#link}) for tasks to open in place; a comma in a path is written
   * {@code %2C}, which the URI reads back as a comma.
   */
  public static void setInPlace(Configuration conf, List<URI> files) {
    IpJoinKeys.INDEX_IN_PLACE.set(conf, files.stream()
        .map(u -> u.toString().replace(",", "%2C")).collect(Collectors.joining(",")));
  }

  /** The cache file named {@value #LINK_NAME}; fails if the job has none (not submitted by the driver). */
  public static URI find(URI[] cacheFiles) throws IOException {
    return find(cacheFiles, LINK_NAME);
  }

  /**
   * The cache file whose fragment is {@code linkName} (each index of a join has its own, see
   * {@link JoinIndexes#linkName}); fails if the job has none.
   */
  public static URI find(URI[] cacheFiles, String linkName) throws IOException {
    if (cacheFiles != null) {
      for (URI uri : cacheFiles) {
        if (linkName.equals(uri.getFragment())) {
          return uri;
        }
      }
    }
    throw new IOException("no distributed-cache file named '#" + linkName + "' in this job (cache"
        + " files: " + (cacheFiles == null ? "none" : Arrays.toString(cacheFiles)) + "); submit the"
        + " job with IpJoinDriver, or add the index as <uri>#" + linkName);
  }

  /** Resolves {@code uri} (linked as {@value #LINK_NAME}) to a local file, copying it if nothing local holds it. */
  public static Local localize(URI uri, Configuration conf, java.nio.file.Path workDir) throws IOException {
    return localize(uri, conf, workDir, LINK_NAME);
  }

  /**
   * Resolves {@code uri}, linked as {@code linkName}, to a local file, copying it if nothing local
   * holds it.
   */
  public static Local localize(URI uri, Configuration conf, java.nio.file.Path workDir,
      String linkName) throws IOException {
    URI file = withoutFragment(uri);
    if (isLocal(file, conf)) {
      java.nio.file.Path direct = java.nio.file.Paths.get(file.getPath());
      if (Files.isRegularFile(direct)) {
        return new Local(direct, false, "local file");
      }
    }
    java.nio.file.Path link = workDir.resolve(linkName);
    if (Files.exists(link)) {
      return new Local(link, false, "cache link ./" + linkName);
    }
    Path source = new Path(file);
    FileSystem fs = source.getFileSystem(conf);
    java.nio.file.Path copy = Files.createTempFile("ipindex-", ".copy");
    try {
      fs.copyToLocalFile(false, source, new Path(copy.toUri()), true);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(copy);
      throw new IOException("could not copy index " + file + " to local " + copy + ": " + e, e);
    }
    return new Local(copy, true, "copied from " + fs.getUri());
  }

  private static boolean isLocal(URI file, Configuration conf) throws IOException {
    String scheme = file.getScheme();
    if (scheme == null) {
      return "file".equals(FileSystem.getDefaultUri(conf).getScheme());
    }
    return "file".equals(scheme);
  }

  static URI withoutFragment(URI uri) {
    try {
      return new URI(uri.getScheme(), uri.getAuthority(), uri.getPath(), uri.getQuery(), null);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("bad cache URI " + uri, e);
    }
  }
}
