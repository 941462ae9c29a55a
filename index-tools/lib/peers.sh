# Sourced by index-tools/bench: the peers step (--peers) and the enrichment step (--enrich). The same
# joins as ipjoin's in DuckDB and Spark (index-tools/peers, its own Maven project) and in ClickHouse
# (chDB, in process, through index-tools/peers/clickhouse-join.js), over the same files with the same
# threads; every output is compared with ipjoin's (index-tools/peers/same-output). Uses the bench's
# globals: root, work, results, ipindex, hadoop_cp, ip_tsv, ipidx, log_file, ranges, stamp, and its
# helpers say, now_ms, commas.

# chDB, the npm package `chdb` (libchdb.so, ClickHouse as a library, and its Node binding), pinned;
# installed at run time into the work folder, never into the repository.
chdb_version="3.4.0"

# The peers' Java programs: built (and tested, ClickHouse's caller too when chDB is installed) when
# missing or older than their sources.
peers_build() {
  peers_dir="$root/index-tools/peers"
  peers_cp_file="$peers_dir/target/classpath.txt"
  if [[ ! -f "$peers_cp_file" ]] || [[ -n "$(find "$peers_dir/src" "$peers_dir/pom.xml" "$peers_dir/same-output" "$peers_dir/clickhouse-join.js" -newer "$peers_cp_file" -type f | head -1)" ]]; then
    say "building index-tools/peers (its own Maven project: DuckDB JDBC, Spark; runs its tests)"
    local chdb=(-Dchdb.modules="$chdb_modules")
    { mvn -o -q -B -f "$peers_dir/pom.xml" "${chdb[@]}" package 2>/dev/null || mvn -q -B -f "$peers_dir/pom.xml" "${chdb[@]}" package; } >&2
    touch "$peers_cp_file"   # Maven leaves an unchanged classpath file as it was; it marks this build
  fi
  peers_cp="$peers_dir/target/classes:$(cat "$peers_cp_file")"
}

# chDB into $work/chdb (npm, once per version). Sets chdb_modules, or leaves it empty with a note
# when node or npm is missing or the install fails: the ClickHouse rows are then reported as not run.
chdb_install() {
  chdb_modules=""
  local dir="$work/chdb"
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    chdb_skipped="not run: no node or npm on this machine"
    echo "  ClickHouse: skipped (no node or npm; chDB is installed from npm)" >&2
    return 0
  fi
  if [[ "$(cat "$dir/installed" 2>/dev/null)" != "chdb@$chdb_version" ]]; then
    say "installing chDB $chdb_version (npm package chdb: libchdb.so and its Node binding) into $dir"
    rm -rf "$dir"; mkdir -p "$dir"
    echo '{"private": true, "description": "chDB for index-tools/bench, installed at run time"}' > "$dir/package.json"
    if ! (cd "$dir" && npm install --no-audit --no-fund --loglevel=error "chdb@$chdb_version") > "$dir/npm.log" 2>&1; then
      chdb_skipped="not run: npm install chdb@$chdb_version failed (see $dir/npm.log)"
      echo "  ClickHouse: $chdb_skipped" >&2
      return 0
    fi
    echo "chdb@$chdb_version" > "$dir/installed"
  fi
  chdb_modules="$dir/node_modules"
}

# The labelled ranges of the range join, the gzip copy of the logs and the one-line log.
peers_data() {
  ranges_tsv="$work/ranges.tsv"; ranges_idx="$work/ranges.ipidx"
  if [[ ! -f "$ranges_tsv" || "$(cat "$work/ranges.stamp" 2>/dev/null)" != "ranges=$ranges seed=42" ]]; then
    java -cp "$peers_cp" org.ipjoin.peers.RangeListGenerator "$ranges" 42 1000 "$ranges_tsv" >&2
    echo "ranges=$ranges seed=42" > "$work/ranges.stamp"
  fi
  # Every system reads gzip by the file name; gzip is not splittable, so each reads it on one thread.
  log_gz="$work/logs-gz/$(basename "$log_file").gz"
  if [[ ! -f "$log_gz" || "$log_file" -nt "$log_gz" ]]; then
    mkdir -p "$(dirname "$log_gz")"
    gzip -c "$log_file" > "$log_gz.tmp" && mv "$log_gz.tmp" "$log_gz"
  fi
  one_line="$pdir/one-line.log"
  head -1 "$log_file" > "$one_line"
}

