package org.ipjoin.job;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.ipjoin.index.lookup.LabelDictionary;

/**
 * What {@code tag} mode appends to a record and what {@code count --count-by label} counts under,
 * resolved once per task from the configuration: the label of the matching interval, copied
 * straight from the index's dictionary into the output {@link Text} (no String per record);
 * {@code 1} for a matching entry without a label (so an unlabelled list tags as it always did);
 * the configured {@code ipjoin.tag.unmatched} value (default {@code 0}) for a record that matches
 * nothing; {@code -} for a malformed record. It works on label ids, so IPv4 and IPv6 matches are
 * tagged alike.
 */
public final class MatchTags {

  /** The label id that stands for no match (a real match has label id 0 or more). */
  public static final int NO_MATCH = -1;
  /** A match whose list entry has no label. */
  static final byte[] UNLABELLED = {'1'};
  /** A record without a well-formed client IP. */
  static final byte[] MALFORMED = {'-'};
  /** The tag of a history index for a record outside its history ({@code --as-of-outside none}). */
  static final byte[] OUTSIDE = {'?'};
  private static final byte[] TAB = {'\t'};

  private final byte[] unmatched;

  private MatchTags(byte[] unmatched) {
    this.unmatched = unmatched;
  }

  /**
   * Reads {@code ipjoin.tag.unmatched}.
   *
   * @throws IllegalArgumentException if the value is empty (an unmatched record would look
   *     untagged), is {@code 1} or {@code -} (written exactly like a match without a label or a
   *     malformed record), or holds a tab or a line break (it would split the tagged record into
   *     other columns or lines), naming the key and the value, escaped
   */
  public static MatchTags of(Configuration conf) {
    String key = IpJoinKeys.TAG_UNMATCHED.key();
    String given = conf.get(key);
    if (given != null && given.isBlank()) {
      throw new IllegalArgumentException(key + " must not be empty: an unmatched record would end"
          + " in an empty column; give a value such as 0 (the default) or none");
    }
    return of(IpJoinKeys.TAG_UNMATCHED.get(conf));
  }

  /**
   * The tags for unmatched value {@code value}, as {@link #of(Configuration)} checks it (but for
   * an empty value, which only a key can hold).
   *
   * @throws IllegalArgumentException as {@link #of(Configuration)}
   */
  public static MatchTags of(String value) {
    String key = IpJoinKeys.TAG_UNMATCHED.key();
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == '\t' || c == '\n' || c == '\r') {
        throw new IllegalArgumentException(key + " must not contain a"
            + " tab or line break (it is the record's last column), got '" + escaped(value) + "'");
      }
    }
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    if (Arrays.equals(bytes, UNLABELLED) || Arrays.equals(bytes, MALFORMED)
        || Arrays.equals(bytes, OUTSIDE)) {
      throw new IllegalArgumentException(key + " must not be '" + value + "': that is the tag of "
          + (Arrays.equals(bytes, UNLABELLED) ? "a match without a label"
              : Arrays.equals(bytes, MALFORMED) ? "a malformed record"
              : "a record outside a history index's snapshots")
          + "; give a value such as 0 (the default) or none");
    }
    return new MatchTags(bytes);
  }

  /**
   * Appends TAB and the tag of a match with label {@code labelId} (0 for none), or of no match when
   * {@code labelId} is {@link #NO_MATCH}, to {@code out}, which ends with the record. Label ids of
   * either family's intervals are ids of the one dictionary both share
   * ({@link org.ipjoin.index.lookup.Ipv4IntervalIndex#labels}).
   */
  public void appendTag(Text out, LabelDictionary labels, int labelId) {
    appendColumns(out, labels, labelId, 1);
  }

  /**
   * Appends the {@code columns} columns of one index, each after a TAB: the label {@code labelId}
   * (its values already TAB-joined, one per column), {@code 1} in each column for a match without
   * a label, or the unmatched tag in each column for {@link #NO_MATCH}.
   */
  public void appendColumns(Text out, LabelDictionary labels, int labelId, int columns) {
    if (labelId > 0) {
      out.append(TAB, 0, 1);
      appendLabel(out, labels, labelId);
      return;
    }
    byte[] each = labelId == NO_MATCH ? unmatched : UNLABELLED;
    for (int c = 0; c < columns; c++) {
      out.append(TAB, 0, 1);
      out.append(each, 0, each.length);
    }
  }

  /** Appends TAB and {@code -} to {@code out}, which ends with a malformed record. */
  public static void appendMalformedTag(Text out) {
    appendMalformedTag(out, 1);
  }

  /** Appends {@code columns} times TAB and {@code -}: every column of a malformed record. */
  public static void appendMalformedTag(Text out, int columns) {
    for (int c = 0; c < columns; c++) {
      out.append(TAB, 0, 1);
      out.append(MALFORMED, 0, 1);
    }
  }

  /**
   * Appends {@code columns} times TAB and {@code ?}: the columns of a history index for a record
   * whose time lies outside its history ({@code --as-of-outside none}).
   */
  public static void appendOutsideTag(Text out, int columns) {
    for (int c = 0; c < columns; c++) {
      out.append(TAB, 0, 1);
      out.append(OUTSIDE, 0, 1);
    }
  }

  /** {@code out} = the label {@code labelId} of a match, or {@code 1} when it is 0 (none). */
  public static void label(Text out, LabelDictionary labels, int labelId) {
    out.clear();
    appendLabel(out, labels, labelId);
  }

  private static void appendLabel(Text out, LabelDictionary labels, int labelId) {
    if (labelId == 0) {
      out.append(UNLABELLED, 0, 1);
    } else {
      out.append(labels.bytes(), labels.offset(labelId), labels.length(labelId));
    }
  }

  private static String escaped(String value) {
    StringBuilder s = new StringBuilder(value.length());
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      s.append(c < 0x20 || c == 0x7f ? String.format("\\x%02x", (int) c) : String.valueOf(c));
    }
    return s.toString();
  }
}
