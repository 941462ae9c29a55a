package org.ipjoin.job.options;

/**
 * One address column of a record ({@code --client NAME=FORMAT}, an item of {@code
 * ipjoin.clients}): its name, which qualifies the tag columns, {@code --where} and {@code
 * --count-by} names ({@code NAME.INDEX}) and its counters, and where its address is.
 */
public record ClientColumn(String name, ClientFormat format) {

  /** {@code NAME=FORMAT} as {@code ipjoin.clients} holds it. */
  @Override
  public String toString() {
    return name + "=" + format.spec();
  }
}
