package org.ipjoin.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.problem.IpJoinException;

/**
 * A {@code --where} expression over the indexes of a join: index names (listed there), {@code
 * NAME=LABEL}, {@code NAME.ATTR=VALUE}, {@code and}, {@code or}, {@code not} and parentheses; e.g.
 * {@code block and not cloud=googlebot}. Parsed once in the driver (every name checked), bound
 * once per task to the indexes' label dictionaries, then evaluated per record on label ids.
 */
public final class WhereExpression {

  /** Evaluates the expression for one record. */
  public interface Matcher {
    /**
     * @param labelIds per index, in order: the label id of the record's match (0 = listed
     *     without a label), or {@link MatchTags#NO_MATCH} when it is not listed there
     */
    boolean matches(int[] labelIds);
  }

  private static final Pattern TOKEN = Pattern.compile(
      "\\s*(\\(|\\)|[A-Za-z][A-Za-z0-9_-]*(?:\\.[A-Za-z][A-Za-z0-9_-]*)?(?:=(?:\"[^\"]*\"|[^\\s()]+))?)");

  /** A node of the expression tree. */
  private sealed interface Node permits Listed, Equals, Not, And, Or {}

  private record Listed(String index) implements Node {}

  /** {@code index=value} (attribute null) or {@code index.attribute=value}. */
  private record Equals(String index, String attribute, String value) implements Node {}

  private record Not(Node operand) implements Node {}

  private record And(Node left, Node right) implements Node {}

  private record Or(Node left, Node right) implements Node {}

  private final Node root;

  private WhereExpression(Node root) {
    this.root = root;
  }

  /**
   * Parses {@code text} against the indexes of the join, in order, with their attribute names.
   *
   * @throws IpJoinException USAGE, one line naming the bad token or unknown name
   */
  public static WhereExpression parse(String text, Map<String, List<String>> attributesByIndex)
      throws IpJoinException {
    List<String> tokens = tokens(text);
    Parser p = new Parser(tokens, attributesByIndex, text);
    Node root = p.or();
    if (p.at < tokens.size()) {
      throw p.bad("unexpected '" + tokens.get(p.at) + "'");
    }
    return new WhereExpression(root);
  }

  /** The default: listed in any of the indexes. */
  public static WhereExpression anyListed(List<String> indexNames) {
    Node root = null;
    for (String name : indexNames) {
      root = root == null ? new Listed(name) : new Or(root, new Listed(name));
    }
    return new WhereExpression(root);
  }

  private static List<String> tokens(String text) throws IpJoinException {
    List<String> tokens = new ArrayList<>();
    java.util.regex.Matcher m = TOKEN.matcher(text);
    int at = 0;
    while (at < text.length()) {
      if (text.substring(at).isBlank()) {
        break;
      }
      if (!m.find(at) || m.start() != at) {
        throw IpJoinException.usage("bad --where '" + text + "': unexpected '"
            + text.substring(at).trim() + "'");
      }
      tokens.add(m.group(1));
      at = m.end();
    }
    return tokens;
  }

  /** Recursive descent: or := and ('or' and)*; and := unary ('and' unary)*; unary := 'not' unary | atom. */
  private static final class Parser {
    private final List<String> tokens;
    private final Map<String, List<String>> attributes;
    private final String text;
    private int at;

    Parser(List<String> tokens, Map<String, List<String>> attributes, String text) {
      this.tokens = tokens;
      this.attributes = attributes;
      this.text = text;
    }

    IpJoinException bad(String what) {
      return IpJoinException.usage("bad --where '" + text + "': " + what);
    }

    boolean next(String keyword) {
      if (at < tokens.size() && tokens.get(at).equalsIgnoreCase(keyword)) {
        at++;
        return true;
      }
      return false;
    }

    Node or() throws IpJoinException {
      Node left = and();
      while (next("or")) {
        left = new Or(left, and());
      }
      return left;
    }

    Node and() throws IpJoinException {
      Node left = unary();
      while (next("and")) {
        left = new And(left, unary());
      }
      return left;
    }

    Node unary() throws IpJoinException {
      return next("not") ? new Not(unary()) : atom();
    }

