package org.ipjoin;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.ipjoin.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/**
 * docs/embedding.md's "Your pom" is the sample downstream project's pom and log4j configuration,
 * the ones `mvn verify` builds and runs (with the sample's {@code @...@} placeholders filled in
 * from this pom): a user who copies the doc gets a build that runs its JUnit 5 tests.
 */
class EmbeddingDocTest {

  /** The body of the first fenced block of {@code language} after {@code heading}. */
  private static String block(String doc, String heading, String language) {
    int from = doc.indexOf(heading);
    Matcher m = Pattern.compile("```" + language + "\n(.*?)\n```", Pattern.DOTALL).matcher(doc);
    assertEquals(true, from >= 0 && m.find(from), heading + " with a " + language + " block");
    return m.group(1) + "\n";
  }

  private static String property(String pom, String pattern) {
    Matcher m = Pattern.compile(pattern).matcher(pom);
    assertEquals(true, m.find(), pattern);
    return m.group(1);
  }

  @Test
  void theDocsPomIsTheSamplesPom() throws Exception {
    Path project = ProjectFiles.root();
    String pom = Files.readString(project.resolve("pom.xml"));
    String sample = Files.readString(project.resolve("src/it/embedding-sample/pom.xml"))
        .replace("@project.version@",
            property(pom, "<artifactId>ipjoin</artifactId>\\s*<version>([^<]+)</version>"))
        .replace("@hadoop.version@", property(pom, "<hadoop.version>([^<]+)</hadoop.version>"))
        .replace("@junit.version@", property(pom, "<junit.version>([^<]+)</junit.version>"));
    assertEquals(sample, block(doc(project), "## Your pom", "xml"));
  }

  @Test
  void theDocsLoggingIsTheSamplesLogging() throws Exception {
    Path project = ProjectFiles.root();
    assertEquals(Files.readString(project.resolve(
            "src/it/embedding-sample/src/test/resources/log4j.properties")),
        block(doc(project), "## Your pom", "properties"));
  }

  private static String doc(Path project) throws IOException {
    return Files.readString(project.resolve("docs/embedding.md"));
  }
}