# CPU milliseconds (user + system) of all the children the shell has waited for so far, from what
# `times` wrote to the file given (its second line). `times` runs in the shell itself, never in a
# $( ) subshell, whose children are not the shell's.
children_cpu_ms() { # file written by `times`
  awk 'NR == 2 { ms = 0; for (i = 1; i <= NF; i++) { split($i, p, /[ms]/); ms += p[1] * 60000 + p[2] * 1000 } printf "%d", ms }' "$1"
}

# One run, in a cwd of its own (the local runner makes its cache link there): its whole process's
# wall time and CPU time (user + system of it and its children, as the shell's `times` counts the
# children it waited for), the output's lines, and whether the output equals the reference
# (ipjoin's). One row of peers.csv (or of $peer_csv when set: the formats step's file):
# join,system,wall_ms,cpu_ms,engine_ms,lines,output.
peer_run() { # join system reference-output output -- command...
  local join="$1" system="$2" reference="$3" out="$4"; shift 5
  local name; name="$join-$(basename "$out")"
  local log="$pdir/$name.log" cwd="$pdir/cwd-$name" rc=0 t0 wall cpu engine lines same
  mkdir -p "$cwd"
  times > "$pdir/$name.cpu-before"
  t0=$(now_ms)
  (cd "$cwd" && timeout "$peer_timeout" "$@") > "$log" 2>&1 || rc=$?
  wall=$(( $(now_ms) - t0 ))
  times > "$pdir/$name.cpu-after"
  cpu=$(( $(children_cpu_ms "$pdir/$name.cpu-after") - $(children_cpu_ms "$pdir/$name.cpu-before") ))
  if [[ $rc -eq 124 ]]; then
    echo "$join,$system,,,$peer_timeout,,not finished" >> "${peer_csv:-$results/peers.csv}"
    echo "  $join $system: stopped after $peer_timeout s" >&2
    rm -rf "$out"
    return 0
  elif [[ $rc -ne 0 ]]; then
    echo "$join,$system,,,,,FAILED (exit $rc; see $log)" >> "${peer_csv:-$results/peers.csv}"
    echo "  $join $system FAILED (exit $rc), see $log" >&2; tail -5 "$log" >&2
    return 0
  fi
  engine="$(sed -n 's/.*millis=\([0-9]*\).*/\1/p' "$log" | tail -1)"
  lines="$("${peer_count:-peer_output_lines}" "$out")"
  if [[ "$out" == "$reference" ]]; then
    same="the reference"
  elif same="$("${peer_compare:-$peers_dir/same-output}" "$reference" "$out" 2>&1)"; then
    same="same as ipjoin's"
  else
    echo "$same" > "$pdir/$name.diff"
    same="DIFFERENT (see $pdir/$name.diff)"
  fi
  # The outputs are large: only ipjoin's, the reference, is kept until its join is done.
  [[ "$out" == "$reference" ]] || rm -rf "$out"
  echo "$join,$system,$wall,$cpu,${engine:-},$lines,$same" >> "${peer_csv:-$results/peers.csv}"
  echo "  $join $system: ${wall} ms wall, ${cpu} ms CPU, $lines lines, $same" >&2
}

# The lines of a text output (a file, or a folder's part files; malformed/ is not output). A step
# whose outputs are no text sets peer_count (and peer_compare, in place of same-output) for peer_run.
peer_output_lines() { # output
  if [[ -d "$1" ]]; then find "$1" -path "$1/malformed" -prune -o -type f -name 'part-*' -print0 | xargs -0 -r cat; else cat "$1"; fi | wc -l
}

# A system that could not run at all (ClickHouse without node): a row that says so.
peer_not_run() { # join system why
  echo "$1,$2,,,,,$3" >> "${peer_csv:-$results/peers.csv}"
}

# The commands of each system, over the logs file given. Sets ipjoin_job, duckdb, spark, clickhouse.
peer_commands() { # logs-file
  local logs="$1"
  # ipjoin as users run it: the launcher (hadoop jar's RunJar, conf/local, its class-data archive).
  ipjoin_job=(env IPJOIN_JAVA_OPTS=-Xmx6g "$root/index-tools/ipjoin"
    -D "hadoop.tmp.dir=$pdir/hadoop-tmp" -D "mapreduce.jobtracker.staging.root.dir=$pdir/hadoop-staging"
    -D mapreduce.framework.name=local -D fs.defaultFS=file:/// -D "mapreduce.local.map.tasks.maximum=$threads"
    -D "mapreduce.input.fileinputformat.split.minsize=$(( peer_split_mb * 1048576 ))" --loader nio --input "$logs")
  duckdb=(java -Xmx6g -cp "$peers_cp" org.ipjoin.peers.DuckDbJoin --threads "$threads" --logs "$logs")
  # shellcheck disable=SC2206
  spark=(java -Xmx6g ${spark_opens:-} -cp "$peers_cp" org.ipjoin.peers.SparkJoin --threads "$threads" --logs "$logs")
  clickhouse=(env "NODE_PATH=$chdb_modules" node "$peers_dir/clickhouse-join.js" --threads "$threads" --logs "$logs")
}

