package org.ipjoin.job.options;

import java.util.List;
import org.ipjoin.job.locate.ChainRule;
import org.ipjoin.job.locate.ClientIpLocator;
import org.ipjoin.job.locate.ClientIpLocators;

/**
 * Where the client address is in a record ({@code ipjoin.format}) and which hop of a chain in that
 * field is the client ({@code ipjoin.chain}): the spec and the rule as the user wrote them, checked
 * once by {@link ClientIpLocators} (the one place that knows the forms); each task builds its
 * locator from the same two ({@link #locator()}).
 *
 * @param spec the checked spec, untrimmed: a {@code regex:} pattern may end in a meaningful space
 * @param chain the checked chain rule ({@code first}, {@code last}, {@code untrusted=CIDR,...})
 */
public record ClientFormat(String spec, String chain) {

  /**
   * The format {@code spec} names, with the chain rule {@code chain}.
   *
   * @throws IllegalArgumentException ClientIpLocators' one line: the bad spec and the forms, or
   *     the bad rule
   */
  public static ClientFormat of(String spec, String chain) {
    ClientIpLocators.fromSpec(spec, chain);
    return new ClientFormat(spec, chain);
  }

  /** The form's name: {@code combined}, {@code tsv}, {@code csv}, {@code regex}... */
  public String kind() {
    int colon = spec.indexOf(':');
    return (colon < 0 ? spec : spec.substring(0, colon)).trim();
  }

  /**
   * New locators for the address columns {@code formats}, in order (locators keep per-record
   * state: one list per task); several {@code json:PATH} columns share one pass over each record
   * ({@link ClientIpLocators#fromSpecs}).
   */
  public static List<ClientIpLocator> locators(List<ClientFormat> formats) {
    return ClientIpLocators.fromSpecs(formats.stream().map(ClientFormat::spec).toList(),
        formats.stream().map(f -> ChainRule.parse(f.chain())).toList());
  }

  /** A new locator for this format (a locator keeps per-record state: one per task). */
  public ClientIpLocator locator() {
    return ClientIpLocators.fromSpec(spec, chain);
  }
}
