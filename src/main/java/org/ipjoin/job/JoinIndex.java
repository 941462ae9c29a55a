package org.ipjoin.job;

import java.util.List;
import org.ipjoin.index.load.ReadPath;

/**
 * One index of a join, as the driver resolved it.
 *
 * @param name the short name the output, {@code --where}, {@code --count-by}, counters and the run
 *     summary use
 * @param path the index file (the text list with the {@code text} read path), qualified once the
 *     driver checked it
 * @param readPath how map tasks read it
 * @param attributes the attributes chosen for output, in order; empty for all of them (or for an
 *     index whose label is one unnamed value)
 */
public record JoinIndex(String name, String path, ReadPath readPath, List<String> attributes) {

  public JoinIndex {
    attributes = List.copyOf(attributes);
  }

  /** The same index at another path (the driver's qualified one). */
  public JoinIndex at(String qualified) {
    return new JoinIndex(name, qualified, readPath, attributes);
  }
}
