package org.ipjoin.job;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/** A file's partition path below its input, and its way through the job's Configuration. */
class OutputPartitionsTest {

  @Test
  void partitionFoldersBelowTheInputOnly() {
    Path logs = new Path("file:/data/logs");
    assertEquals("dt=2026-11-27", OutputPartitions.of(logs, new Path("file:/data/logs/dt=2026-11-27/a.gz")));
    assertEquals("dt=1/hour=03", OutputPartitions.of(logs, new Path("file:/data/logs/dt=1/hour=03/a")));
    // Folders that are no partition are left out, wherever they are.
    assertEquals("dt=1", OutputPartitions.of(logs, new Path("file:/data/logs/dt=1/raw/a")));
    assertEquals("dt=1", OutputPartitions.of(logs, new Path("file:/data/logs/raw/dt=1/a")));
    // Directly in the input: the top.
    assertEquals("", OutputPartitions.of(logs, new Path("file:/data/logs/a")));
    // The input names the partition itself, or the file: nothing below it.
    assertEquals("", OutputPartitions.of(new Path("file:/data/logs/dt=1"),
        new Path("file:/data/logs/dt=1/a")));
    assertEquals("", OutputPartitions.of(new Path("file:/data/logs/dt=1/a"),
        new Path("file:/data/logs/dt=1/a")));
    // Folders above the input are not the output's business.
    assertEquals("", OutputPartitions.of(new Path("file:/data/year=2026/logs"),
        new Path("file:/data/year=2026/logs/a")));
    // Below a glob: from its fixed part.
    assertEquals("dt=1", OutputPartitions.of(new Path("file:/data/logs/dt=*"),
        new Path("file:/data/logs/dt=1/a")));
    assertEquals("dt=1", OutputPartitions.of(new Path("file:/data/logs/dt={1,2}/*.gz"),
        new Path("file:/data/logs/dt=1/a.gz")));
    // ':' as Hive escapes it.
    assertEquals("dt=1/hour=10%3A00", OutputPartitions.of(logs,
        new Path("file:/data/logs/dt=1/hour=10:00/a")));
    // A value Hive escaped stays as it is.
    assertEquals("dt=1/hour=10%3A00", OutputPartitions.of(logs,
        new Path("file:/data/logs/dt=1/hour=10%3A00/a")));
    // A folder starting with '=' names no column.
    assertEquals("", OutputPartitions.of(logs, new Path("file:/data/logs/=x/a")));
  }

  @Test
  void throughTheConfigurationWithTabsAndLineBreaksInNames() {
    Map<Path, String> files = new LinkedHashMap<>();
    files.put(new Path("file:/data/logs/dt=1/a"), "dt=1");
    files.put(new Path("file:/data/logs/dt=a\tb%09/x\ny"), "dt=a\tb%09");
    files.put(new Path("file:/data/logs/top"), "");
    Configuration conf = new Configuration(false);
    OutputPartitions.of(files).writeTo(conf);
    OutputPartitions read = OutputPartitions.readFrom(conf);
    assertEquals("dt=1", read.partitionOf(new Path("file:/data/logs/dt=1/a")));
    // As a task's split names it: no empty authority.
    assertEquals("dt=1", read.partitionOf(new Path("file:///data/logs/dt=1/a")));
    assertEquals("dt=a\tb%09", read.partitionOf(new Path("file:/data/logs/dt=a\tb%09/x\ny")));
    assertEquals("", read.partitionOf(new Path("file:/data/logs/top")));
    assertEquals("", read.partitionOf(null));
    assertEquals(List.of("dt=1", "dt=a\tb%09"), read.partitions());
    OutputPartitions.NONE.writeTo(conf);
    assertEquals(null, conf.get(IpJoinKeys.OUTPUT_PARTITIONS.key()));
  }

  @Test
  void basePaths() {
    assertEquals("part", OutputPartitions.basePath("", "", "part"));
    assertEquals("dt=1/part", OutputPartitions.basePath("", "dt=1", "part"));
    assertEquals("malformed/part", OutputPartitions.basePath("malformed", "", "part"));
    assertEquals("malformed/dt=1/h=2/time", OutputPartitions.basePath("malformed", "dt=1/h=2", "time"));
  }
}
