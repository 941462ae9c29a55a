package org.ipjoin.job.locate;

/**
 * The field of a table format ({@code parquet:COLUMN}): the task hands over the address column's
 * value alone, as text, so the whole record is the field, read as a text log's field is (port,
 * brackets and zone id taken off, empty or {@code -} for no address, a comma for a chain: {@link
 * Range#setField}).
 */
final class TableValueLocator implements ClientIpLocator {

  private final String spec;

  TableValueLocator(String spec) {
    this.spec = spec;
  }

  @Override
  public boolean locate(byte[] bytes, int from, int to, Range range) {
    range.setField(bytes, from, to);
    return true;
  }

  @Override
  public String spec() {
    return spec;
  }
}
