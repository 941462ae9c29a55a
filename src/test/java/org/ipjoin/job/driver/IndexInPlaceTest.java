package org.ipjoin.job.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.ipjoin.job.IndexCacheFile;
import org.ipjoin.job.IpJoinKeys;
import org.junit.jupiter.api.Test;

/**
 * On the local runner a job names its local index files for tasks to open where they are instead
 * of shipping them through the distributed cache (which the local runner copies); anywhere else,
 * or for an index on another file system, the cache ships them as before. Tasks read the same
 * {@code uri#link} names either way, whatever characters the paths hold.
 */
class IndexInPlaceTest {

  private static Configuration framework(String name) {
    Configuration conf = new Configuration(false);
    if (name != null) {
      conf.set("mapreduce.framework.name", name);
    }
    return conf;
  }

  @Test
  void onlyTheLocalRunnerWithLocalIndexesOpensThemInPlace() throws Exception {
    List<URI> local = List.of(JobFactory.cacheUri(new Path("file:/data/a.ipidx"), "ipindex"),
        JobFactory.cacheUri(new Path("file:/data/b.ipidx"), "ipindex-1"));
    List<URI> mixed = List.of(local.get(0),
        JobFactory.cacheUri(new Path("hdfs://nn:8020/data/b.ipidx"), "ipindex-1"));
    assertTrue(JobFactory.tasksOpenIndexesInPlace(framework("local"), local));
    assertTrue(JobFactory.tasksOpenIndexesInPlace(framework(null), local), "local is the default");
    assertFalse(JobFactory.tasksOpenIndexesInPlace(framework("yarn"), local));
    assertFalse(JobFactory.tasksOpenIndexesInPlace(framework("local"), mixed));
  }

  @Test
  void tasksReadTheNamesTheDriverWrote() throws Exception {
    List<URI> files = List.of(
        JobFactory.cacheUri(new Path("file:/data/plain.ipidx"), "ipindex"),
        JobFactory.cacheUri(new Path("file:/data/with,comma and space/ü.ipidx"), "ipindex-1"),
        JobFactory.cacheUri(new Path("file:/data/100%25 sure#not-a-link.ipidx"), "ipindex-2"));
    Job job = Job.getInstance(new Configuration(false));
    assertNull(IpJoinKeys.INDEX_IN_PLACE.get(job.getConfiguration()));
    IndexCacheFile.setInPlace(job.getConfiguration(), files);
    URI[] read = IndexCacheFile.jobFiles(job);
    assertEquals(files.size(), read.length);
    for (int k = 0; k < files.size(); k++) {
      String link = k == 0 ? "ipindex" : "ipindex-" + k;
      URI found = IndexCacheFile.find(read, link);
      assertEquals(files.get(k).getScheme(), found.getScheme());
      assertEquals(files.get(k).getPath(), found.getPath());
    }
  }

  @Test
  void withoutInPlaceNamesTasksReadTheCacheFiles() throws Exception {
    Job job = Job.getInstance(new Configuration(false));
    URI cached = JobFactory.cacheUri(new Path("hdfs://nn:8020/data/a.ipidx"), "ipindex");
    job.addCacheFile(cached);
    assertArrayEquals(new URI[] {cached}, IndexCacheFile.jobFiles(job));
  }
}
