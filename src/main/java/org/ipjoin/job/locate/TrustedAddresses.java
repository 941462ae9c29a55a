package org.ipjoin.job.locate;

/**
 * A trusted set of addresses read from one of the job's indexes ({@code --chain untrusted=INDEX}):
 * the proxies a {@link ChainRule} skips from the right of a chain. Asked once per hop, so
 * implementations allocate nothing per call.
 */
public interface TrustedAddresses {

  /** Whether the IPv4 address with key {@code key} ({@link org.ipjoin.ip.Ipv4Codec#toKey}) is in the set. */
  boolean holdsIpv4(int key);

  /**
   * Whether the IPv6 address with key halves {@code hiKey}, {@code loKey} ({@link
   * org.ipjoin.ip.Ipv6Codec#toKey}) is in the set.
   */
  boolean holdsIpv6(long hiKey, long loKey);
}
