# Sourced by index-tools/bench: the Parquet-tables step (--tables, off by default; uses the helpers of
# index-tools/lib/peers.sh). The step-1 combined log written as a Parquet table by DuckDB
# (org.ipjoin.peers.DuckDbTables write: zstd; columns client_ip, time, method, path, status INTEGER,
# bytes BIGINT, referer, user_agent; one row a line, in order), tables-data/access.parquet, and the
# exact-address join (the step-1 list) from and to Parquet in three modes:
#   match   the listed rows, written as they were read (zstd Parquet)
#   tag     every row and a string column `ips`: 1 listed, 0 not (zstd Parquet)
#   count   `address TAB rows` lines of the listed addresses (text)
# in ipjoin (--format parquet:client_ip; the table split in as many parts as threads, so every system
# reads it on the same threads), DuckDB (read_parquet, an IN subquery, COPY … (FORMAT parquet,
# COMPRESSION zstd): DuckDbTables join) and ClickHouse (chDB: file(…, 'Parquet'), IN, INSERT INTO
# FUNCTION file(…, 'Parquet'); clickhouse-join.js --parquet), IPJOIN_BENCH_TABLE_ROUNDS rounds
# (default 3) of every row, the order alternating (odd rounds forward, even rounds backward). Round 1's
# ipjoin output of each mode is the reference: every other output is compared with it, match and tag
# by DuckDB reading both tables (the same rows as multisets, every column as text: DuckDbTables same),
# count as sorted lines (same-output). The same table as ORC too, written by ClickHouse from the
# Parquet table (chDB: INSERT INTO FUNCTION file(…, 'ORC'), its default codec zstd; the same columns
# in the same order), tables-data/access.orc, and ipjoin's three modes over it (--format
# orc:client_ip, the system `ipjoin orc:client_ip`; ORC splits follow stripes), each output compared
# with the Parquet reference by ClickHouse (index-tools/lib/orc-table.js: the rows as multisets;
# DuckDB reads no ORC); without chDB these rows say not run. Rows: results/tables.csv (peers.csv's columns, the join `rN-MODE`,
# `lines` the rows out); the report, medians and the targets: results/tables.md. With
# IPJOIN_BENCH_TABLE_PROFILE=1, one more ipjoin run per mode with Java Flight Recorder
# (results/tables-MODE.jfr), summed by org.ipjoin.bench.JobProfile (results/tables-profile-MODE.csv).

tables_data() {
  table="$work/tables-data/access.parquet"
  if [[ ! -f "$table" || "$log_file" -nt "$table" ]]; then
    mkdir -p "$(dirname "$table")"
    local t0; t0=$(now_ms)
    java -Xmx6g -cp "$peers_cp" org.ipjoin.peers.DuckDbTables write --threads "$threads" --logs "$log_file" --output "$table.tmp.parquet" >&2
    mv "$table.tmp.parquet" "$table"
    echo "  table: $(stat -c %s "$table") bytes in $(( $(now_ms) - t0 )) ms" >&2
  fi
  orc_table="$work/tables-data/access.orc"
  if [[ -n "$chdb_modules" ]] && [[ ! -f "$orc_table" || "$table" -nt "$orc_table" ]]; then
    local t0; t0=$(now_ms)
    rm -f "$orc_table.tmp.orc"
    env "NODE_PATH=$chdb_modules" node "$root/index-tools/lib/orc-table.js" write "$table" "$orc_table.tmp.orc" >&2
    mv "$orc_table.tmp.orc" "$orc_table"
    echo "  ORC table: $(stat -c %s "$orc_table") bytes in $(( $(now_ms) - t0 )) ms" >&2
  fi
}

# An ipjoin output of ORC part files (the ORC table's match and tag).
tables_orc_output() { [[ -d "$1" && -n "$(find "$1" -maxdepth 1 -name 'part-*.orc' -print -quit)" ]]; }

# Output comparison and row count for peer_run: Parquet tables through DuckDB, text as lines.
tables_same() { # reference output
  if [[ -d "$1" && -n "$(find "$1" -maxdepth 1 -name 'part-r-*' -print -quit)" ]]; then
    "$peers_dir/same-output" "$1" "$2"
  elif tables_orc_output "$2"; then
    env "NODE_PATH=$chdb_modules" node "$root/index-tools/lib/orc-table.js" same "$1" "$2"
  else
    java -cp "$peers_cp" org.ipjoin.peers.DuckDbTables same "$1" "$2"
  fi
}
tables_rows() { # output
  if [[ -f "$1" && "$1" != *.parquet ]] || [[ -d "$1" && -n "$(find "$1" -maxdepth 1 -name 'part-r-*' -print -quit)" ]]; then
    peer_output_lines "$1"
  elif tables_orc_output "$1"; then
    env "NODE_PATH=$chdb_modules" node "$root/index-tools/lib/orc-table.js" rows "$1"
  else
    java -cp "$peers_cp" org.ipjoin.peers.DuckDbTables rows "$1"
  fi
}

