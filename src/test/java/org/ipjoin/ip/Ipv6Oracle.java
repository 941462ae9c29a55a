package org.ipjoin.ip;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.regex.Pattern;
import org.ipjoin.testing.AddressText;

/**
 * An independent IPv6 text parser for differential tests: the JDK's literal parser
 * ({@link InetAddress#getByName}) narrowed to the strict syntax ipjoin accepts.
 *
 * <p>{@code getByName} parses a literal without any name lookup when the text starts with a hex
 * digit or ':' and contains a ':' (it then throws UnknownHostException for a bad literal instead of
 * asking DNS); for any other text this class answers "not an address" itself, so no test ever
 * resolves a name. The JDK is more lenient than RFC 4291 and ipjoin in four ways, narrowed here
 * with plain text checks: it accepts a zone id ({@code %eth0}, {@code %1}) and brackets, a group of
 * more than four hex digits whose value fits ({@code 00001::}), leading zeros in the dotted quad
 * ({@code ::1.2.3.04}), and digits of other scripts ({@code Character.digit}). It also returns {@code ::ffff:a.b.c.d} as an {@link Inet4Address}, which
 * is mapped back to its 16 bytes here.
 *
 * <p>{@link #format} is the RFC 5952 formatter of {@link AddressText}, plain String operations, to
 * check the codec's formatter against.
 */
public final class Ipv6Oracle {

  /** A dotted quad with 1-3 digit octets and no leading zeros (the value check is the JDK's). */
  private static final Pattern STRICT_QUAD =
      Pattern.compile("(0|[1-9][0-9]{0,2})(\\.(0|[1-9][0-9]{0,2})){3}");

  private Ipv6Oracle() {}

  /** The address as {hi, lo}, or null if the text is not a strict IPv6 address. */
  public static long[] parse(String text) {
    if (!text.contains(":") || text.contains("%") || text.contains("[") || text.contains("]")) {
      return null;
    }
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) > 0x7E) {
        return null; // the JDK reads other scripts' digits (Character.digit) as hex digits
      }
    }
    char first = text.charAt(0);
    if (first != ':' && Character.digit(first, 16) < 0) {
      return null; // getByName would treat it as a host name
    }
    if (!strictGroups(text)) {
      return null;
    }
    InetAddress address;
    try {
      address = InetAddress.getByName(text);
    } catch (UnknownHostException e) {
      return null;
    }
    byte[] bytes;
    if (address instanceof Inet6Address) {
      bytes = address.getAddress();
    } else {
      byte[] v4 = ((Inet4Address) address).getAddress();
      bytes = new byte[16];
      bytes[10] = (byte) 0xFF;
      bytes[11] = (byte) 0xFF;
      System.arraycopy(v4, 0, bytes, 12, 4);
    }
    ByteBuffer b = ByteBuffer.wrap(bytes);
    return new long[] {b.getLong(0), b.getLong(8)};
  }

  /** Every ':'-separated part has at most 4 characters, or is a strict dotted quad. */
  private static boolean strictGroups(String text) {
    for (String part : text.split(":", -1)) {
      if (part.contains(".") ? !STRICT_QUAD.matcher(part).matches() : part.length() > 4) {
        return false;
      }
    }
    return true;
  }

  /** The eight 16-bit groups, most significant first. */
  static int[] groups(long hi, long lo) {
    int[] g = new int[8];
    for (int i = 0; i < 4; i++) {
      g[i] = (int) (hi >>> (48 - 16 * i)) & 0xFFFF;
      g[4 + i] = (int) (lo >>> (48 - 16 * i)) & 0xFFFF;
    }
    return g;
  }

  /** RFC 5952 text of the address (hi, lo): {@link AddressText#rfc5952(long, long)}. */
  public static String format(long hi, long lo) {
    return AddressText.rfc5952(hi, lo);
  }
}
