package org.ipjoin.job.task;

import java.util.List;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.Writable;
import org.ipjoin.job.MatchTags;
import org.ipjoin.job.input.LineBlock;
import org.ipjoin.job.locate.ClientIpLocator;

/**
 * The address columns of the records of one map call: one {@link ClientBatch} per column (one for
 * the {@code --format} form, one per {@code --client} otherwise), each record's field of each
 * column found and parsed once, then each column's batch looked up in every index ({@link
 * JoinedIndex#lookUp}, the IPv4 keys of a column in one batched lookup per index). A record's
 * lookups are numbered columns outer, indexes inner, as {@link org.ipjoin.job.JoinColumns} names
 * them. Nothing is allocated per record or call: every array grows to the largest call.
 */
final class RecordColumns {

  private final ClientBatch[] batches;
  /** Each record's time, read before its addresses (the batches keep it by lookup slot). */
  private final RecordTimes times;
  private final JoinedIndex[] indexes;
  /** Per lookup (column {@code c}, index {@code k} at {@code c * indexes + k}): its matches. */
  private final JoinedIndex.Matches[] matches;

  RecordColumns(List<ClientIpLocator> locators, JoinedIndex[] indexes) {
    this(locators, indexes, RecordTimes.none());
  }

  RecordColumns(List<ClientIpLocator> locators, JoinedIndex[] indexes, RecordTimes times) {
    this.times = times;
    this.batches = new ClientBatch[locators.size()];
    for (int c = 0; c < batches.length; c++) {
      batches[c] = new ClientBatch(locators.get(c), times);
    }
    this.indexes = indexes;
    this.matches = new JoinedIndex.Matches[batches.length * indexes.length];
    for (int m = 0; m < matches.length; m++) {
      matches[m] = new JoinedIndex.Matches();
    }
  }

  /**
   * Reads the records of one call, a {@link Text} line or a {@link LineBlock}: each record's field
   * of every column, the record's bytes still in cache for the next column.
   */
  void read(Writable input) {
    if (input instanceof LineBlock block) {
      int n = block.lines();
      for (ClientBatch batch : batches) {
        batch.reset(block.bytes(), n);
      }
      for (int i = 0; i < n; i++) {
        int start = block.start(i);
        int end = block.end(i);
        times.read(i, block.bytes(), start, end);
        for (ClientBatch batch : batches) {
          batch.add(start, end);
        }
      }
    } else {
      Text line = (Text) input;
      times.read(0, line.getBytes(), 0, line.getLength());
      for (ClientBatch batch : batches) {
        batch.reset(line.getBytes(), 1);
        batch.add(0, line.getLength());
      }
    }
  }

  /**
   * Starts the records of a call of about {@code rows} table rows, whose values each column's
   * batch then takes one by one ({@link org.ipjoin.job.table.AddressSink}).
   */
  void resetRows(int rows) {
    for (ClientBatch batch : batches) {
      batch.reset(null, rows);
    }
  }

  /** Looks every column's addresses up in every index. */
  void lookUp() {
    int k = indexes.length;
    for (int c = 0; c < batches.length; c++) {
      for (int i = 0; i < k; i++) {
        indexes[i].lookUp(batches[c], matches[c * k + i]);
      }
    }
  }

  /** The first column's batch: the records' bytes and bounds are the same in every column. */
  ClientBatch records() {
    return batches[0];
  }

  int columns() {
    return batches.length;
  }

  /** Column {@code c}'s batch: its kind and address of each record. */
  ClientBatch column(int c) {
    return batches[c];
  }

  /**
   * The first column of {@code record} holding an IPv4 or IPv6 address, or -1 when none does.
   */
  int firstAddress(int record) {
    for (int c = 0; c < batches.length; c++) {
      if (isAddress(batches[c].kind(record))) {
        return c;
      }
    }
    return -1;
  }

  /**
   * Whether {@code record}'s time, read from it ({@code --time}), could not be read: the record
   * is then set aside as malformed. False without {@code --time}.
   */
  boolean timeUnreadable(int record) {
    return times.perRecord() && times.at(record) == org.ipjoin.job.locate.RecordTime.UNREADABLE;
  }

  /** Whether some column of {@code record} is malformed. */
  boolean anyMalformed(int record) {
    for (ClientBatch batch : batches) {
      if (batch.kind(record) == ClientBatch.MALFORMED) {
        return true;
      }
    }
    return false;
  }

  /**
   * Sets {@code labelIds}, one per lookup, for {@code record}: the label id of its match, or
   * {@link MatchTags#NO_MATCH} (not listed, or the column holds no well-formed address).
   */
  void labelIds(int record, int[] labelIds) {
    int k = indexes.length;
    for (int c = 0; c < batches.length; c++) {
      ClientBatch batch = batches[c];
      int base = c * k;
      if (isAddress(batch.kind(record))) {
        for (int i = 0; i < k; i++) {
          labelIds[base + i] = indexes[i].labelId(batch, record, matches[base + i]);
        }
      } else {
        for (int i = 0; i < k; i++) {
          labelIds[base + i] = MatchTags.NO_MATCH;
        }
      }
    }
  }

  /**
   * Appends lookup {@code lookup}'s columns of {@code record} to {@code out} for an index that
   * writes the matched entry ({@link JoinedIndex#writesNetwork}), {@code labelId} being the
   * lookup's label id.
   */
  void appendColumns(Text out, MatchTags tags, int labelId, int record, int lookup) {
    int k = indexes.length;
    indexes[lookup % k].appendColumns(out, tags, labelId, batches[lookup / k], record,
        matches[lookup]);
  }

  /** Appends the entry lookup {@code lookup} matched for {@code record}, which it listed. */
  void appendNetwork(Text out, int record, int lookup) {
    int k = indexes.length;
    indexes[lookup % k].appendNetwork(out, batches[lookup / k], record, matches[lookup]);
  }

  static boolean isAddress(byte kind) {
    return kind == ClientBatch.IPV4 || kind == ClientBatch.IPV6;
  }
}