# ipjoin over the table (or another: the ORC table): the launcher as users run it, the table in
# $threads splits (split.minsize too: conf/local's 128 MiB minimum wins over a smaller maximum, which
# left the table in one split, one map thread, docs/benchmarks/2026-11-27-parquet-tables.md "Faster
# rows"). Sets tables_job.
tables_command() { # mode output [more JVM options [input format]]
  tables_job=(env "IPJOIN_JAVA_OPTS=-Xmx6g${3:+ $3}" "$root/index-tools/ipjoin"
    -D "hadoop.tmp.dir=$pdir/hadoop-tmp" -D "mapreduce.jobtracker.staging.root.dir=$pdir/hadoop-staging"
    -D mapreduce.framework.name=local -D fs.defaultFS=file:/// -D "mapreduce.local.map.tasks.maximum=$threads"
    -D mapreduce.input.fileinputformat.split.minsize=1
    -D "mapreduce.input.fileinputformat.split.maxsize=$table_split" --loader nio
    --input "${4:-$table}" --format "${5:-parquet:client_ip}" --index "$ipidx" --mode "$1" --output "$2")
}

tables_round() { # round forward|backward
  local round="$1" order="$2" rows=() mode system
  for mode in match tag count; do for system in ipjoin duckdb clickhouse orc; do rows+=("$mode-$system"); done; done
  if [[ $order == backward ]]; then
    local reversed=() i
    for (( i = ${#rows[@]} - 1; i >= 0; i-- )); do reversed+=("${rows[i]}"); done
    rows=("${reversed[@]}")
  fi
  local row ref out suffix
  for row in "${rows[@]}"; do
    mode="${row%-*}"; system="${row#*-}"; ref="$pdir/ref-$mode"
    suffix=".parquet"; [[ $mode == count ]] && suffix=".tsv"
    case "$system" in
      ipjoin)
        out="$pdir/ipjoin-$mode"; [[ -e "$ref" ]] || out="$ref"
        tables_command "$mode" "$out"
        peer_run "r$round-$mode" "ipjoin parquet:client_ip" "$ref" "$out" -- "${tables_job[@]}" ;;
      duckdb)
        peer_run "r$round-$mode" "DuckDB read_parquet + IN" "$ref" "$pdir/duckdb-$mode$suffix" -- java -Xmx6g -cp "$peers_cp" org.ipjoin.peers.DuckDbTables join --threads "$threads" --mode "$mode" --list "$ip_tsv" --table "$table" --output "$pdir/duckdb-$mode$suffix" ;;
      clickhouse)
        clickhouse_run "r$round-$mode" "ClickHouse file(Parquet) + IN (chDB)" "$ref" "$pdir/clickhouse-$mode$suffix" -- --mode "$mode" --list "$ip_tsv" --parquet ;;
      orc)
        if [[ -z "$chdb_modules" ]]; then
          peer_not_run "r$round-$mode" "ipjoin orc:client_ip" "$chdb_skipped (chDB writes the ORC table)"; continue
        fi
        tables_command "$mode" "$pdir/ipjoin-orc-$mode" "" "$orc_table" orc:client_ip
        peer_run "r$round-$mode" "ipjoin orc:client_ip" "$ref" "$pdir/ipjoin-orc-$mode" -- "${tables_job[@]}" ;;
    esac
  done
}

