package org.ipjoin.index.builder;

import java.io.IOException;

/**
 * An address-mode {@link IpListScanner} met a line that is more than a plain address (a CIDR
 * block, a range, or an address with a label): the list needs the general path. A signal between
 * the scanner and {@link IndexBuilder}, never shown to users (a caller that scans a list without
 * entries, as the job's empty-list check does, never sees it).
 */
final class NotPlainAddressesException extends IOException {
  private static final long serialVersionUID = 1L;

  private final long line;

  NotPlainAddressesException(String file, long line) {
    super(file + ":" + line + " is more than a plain address");
    this.line = line;
  }

  /** The line's number in its file (in a piece of the parallel scan: in its piece). */
  long line() {
    return line;
  }
}
