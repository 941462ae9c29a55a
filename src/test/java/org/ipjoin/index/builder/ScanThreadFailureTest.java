package org.ipjoin.index.builder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.ipjoin.index.list.LabelColumn;
import org.junit.jupiter.api.Test;

/**
 * An I/O failure on a parser thread of the parallel scan reaches the caller as that IOException,
 * its message intact, not as the wrapper the thread pool and the stream put around it.
 */
class ScanThreadFailureTest {

  @Test
  void anIoFailureOnAParserThreadIsThrownAsItself() {
    IOException full = new IOException("No space left on device");
    AddressSink spillsToAFullDisk = (keys, count, scratch) -> {
      throw new UncheckedIOException(full);
    };
    IpListScanner total = IpListScanner.addresses("list.tsv", false, LabelColumn.DEFAULT, 0,
        bytes -> { });
    byte[] list = "1.2.3.4\n5.6.7.8\n".getBytes(StandardCharsets.US_ASCII);
    try (ParallelAddressScan scan = new ParallelAddressScan(total, spillsToAFullDisk, false,
        LabelColumn.DEFAULT, 2, 8)) {
      IOException thrown = assertThrows(IOException.class,
          () -> scan.scan(new ByteArrayInputStream(list), "list.tsv"));
      assertEquals(full, thrown);
    }
  }
}
