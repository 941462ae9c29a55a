package org.ipjoin.index.builder;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.hadoop.fs.Path;

/**
 * {@code --label-from-file [REGEX]}: every entry of a list takes a label made from the list's file
 * name: the whole name, or the first group of {@code REGEX} (a Java regular expression that must
 * match the whole name, and have a group). A name it does not match, or that gives
 * an empty label or one with a control character, is a usage error naming the file, found before
 * any list is read.
 */
public final class FileLabels {

  /** The longest label a list line may hold; a file name's label keeps to the same limit. */
  private static final int MAX_LABEL_BYTES = 1024;

  private final Pattern pattern;

  private FileLabels(Pattern pattern) {
    this.pattern = pattern;
  }

  /**
   * Labels from {@code regex}, or the whole file name when it is null.
   *
   * @throws IllegalArgumentException for a regex that does not compile or has no group, in one
   *     line
   */
  public static FileLabels of(String regex) {
    if (regex == null) {
      return new FileLabels(null);
    }
    Pattern pattern;
    try {
      pattern = Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException("not a regular expression: '" + regex + "' ("
          + e.getDescription() + ")");
    }
    if (pattern.matcher("").groupCount() == 0) {
      // A REGEX is there to cut the label out of the name; without a group it would label by the
      // whole name, as no REGEX does, and the user's missing parentheses would pass unseen.
      throw new IllegalArgumentException("'" + regex + "' has no group: the label is the REGEX's"
          + " first group (country_(..)\\.netset labels country_de.netset 'de'); to label by the"
          + " whole file name give no REGEX");
    }
    return new FileLabels(pattern);
  }

  /** The label of the entries of {@code file}. */
  String labelOf(Path file) throws InvalidBuildInputException {
    String name = file.getName();
    String label = name;
    if (pattern != null) {
      Matcher m = pattern.matcher(name);
      if (!m.matches()) {
        throw new InvalidBuildInputException("input " + file + ": the file name does not match"
            + " --label-from-file '" + pattern + "'");
      }
      label = m.group(1);
    }
    if (label == null || label.isEmpty()) {
      throw new InvalidBuildInputException("input " + file + ": --label-from-file '" + pattern
          + "' gives an empty label for this file name");
    }
    if (label.chars().anyMatch(c -> c < 0x20 || c == 0x7F)
        || label.getBytes(StandardCharsets.UTF_8).length > MAX_LABEL_BYTES) {
      throw new InvalidBuildInputException("input " + file + ": the label '" + label.replaceAll(
          "\\p{Cntrl}", "?") + "' from its name holds a control character or is longer than "
          + MAX_LABEL_BYTES + " bytes");
    }
    return label;
  }

  /** The option as given, for the build summary. */
  @Override
  public String toString() {
    return pattern == null ? "--label-from-file" : "--label-from-file '" + pattern + "'";
  }
}