# ClickHouse's run, or its not-run row.
clickhouse_run() { # join system reference output -- clickhouse-join options...
  local join="$1" system="$2" reference="$3" out="$4"; shift 5
  if [[ -z "$chdb_modules" ]]; then peer_not_run "$join" "$system" "$chdb_skipped"; return 0; fi
  peer_run "$join" "$system" "$reference" "$out" -- "${clickhouse[@]}" "$@" --output "$out"
}

# The exact-address join (match) over the logs given; all = every variant, else the best of each.
peers_exact() { # join logs-file all|best
  local join="$1" all="$3" ref="$pdir/ipjoin-match-$1" family=()
  peer_commands "$2"
  [[ "$data_share" == 0 ]] || family=(--ipv6)
  peer_run "$join" "ipjoin (nio)" "$ref" "$ref" -- "${ipjoin_job[@]}" --index "$ipidx" --mode match --output "$ref"
  peer_run "$join" "DuckDB IN (hash semi join)" "$ref" "$pdir/duckdb-match.txt" -- "${duckdb[@]}" --mode match --list "$ip_tsv" --output "$pdir/duckdb-match.txt"
  clickhouse_run "$join" "ClickHouse IN (chDB)" "$ref" "$pdir/clickhouse-match.txt" -- --mode match --list "$ip_tsv" "${family[@]}"
  [[ "$all" == skip-spark || "$with_spark" == 0 ]] || peer_run "$join" "Spark broadcast semi join" "$ref" "$pdir/spark-match" -- "${spark[@]}" --mode match --list "$ip_tsv" --output "$pdir/spark-match"
  rm -rf "$ref"
}

# The labelled range join (tag) over the logs given; all = every variant, best = one of each system.
peers_range() { # join logs-file all|best
  local join="$1" all="$3" ref="$pdir/ipjoin-tag-$1"
  peer_commands "$2"
  peer_run "$join" "ipjoin (nio)" "$ref" "$ref" -- "${ipjoin_job[@]}" --index "$ranges_idx" --mode tag --output "$ref"
  [[ "$all" != all ]] || peer_run "$join" "DuckDB BETWEEN" "$ref" "$pdir/duckdb-between.txt" -- "${duckdb[@]}" --mode tag --join between --list "$ranges_tsv" --output "$pdir/duckdb-between.txt"
  peer_run "$join" "DuckDB ASOF" "$ref" "$pdir/duckdb-asof.txt" -- "${duckdb[@]}" --mode tag --join asof --list "$ranges_tsv" --output "$pdir/duckdb-asof.txt"
  clickhouse_run "$join" "ClickHouse ASOF on /16 (chDB)" "$ref" "$pdir/clickhouse-asof.txt" -- --mode tag --list "$ranges_tsv"
  [[ "$with_spark" == 0 ]] || peer_run "$join" "Spark /16 buckets + BETWEEN (broadcast)" "$ref" "$pdir/spark-bucket" -- "${spark[@]}" --mode tag --join bucket --list "$ranges_tsv" --output "$pdir/spark-bucket"
  [[ "$all" != all || "$with_spark" == 0 ]] || peer_run "$join" "Spark BETWEEN (broadcast nested loop)" "$ref" "$pdir/spark-between" -- "${spark[@]}" --mode tag --join between --list "$ranges_tsv" --output "$pdir/spark-between"
  rm -rf "$ref"
}

# What every run pays before its first line: the exact join over a one-line log, whole process.
peers_fixed_cost() {
  peers_exact fixed "$one_line" skip-spark
}

# The index files of the peers step, for the bytes-per-key chart: same shape as step 2's layouts.jsonl.
peers_index_sizes() {
  echo "{\"layout\":\"ranges ($(commas "$ranges") intervals)\",\"load\":$("$ipindex" load --json --loader nio "$ranges_idx")}" \
    > "$results/peer-layouts.jsonl"
}

