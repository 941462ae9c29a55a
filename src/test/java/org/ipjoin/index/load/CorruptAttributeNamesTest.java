package org.ipjoin.index.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.format.IndexByteMap;
import org.ipjoin.index.format.IndexContent;
import org.ipjoin.index.format.SectionKind;
import org.ipjoin.index.lookup.LabelDictionary;
import org.ipjoin.testing.IndexCorruption;
import org.ipjoin.testing.IndexReaders;
import org.ipjoin.testing.IndexReaders.Reader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code ATTRIBUTE_NAMES} section (flag ATTRIBUTES), damaged one way at a time, on every
 * binary read path and {@code ipindex verify}: the exact check and message of each. The section
 * checksum is recomputed after each edit ({@link IndexBytes#fixAll}) so that the content check
 * itself fires.
 */
class CorruptAttributeNamesTest {

  @TempDir Path dir;
  private IndexCorruption corruption;

  @BeforeEach
  void corruption() {
    corruption = new IndexCorruption(dir);
  }

  private static final int[] STARTS = {-1000, 0, 500};
  private static final int[] ENDS = {-900, 99, 600};
  private static final int[] LABEL_IDS = {1, 2, 1};
  /** Two labels of two attributes: "AS1<TAB>Foo", "AS2<TAB>". */
  private static final String LABELS = "AS1\tFooAS2\t";
  private static final int[] LABEL_ENDS = {0, 7, 11};
  private static final IndexBytes NAMED = IndexBytes.of(new IndexContent(STARTS, ENDS, LABEL_IDS,
      3, LABEL_ENDS, LABELS.getBytes(StandardCharsets.UTF_8), 99, 3, null, List.of("asn", "org")));
  private static final IndexBytes UNNAMED = IndexBytes.of(new IndexContent(STARTS, ENDS,
      LABEL_IDS, 3, LABEL_ENDS, LABELS.getBytes(StandardCharsets.UTF_8), 99, 3));

  static Stream<Reader> binaryPaths() {
    return IndexReaders.binaryPaths();
  }

  private static IndexBytes names(int at, int value) {
    return NAMED.copy().putSectionByte(SectionKind.ATTRIBUTE_NAMES, at, value)
        .fixAll(SectionKind.ATTRIBUTE_NAMES);
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void theNamesLoadOnEveryPath(Reader path) throws IOException {
    LabelDictionary labels = corruption.loads(path, NAMED, "named", true).index().labels();
    assertEquals(List.of("asn", "org"), labels.attributeNames());
    assertEquals("AS2\t", labels.label(2));
    assertEquals(List.of(), corruption.loads(path, UNNAMED, "unnamed", true).index().labels()
        .attributeNames());
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void eachBrokenRuleHasItsMessage(Reader path) {
    corruption.rejectsExactly(path, names(0, 0xFF), "not-utf8", Check.ATTRIBUTE_NAMES,
        "the names are not valid UTF-8");
    corruption.rejectsExactly(path, names(0, '\t'), "empty", Check.ATTRIBUTE_NAMES,
        "attribute name 1 is empty");
    corruption.rejectsExactly(path, names(0, 1), "control", Check.ATTRIBUTE_NAMES,
        "attribute name 1 ('?sn') holds the control byte \\x01");
    IndexBytes repeated = names(4, 'a');
    repeated = repeated.putSectionByte(SectionKind.ATTRIBUTE_NAMES, 5, 's')
        .putSectionByte(SectionKind.ATTRIBUTE_NAMES, 6, 'n').fixAll(SectionKind.ATTRIBUTE_NAMES);
    corruption.rejectsExactly(path, repeated, "repeated", Check.ATTRIBUTE_NAMES,
        "attribute name 2 ('asn') repeats attribute name 1");
    corruption.rejectsExactly(path, names(3, '_'), "one-name", Check.ATTRIBUTE_NAMES,
        "label 1 holds 2 TAB-separated values; the index names 1 attributes");
    corruption.rejects(path, NAMED.copy().putSectionByte(SectionKind.ATTRIBUTE_NAMES, 0, 'b'),
        "checksum", Check.SECTION_CHECKSUM, "attribute names");
  }

  @ParameterizedTest
  @MethodSource("binaryPaths")
  void theFlagAndTheSectionGoTogether(Reader path) {
    int flags = IndexByteMap.FLAG_RANGES | IndexByteMap.FLAG_LABELS;
    corruption.rejectsExactly(path, UNNAMED.copy().putInt(IndexBytes.FLAGS_OFFSET,
            flags | IndexByteMap.FLAG_ATTRIBUTES).fixHeaderCrc(), "flag-without-section",
        Check.SECTION_DIRECTORY, "no attribute names section, which the header's flags require");
    corruption.rejectsExactly(path, NAMED.copy().putInt(IndexBytes.FLAGS_OFFSET,
            flags | IndexByteMap.FLAG_SHORT_LABEL_IDS).fixHeaderCrc(), "section-without-flag", Check.SECTION_DIRECTORY,
        "a attribute names section, which the header's flags exclude");
    corruption.rejectsExactly(path, NAMED.copy().putInt(IndexBytes.FLAGS_OFFSET,
            IndexByteMap.FLAG_RANGES | IndexByteMap.FLAG_ATTRIBUTES).fixHeaderCrc(),
        "flag-without-labels", Check.FLAGS, "flag 0x20 (attributes) is set without flag 0x2"
            + " (labels)");
  }
}
