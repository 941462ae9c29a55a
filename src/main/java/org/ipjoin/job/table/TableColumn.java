package org.ipjoin.job.table;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.ipjoin.job.IndexSpecs;
import org.ipjoin.job.IpJoinKeys;

/**
 * An address column of a table ({@code KIND:COLUMN}, as {@code --format} or a {@code --client}
 * gives it): its format and its dotted path.
 */
public record TableColumn(TableFormat format, String path) {

  /** The column {@code spec} names, or null when it names a text format's field. */
  public static TableColumn of(String spec) {
    String s = spec.trim();
    int colon = s.indexOf(':');
    TableFormat format = colon < 0 ? null : TableFormat.ofKind(s.substring(0, colon));
    return format == null ? null : new TableColumn(format, s.substring(colon + 1));
  }

  /**
   * The job's address columns when its format ({@code ipjoin.format}, or every {@code
   * ipjoin.clients} item) is a table format; empty when the job reads text.
   *
   * The driver's input check reads it here, from the keys, as {@code HeaderNamedFormat.ofJob}
   * does; the task and the job factory have it from the typed options ({@code
   * JoinOptions.tableColumns}). Columns of a table format mixed with others (or with another
   * table format's) are empty here: the options' reading refuses them, in one line of its own.
   */
  public static List<TableColumn> ofJob(Configuration conf) {
    List<String> specs = new ArrayList<>();
    String clients = IpJoinKeys.CLIENTS.get(conf);
    if (clients == null || clients.isBlank()) {
      specs.add(IpJoinKeys.FORMAT.get(conf));
    } else {
      for (String item : IndexSpecs.split(clients)) {
        specs.add(item.substring(item.indexOf('=') + 1));
      }
    }
    List<TableColumn> columns = new ArrayList<>();
    for (String spec : specs) {
      TableColumn column = of(spec);
      if (column != null) {
        columns.add(column);
      }
    }
    boolean mixed = columns.size() != specs.size()
        || columns.stream().map(TableColumn::format).distinct().count() > 1;
    return mixed ? List.of() : columns;
  }

  /** The paths of {@code columns}. */
  public static List<String> paths(List<TableColumn> columns) {
    return columns.stream().map(TableColumn::path).toList();
  }
}
