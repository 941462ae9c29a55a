package org.ipjoin.index.builder;

import java.util.List;
import java.util.Map;
import org.ipjoin.index.list.LineKind;
import org.ipjoin.index.list.ListWarnings;

/**
 * What reading the inputs counted, for the build summary: text lists ({@link IpListScanner}) and
 * MaxMind DB files ({@link MaxMindDbList}) alike.
 */
interface ScannedLists {

  /** Each input read, in order, with its bytes and lines (a MaxMind DB: its networks). */
  List<BuildSummary.ListCount> files();

  long bytes();

  /** Lines of every text list, or networks of every MaxMind DB. */
  long lines();

  /** Lines of each kind that is not an entry. */
  Map<LineKind, Long> lineKinds();

  /** The first few skipped lines, one per line. */
  String examples();

  ListWarnings warnings();

  /** Warnings about whole lists rather than lines, one line each ({@link ListLabelWarnings}). */
  default List<String> listWarnings() {
    return List.of();
  }

  /** Summary lines of what only this kind of input has, each ending in a line separator. */
  default String notes() {
    return "";
  }
}
