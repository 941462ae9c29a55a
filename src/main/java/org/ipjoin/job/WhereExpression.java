package org.ipjoin.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.problem.IpJoinException;

/**
 * Which records {@code match} and {@code nomatch} keep when a job joins several indexes
 * ({@code --where}): a boolean expression over the job's indexes, parsed and checked against their
 * names and attributes in the driver, before anything is submitted, then bound once per task to
 * the loaded label dictionaries so that a record costs a few array reads.
 *
 * <p>Syntax (keywords in lower or upper case; {@code not} binds tighter than {@code and}, which
 * binds tighter than {@code or}; parentheses group):
 *
 * <pre>
 *   expr    = and { "or" and }
 *   and     = unary { "and" unary }
 *   unary   = "not" unary | "(" expr ")" | term
 *   term    = NAME                  listed in index NAME
 *           | NAME "=" VALUE        listed, and its label is VALUE
 *           | NAME "." ATTR         listed, and attribute ATTR is not empty
 *           | NAME "." ATTR "=" VALUE   listed, and attribute ATTR is VALUE
 *   VALUE   = a word (no space, parenthesis, quote or "=") | 'quoted' | "quoted"
 * </pre>
 *
 * <p>A label compares as the job writes it: a match without a label is {@code 1}, as in {@code
 * tag} mode. {@code NAME=VALUE} on an index whose labels hold several attributes is refused (name
 * the attribute); on an index with exactly one named attribute it compares that attribute.
 */
public final class WhereExpression {

  /** A record's verdict, given the label id of its match in each index of the job. */
  public interface Matcher {
    /**
     * @param labelIds per index, in the order bound: the label id of the record's match (0 for
     *     an entry without a label) or {@link MatchTags#NO_MATCH} when it is not listed there
     */
    boolean matches(int[] labelIds);
  }

  private final WhereTerm.Node root;
  private final String text;

  private WhereExpression(WhereTerm.Node root) {
    this.root = root;
    this.text = root.toString();
  }

  /**
   * Parses {@code text} and checks every name in it.
   *
   * @param attributesByIndex the job's indexes in order, each with its attribute names (empty for
   *     an index whose label is one unnamed value)
   * @throws IpJoinException a usage error, one line naming the bad token, the unknown index or
   *     attribute, and what is known
   */
  public static WhereExpression parse(String text, Map<String, List<String>> attributesByIndex)
      throws IpJoinException {
    return new WhereExpression(new WhereParser(text, attributesByIndex, null, null).parse());
  }

  /**
   * {@link #parse(String, Map)} as the driver checks a user's expression: a comparison with the
   * bare value tag mode writes for a record not listed ({@code hit=0}) is refused too, since a
   * record not listed has no label to compare (a quoted {@code hit='0'} compares a label that is
   * literally that value).
   *
   * @param notListed the value of {@code ipjoin.tag.unmatched}
   */
  public static WhereExpression parse(String text, Map<String, List<String>> attributesByIndex,
      String notListed) throws IpJoinException {
    return new WhereExpression(new WhereParser(text, attributesByIndex, notListed, null).parse());
  }

  /**
   * {@link #parse(String, Map, String)} over the lookups of {@code columns}: with several address
   * columns a term names {@code CLIENT.INDEX[.ATTR]}, and a bare {@code INDEX[.ATTR]} holds when it
   * holds in any column ({@code block} is {@code src.block or dst.block}). The expression binds to
   * {@link JoinColumns#names()}.
   *
   * @param attributesByIndex the job's indexes in order, each with its attribute names
   * @param notListed the value of {@code ipjoin.tag.unmatched}, or null: not checked
   */
  public static WhereExpression parse(String text, JoinColumns columns,
      Map<String, List<String>> attributesByIndex, String notListed) throws IpJoinException {
    return new WhereExpression(new WhereParser(text, columns.perLookup(attributesByIndex),
        notListed, columns).parse());
  }

  /** The default: a record matches when it is listed in any of the indexes. */
  public static WhereExpression anyListed(List<String> indexNames) {
    if (indexNames.isEmpty()) {
      throw new IllegalArgumentException("no index");
    }
    WhereTerm.Node any = null;
    for (String name : indexNames) {
      WhereTerm.Node listed = new WhereTerm.Listed(name);
      any = any == null ? listed : new WhereTerm.Or(any, listed);
    }
    return new WhereExpression(any);
  }

  /**
   * Binds the expression to a task's indexes: every label comparison becomes a table over the
   * index's label ids, computed here once.
   *
   * @param indexNames the job's indexes, in the order of {@code labels} and of the ids a {@link
   *     Matcher} is given
   * @throws IllegalArgumentException if the expression names an index or attribute not among them
   *     (the driver checked the names against the same indexes: a task that sees otherwise was
   *     given other files)
   */
  public Matcher bind(List<String> indexNames, List<LabelDictionary> labels) {
    if (indexNames.size() != labels.size()) {
      throw new IllegalArgumentException(indexNames.size() + " index names for " + labels.size()
          + " label dictionaries");
    }
    WhereTerm.Test test = root.bind(new ArrayList<>(indexNames), labels);
    return test::holds;
  }

  /** The expression in canonical form: fully parenthesised, values quoted where they must be. */
  @Override
  public String toString() {
    return text;
  }
}
