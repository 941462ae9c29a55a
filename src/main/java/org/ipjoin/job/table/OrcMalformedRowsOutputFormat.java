package org.ipjoin.job.table;

/** Malformed rows of an ORC table under {@code malformed/}: as they were read, with its schema. */
public final class OrcMalformedRowsOutputFormat extends OrcRowsOutputFormat {

  public OrcMalformedRowsOutputFormat() {
    super(false);
  }
}
