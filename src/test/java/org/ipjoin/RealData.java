package org.ipjoin;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/**
 * The real public logs and lists under {@code src/test/resources/realdata/} (sources, commits and
 * licences in its README.md), found on the test classpath. They are part of the repository: a
 * missing file is an error, never a reason to skip.
 */
public final class RealData {

  private RealData() {}

  /** {@code lists/ipsum.txt}, {@code logs/elastic_apache_logs.log}, ... as a file path. */
  public static Path file(String relative) {
    URL url = RealData.class.getResource("/realdata/" + relative);
    if (url == null) {
      throw new IllegalStateException("test data realdata/" + relative
          + " is not on the test classpath (it lives in src/test/resources/realdata/)");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  public static Path ipsum() {
    return file("lists/ipsum.txt");
  }

  public static Path elasticLog() {
    return file("logs/elastic_apache_logs.log");
  }

  public static Path basjesLog() {
    return file("logs/basjes_hackers-access.log");
  }
}
