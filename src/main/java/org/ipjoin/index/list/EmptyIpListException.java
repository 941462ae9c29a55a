package org.ipjoin.index.list;

import java.io.IOException;

/**
 * A text IP list produced no address at all. In a nightly pipeline an empty list is almost always
 * an upstream failure (a download that returned an error page of comments, a truncated export, a
 * filter that matched nothing), and publishing an empty index would make every join silently
 * match nothing. So the build refuses it unless the caller explicitly allows an empty index.
 */
public class EmptyIpListException extends IOException {
  private static final long serialVersionUID = 1L;

  public EmptyIpListException(String file, long lines, long blank, long comments, long skipped) {
    this(file, lines, blank, comments, skipped,
        "nothing was published. Pass --allow-empty to build an empty index anyway.");
  }

  /** @param outcome what was therefore not done, and how to do it anyway */
  public EmptyIpListException(String file, long lines, long blank, long comments, long skipped,
      String outcome) {
    super(String.format("no addresses in %s: %,d lines, all blank/comments/skipped (%,d blank, %,d"
        + " comments, %,d skipped as invalid); an empty list is usually an upstream failure, so %s",
        file, lines, blank, comments, skipped, outcome));
  }

  private EmptyIpListException(String message) {
    super(message);
  }

  /**
   * MaxMind DB files none of whose {@code networks} networks has any of the fields asked for:
   * almost always a wrong field path.
   */
  public static EmptyIpListException withoutFields(String files, long networks, String fields) {
    return new EmptyIpListException(String.format("no network in %s has any of --fields %s (%,d"
        + " networks, none with a value); check the field paths against the database's records."
        + " Nothing was published. Pass --allow-empty to build an empty index anyway.", files,
        fields, networks));
  }
}
