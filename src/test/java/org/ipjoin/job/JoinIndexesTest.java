package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.index.load.ReadPath;
import org.ipjoin.problem.IpJoinException;
import org.junit.jupiter.api.Test;

/**
 * The {@code [NAME=]PATH[:ATTRS]} syntax of {@code ipjoin.index.path}, the per-index loaders, and
 * the round trip from the driver's resolution through the job's Configuration to a task's reading.
 */
class JoinIndexesTest {

  private static final Predicate<String> NO_FILES = text -> false;

  private static JoinIndexes resolve(String paths, String loaders, Predicate<String> isFile)
      throws IpJoinException {
    Configuration conf = new Configuration(false);
    IpJoinKeys.INDEX_PATH.set(conf, paths);
    if (loaders != null) {
      IpJoinKeys.LOADER.set(conf, loaders);
    }
    return JoinIndexes.resolve(conf, isFile);
  }

  private static JoinIndex index(String name, String path, ReadPath readPath, String... attributes) {
    return new JoinIndex(name, path, readPath, List.of(attributes));
  }

  @Test
  void oneBarePathIsNamedAfterItsFileAndWrittenBackUnchanged() throws Exception {
    JoinIndexes one = resolve("hdfs:///ref/ips.ipidx", null, NO_FILES);
    assertEquals(List.of(index("ips", "hdfs:///ref/ips.ipidx", ReadPath.NIO)), one.list());
    Configuration job = new Configuration(false);
    one.writeTo(job);
    assertEquals("hdfs:///ref/ips.ipidx", IpJoinKeys.INDEX_PATH.get(job));
    assertEquals("nio", IpJoinKeys.LOADER.get(job));
  }

  @Test
  void namesPathsWithEqualsSignsAttributesAndLoaders() throws Exception {
    JoinIndexes indexes = resolve("block=/ref/ipsum.ipidx,hdfs:///ref/dt=2026-11-21/geo.ipidx,"
        + "asn=asn.ipidx:org\\,number,ip.tsv", "mmap,geo=mmap-direct", NO_FILES);
    assertEquals(List.of(index("block", "/ref/ipsum.ipidx", ReadPath.MMAP),
        index("geo", "hdfs:///ref/dt=2026-11-21/geo.ipidx", ReadPath.MMAP_DIRECT),
        index("asn", "asn.ipidx", ReadPath.MMAP, "org", "number"),
        index("ip_tsv", "ip.tsv", ReadPath.MMAP)), indexes.list());
  }

  @Test
  void textNamingAnExistingFileIsAPath() throws Exception {
    Set<String> files = Set.of("dt=1/geo.ipidx", "a:b");
    JoinIndexes indexes = resolve("dt=1/geo.ipidx,x=a:b", null, files::contains);
    assertEquals(List.of(index("geo", "dt=1/geo.ipidx", ReadPath.NIO),
        index("x", "a:b", ReadPath.NIO)), indexes.list());
    // Without the file, the same text is a name and a path.
    assertEquals("dt", resolve("dt=1/geo.ipidx", null, NO_FILES).get(0).name());
  }

  @Test
  void whatTheDriverWritesATaskReadsBackWithoutLookingAtFiles() throws Exception {
    List<JoinIndex> given = List.of(index("block", "file:/ref/dt=1/ipsum.ipidx", ReadPath.NIO),
        index("odd", "file:/ref/a,b/c:d", ReadPath.MMAP_DIRECT),
        index("asn", "hdfs://nn:8020/ref/asn.ipidx", ReadPath.NIO, "org", "number"),
        index("ips", "file:/ref/ips.ipidx", ReadPath.NIO));
    Configuration job = new Configuration(false);
    new JoinIndexes(given).writeTo(job);
    assertEquals(given, JoinIndexes.of(job).list());
  }

  @Test
  void aTaskWithoutTheKeyHasOneIndex() {
    assertEquals(List.of("index"), JoinIndexes.of(new Configuration(false)).names());
  }

  @Test
  void aNameFromAFileIsOneWhereCanNameOrRefusedAmongSeveral() throws Exception {
    assertEquals(List.of("hit_v2", "a_b_c"),
        resolve("/ref/hit.v2.ipidx,/ref/a b+c.ipidx", null, NO_FILES).names());
    // One index may keep a name that names nothing: no other option needs it.
    assertEquals(List.of("2026"), resolve("/ref/2026.ipidx", null, NO_FILES).names());
    IpJoinException several = assertThrows(IpJoinException.class,
        () -> resolve("/ref/2026.ipidx,/ref/or.ipidx,/ref/ok.ipidx", null, NO_FILES));
    assertEquals(List.of("--index '/ref/2026.ipidx' would be named '2026' after its file, which is"
        + " no index name (a letter, then letters, digits, '_' or '-', not and, or, not); name it:"
        + " --index NAME=PATH", "--index '/ref/or.ipidx' would be named 'or' after its file, which"
        + " is no index name (a letter, then letters, digits, '_' or '-', not and, or, not); name"
        + " it: --index NAME=PATH"), several.problems());
    // What the driver writes for such a name a task reads back.
    Configuration job = new Configuration(false);
    resolve("/ref/hit.v2.ipidx,x=/ref/y.ipidx", null, NO_FILES).writeTo(job);
    assertEquals("/ref/hit.v2.ipidx,x=/ref/y.ipidx", IpJoinKeys.INDEX_PATH.get(job));
    assertEquals(List.of("hit_v2", "x"), JoinIndexes.of(job).names());
  }

  @Test
  void refusesDuplicateNamesAndLoadersOfNoIndex() {
    IpJoinException duplicate = assertThrows(IpJoinException.class,
        () -> resolve("/a/ips.ipidx,/b/ips.ipidx,x=/c/y.ipidx", null, NO_FILES));
    assertEquals(List.of("index name 'ips' is given to 2 indexes (/a/ips.ipidx, /b/ips.ipidx);"
        + " name each one: --index NAME=PATH"), duplicate.problems());
    IpJoinException loader = assertThrows(IpJoinException.class,
        () -> resolve("/a/ips.ipidx", "nio,geo=mmap", NO_FILES));
    assertEquals(List.of("bad loader: 'geo=mmap' names no index; the indexes: ips"),
        loader.problems());
    IpJoinException none = assertThrows(IpJoinException.class, () -> resolve(" ", null, NO_FILES));
    assertEquals(List.of("missing --index (or -D ipjoin.index.path=...)"), none.problems());
    IpJoinException empty = assertThrows(IpJoinException.class,
        () -> resolve("geo=", null, NO_FILES));
    assertEquals(List.of("--index 'geo=' names no file; give --index [NAME=]PATH[:ATTRIBUTES]"),
        empty.problems());
  }
}
