package org.ipjoin.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.ipjoin.job.TestIndexes;

/**
 * The files of a valid job for the driver's checks: an index of 8.8.8.8 and 1.1.1.1, a one-record
 * log whose client is listed, and an output that does not exist yet; a test breaks one thing.
 */
record ValidJobFiles(Path index, Path input, Path output) {

  static ValidJobFiles in(Path dir) throws IOException {
    Path index = dir.resolve("ips.ipidx");
    TestIndexes.write(index, "8.8.8.8", "1.1.1.1");
    Path input = dir.resolve("access.log");
    Files.writeString(input, "8.8.8.8 - - [17/May/2015:10:05:03 +0000] \"GET / HTTP/1.1\" 200 1\n");
    return new ValidJobFiles(index, input, dir.resolve("out"));
  }
}