# results/tables.md: per mode, medians over the rounds against ipjoin's, and the targets.
tables_report() {
  awk -F, -v rounds="$tables_rounds" '
    function median(list,   a, n, i, j, t) {
      n = split(list, a, " ")
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
      return n == 0 ? "" : (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)
    }
    NR == 1 { next }
    {
      mode = $1; sub(/^r[0-9]+-/, "", mode); key = mode SUBSEP $2
      if (!(key in seen)) { seen[key] = 1; order[++n] = key }
      if ($3 != "") { wall[key] = wall[key] " " $3; cpu[key] = cpu[key] " " $4; eng[key] = eng[key] " " $5; walls[key] = walls[key] (walls[key] == "" ? "" : ", ") sprintf("%.2f", $3 / 1000) }
      lines[key] = $6; out = $7
      if (!(key in status) || status[key] == out) status[key] = out; else status[key] = status[key] "; " out
    }
    END {
      for (i = 1; i <= n; i++) { m[order[i]] = median(wall[order[i]]); mc[order[i]] = median(cpu[order[i]]) }
      printf "Medians of %d round%s (whole process, wall and CPU = user + system of it and its children; engine: the query alone, as the peer reports it).\n\n", rounds, (rounds == 1 ? "" : "s")
      print "| mode | system | wall s (median) | rounds s | x ipjoin (wall) | CPU s | x ipjoin (CPU) | engine s | rows out | output |"
      print "|---|---|---:|---|---:|---:|---:|---:|---:|---|"
      ip = "ipjoin parquet:client_ip"
      for (i = 1; i <= n; i++) { split(order[i], k, SUBSEP); r = k[1] SUBSEP ip; e = median(eng[order[i]])
        printf "| %s | %s | %.2f | %s | %.2f | %.2f | %.2f | %s | %d | %s |\n", k[1], k[2], m[order[i]] / 1000, walls[order[i]], m[order[i]] / m[r], mc[order[i]] / 1000, mc[order[i]] / mc[r], e == "" ? "" : sprintf("%.2f", e / 1000), lines[order[i]], status[order[i]] }
      print "\n**Targets** (met? on the wall-time medians; the CPU column is the same ratio of CPU-time medians)\n"
      print "| target | wall: measured | met? | CPU: measured | met on CPU? |"
      print "|---|---|---|---|---|"
      split("match tag", modes, " ")
      for (t = 1; t <= 2; t++) { md = modes[t]
        split("DuckDB read_parquet + IN|ClickHouse file(Parquet) + IN (chDB)", peers, "|")
        for (p = 1; p <= 2; p++) { o = md SUBSEP peers[p]; r = md SUBSEP ip
          if (m[o] != "" && m[r] != "") target(md ": ipjoin faster than " peers[p], m[o], m[r], mc[o], mc[r], 1, 1) } }
      c = "count" SUBSEP ip; r = "match" SUBSEP ip
      if (m[c] != "" && m[r] != "") target("count ≤ 0.5× match (ipjoin)", m[c], m[r], mc[c], mc[r], 0.5, 0)
    }
    function target(what, a, b, ca, cb, limit, faster) {
      printf "| %s | %.2f / %.2f = %.2f× | %s | %.2f / %.2f = %.2f× | %s |\n", what, a / 1000, b / 1000, a / b, ok(a / b, limit, faster), ca / 1000, cb / 1000, ca / cb, ok(ca / cb, limit, faster)
    }
    function ok(ratio, limit, faster) { return (faster ? ratio > limit : ratio <= limit) ? "yes" : "no" }
  ' "$results/tables.csv" > "$results/tables.md"
}

# One more ipjoin run per mode with Java Flight Recorder, summed by category (JobProfile).
tables_profile() {
  local mode jfr
  for mode in match tag count; do
    jfr="$results/tables-$mode.jfr"; rm -f "$jfr"
    tables_command "$mode" "$pdir/profiled-$mode" "-XX:StartFlightRecording=filename=$jfr,settings=profile,jdk.ExecutionSample#period=2ms"
    "${tables_job[@]}" > "$pdir/profiled-$mode.log" 2>&1 || echo "  the profiled $mode run failed: $pdir/profiled-$mode.log" >&2
    rm -rf "$pdir/profiled-$mode"
    java -cp "$bench_jar" org.ipjoin.bench.JobProfile "$jfr" "$results/tables-profile-$mode.csv" >&2 || echo "  JobProfile failed on $jfr" >&2
  done
}

tables_step() {
  say "tables: the log as a Parquet table; match, tag and count from and to Parquet in ipjoin, DuckDB and ClickHouse"
  peers_setup "$work/tables"
  tables_rounds="${IPJOIN_BENCH_TABLE_ROUNDS:-3}"
  tables_data
  table_split=$(( $(stat -c %s "$table") / threads + 1 ))
  peer_commands "$table"   # ClickHouse's command (clickhouse_run), over the table
  [[ "$ipidx" -nt "$ip_tsv" ]] || "$ipindex" build --input "$ip_tsv" --output "$ipidx" --overwrite > "$pdir/build-exact.log"
  cat "$table" "${orc_table:-/dev/null}" "$ip_tsv" "$ipidx" > /dev/null 2>&1 || true   # page cache warm for every system alike
  "$root/index-tools/ipjoin" --help > /dev/null 2>&1 || true   # its class-data archive made before any timing
  peer_csv="$results/tables.csv"; peer_compare=tables_same; peer_count=tables_rows
  echo "join,system,wall_ms,cpu_ms,engine_ms,lines,output" > "$peer_csv"   # join: rN-MODE
  local r
  for (( r = 1; r <= tables_rounds; r++ )); do
    say "tables: round $r of $tables_rounds"
    if (( r % 2 )); then tables_round "$r" forward; else tables_round "$r" backward; fi
  done
  unset peer_csv peer_compare peer_count
  rm -rf "$pdir"/ref-* "$pdir"/ipjoin-*
  [[ "${IPJOIN_BENCH_TABLE_PROFILE:-0}" == 0 ]] || tables_profile
  tables_report
  {
    echo
    echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') by \`$command_line\`."
    echo
    echo "Data: $(commas "$(wc -l < "$log_file")") log lines ($(stat -c %s "$log_file") bytes) as a $(stat -c %s "$table")-byte zstd Parquet table ($(java -cp "$peers_cp" org.ipjoin.peers.DuckDbTables rows "$table") rows)$([[ -f "${orc_table:-}" ]] && echo ", and as a $(stat -c %s "$orc_table")-byte ORC table written from it by ClickHouse"); the $(commas "$(wc -l < "$ip_tsv")")-line list of step 1; $threads threads (ipjoin: $threads splits of ≤ $table_split bytes); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
  } >> "$results/tables.md"
  cat "$results/tables.md" >&2
}
