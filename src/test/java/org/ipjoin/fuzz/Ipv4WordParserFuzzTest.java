package org.ipjoin.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv4ParserComparison;
import org.ipjoin.ip.Ipv4WordParser;

/**
 * Fuzzes {@link Ipv4WordParser} against the reference, {@link Ipv4Codec#parseAddress}.
 *
 * <p>Input layout as {@code IpParserFuzzTest}: byte 0 and 1 choose {@code from} and {@code to}
 * inside the rest, which is the text; a seed is two bytes (usually {@code \0\0}: the whole text) and
 * then the text.
 *
 * <p>Property ({@link Ipv4ParserComparison}): for arbitrary bytes and an arbitrary range inside
 * them, both parsers return the same value (or both {@code NOT_IPV4}), and so do their key
 * parsers; the same on the range copied alone (a read outside it would throw) and between
 * neighbours of every kind (its answer does not depend on the bytes around it).
 */
class Ipv4WordParserFuzzTest {

  @FuzzTest(maxDuration = "20s")
  void parse(byte[] input) {
    Ipv4ParserComparison.checkFuzzInput(input);
  }
}
