package org.ipjoin.job;

import org.apache.hadoop.conf.Configuration;

/**
 * Every configuration key of the job, with its default and description, in one place (like
 * TeraSort's {@code TeraSortConfigKeys}). {@code conf/ipjoin-site.xml} and the table in
 * docs/configuration.md are made from this list ({@link #markdownTable()}); a test keeps the site template in step.
 *
 * <p>The driver's command-line options set the same keys, after {@code -D} has been applied, so the
 * command line wins over {@code -D} and site files.
 */
public enum IpJoinKeys {
  INDEX_PATH("ipjoin.index.path", null,
      "Index file to join against (any Hadoop FileSystem URI). With loader `text` it is the text "
          + "IP list (`ip.tsv`) itself. Several indexes: a comma-separated list of "
          + "`[NAME=]PATH[:ATTRS]` (a comma inside one written `\\,`; NAME defaults to the file "
          + "name without `.ipidx`; `:ATTRS` chooses attributes for output, e.g. `asn=asn.ipidx:org`). "
          + "Required; `--index` (repeatable) sets it."),
  LOADER("ipjoin.index.loader", "nio",
      "How each map task reads the index: `text`, `stream`, `buffered`, `nio`, `mmap` (copies "
          + "into the heap) or `mmap-direct` (lookups served from a shared read-only mapping: no heap"
          + " copy, for indexes larger than a task's heap). With several indexes, `NAME=LOADER` "
          + "items after it choose one index's, e.g. `nio,geo=mmap-direct`. `--loader` (repeatable) "
          + "sets it."),
  MODE("ipjoin.mode", "match",
      "Output: `match` (records whose client IP is listed), `nomatch` (the others), "
          + "`tag` (every record + TAB + the label of the matching list entry, `1` for an entry "
          + "without a label, `ipjoin.tag.unmatched` when nothing matches, `-` malformed), `count` "
          + "(`address<TAB>matched records`, IPv4 then IPv6 (RFC 5952), each sorted by address; "
          + "per label with `ipjoin.count.by=label`). With several indexes `tag` writes one column "
          + "per index (per chosen attribute), and a record matches when `ipjoin.where` holds. "
          + "`--mode` sets it."),
  WHERE("ipjoin.where", null,
      "With `match`, `nomatch` and `count`: when a record matches, as an expression over the "
          + "indexes: index names (listed there), `NAME=LABEL`, `NAME.ATTR=VALUE`, `and`, `or`, "
          + "`not`, parentheses, e.g. `block and not cloud=googlebot`. Unset: listed in any index. "
          + "`--where` sets it."),
  TAG_UNMATCHED("ipjoin.tag.unmatched", "0",
      "What `tag` mode writes after the TAB for a record whose client IP matches nothing, e.g. "
          + "`none`; any non-empty text without a tab or line break, other than `1` (a match without "
          + "a label), `-` (a malformed record) and `?` (a record outside a history index's "
          + "snapshots)."),
  COUNT_BY("ipjoin.count.by", "address",
      "What `count` mode counts by: `address` (`address<TAB>records` per listed client address, "
          + "IPv4 then IPv6, sorted by address) or `label` (`label<TAB>records` per label of the "
          + "matching entries, sorted by the label's bytes, `1` for entries without a label; one "
          + "reducer) or index names `NAME[.ATTR],...` (`value<TAB>...<TAB>records` per combination "
          + "of their labels or attribute values, for records listed in at least one of them; one "
          + "reducer). `--count-by` sets it."),
  FORMAT("ipjoin.format", "combined",
      "Where the client IP is in a record: `combined` (first space-delimited field: Apache "
          + "common/combined, Nginx), `tsv:N` or `csv:N` (1-based column, spaces around it trimmed; CSV without quoting), "
          + "`regex:PATTERN` (first capture group), `auto:COLUMN` (a Parquet, ORC or Avro table's "
          + "column, the table format told by the input files' first bytes) or `auto` (text and "
          + "SequenceFiles read as `combined`; a table refused, naming `auto:COLUMN`, as when the "
          + "key is unset). `--format` sets it."),
  OUTPUT_FORMAT("ipjoin.output.format", "text",
      "What `match`, `nomatch` and `tag` write for text input: `text` (the lines, as always) or "
          + "`parquet` (a Parquet table: the column `line`, each input line as read without its "
          + "line end, and in `tag` mode one optional string column per tag column, named and "
          + "valued as text tag mode writes them; header lines of header-named formats are not "
          + "rows; docs/job.md, Text logs as a Parquet table). Not with `count` (its output is "
          + "text); table input (`parquet:COLUMN`, ...) is written in its own format, so only "
          + "`parquet` with Parquet input is accepted there. `--output-format` sets it."),
  CLIENTS("ipjoin.clients", null,
      "Several address columns per record (source and destination): a comma-separated list of "
          + "`NAME=FORMAT` (a comma inside a format, as in a regex, written `\\,`, a backslash "
          + "`\\\\`), e.g. `src=json:src_ip,dst=json:dest_ip`; each address is looked up in every "
          + "index, tag columns and `--where`/`--count-by` names are `NAME.INDEX[.ATTR]`. A NAME "
          + "follows the index name rule and differs from every index name. Unset: one column, "
          + "`ipjoin.format`; setting both is refused. `--client` (repeatable) sets it."),
  CHAIN("ipjoin.chain", "first",
      "Which address to take when the client field holds a comma-separated chain, as an "
          + "X-Forwarded-For header does (`203.0.113.7, 10.0.0.2`): `first` (the leftmost), `last` "
          + "(the rightmost) or `untrusted=CIDR,CIDR,...` (the rightmost address outside those "
          + "trusted proxy blocks; the leftmost when every hop is trusted) or `untrusted=INDEX` (the "
          + "same with the trusted set one of the job's indexes, `--index INDEX=PATH`). `--chain` "
          + "sets it."),
  TIME("ipjoin.time", null,
      "Where each record's time is, for joins against lists as they were at that time: "
          + "`combined` (the `[27/Nov/2026:07:05:00 +0000]` field), `json:PATH`, `w3c:date+time`, "
          + "`zeek:NAME`, `tsv:N`, `csv:N`, `ws:N`, `tsv:NAME`, `csv:NAME` or `regex:PATTERN`, "
          + "read as ISO 8601/RFC 3339, epoch seconds (with a fraction), milliseconds, the common "
          + "log format or W3C date and time (docs/job.md, Record time). A record whose time cannot "
          + "be read is counted in `TIME_UNREADABLE` and set aside as malformed. Unset: records "
          + "have no time. Not with `ipjoin.as.of`. `--time` sets it."),
  AS_OF("ipjoin.as.of", null,
      "One time for every record, in any form `ipjoin.time` reads (e.g. `2026-11-27T07:05:00Z`, "
          + "`2026-11-27`, `1732690000`). Unset: none. Not with `ipjoin.time`. `--as-of` sets it."),
  AS_OF_OUTSIDE("ipjoin.as.of.outside", "none",
      "What a history index (`ipindex build --as-of-from-file`) answers for a record whose time "
          + "lies before its first snapshot or from the end of its last snapshot's validity on "
          + "(counted in `AS_OF_OUTSIDE`): `none`, no entry (tag mode writes `?` in its columns), "
          + "or `nearest`, the first snapshot for a record before it, the last for one after. A "
          + "record without a time is answered as of the last snapshot. `--as-of-outside` sets it."),
  VERIFY_CHECKSUM("ipjoin.index.verify.checksum", "true",
      "Whether tasks check section CRC32Cs while loading the index. Without the whole-index check "
          + "before submitting (`ipjoin.index.verify.submit`) a task checks every section's; with it "
          + "the heap read paths checksum what they copy and `mmap-direct` only when "
          + "`ipjoin.index.verify.task` asks or the bytes did not come checksummed (docs/reliability.md, "
          + "What is verified where). False turns them all off (the other checks still run); "
          + "`--no-verify-checksum` sets it to false."),
  VERIFY_TASK("ipjoin.index.verify.task", "false",
      "Whether each task computes every section's CRC32C of an index the driver verified "
          + "(`ipjoin.index.verify.submit`) although its bytes came checksummed (through HDFS, or "
          + "opened in place by the local runner). By default such a task compares the identity "
          + "(header and section directory) and `mmap-direct` computes no CRC, so its setup does not "
          + "grow with the index; the heap read paths checksum what they copy either way. "
          + "`--verify-in-task` sets it to true; `ipjoin.index.verify.checksum=false` turns the "
          + "CRCs off whatever this says."),
  VERIFY_INDEX("ipjoin.index.verify.submit", "true",
      "Whether the driver reads the whole index before submitting and runs every check `ipindex "
          + "verify` runs (header, section directory, length, order, every section's CRC32C); a "
          + "corrupt index is then refused with exit 2 before anything is submitted. Keeps no keys "
          + "of an exact-address list; a range list needs 4 bytes of client heap per interval "
          + "(docs/benchmarks/2026-11-23-format-2-remeasured.md has its time). With it, tasks skip the "
          + "content checks the driver made and check header, section directory and identity, and "
          + "section CRC32Cs as `ipjoin.index.verify.task` says (docs/job.md, Read paths). False checks the header and section directory "
          + "only, and every task runs every check; `--no-verify-index` sets it to false."),
  VERBOSE("ipjoin.verbose", "false",
      "Whether the driver prints Hadoop's report while the job runs (tracking URL, progress, every "
          + "counter); by default it prints one result line at the end. `--verbose` sets it to "
          + "true."),
  MALFORMED_OUTPUT("ipjoin.malformed.output", "true",
      "Whether records with a missing or malformed client IP are written, byte for byte, under "
          + "`<output>/malformed/` (they are always counted). `--no-malformed-output` sets it to "
          + "false."),
  MEMORY_CHECK("ipjoin.memory.check", "true",
      "Whether the driver refuses an index that needs more than 70% of the map task heap (what "
          + "the loaded index holds, every section counted, a history index's listing history "
          + "included; the heap from `-Xmx` in `mapreduce.map.java.opts`, else `mapreduce.map.memory.mb` × "
          + "`mapreduce.job.heap.memory-mb.ratio`), instead of letting every task fail with "
          + "OutOfMemoryError."),
  ALLOW_EMPTY_INPUT("ipjoin.allow.empty.input", "false",
      "Whether an input without data (no files, only empty files, or no records) is accepted. "
          + "By default the driver refuses it with exit code 3: a day whose logs did not land must "
          + "not look like a day without traffic. `--allow-empty-input` sets it to true."),
  OUTPUT_OVERWRITE("ipjoin.output.overwrite", "false",
      "Whether an existing output directory is replaced. The new output replaces the old one only "
          + "after the job succeeded; a failed run leaves the old output as it was. `--overwrite` "
          + "sets it to true."),
  FLAT_OUTPUT("ipjoin.output.flat", "false",
      "Whether `match`, `nomatch` and `tag` output (and `malformed/`) is flat even when input "
          + "files are in Hive-style partition folders (`name=value`, e.g. `dt=2026-11-27/`) below "
          + "an `--input`. By default each record is written under its file's partition path below "
          + "`--output` (docs/job.md, Output layout). `--flat-output` sets it to true."),
  MALFORMED_MAX_FRACTION("ipjoin.malformed.max.fraction", "1.0",
      "The share of malformed records (0 to 1) above which a finished job fails with exit code 1,"
          + " naming the counts and the format: `0.1` fails when more than 10% are malformed; "
          + "`1.0` fails only when every record of a non-empty input is (the format does not fit "
          + "the input)."),
  INPUT_BLOCKS("ipjoin.input.blocks", "true",
      "Whether map tasks read their input as blocks of whole lines (`ipjoin.input.block.bytes` "
          + "each), one map call per block, so Hadoop's per-record costs (input byte tracking, "
          + "counters) are paid per block; the records, counters and output are exactly those of "
          + "`false`, Hadoop's TextInputFormat one line per call. Hadoop's `Map input records` "
          + "counter then counts blocks; `RECORDS` counts lines either way."),
  INPUT_BLOCK_BYTES("ipjoin.input.block.bytes", "1048576",
      "With `ipjoin.input.blocks`, the most bytes (1 to 268435456) a block of lines holds, each "
          + "line counted with one byte for its end: lines are added while they fit or until the "
          + "split ends; a longer line is a block of its own."),
  INPUT_PIPELINE("ipjoin.input.pipeline", "compressed",
      "With `ipjoin.input.blocks`, when a map task joins each block of lines on a second thread "
          + "while its own thread reads (and decompresses) the next: `compressed` for files a "
          + "codec reads (gzip, bzip2, ...; a gzip file cannot be split, so one task reads all of "
          + "it), `always`, or `never`. Output, counters and failures are the same either way."),
  INPUT_KIND("ipjoin.input.kind", "text",
      "Internal, set by the driver from the input files' first bytes: `text` (logs, plain or "
          + "compressed by a codec their suffix selects) or `sequencefile` (Hadoop SequenceFiles "
          + "whose `Text` or `BytesWritable` values are read as lines). One job reads one kind."),
  INDEX_IDENTITY("ipjoin.index.identity", null,
      "Internal, set by the driver: `length:count:crc` of the index it validated, one per index "
          + "in order, comma-separated. Every task checks it loaded exactly those indexes."),
  TABLE_SCHEMA("ipjoin.table.schema", null,
      "Internal, set by the driver for a table format (`parquet:COLUMN`): the input's schema "
          + "(every input file has the same), which match, nomatch and malformed output are written "
          + "with and tag output extends."),
  TABLE_TAG_COLUMNS("ipjoin.table.tag.columns", null,
      "Internal, set by each task in tag mode for a table format: the tag columns' names, "
          + "comma-separated, added to the schema of its output as optional strings."),
  INDEX_IN_PLACE("ipjoin.index.in-place", null,
      "Internal, set by the driver instead of distributed-cache files when the job runs on the "
          + "local runner and every index is on the local file system: the index files, named as "
          + "cache files are (`uri#link`), comma-separated, which tasks open where they are. The "
          + "local runner would first copy each cache file into its own folder."),
  OUTPUT_PARTITIONS("ipjoin.output.partitions", null,
      "Internal, set by the driver when input files are in partition folders and "
          + "`ipjoin.output.flat` is false: one line per such file, its partition path, a tab and "
          + "the file, which tasks write their records under."),
  OUTPUT_SEQUENCEFILE_COMPRESSION("ipjoin.output.sequencefile.compression", "NONE",
      "Internal, set by the driver when the input is SequenceFiles: how the SequenceFile output "
          + "is compressed, `NONE`, `RECORD:CODEC` or `BLOCK:CODEC` (a codec class): the first "
          + "input's compression, or the job's output compression when "
          + "`mapreduce.output.fileoutputformat.compress` is set.");

