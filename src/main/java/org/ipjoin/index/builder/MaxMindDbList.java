package org.ipjoin.index.builder;

import com.maxmind.db.CHMCache;
import com.maxmind.db.DatabaseRecord;
import com.maxmind.db.DeserializationException;
import com.maxmind.db.InvalidDatabaseException;
import com.maxmind.db.InvalidNetworkException;
import com.maxmind.db.Networks;
import com.maxmind.db.NetworksIterationException;
import com.maxmind.db.Reader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.ListEntries;
import org.ipjoin.index.list.ListWarnings;
import org.ipjoin.ip.Ipv4Codec;
import org.ipjoin.ip.Ipv6Codec;

/**
 * MaxMind DB files ({@code .mmdb}: GeoLite2, DB-IP lite, IPinfo lite) read by MaxMind's own reader
 * into {@link ListEntries}: every network the database's search tree holds, with the label
 * {@link RecordFields} makes of its record, IPv4 and IPv6. A network whose record has none of the
 * fields is skipped and counted.
 *
 * <p>IPv4 networks appear once, as IPv4: in an IPv6 database they live in {@code ::/96}, and the
 * writer points {@code ::ffff:0:0/96}, 6to4 ({@code 2002::/16}) and Teredo ({@code 2001::/32})
 * at the same subtree. The reader's networks iterator without aliased networks skips those
 * pointers and returns the {@code ::/96} networks as IPv4 ones; an IPv4-only database iterates as
 * IPv4 networks.
 *
 * <p>The reader takes the whole file into memory ({@link Reader#Reader(InputStream,
 * com.maxmind.db.NodeCache)}), so any Hadoop FileSystem serves; a GeoLite2 City file is about
 * 60 MB. Its records are decoded through a cache: networks share few distinct records.
 */
final class MaxMindDbList implements ScannedLists {

  private final RecordFields fields;
  private final IpListScanner.ProgressListener progress;
  private final ListEntries entries = new ListEntries();
  private final List<BuildSummary.ListCount> files = new ArrayList<>();
  private long bytes;
  private long networks;
  private long withoutFields;

  MaxMindDbList(RecordFields fields, IpListScanner.ProgressListener progress) {
    this.fields = fields;
    this.progress = progress;
    entries.nameAttributes(fields.names());
  }

  /** Reads every network of one database. */
  void read(IndexBuilder.ListFile list) throws IOException {
    String name = list.path().toString();
    long before = networks;
    entries.beginFile(name, networks);
    byte[] whole;
    try (InputStream in = IndexBuilder.withoutChecksumFiles(list.fs()).open(list.path())) {
      whole = in.readAllBytes();
    }
    try (Reader reader = open(new ByteArrayInputStream(whole), name)) {
      // The reader decodes only what the tree reaches, and damaged bytes as whatever they spell.
      MaxMindDbSections.of(whole, name).verify(name);
      long length = whole.length;
      Networks<Object> all = reader.networks(false, Object.class);
      for (DatabaseRecord<Object> record = next(all, name); record != null;
          record = next(all, name)) {
        add(record, name);
      }
      bytes += length;
      progress.bytesRead(bytes);
      files.add(new BuildSummary.ListCount(name, length, networks - before));
    } catch (InvalidDatabaseException | InvalidNetworkException | DeserializationException e) {
      throw malformed(name, e);
    } catch (NetworksIterationException e) {
      throw malformed(name, e.getCause() != null ? e.getCause() : e);
    }
  }

  /**
   * The next network of {@code all}, or null after the last. The reader's decoder meets damage
   * the walk of {@link MaxMindDbSections} let pass with any runtime exception: one line, as for
   * the rest.
   */
  private static DatabaseRecord<Object> next(Networks<Object> all, String name)
      throws IOException {
    try {
      return all.hasNext() ? all.next() : null;
    } catch (NetworksIterationException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new MalformedMaxMindDbException(name, "the data section is damaged: the reader"
          + " failed with " + e.getClass().getSimpleName() + ": " + e.getMessage());
    }
  }

