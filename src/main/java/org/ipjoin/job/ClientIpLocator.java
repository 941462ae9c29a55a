package org.ipjoin.job;

/**
 * Finds the client IP field in one record's bytes. Called once per record, so implementations
 * allocate nothing per call (except {@link RegexLocator}, see there) and write the result into a
 * caller-owned {@link Range}. They only find the field; deciding whether it is an IPv4 address is
 * {@link org.ipjoin.ip.IpCodec}'s job.
 *
 * <p>Implementations may hold per-instance scratch state: use one instance per mapper (thread).
 * {@link ClientIpLocators#fromSpec} makes them from an {@code ipjoin.format} value.
 */
public interface ClientIpLocator {

  /**
   * Looks for the field in {@code record[0, length)}.
   *
   * @param range set to the field's {@code [from, to)} when found
   * @return false when the record has no such field (too few columns, no regex match); the record
   *     is then malformed
   */
  boolean locate(byte[] record, int length, Range range);

  /** The spec this locator was made from, for logs and messages. */
  String spec();

  /** A mutable {@code [from, to)} byte range, reused across records. */
  final class Range {
    public int from;
    public int to;

    public Range set(int from, int to) {
      this.from = from;
      this.to = to;
      return this;
    }

    @Override
    public String toString() {
      return "[" + from + ", " + to + ")";
    }
  }
}
