package org.ipjoin.job;

import java.util.List;
import org.ipjoin.index.lookup.LabelDictionary;

/**
 * The parts of a {@link WhereExpression}: a tree of nodes, as parsed and checked, and what a node
 * becomes when bound to a task's label dictionaries (a {@link Test}).
 */
final class WhereTerm {

  private WhereTerm() {}

  /** A bound node: holds or not for a record's label ids, one per index. */
  interface Test {
    boolean holds(int[] labelIds);
  }

  /** A parsed node; its {@code toString} is its canonical text. */
  sealed interface Node permits Listed, LabelIs, Not, And, Or {
    Test bind(List<String> indexNames, List<LabelDictionary> labels);
  }

  /** {@code NAME}: listed in the index. */
  record Listed(String index) implements Node {
    @Override
    public Test bind(List<String> indexNames, List<LabelDictionary> labels) {
      int k = position(index, indexNames);
      return ids -> ids[k] != MatchTags.NO_MATCH;
    }

    @Override
    public String toString() {
      return index;
    }
  }

  /**
   * {@code NAME=VALUE}, {@code NAME.ATTR=VALUE} or {@code NAME.ATTR}: listed, and the label (or
   * the attribute) is {@code value}; with a null value, the attribute is not empty.
   *
   * @param attribute the attribute's name, or null for the whole label
   */
  record LabelIs(String index, String attribute, String value) implements Node {
    @Override
    public Test bind(List<String> indexNames, List<LabelDictionary> labels) {
      int k = position(index, indexNames);
      boolean[] accepted = acceptedIds(labels.get(k));
      return ids -> {
        int id = ids[k];
        return id != MatchTags.NO_MATCH && accepted[id];
      };
    }

    /** Whether each label id of the dictionary (0: no label) passes, computed once per task. */
    private boolean[] acceptedIds(LabelDictionary dictionary) {
      int column = attribute == null ? -1 : dictionary.attributeNames().indexOf(attribute);
      if (attribute != null && column < 0) {
        throw new IllegalArgumentException("index '" + index + "' has no attribute '" + attribute
            + "' (attributes: " + dictionary.attributeNames() + ")");
      }
      // The compared text of each label: the label itself, or its one attribute, cut as tag mode
      // cuts an index's chosen attributes.
      LabelDictionary compared = column < 0 ? dictionary
          : AttributeSelection.project(dictionary, new int[] {column});
      boolean[] accepted = new boolean[dictionary.count() + 1];
      // An entry without a label: tag mode writes it as 1; its attributes are all empty.
      accepted[0] = column < 0 ? "1".equals(value) : value != null && value.isEmpty();
      for (int id = 1; id < accepted.length; id++) {
        accepted[id] = passes(compared.label(id));
      }
      return accepted;
    }

    private boolean passes(String actual) {
      return value == null ? !actual.isEmpty() : value.equals(actual);
    }

    @Override
    public String toString() {
      String name = attribute == null ? index : index + "." + attribute;
      return value == null ? name : name + "=" + quoted(value);
    }
  }

  /** {@code not X}. */
  record Not(Node inner) implements Node {
    @Override
    public Test bind(List<String> indexNames, List<LabelDictionary> labels) {
      Test test = inner.bind(indexNames, labels);
      return ids -> !test.holds(ids);
    }

    @Override
    public String toString() {
      return "not " + inner;
    }
  }

  /** {@code X and Y}. */
  record And(Node left, Node right) implements Node {
    @Override
    public Test bind(List<String> indexNames, List<LabelDictionary> labels) {
      Test a = left.bind(indexNames, labels);
      Test b = right.bind(indexNames, labels);
      return ids -> a.holds(ids) && b.holds(ids);
    }

    @Override
    public String toString() {
      return "(" + left + " and " + right + ")";
    }
  }

  /** {@code X or Y}. */
  record Or(Node left, Node right) implements Node {
    @Override
    public Test bind(List<String> indexNames, List<LabelDictionary> labels) {
      Test a = left.bind(indexNames, labels);
      Test b = right.bind(indexNames, labels);
      return ids -> a.holds(ids) || b.holds(ids);
    }

    @Override
    public String toString() {
      return "(" + left + " or " + right + ")";
    }
  }

  private static int position(String index, List<String> indexNames) {
    int k = indexNames.indexOf(index);
    if (k < 0) {
      throw new IllegalArgumentException("no index named '" + index + "' (indexes: "
          + String.join(", ", indexNames) + ")");
    }
    return k;
  }

  /** A value as the parser reads it back: bare when it is a plain word, else quoted. */
  static String quoted(String value) {
    boolean bare = !value.isEmpty() && !WhereParser.isKeyword(value);
    for (int i = 0; i < value.length() && bare; i++) {
      bare = WhereParser.isWordChar(value.charAt(i));
    }
    if (bare) {
      return value;
    }
    char quote = value.indexOf('\'') < 0 ? '\'' : '"';
    return quote + value + quote;
  }
}
