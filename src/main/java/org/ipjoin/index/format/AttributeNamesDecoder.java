package org.ipjoin.index.format;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.ipjoin.index.format.CorruptIndexException.Check;
import org.ipjoin.index.list.AttributeNames;

/**
 * Reads the {@code ATTRIBUTE_NAMES} section: its bytes as they come, then, once whole, its
 * checksum, the names' rules ({@link AttributeNames}) and one value per name in every label. The
 * section is a few bytes, so it is checked on every load, trusted or not.
 */
final class AttributeNamesDecoder {

  private final String file;
  private final SectionVerdict verdict;
  private final byte[] bytes;
  private int filled;

  AttributeNamesDecoder(Section section, String file, boolean verifyChecksum) {
    this.file = file;
    this.verdict = new SectionVerdict(section, file, verifyChecksum);
    this.bytes = new byte[(int) section.count()];
  }

  /** Takes the next {@code take} bytes of {@code in}. */
  void accept(ByteBuffer in, int take) {
    ByteBuffer chunk = in.slice(in.position(), take);
    verdict.checksum(chunk);
    chunk.get(bytes, filled, take);
    filled += take;
    in.position(in.position() + take);
  }

  /** The checked names of the labels {@code labelBytes} / {@code labelEnds} hold. */
  List<String> finish(byte[] labelBytes, int[] labelEnds) throws CorruptIndexException {
    verdict.conclude(filled);
    String joined;
    try {
      joined = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new CorruptIndexException(file, Check.ATTRIBUTE_NAMES, "the names are not valid UTF-8");
    }
    List<String> names = AttributeNames.split(joined);
    String problem = AttributeNames.problem(names);
    if (problem != null) {
      throw new CorruptIndexException(file, Check.ATTRIBUTE_NAMES, problem);
    }
    for (int id = 1; id < labelEnds.length; id++) {
      int values = AttributeNames.valueCount(labelBytes, labelEnds[id - 1], labelEnds[id]);
      if (values != names.size()) {
        throw new CorruptIndexException(file, Check.ATTRIBUTE_NAMES, "label " + id + " holds "
            + values + " TAB-separated values; the index names " + names.size() + " attributes");
      }
    }
    return names;
  }
}
