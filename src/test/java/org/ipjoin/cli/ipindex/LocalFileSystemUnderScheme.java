package org.ipjoin.cli.ipindex;

import java.net.URI;
import org.apache.hadoop.fs.RawLocalFileSystem;

/**
 * The raw local file system under a scheme of its own ({@code fs.<scheme>.impl}), for a test that
 * changes how some of its files behave without touching the {@code file:} FileSystem.
 */
abstract class LocalFileSystemUnderScheme extends RawLocalFileSystem {

  /** A constant: it is read while RawLocalFileSystem's constructor runs. */
  abstract String scheme();

  @Override
  public URI getUri() {
    return URI.create(scheme() + ":///");
  }

  @Override
  public String getScheme() {
    return scheme();
  }
}