    Node atom() throws IpJoinException {
      if (at >= tokens.size()) {
        throw bad("it ends where an index name or '(' was expected");
      }
      String token = tokens.get(at++);
      if (token.equals("(")) {
        Node inner = or();
        if (!next(")")) {
          throw bad("missing ')'");
        }
        return inner;
      }
      if (token.equals(")") || List.of("and", "or", "not").contains(token.toLowerCase())) {
        throw bad("unexpected '" + token + "'");
      }
      int eq = token.indexOf('=');
      String name = eq < 0 ? token : token.substring(0, eq);
      int dot = name.indexOf('.');
      String index = dot < 0 ? name : name.substring(0, dot);
      if (!attributes.containsKey(index)) {
        throw bad("unknown index '" + index + "'; the indexes: " + String.join(", ", attributes.keySet()));
      }
      if (dot >= 0) {
        String attribute = name.substring(dot + 1);
        if (!attributes.get(index).contains(attribute)) {
          throw bad("index " + index + " has no attribute '" + attribute + "'"
              + (attributes.get(index).isEmpty() ? " (its labels are one unnamed value)"
                  : "; its attributes: " + String.join(", ", attributes.get(index))));
        }
        if (eq < 0) {
          throw bad("'" + name + "' needs a value: " + name + "=VALUE");
        }
        return new Equals(index, attribute, unquoted(token.substring(eq + 1)));
      }
      return eq < 0 ? new Listed(index) : new Equals(index, null, unquoted(token.substring(eq + 1)));
    }

    private static String unquoted(String value) {
      return value.startsWith("\"") ? value.substring(1, value.length() - 1) : value;
    }
  }

  /** The matcher of this expression over the indexes {@code indexNames} with their dictionaries. */
  public Matcher bind(List<String> indexNames, List<LabelDictionary> labels) {
    return bind(root, indexNames, labels);
  }

  private static Matcher bind(Node node, List<String> names, List<LabelDictionary> labels) {
    if (node instanceof Listed l) {
      int k = names.indexOf(l.index());
      return ids -> ids[k] != MatchTags.NO_MATCH;
    }
    if (node instanceof Equals e) {
      int k = names.indexOf(e.index());
      boolean[] holds = labelsHolding(labels.get(k), e);
      return ids -> ids[k] != MatchTags.NO_MATCH && holds[ids[k]];
    }
    if (node instanceof Not n) {
      Matcher m = bind(n.operand(), names, labels);
      return ids -> !m.matches(ids);
    }
    if (node instanceof And a) {
      Matcher l = bind(a.left(), names, labels);
      Matcher r = bind(a.right(), names, labels);
      return ids -> l.matches(ids) && r.matches(ids);
    }
    Or o = (Or) node;
    Matcher l = bind(o.left(), names, labels);
    Matcher r = bind(o.right(), names, labels);
    return ids -> l.matches(ids) || r.matches(ids);
  }

  /** Per label id (0 = no label, written {@code 1}): whether it satisfies {@code e}. */
  private static boolean[] labelsHolding(LabelDictionary labels, Equals e) {
    boolean[] holds = new boolean[labels.count() + 1];
    int column = e.attribute() == null ? -1 : labels.attributeNames().indexOf(e.attribute());
    holds[0] = column < 0 && e.value().equals("1");
    for (int id = 1; id <= labels.count(); id++) {
      String label = labels.label(id);
      String value = column < 0 ? label : column(label, column);
      holds[id] = e.value().equals(value);
    }
    return holds;
  }

  private static String column(String label, int column) {
    String[] values = label.split("\t", -1);
    return column < values.length ? values[column] : "";
  }

  @Override
  public String toString() {
    return text(root);
  }

  private static String text(Node node) {
    if (node instanceof Listed l) {
      return l.index();
    }
    if (node instanceof Equals e) {
      return e.index() + (e.attribute() == null ? "" : "." + e.attribute()) + "=" + e.value();
    }
    if (node instanceof Not n) {
      return "not " + text(n.operand());
    }
    if (node instanceof And a) {
      return "(" + text(a.left()) + " and " + text(a.right()) + ")";
    }
    Or o = (Or) node;
    return "(" + text(o.left()) + " or " + text(o.right()) + ")";
  }
}