peers_facts() { # exact-build-ms range-build-ms
  jar_version() { sed 's/:/\n/g' "$peers_cp_file" | sed -n "s:.*/$1-\([0-9][0-9.]*\)\.jar$:\1:p" | head -1; }
  {
    echo "threads=$threads"
    echo "split_mb=$peer_split_mb"
    echo "duckdb=$(jar_version duckdb_jdbc)"
    echo "spark=$(jar_version spark-sql_2.13)"
    [[ -z "$chdb_modules" ]] || echo "clickhouse=$(sed -n 's/.*version=\([0-9.]*\).*/\1/p' "$pdir"/exact-clickhouse-match.txt.log 2>/dev/null | head -1) (chDB $chdb_version)"
    echo "data=$(commas "$(wc -l < "$log_file")") combined-format log lines ($(( $(stat -c %s "$log_file") / 1048576 )) MiB, step 1; gzip: $(( $(stat -c %s "$log_gz") / 1048576 )) MiB); exact join: the $(commas "$(wc -l < "$ip_tsv")")-line address list of step 1; range join: $(commas "$ranges") disjoint labelled ranges, 1,000 labels (\`RangeListGenerator $ranges 42 1000\`)"
    echo "title.exact=Exact-address join (\`--mode match\`)"
    echo "title.exact-gz=Exact-address join, gzip logs (one file: one thread reads it in every system)"
    echo "title.range=Labelled range join (\`--mode tag\`, $(commas "$ranges") ranges)"
    echo "title.range-gz=Labelled range join, gzip logs"
    echo "title.fixed=Fixed cost: the exact join over a one-line log (whole process: start, index or list load, job set-up)"
    echo "builds=exact index $(awk -v m="$1" 'BEGIN { printf "%.1f", m / 1000 }') s, range index $(awk -v m="$2" 'BEGIN { printf "%.1f", m / 1000 }') s"
    echo "note=Load average at the end of the step: $(cut -d' ' -f1-3 /proc/loadavg). A run stopped after IPJOIN_BENCH_PEER_TIMEOUT=$peer_timeout s is reported as not finished."
  } > "$results/peers.txt"
}

# What every step that runs peers needs: chDB, the peers' programs, the knobs, an empty work folder.
peers_setup() { # work folder of the step
  peers_dir="$root/index-tools/peers"
  chdb_install
  peers_build
  threads="${IPJOIN_BENCH_PEER_THREADS:-2}"
  peer_split_mb="${IPJOIN_BENCH_PEER_SPLIT_MB:-128}"
  peer_timeout="${IPJOIN_BENCH_PEER_TIMEOUT:-1800}"
  pdir="$1"
  rm -rf "$pdir"; mkdir -p "$pdir"
}

peers_step() {
  say "peers: ipjoin, DuckDB, ClickHouse (chDB) and Spark over the same files"
  peers_setup "$work/peers"
  spark_opens="$(sed -n 's:.*<spark.java17.opens>\(.*\)</spark.java17.opens>.*:\1:p' "$peers_dir/pom.xml")"
  with_spark="${IPJOIN_BENCH_PEER_SPARK:-1}"
  peers_data
  # The index builds are not part of any join's time: each is timed here, once, and reported apart.
  build_ms() { local t0; t0=$(now_ms); "$ipindex" build --input "$1" --output "$2" --overwrite > "$3"; echo $(( $(now_ms) - t0 )); }
  local exact_build_ms range_build_ms
  exact_build_ms="$(build_ms "$ip_tsv" "$ipidx" "$pdir/build-exact.log")"
  range_build_ms="$(build_ms "$ranges_tsv" "$ranges_idx" "$pdir/build-ranges.log")"
  peers_index_sizes
  cat "$log_file" "$log_gz" "$ip_tsv" "$ranges_tsv" "$ipidx" "$ranges_idx" > /dev/null   # page cache warm for every system alike
  "$root/index-tools/ipjoin" --help > /dev/null 2>&1 || true   # its class-data archive made before any timing
  echo "join,system,wall_ms,cpu_ms,engine_ms,lines,output" > "$results/peers.csv"
  peers_exact exact "$log_file" all
  peers_exact exact-gz "$log_gz" best
  peers_range range "$log_file" all
  peers_range range-gz "$log_gz" best
  peers_fixed_cost
  peers_facts "$exact_build_ms" "$range_build_ms"
  java -cp "$peers_cp" org.ipjoin.peers.PeersReport "$results" "$results/peers.md" >&2
  cat "$results/peers.md" >&2
}
