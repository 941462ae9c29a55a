package org.ipjoin.job.table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.orc.OrcProto;
import org.apache.orc.Reader;
import org.apache.orc.TypeDescription;
import org.apache.orc.impl.RecordReaderImpl;

/**
 * How an ORC file encodes its string columns, for writing the output as the input is: ORC's Java
 * writer builds a dictionary of every string column by default (a sorted tree of its values per
 * stripe), which was most of an ORC map task's time writing a table whose writer had written
 * them plainly (ClickHouse's does; docs/benchmarks/2026-11-27-parquet-tables.md, "ORC rows in
 * batches"). The output then skips the dictionary where the input has none.
 */
final class OrcEncodings {

  private OrcEncodings() {}

  /**
   * The top-level columns of {@code file} that hold strings (string, varchar, char, at any depth)
   * all written without a dictionary (DIRECT) in its first stripe, comma-separated as {@code
   * orc.column.encoding.direct} takes them; null when there is none or the file has no stripe.
   */
  static String directColumns(Reader file) throws IOException {
    if (file.getStripes().isEmpty()) {
      return null;
    }
    TypeDescription schema = file.getSchema();
    if (schema.getCategory() != TypeDescription.Category.STRUCT) {
      return null;
    }
    // Only the root is included: the record reader reads no column's streams, the footer alone.
    boolean[] include = new boolean[schema.getMaximumId() + 1];
    include[0] = true;
    OrcProto.StripeFooter footer;
    try (RecordReaderImpl rows = (RecordReaderImpl) file.rows(file.options().include(include))) {
      footer = rows.readStripeFooter(file.getStripes().get(0));
    }
    List<String> direct = new ArrayList<>();
    List<String> names = schema.getFieldNames();
    for (int f = 0; f < names.size(); f++) {
      TypeDescription column = schema.getChildren().get(f);
      if (!names.get(f).contains(",") && allDirect(column, footer)) {
        direct.add(names.get(f));
      }
    }
    return direct.isEmpty() ? null : String.join(",", direct);
  }

  /** Whether {@code column} holds strings and the footer encodes every one of them DIRECT. */
  private static boolean allDirect(TypeDescription column, OrcProto.StripeFooter footer) {
    boolean strings = false;
    for (int id = column.getId(); id <= column.getMaximumId(); id++) {
      TypeDescription.Category category = column.findSubtype(id).getCategory();
      if (category == TypeDescription.Category.STRING
          || category == TypeDescription.Category.VARCHAR
          || category == TypeDescription.Category.CHAR) {
        if (id >= footer.getColumnsCount()) {
          return false;
        }
        OrcProto.ColumnEncoding.Kind kind = footer.getColumns(id).getKind();
        if (kind != OrcProto.ColumnEncoding.Kind.DIRECT
            && kind != OrcProto.ColumnEncoding.Kind.DIRECT_V2) {
          return false;
        }
        strings = true;
      }
    }
    return strings;
  }
}
