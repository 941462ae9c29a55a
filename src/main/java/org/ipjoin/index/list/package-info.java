/**
 * The front half of building an interval index: text lines of an IP list → disjoint sorted
 * intervals with label ids and a label dictionary. Pure Java on byte arrays: no Hadoop, no file
 * format, no lookups.
 *
 * <h2>Pipeline</h2>
 * <ol>
 *   <li>{@link org.ipjoin.index.list.ListLineParser} reads one line's bytes into an entry (start
 *       key, end key included, IPv4 or IPv6, {@link org.ipjoin.index.list.LineKind}, label bytes)
 *       or says what the line is instead (blank, comment, or malformed with a one-line reason).
 *       Which column is the label: {@link org.ipjoin.index.list.LabelColumn}.
 *   <li>{@link org.ipjoin.index.list.ListEntries} collects entries in file order in primitive
 *       arrays and interns labels into a {@link org.ipjoin.index.list.LabelInterner}.
 *   <li>{@link org.ipjoin.index.list.IntervalNormaliser#normalise} resolves overlaps under an
 *       {@link org.ipjoin.index.list.OverlapPolicy} and returns a
 *       {@link org.ipjoin.index.list.NormalisedList} with
 *       {@link org.ipjoin.index.list.NormaliseStats} for the summary.
 * </ol>
 *
 * <h2>Wiring into a builder</h2>
 * <pre>{@code
 * ListLineParser parser = new ListLineParser(labelColumn);        // LabelColumn.parse(option)
 * ListEntries entries = new ListEntries((int) (inputLength / 14));
 * // for each line buf[from, to) without its LF, numbered from 1 (BOM stripped before line 1):
 * LineKind kind = parser.parse(buf, from, to);
 * if (kind.isEntry()) {
 *   entries.add(parser, lineNumber);
 * } else if (!kind.isIgnorable()) {
 *   // MALFORMED: count it; strict mode fails with file + ":" + lineNumber + ": " + parser.error()
 * }
 * NormalisedList list = IntervalNormaliser.normalise(entries, policy);  // consumes entries
 * if (list.isExactAddresses() && !list.hasLabels()) {
 *   // the v1 layout: list.starts()[0, list.size()) are the sorted distinct keys
 * } else {
 *   // intervals: starts()[i]..ends()[i], labelId(i) (0 = none) into list.labels()
 * }
 * // IPv6: list.v6(), key halves; IndexBuilder.contentOf(list, bytes, lines) makes IndexContent
 * }</pre>
 */
package org.ipjoin.index.list;

