package org.ipjoin.job.locate;

import java.util.Locale;
import java.util.regex.PatternSyntaxException;

/** Makes a {@link ClientIpLocator} from an {@code ipjoin.format} / {@code --format} value. */
public final class ClientIpLocators {

  /** The accepted forms, for messages and usage. */
  public static final String FORMS = "combined, tsv:N, csv:N, ws:N (N = 1-based column), json:PATH,"
      + " regex:PATTERN";

  private ClientIpLocators() {}

  /**
   * Parses {@code combined}, {@code tsv:N}, {@code csv:N}, {@code ws:N}, {@code json:PATH} or
   * {@code regex:PATTERN}.
   *
   * @throws IllegalArgumentException naming the spec and what is wrong with it
   */
  public static ClientIpLocator fromSpec(String spec) {
    // Keywords in any case, as every option keyword of ipjoin; a regex pattern exactly as given.
    String s = spec.trim();
    String keyword = s.toLowerCase(Locale.ROOT);
    if (keyword.equals("combined")) {
      return new CombinedLogLocator();
    }
    if (keyword.startsWith("tsv:")) {
      return new DelimitedColumnLocator((byte) '\t', column(spec, s.substring(4)), keyword);
    }
    if (keyword.startsWith("csv:")) {
      return new DelimitedColumnLocator((byte) ',', column(spec, s.substring(4)), keyword);
    }
    if (keyword.startsWith("ws:")) {
      return new WhitespaceFieldLocator(column(spec, s.substring(3)), keyword);
    }
    if (keyword.startsWith("json:")) {
      // The path exactly as given (keys are case-sensitive), only trimmed as the whole spec is.
      String path = s.substring(5);
      if (path.isEmpty()) {
        throw new IllegalArgumentException(
            "bad format '" + spec + "': the path is empty; name the key, e.g. json:client.ip");
      }
      return new JsonFieldLocator(path, "json:" + path);
    }
    if (keyword.startsWith("regex:")) {
      // Not trimmed further: spaces may be part of the pattern.
      String pattern = spec.substring(spec.toLowerCase(Locale.ROOT).indexOf("regex:") + 6);
      try {
        return new RegexLocator(pattern, "regex:" + pattern);
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException("bad format '" + spec + "': the pattern does not compile: "
            + e.getDescription() + " near index " + e.getIndex());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("bad format '" + spec + "': " + e.getMessage());
      }
    }
    throw new IllegalArgumentException("bad format '" + spec + "'; use one of " + FORMS);
  }

  private static int column(String spec, String number) {
    int column;
    try {
      column = Integer.parseInt(number);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "bad format '" + spec + "': column '" + number + "' is not a number");
    }
    if (column < 1) {
      throw new IllegalArgumentException(
          "bad format '" + spec + "': columns are numbered from 1, got " + column);
    }
    return column;
  }
}
