package org.ipjoin.job;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.ipjoin.problem.IpJoinException;
import org.ipjoin.problem.OneLine;

/**
 * Reads a {@link WhereExpression} by recursive descent, checking every index and attribute name
 * against the job's indexes as it goes; the first problem is the one-line usage error.
 */
final class WhereParser {

  /**
   * How deep parentheses and {@code not}s may nest: far beyond what a person writes, and far
   * within the stack of the parser, which descends once per level.
   */
  static final int MAX_DEPTH = 100;
  /**
   * How many index names an expression may hold: a chain of {@code or}s is as deep a tree as it
   * is long, and printing and binding it descend once per level.
   */
  static final int MAX_TERMS = 1000;
  /** How much of a long expression a message shows. */
  private static final int SHOWN = 80;

  private final String text;
  private final Map<String, List<String>> attributesByIndex;
  /** The value tag mode writes for a record not listed in an index, or null: not checked. */
  private final String notListed;
  /** The join's address columns, for {@code CLIENT.INDEX} and a bare index in any column. */
  private final JoinColumns columns;
  private int pos;
  private int depth;
  private int terms;

  /**
   * @param attributesByIndex every name a term may take (each index, or with several address
   *     columns each {@code CLIENT.INDEX}), with its attribute names
   * @param columns the join's columns (a bare index name then stands for it in any column), or
   *     null: the names are the indexes'
   */
  WhereParser(String text, Map<String, List<String>> attributesByIndex, String notListed,
      JoinColumns columns) {
    this.text = text == null ? "" : text;
    this.attributesByIndex = attributesByIndex;
    this.notListed = notListed;
    this.columns = columns == null || !columns.qualified() ? null : columns;
  }

  WhereTerm.Node parse() throws IpJoinException {
    skipBlanks();
    if (pos == text.length()) {
      throw IpJoinException.usage("--where: the expression is empty; name an index (indexes: "
          + String.join(", ", attributesByIndex.keySet()) + ")");
    }
    WhereTerm.Node node = or();
    skipBlanks();
    if (pos < text.length()) {
      throw problem(text.charAt(pos) == ')' ? "a ')' without its '('" : "'" + wordAt(pos)
          + "' where 'and', 'or' or the end was expected", pos);
    }
    return node;
  }

  private WhereTerm.Node or() throws IpJoinException {
    WhereTerm.Node node = and();
    while (keyword("or")) {
      node = new WhereTerm.Or(node, and());
    }
    return node;
  }

  private WhereTerm.Node and() throws IpJoinException {
    WhereTerm.Node node = unary();
    while (keyword("and")) {
      node = new WhereTerm.And(node, unary());
    }
    return node;
  }

  private WhereTerm.Node unary() throws IpJoinException {
    skipBlanks();
    int at = pos;
    if (keyword("not")) {
      deeper(at);
      WhereTerm.Node inner = unary();
      depth--;
      return new WhereTerm.Not(inner);
    }
    skipBlanks();
    if (pos < text.length() && text.charAt(pos) == '(') {
      int open = pos++;
      deeper(open);
      WhereTerm.Node inner = or();
      skipBlanks();
      if (pos == text.length() || text.charAt(pos) != ')') {
        throw problem("the '(' here is never closed", open);
      }
      pos++;
      depth--;
      return inner;
    }
    return term();
  }

  /** One more level of parentheses or {@code not}, refused beyond {@link #MAX_DEPTH}. */
  private void deeper(int at) throws IpJoinException {
    if (++depth > MAX_DEPTH) {
      throw problem("parentheses and 'not' nest more than " + MAX_DEPTH + " deep here", at);
    }
  }