  private final String key;
  private final String defaultValue;
  private final String description;

  IpJoinKeys(String key, String defaultValue, String description) {
    this.key = key;
    this.defaultValue = defaultValue;
    this.description = description;
  }

  public String key() {
    return key;
  }

  /** The default, or null when the key has none (required, or set by the driver). */
  public String defaultValue() {
    return defaultValue;
  }

  public String description() {
    return description;
  }

  /**
   * The configured value, or the default. Trimmed (XML site files often wrap values), except the
   * format and the time's field: a {@code regex:} pattern may end in a meaningful space.
   */
  public String get(Configuration conf) {
    return this == FORMAT || this == TIME ? conf.get(key, defaultValue) : conf.getTrimmed(key, defaultValue);
  }

  /** The configured value as a boolean, or the default; anything but true/false is an error. */
  public boolean getBoolean(Configuration conf) {
    String value = get(conf);
    if ("true".equalsIgnoreCase(value)) {
      return true;
    }
    if ("false".equalsIgnoreCase(value)) {
      return false;
    }
    throw new IllegalArgumentException(key + " must be true or false, got '" + value + "'");
  }

  public void set(Configuration conf, String value) {
    conf.set(key, value);
  }

  /** The key table of docs/configuration.md: key | default | description. */
  public static String markdownTable() {
    StringBuilder s = new StringBuilder();
    s.append("| key | default | description |\n");
    s.append("|---|---|---|\n");
    for (IpJoinKeys k : values()) {
      s.append("| `").append(k.key).append("` | ")
          .append(k.defaultValue == null ? "(none)" : "`" + k.defaultValue + "`").append(" | ")
          .append(k.description.replace("|", "\\|")).append(" |\n");
    }
    return s.toString();
  }
}
