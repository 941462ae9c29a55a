package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

class IpJoinKeysTest {

  @Test
  void markdownTableHasEveryKeyAndDefault() {
    String table = IpJoinKeys.markdownTable();
    assertTrue(table.startsWith("| key | default | description |\n|---|---|---|\n"), table);
    for (IpJoinKeys k : IpJoinKeys.values()) {
      assertTrue(table.contains("| `" + k.key() + "` | "
          + (k.defaultValue() == null ? "(none)" : "`" + k.defaultValue() + "`") + " |"), k.key());
    }
    assertEquals(IpJoinKeys.values().length + 2, table.split("\n").length);
  }

  @Test
  void defaultsAndBooleans() {
    Configuration conf = new Configuration(false);
    assertEquals("nio", IpJoinKeys.LOADER.get(conf));
    assertEquals("match", IpJoinKeys.MODE.get(conf));
    assertEquals("combined", IpJoinKeys.FORMAT.get(conf));
    assertTrue(IpJoinKeys.VERIFY_CHECKSUM.getBoolean(conf));
    conf.set("ipjoin.index.loader", "  mmap\n");
    assertEquals("mmap", IpJoinKeys.LOADER.get(conf));
    conf.set("ipjoin.format", "regex:^(\\S+) ");
    assertEquals("regex:^(\\S+) ", IpJoinKeys.FORMAT.get(conf), "a pattern's trailing space matters");
    conf.set("ipjoin.malformed.output", "FALSE");
    assertEquals(false, IpJoinKeys.MALFORMED_OUTPUT.getBoolean(conf));
    conf.set("ipjoin.malformed.output", "no");
    assertThrows(IllegalArgumentException.class, () -> IpJoinKeys.MALFORMED_OUTPUT.getBoolean(conf));
  }

  /** conf/ipjoin-site.xml documents every key with its default (found from target/test-classes). */
  @Test
  void siteTemplateListsEveryKey() throws Exception {
    String site = Files.readString(ProjectFiles.root().resolve("conf/ipjoin-site.xml"));
    for (IpJoinKeys k : IpJoinKeys.values()) {
      String property = "<name>" + k.key() + "</name>\n    <value>"
          + (k.defaultValue() == null ? "" : k.defaultValue());
      assertTrue(site.contains(property), "conf/ipjoin-site.xml lacks " + k.key() + " with its default");
    }
    // It must stay valid XML for Hadoop to read it.
    Configuration conf = new Configuration(false);
    conf.addResource(new org.apache.hadoop.fs.Path(ProjectFiles.root().resolve("conf/ipjoin-site.xml").toUri()));
    assertEquals(null, conf.get("ipjoin.mode"), "everything in the template is commented out");
  }

  /**
   * docs/configuration.md's key table is exactly the enum's table: no key missing, none extra, same
   * text; it is the only key table of the docs, and the README links it rather than repeating it.
   */
  @Test
  void configurationPageKeyTableIsTheEnumsTable() throws Exception {
    String page = Files.readString(ProjectFiles.root().resolve("docs/configuration.md"));
    assertTrue(page.contains(IpJoinKeys.markdownTable()),
        "docs/configuration.md's key table differs from IpJoinKeys.markdownTable():\n"
            + IpJoinKeys.markdownTable());
    assertEquals(1, page.split("\\| key \\| default \\| description \\|", -1).length - 1,
        "one key table");
    String readme = Files.readString(ProjectFiles.root().resolve("README.md"));
    assertFalse(readme.contains("| key | default | description |"), "the README links the table");
    assertTrue(readme.contains("(docs/configuration.md)"), "the README links docs/configuration.md");
  }

  /** The site template names no key the enum does not have (e.g. a removed one). */
  @Test
  void siteTemplateNamesNoOtherKey() throws Exception {
    String site = Files.readString(ProjectFiles.root().resolve("conf/ipjoin-site.xml"));
    java.util.Set<String> keys = new java.util.HashSet<>();
    for (IpJoinKeys k : IpJoinKeys.values()) {
      keys.add(k.key());
    }
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("<name>([^<]*)</name>").matcher(site);
    int names = 0;
    while (m.find()) {
      assertTrue(keys.contains(m.group(1)), "conf/ipjoin-site.xml names unknown key " + m.group(1));
      names++;
    }
    assertEquals(keys.size(), names);
  }

  @Test
  void readPathIsResolvedFromTheLoaderKeyInOnePlace() {
    Configuration conf = new Configuration(false);
    assertEquals(org.ipjoin.index.load.ReadPath.NIO, readPath(conf));
    conf.set("ipjoin.index.loader", "TEXT");
    assertEquals(org.ipjoin.index.load.ReadPath.TEXT, readPath(conf));
    assertTrue(readPath(conf).readsText(), "any spelling the parser accepts reads text");
    conf.set("ipjoin.index.loader", " mmap_direct ");
    assertTrue(readPath(conf).keepsKeysOffHeap());
    conf.set("ipjoin.index.loader", "fast");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> readPath(conf));
    assertEquals("bad loader: unknown loader 'fast'; choose one of text, stream, buffered, nio,"
        + " mmap, mmap-direct", e.getMessage());
  }

  /** The read path of a task's one index: the loader key is read by JoinIndexes alone. */
  private static org.ipjoin.index.load.ReadPath readPath(Configuration conf) {
    return JoinIndexes.of(conf).get(0).readPath();
  }

  @Test
  void localSiteFilesSelectTheLocalRunner() throws Exception {
    Configuration conf = new Configuration(false);
    conf.addResource(new org.apache.hadoop.fs.Path(ProjectFiles.root().resolve("conf/local/core-site.xml").toUri()));
    conf.addResource(new org.apache.hadoop.fs.Path(ProjectFiles.root().resolve("conf/local/mapred-site.xml").toUri()));
    assertEquals("file:///", conf.get("fs.defaultFS"));
    assertEquals("local", conf.get("mapreduce.framework.name"));
  }

}