  /** {@code NAME}, {@code NAME=VALUE}, {@code NAME.ATTR} or {@code NAME.ATTR=VALUE}. */
  private WhereTerm.Node term() throws IpJoinException {
    int at = pos;
    if (++terms > MAX_TERMS) {
      throw problem("more than " + MAX_TERMS + " index names", at);
    }
    String index = name("an index name");
    List<String> targets = List.of(index);
    if (columns != null && columns.clients().contains(index)) {
      if (pos == text.length() || text.charAt(pos) != '.') {
        throw problem("'" + index + "' is an address column: name an index in it, " + index
            + ".INDEX (indexes: " + String.join(", ", columns.indexes()) + ")", at);
      }
      pos++;
      index = index + "." + name("an index name after '" + index + ".'");
      targets = List.of(index);
    } else if (columns != null && !columns.anyColumn(index).isEmpty()) {
      // A bare index name with several columns: listed there in any column.
      targets = columns.anyColumn(index);
    }
    List<String> attributes = attributesByIndex.get(targets.get(0));
    if (attributes == null) {
      throw problem("unknown index '" + index + "' (indexes: "
          + String.join(", ", attributesByIndex.keySet())
          + (columns == null ? "" : "; or " + String.join(", ", columns.indexes())
              + " in any column") + ")", at);
    }
    String attribute = null;
    if (pos < text.length() && text.charAt(pos) == '.') {
      pos++;
      int attrAt = pos;
      attribute = name("an attribute name of index '" + index + "'");
      if (!attributes.contains(attribute)) {
        if (AttributeSelection.NETWORK.equals(attribute)) {
          throw problem("'" + index + ".network' (the matched entry) is written by tag mode and"
              + " counted by --count-by, not compared: write " + index
              + " (listed there), or filter the tagged output", attrAt);
        }
        throw problem(attributes.isEmpty()
            ? "index '" + index + "' has no attributes: its label is one value (write " + index
                + "=LABEL)"
            : "index '" + index + "' has no attribute '" + attribute + "' (attributes: "
                + String.join(", ", attributes) + ")", attrAt);
      }
    }
    skipBlanks();
    if (pos == text.length() || text.charAt(pos) != '=') {
      return anyOf(targets, attribute, null);
    }
    if (attribute == null && attributes.size() > 1) {
      throw problem("index '" + index + "' has attributes " + String.join(", ", attributes)
          + ": compare one of them (" + index + "." + attributes.get(0) + "=VALUE)", at);
    }
    pos++;
    skipBlanks();
    boolean quoted = pos < text.length() && (text.charAt(pos) == '\'' || text.charAt(pos) == '"');
    String value = value();
    if (!quoted && value.equals(notListed)) {
      String compared = attribute == null ? index : index + "." + attribute;
      throw problem(compared + "=" + value + " never holds for a record not listed in " + index
          + ": it has no label there (" + value + " is what tag mode writes for it); write 'not "
          + index + "' (a label that is " + value + ": " + compared + "='" + value + "')", at);
    }
    return anyOf(targets, attribute, value);
  }

  /** The term over each of {@code targets} (one, or an index in each column), or'ed. */
  private static WhereTerm.Node anyOf(List<String> targets, String attribute, String value) {
    WhereTerm.Node any = null;
    for (String target : targets) {
      WhereTerm.Node one = attribute == null && value == null ? new WhereTerm.Listed(target)
          : new WhereTerm.LabelIs(target, attribute, value);
      any = any == null ? one : new WhereTerm.Or(any, one);
    }
    return any;
  }

  /** A name: a letter, then letters, digits, '_' or '-'. */
  private String name(String what) throws IpJoinException {
    skipBlanks();
    int start = pos;
    while (pos < text.length() && isNameChar(text.charAt(pos), pos == start)) {
      pos++;
    }
    if (pos == start) {
      throw problem("expected " + what + (start == text.length() ? " at the end"
          : ", found '" + wordAt(start) + "'"), start);
    }
    String name = text.substring(start, pos);
    if (isKeyword(name)) {
      throw problem("expected " + what + ", found the keyword '" + name + "'", start);
    }
    return name;
  }

  /** A bare word or a quoted value (no escapes: quote with the other quote character). */
  private String value() throws IpJoinException {
    skipBlanks();
    int start = pos;
    if (pos < text.length() && (text.charAt(pos) == '\'' || text.charAt(pos) == '"')) {
      char quote = text.charAt(pos);
      int end = text.indexOf(quote, pos + 1);
      if (end < 0) {
        throw problem("the quote here is never closed", start);
      }
      pos = end + 1;
      return text.substring(start + 1, end);
    }
    while (pos < text.length() && isWordChar(text.charAt(pos))) {
      pos++;
    }
    if (pos == start) {
      throw problem("expected a value after '=' (a word, or quoted: 'two words')", start);
    }
    return text.substring(start, pos);
  }

  /** Consumes {@code word} (any case) when it is the next whole word. */
  private boolean keyword(String word) {
    skipBlanks();
    int end = pos + word.length();
    if (end > text.length() || !text.regionMatches(true, pos, word, 0, word.length())) {
      return false;
    }
    if (end < text.length() && isNameChar(text.charAt(end), false)) {
      return false;
    }
    pos = end;
    return true;
  }

  private void skipBlanks() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  /** The word starting at {@code at}, for messages. */
  private String wordAt(int at) {
    int end = at + 1;
    while (end < text.length() && isWordChar(text.charAt(end)) && isWordChar(text.charAt(at))) {
      end++;
    }
    return text.substring(at, end);
  }

  private IpJoinException problem(String what, int at) {
    String shown = text.length() <= SHOWN ? text : text.substring(0, SHOWN) + "...";
    return IpJoinException.usage("--where '" + OneLine.of(shown) + "': " + what + " (column "
        + (at + 1) + ")");
  }

  static boolean isKeyword(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    return w.equals("and") || w.equals("or") || w.equals("not");
  }

  /** A character of a bare value: anything but blanks, parentheses, quotes and '='. */
  static boolean isWordChar(char c) {
    return !Character.isWhitespace(c) && c != '(' && c != ')' && c != '\'' && c != '"'
        && c != '=';
  }

  private static boolean isNameChar(char c, boolean first) {
    boolean letter = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    return first ? letter : letter || c >= '0' && c <= '9' || c == '_' || c == '-';
  }
}
