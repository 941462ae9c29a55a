package org.ipjoin.job.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The mapper's sums per address: every address's pairs add up to its records, IPv4 and IPv6 apart
 * (an IPv4 key and an IPv6 address of the same bits are two addresses), and no more distinct
 * addresses are ever held than the limit. Expected sums are counted here with a HashMap.
 */
class AddressSumsTest {

  /** The pairs written, as "4:key" or "6:hi:lo" → their sums added up, and each flush's size. */
  private final Map<String, Long> written = new HashMap<>();
  private final List<Integer> flushes = new ArrayList<>();
  private int pending;

  private final AddressSums.Sink sink = new AddressSums.Sink() {
    @Override
    public void ipv4(int key, long sum) {
      written.merge("4:" + key, sum, Long::sum);
      pending++;
    }

    @Override
    public void ipv6(long hi, long lo, long sum) {
      written.merge("6:" + hi + ":" + lo, sum, Long::sum);
      pending++;
    }
  };

  private void flush(AddressSums sums) throws Exception {
    sums.flush();
    flushes.add(pending);
    pending = 0;
  }

  @Test
  void sumsEveryAddressOnceAFlushAndKeepsFamiliesApart() throws Exception {
    AddressSums sums = new AddressSums(sink);
    Map<String, Long> want = new HashMap<>();
    for (int i = 0; i < 100_000; i++) {
      int key = (i * 7919) % 5003 - 2500;
      sums.addIpv4(key);
      want.merge("4:" + key, 1L, Long::sum);
      if (i % 10 == 0) {
        // Same bits as an IPv4 key, and the halves swapped: other addresses.
        sums.addIpv6(0, key);
        want.merge("6:0:" + key, 1L, Long::sum);
        sums.addIpv6(key, 0);
        want.merge("6:" + key + ":0", 1L, Long::sum);
      }
    }
    flush(sums);
    assertEquals(want, written);
    assertEquals(List.of(want.size()), flushes, "one pair per distinct address");
    flush(sums);
    assertEquals(0, flushes.get(1), "a flush empties the sums");
  }

  @Test
  void writesItsSumsWhenItHoldsTheLimitOfAddresses() throws Exception {
    AddressSums sums = new AddressSums(1000, sink);
    Map<String, Long> want = new HashMap<>();
    for (int round = 0; round < 3; round++) {
      for (int key = 0; key < 2500; key++) {
        sums.addIpv4(key);
        want.merge("4:" + key, 1L, Long::sum);
        assertTrue(pending == 0 || pending == 1000, "whole flushes only: " + pending);
        if (pending > 0) {
          flushes.add(pending);
          pending = 0;
        }
      }
    }
    flush(sums);
    assertEquals(want, written);
    assertTrue(flushes.stream().allMatch(n -> n <= 1000), flushes.toString());
    assertEquals(7500, flushes.stream().mapToInt(Integer::intValue).sum());
  }
}
