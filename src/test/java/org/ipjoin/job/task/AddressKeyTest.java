package org.ipjoin.job.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.io.WritableComparator;
import org.ipjoin.ip.Ipv4Codec;
import org.junit.jupiter.api.Test;

/**
 * Count mode's key: serialised keys compare (raw, as the shuffle sorts them) in the order of an
 * independent reading of the addresses: every IPv4 address before every IPv6 address, each family
 * by its numeric value; keys round-trip; the text is a dotted quad or RFC 5952.
 */
class AddressKeyTest {

  /** A key and the independent facts about it: family and value (from {@link InetAddress}). */
  private record Probe(AddressKey key, int family, BigInteger value, String text) {}

  private static Probe v4(long address) throws IOException {
    String text = (address >> 24) + "." + ((address >> 16) & 255) + "." + ((address >> 8) & 255)
        + "." + (address & 255);
    BigInteger value = new BigInteger(1, InetAddress.getByName(text).getAddress());
    return new Probe(new AddressKey().setIpv4(Ipv4Codec.toKey(address)), 4, value, text);
  }

  private static Probe v6(long hi, long lo) throws IOException {
    byte[] b = new byte[16];
    for (int i = 0; i < 8; i++) {
      b[i] = (byte) (hi >>> (56 - 8 * i));
      b[8 + i] = (byte) (lo >>> (56 - 8 * i));
    }
    BigInteger value = new BigInteger(1, b);
    return new Probe(new AddressKey().setIpv6(hi, lo), 6, value, null);
  }

  private static byte[] bytes(AddressKey key) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    key.write(new DataOutputStream(out));
    return out.toByteArray();
  }

  private List<Probe> probes() throws IOException {
    List<Probe> probes = new ArrayList<>();
    for (long a : new long[] {0, 1, 127, 128, 0x7FFF_FFFFL, 0x8000_0000L, 0xFFFF_FFFEL, 0xFFFF_FFFFL}) {
      probes.add(v4(a));
    }
    long[] halves = {0, 1, 0xFFFFL, Long.MAX_VALUE, Long.MIN_VALUE, -2, -1, 0x2001_0DB8_0000_0000L};
    for (long hi : halves) {
      for (long lo : halves) {
        probes.add(v6(hi, lo));
      }
    }
    Random random = new Random(20261123);
    for (int i = 0; i < 300; i++) {
      probes.add(v4(random.nextLong(1L << 32)));
      probes.add(v6(random.nextLong(), random.nextLong()));
      probes.add(v6(0, random.nextLong())); // small IPv6 values: still after every IPv4 address
    }
    return probes;
  }

  @Test
  void rawComparisonIsIpv4FirstThenAddressOrderAndAgreesWithCompareTo() throws IOException {
    List<Probe> probes = probes();
    Comparator<Probe> independent = Comparator.comparingInt(Probe::family)
        .thenComparing(Probe::value);
    WritableComparator raw = WritableComparator.get(AddressKey.class);
    assertTrue(raw instanceof AddressKey.Comparator, "the raw comparator is registered: " + raw);
    for (int i = 0; i < probes.size(); i++) {
      Probe a = probes.get(i);
      byte[] ab = bytes(a.key());
      for (int j = i; j < probes.size(); j += 7) {
        Probe b = probes.get(j);
        byte[] bb = bytes(b.key());
        int expected = Integer.signum(independent.compare(a, b));
        assertEquals(expected, Integer.signum(raw.compare(ab, 0, ab.length, bb, 0, bb.length)),
            a + " vs " + b);
        assertEquals(expected, Integer.signum(a.key().compareTo(b.key())), a + " vs " + b);
        assertEquals(expected == 0, a.key().equals(b.key()));
      }
    }
  }

  @Test
  void keysRoundTripAndPrintAsDottedQuadOrRfc5952() throws IOException {
    for (Probe p : probes()) {
      byte[] b = bytes(p.key());
      assertEquals(p.family() == 4 ? 5 : 17, b.length);
      AddressKey back = new AddressKey().setIpv6(42, 42);
      back.readFields(new DataInputStream(new ByteArrayInputStream(b)));
      assertEquals(p.key(), back);
      assertEquals(p.key().hashCode(), back.hashCode());
      if (p.family() == 4) {
        assertEquals(p.text(), back.text());
      } else {
        // The printed text means the same address to an independent parser.
        byte[] parsed = InetAddress.getByName(back.text()).getAddress();
        if (parsed.length == 16) {
          assertEquals(p.value(), new BigInteger(1, parsed), back.text());
        } else {
          // Java reads ::ffff:a.b.c.d as the IPv4 address: the key is IPv4-mapped.
          assertEquals(p.value(), BigInteger.valueOf(0xFFFF).shiftLeft(32)
              .or(new BigInteger(1, parsed)), back.text());
        }
        assertEquals(back.text().toLowerCase(java.util.Locale.ROOT), back.text());
      }
    }
    assertEquals("2001:db8::1", new AddressKey().setIpv6(0x2001_0DB8_0000_0000L, 1).text());
    assertEquals("10.0.0.1", new AddressKey().setIpv4(Ipv4Codec.parseKey("10.0.0.1")).text());
  }

  @Test
  void aStrayFamilyByteIsRefused() {
    IOException e = assertThrows(IOException.class, () -> new AddressKey()
        .readFields(new DataInputStream(new ByteArrayInputStream(new byte[] {9, 0, 0, 0, 0}))));
    assertEquals("not an address key: family byte 9", e.getMessage());
  }

  @Test
  void thePartitionerKeepsIpv4RangesAndSendsIpv6ToTheLastReducer() {
    AddressRangePartitioner p = new AddressRangePartitioner();
    assertEquals(0, p.getPartition(new AddressKey().setIpv4(Ipv4Codec.parseKey("85.85.85.85")), null, 3));
    assertEquals(1, p.getPartition(new AddressKey().setIpv4(Ipv4Codec.parseKey("85.85.85.86")), null, 3));
    assertEquals(2, p.getPartition(new AddressKey().setIpv4(Ipv4Codec.parseKey("255.255.255.255")), null, 3));
    assertEquals(2, p.getPartition(new AddressKey().setIpv6(0, 0), null, 3));
    assertEquals(2, p.getPartition(new AddressKey().setIpv6(-1, -1), null, 3));
    assertEquals(0, p.getPartition(new AddressKey().setIpv6(0x2001_0DB8_0000_0000L, 1), null, 1));
  }
}
