package org.ipjoin.testing;

import java.net.URISyntaxException;
import java.nio.file.Path;

/** Files of the project itself (docs, conf, the sample project), for tests that pin them. */
public final class ProjectFiles {

  private ProjectFiles() {}

  /** The project's root: target/test-classes, two levels up. */
  public static Path root() {
    try {
      return Path.of(ProjectFiles.class.getProtectionDomain().getCodeSource().getLocation().toURI())
          .getParent().getParent();
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** {@code relative} below the project's root. */
  public static Path resolve(String relative) {
    return root().resolve(relative);
  }
}
