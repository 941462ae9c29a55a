package org.ipjoin.job.locate;

/**
 * A locator whose field may be a chain of addresses ({@link ClientIpLocator.Range#chain}): the
 * field is found by another locator, and when it holds a chain, a {@link ChainRule} picks the hop
 * that is the client. Every locator {@link ClientIpLocators#fromSpec} makes is one, so every
 * format reads chains the same way.
 */
final class ChainedLocator implements ClientIpLocator {

  private final ClientIpLocator field;
  private final ChainRule rule;

  ChainedLocator(ClientIpLocator field, ChainRule rule) {
    this.field = field;
    this.rule = rule;
  }

  @Override
  public boolean locate(byte[] bytes, int from, int to, Range range) {
    if (!field.locate(bytes, from, to, range)) {
      return false;
    }
    if (range.chain) {
      rule.pick(bytes, range.from, range.to, range);
    }
    return true;
  }

  @Override
  public String spec() {
    return field.spec();
  }

  @Override
  public ClientIpLocator field() {
    return field;
  }

}
