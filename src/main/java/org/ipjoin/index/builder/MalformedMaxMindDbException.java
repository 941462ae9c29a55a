package org.ipjoin.index.builder;

import java.io.IOException;

/**
 * A file given as a MaxMind DB that MaxMind's reader cannot read (no metadata marker, a corrupt
 * search tree or data section): {@code file: the reader's reason}, one line.
 */
public class MalformedMaxMindDbException extends IOException {
  private static final long serialVersionUID = 1L;

  MalformedMaxMindDbException(String file, String reason) {
    super(file + ": " + reason);
  }
}
