package org.ipjoin.job.options;

import org.ipjoin.job.locate.ClientIpLocator;
import org.ipjoin.job.locate.ClientIpLocators;

/**
 * Where the client address is in a record ({@code ipjoin.format}): the spec as the user wrote it,
 * checked once by {@link ClientIpLocators} (the one place that knows the forms); each task builds
 * its locator from the same spec ({@link #locator()}).
 *
 * @param spec the checked spec, untrimmed: a {@code regex:} pattern may end in a meaningful space
 */
public record ClientFormat(String spec) {

  /**
   * The format {@code spec} names.
   *
   * @throws IllegalArgumentException ClientIpLocators' one line: the bad spec and the forms
   */
  public static ClientFormat of(String spec) {
    ClientIpLocators.fromSpec(spec);
    return new ClientFormat(spec);
  }

  /** The form's name: {@code combined}, {@code tsv}, {@code csv}, {@code regex}... */
  public String kind() {
    int colon = spec.indexOf(':');
    return (colon < 0 ? spec : spec.substring(0, colon)).trim();
  }

  /** A new locator for this format (a locator keeps per-record state: one per task). */
  public ClientIpLocator locator() {
    return ClientIpLocators.fromSpec(spec);
  }
}
