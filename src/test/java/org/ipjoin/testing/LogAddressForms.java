package org.ipjoin.testing;

/**
 * The documented rules for a client field as logs write it (docs/job.md, formats), read with
 * plain String code, independently of {@code ClientIpLocator.Range.setField}: brackets around
 * IPv6 with an optional port, a port after {@code #} or after the only colon, a zone id after
 * {@code %}, "no address" for an empty field or {@code -}, and a field holding a comma left whole:
 * it is a chain of addresses, which the chain rule reduces to one hop (a locator alone leaves it).
 */
public final class LogAddressForms {

  /** What the job reads from a field: the address text, whether it was bracketed or absent. */
  public record Form(String text, boolean bracketed, boolean absent) {}

  private LogAddressForms() {}

  public static Form of(String field) {
    if (field.isEmpty() || field.equals("-")) {
      return new Form(field, false, true);
    }
    if (field.length() > 1 && field.contains(",")) {
      return new Form(field, false, false);
    }
    if (field.startsWith("[")) {
      int close = field.indexOf(']');
      if (close > 0) {
        String after = field.substring(close + 1);
        if (after.isEmpty() || after.startsWith(":") && isPort(after.substring(1))) {
          return new Form(withoutZone(field.substring(1, close), 0), true, false);
        }
      }
      return new Form(field, false, false);
    }
    return new Form(withoutZone(withoutPort(field), 2), false, false);
  }

  /** A port after the last '#', else after ':' when that is the only colon, taken off. */
  private static String withoutPort(String text) {
    int hash = text.lastIndexOf('#');
    if (hash >= 0 && isPort(text.substring(hash + 1))) {
      return text.substring(0, hash);
    }
    int colon = text.indexOf(':');
    if (colon >= 0 && colon == text.lastIndexOf(':') && isPort(text.substring(colon + 1))) {
      return text.substring(0, colon);
    }
    return text;
  }

  private static boolean isPort(String digits) {
    return digits.matches("[0-9]{1,5}") && Integer.parseInt(digits) <= 65535;
  }

  /** A non-empty zone id after the first '%' taken off, when at least {@code colons} precede it. */
  private static String withoutZone(String text, int colons) {
    int percent = text.indexOf('%');
    if (percent < 0 || percent == text.length() - 1
        || text.substring(0, percent).chars().filter(c -> c == ':').count() < colons) {
      return text;
    }
    return text.substring(0, percent);
  }
}