  private static Reader open(InputStream in, String name) throws IOException {
    try {
      return new Reader(in, new CHMCache());
    } catch (InvalidDatabaseException e) {
      throw malformed(name, e);
    }
  }

  private static MalformedMaxMindDbException malformed(String name, Throwable e) {
    // The reader names its source "<InputStream>": the file is named here instead.
    String reason = String.valueOf(e.getMessage()).replace(" (<InputStream>)", "");
    return new MalformedMaxMindDbException(name, reason.replaceAll("\\s+", " ").strip());
  }

  private void add(DatabaseRecord<Object> record, String name) throws IOException {
    networks++;
    String label;
    try {
      label = fields.labelOf(record.getData());
    } catch (FieldPath.NotAFieldValueException e) {
      throw new InvalidBuildInputException(name + ": network " + record.getNetwork() + ": "
          + e.getMessage());
    }
    if (label == null) {
      withoutFields++;
      return;
    }
    int labelId = entries.labels().idOf(label);
    byte[] address = record.getNetwork().getNetworkAddress().getAddress();
    int prefix = record.getNetwork().getPrefixLength();
    if (address.length == 4 && prefix > 32) {
      prefix -= 96; // an IPv4-mapped network the iterator left at its IPv6 length
    }
    if (address.length == 4 && prefix < 0) {
      // An IPv6 network ::/n (n < 96) that holds all of IPv4 and IPv6 addresses beside it.
      addIpv4(0, 0, labelId);
      addIpv6(new byte[16], prefix + 96, labelId);
    } else if (address.length == 4) {
      addIpv4(address, prefix, labelId);
    } else {
      addIpv6(address, prefix, labelId);
    }
  }

  private void addIpv4(byte[] address, int prefix, int labelId) {
    long value = 0;
    for (byte b : address) {
      value = value << 8 | (b & 0xFF);
    }
    addIpv4(value, prefix, labelId);
  }

  private void addIpv4(long address, int prefix, int labelId) {
    long size = 1L << (32 - prefix);
    long start = address & -size;
    LineKind kind = prefix == 32 ? LineKind.ADDRESS : LineKind.CIDR;
    entries.add(kind, Ipv4Codec.toKey(start), Ipv4Codec.toKey(start + size - 1), labelId,
        networks);
  }

  private void addIpv6(byte[] address, int prefix, int labelId) {
    long hi = half(address, 0);
    long lo = half(address, 8);
    long hiMask = prefix >= 64 ? -1L : prefix == 0 ? 0 : -1L << (64 - prefix);
    long loMask = prefix <= 64 ? 0 : prefix == 128 ? -1L : -1L << (128 - prefix);
    LineKind kind = prefix == 128 ? LineKind.ADDRESS : LineKind.CIDR;
    entries.add6(kind, Ipv6Codec.toKey(hi & hiMask), Ipv6Codec.toKey(lo & loMask),
        Ipv6Codec.toKey(hi | ~hiMask), Ipv6Codec.toKey(lo | ~loMask), labelId, networks);
  }

  private static long half(byte[] address, int from) {
    long value = 0;
    for (int i = from; i < from + 8; i++) {
      value = value << 8 | (address[i] & 0xFF);
    }
    return value;
  }

  /** The networks read, with labels, for the normaliser. */
  ListEntries entries() {
    return entries;
  }

  @Override
  public List<BuildSummary.ListCount> files() {
    return List.copyOf(files);
  }

  @Override
  public long bytes() {
    return bytes;
  }

  /** Networks read, with or without fields. */
  @Override
  public long lines() {
    return networks;
  }

  @Override
  public Map<LineKind, Long> lineKinds() {
    return new EnumMap<>(LineKind.class);
  }

  @Override
  public String examples() {
    return "";
  }

  @Override
  public ListWarnings warnings() {
    return new ListWarnings();
  }

  @Override
  public String notes() {
    return String.format("  networks     %,d (the lines above); networks without any field: %,d"
        + " (skipped)%n", networks, withoutFields);
  }
}
