package org.ipjoin.job.locate;

/**
 * One {@code json:PATH} column of a job with several, answered by the {@link JsonFieldsScanner}
 * the job's JSON columns share: the first of them scans each record, the others read what that
 * scan found (or scan themselves when handed a record the scanner did not read last, so each
 * column's answer never depends on the order columns are asked in).
 */
final class JsonPathColumn implements JsonLocator {

  private final JsonFieldsScanner scanner;
  private final int path;
  private final boolean scans;
  private final String spec;

  /**
   * @param path the column's path among the scanner's
   * @param scans whether this column is asked first for each record, so it scans it
   */
  JsonPathColumn(JsonFieldsScanner scanner, int path, boolean scans, String spec) {
    this.scanner = scanner;
    this.path = path;
    this.scans = scans;
    this.spec = spec;
  }

  @Override
  public boolean locate(byte[] bytes, int from, int to, Range range) {
    // A buffer is reused for the next block of lines: the first column always scans, so a later
    // column never reads the answers of a former record at the same offsets.
    if (scans || !scanner.scanned(bytes, from, to)) {
      scanner.scan(bytes, from, to);
    }
    return scanner.value(path, bytes, to, range);
  }

  @Override
  public String spec() {
    return spec;
  }
}
