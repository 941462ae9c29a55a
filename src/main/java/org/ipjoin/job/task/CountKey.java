package org.ipjoin.job.task;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.io.Text;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.job.AttributeSelection;
import org.ipjoin.job.CountColumns;
import org.ipjoin.job.MatchTags;

/**
 * The key {@code count --count-by NAME[.ATTR],...} counts a record under: the named indexes' labels
 * (or the one attribute named), TAB-joined in the order named, {@code ipjoin.tag.unmatched} for an
 * index the record is not listed in. Each column's dictionary is made once per task (an attribute
 * projected from the labels), so a key is copies of dictionary bytes; a {@code NAME.network}
 * column is the matched entry, written from the record's interval ({@link
 * RecordColumns#appendNetwork}).
 */
final class CountKey {

  private static final byte[] TAB = {'\t'};

  private final int[] indexes;
  /** Per column, its dictionary, or null for the {@code network} pseudo-attribute. */
  private final LabelDictionary[] dictionaries;
  private final int[] columns;
  private final MatchTags tags;
  private final Text scratch = new Text();

  private CountKey(int[] indexes, LabelDictionary[] dictionaries, int[] columns, MatchTags tags) {
    this.indexes = indexes;
    this.dictionaries = dictionaries;
    this.columns = columns;
    this.tags = tags;
  }

  /** The key of {@code countBy} (index columns, NAME[.ATTR] each) over the loaded indexes. */
  static CountKey of(List<String> countBy, List<String> names, List<LabelDictionary> labels,
      MatchTags tags) throws IOException {
    List<CountColumns.Column> parsed;
    try {
      parsed = CountColumns.parse(countBy, names,
          labels.stream().map(LabelDictionary::attributeNames).toList());
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
    int n = parsed.size();
    int[] indexes = new int[n];
    LabelDictionary[] dictionaries = new LabelDictionary[n];
    int[] columns = new int[n];
    for (int c = 0; c < n; c++) {
      CountColumns.Column column = parsed.get(c);
      LabelDictionary all = labels.get(column.index());
      List<String> chosen = column.attribute() == null ? List.of() : List.of(column.attribute());
      indexes[c] = column.index();
      int[] positions = AttributeSelection.positions(names.get(column.index()),
          all.attributeNames(), chosen);
      dictionaries[c] = AttributeSelection.choosesNetwork(positions) ? null
          : AttributeSelection.project(all, positions);
      columns[c] = AttributeSelection.columns(all.attributeNames(), chosen);
    }
    return new CountKey(indexes, dictionaries, columns, tags);
  }

  /**
   * Sets {@code key} for record {@code record} of {@code records} with {@code labelIds} (per
   * lookup of the join).
   *
   * @return false when the record is listed in none of the named indexes: it is not counted
   */
  boolean set(Text key, int[] labelIds, RecordColumns records, int record) {
    boolean listed = false;
    scratch.clear();
    for (int c = 0; c < indexes.length; c++) {
      int id = labelIds[indexes[c]];
      listed |= id != MatchTags.NO_MATCH;
      if (dictionaries[c] == null && id != MatchTags.NO_MATCH) {
        scratch.append(TAB, 0, 1);
        records.appendNetwork(scratch, record, indexes[c]);
      } else {
        tags.appendColumns(scratch, dictionaries[c], id, columns[c]);
      }
    }
    if (listed) {
      // Every column was appended after a TAB: the key starts after the first one.
      key.set(scratch.getBytes(), 1, scratch.getLength() - 1);
    }
    return listed;
  }
}
