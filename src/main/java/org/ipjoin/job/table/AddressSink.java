package org.ipjoin.job.table;

/**
 * Where a table's address column puts one row's value ({@link TableFormat.AddressColumn#read(
 * Object, AddressSink, org.apache.hadoop.io.Text)}): an address the column holds as a number or as
 * bytes goes in as it is, so it is never written out as text to be parsed back; a string goes in
 * as its bytes, read as a log field is.
 */
public interface AddressSink {

  /** A string value, {@code bytes[from, to)}: read as a log's field (port, brackets, chain…). */
  void text(byte[] bytes, int from, int to);

  /** An IPv4 address, the unsigned 32-bit number {@code address}. */
  void ipv4(long address);

  /** An IPv6 address, {@code hi} bits 127–64 and {@code lo} bits 63–0 (IPv4-mapped is IPv4). */
  void ipv6(long hi, long lo);

  /** No value (null): no address, as an empty field. */
  void absent();
}
