# Sourced by index-tools/bench: the history step (--history, off by default; uses children_cpu_ms of
# index-tools/lib/peers.sh). A year of daily snapshots of one churning exact-address list, built
# into one history index (`ipindex build --as-of-from-file`), against the last day's snapshot alone,
# side by side in one run:
#   size    the history index's bytes over the last snapshot's index's (target <= 3x)
#   speed   the as-of tag join of the log (`--mode tag --time combined`, each record answered by the
#           snapshot of its day) against the history, over the plain tag join of the same log
#           against the last snapshot's index (no time: what a job against one list runs; target
#           <= 1.3x, wall and CPU); a third row, the last snapshot with `--time combined`, splits
#           reading the times from looking them up in the history
#   build   building the snapshots into the history, over building their union as one list (the
#           same folder without --as-of-from-file: one `ipindex build` reading the same files;
#           target <= 2x)
# Data (org.ipjoin.bench.HistoryBenchData, seed 42, history-data/): DAYS snapshot files
# snapshots/YYYY-MM-DD.txt from 2026-01-01 of ENTRIES addresses each; every day CHURN x ENTRIES
# listed addresses leave and as many arrive, RELIST of the arrivals re-listings of addresses that
# left on an earlier day (block lists flap: an address dropped when it went quiet is listed again
# when it comes back), the rest never listed before; and logs/access.log, combined-format records
# spread evenly over the days in time order (half listed on their day, a quarter listed on an
# earlier day only, a quarter random). Every join's output is checked, every record, against the
# snapshot files by org.ipjoin.bench.HistoryTagCheck (the file of the record's day for the history;
# the last file for the last snapshot's joins), never against an index.
# Rounds: IPJOIN_BENCH_HISTORY_ROUNDS (default 3) of the three joins, and
# IPJOIN_BENCH_HISTORY_BUILD_ROUNDS (default: the same) of the two builds, the order alternating
# (odd rounds forward, even rounds backward) so that a noisy machine spreads over all rows alike.
# Rows: results/history.csv (round,kind,what,wall_ms,cpu_ms,bytes,lines,check; kind build, join or
# size; bytes: the index file's); the report, medians and the targets: results/history.md, which
# step 6 puts into the report (org.ipjoin.bench.HistorySection).
# Environment (defaults full / small / tiny):
#   IPJOIN_BENCH_HISTORY_DAYS       snapshot files, one a day        (365)
#   IPJOIN_BENCH_HISTORY_ENTRIES    addresses in each snapshot        (300000 / 30000 / 2000)
#   IPJOIN_BENCH_HISTORY_CHURN      share of the entries leaving (and arriving) each day (0.02)
#   IPJOIN_BENCH_HISTORY_RELIST     share of the arrivals that are re-listings (0.5)
#   IPJOIN_BENCH_HISTORY_LOG_LINES  records in the log               (2000000 / 500000 / 20000)

history_data() {
  hdata="$work/history-data"
  snapshots="$hdata/snapshots"; hlog="$hdata/logs/access.log"
  local want="days=$hdays entries=$hentries churn=$hchurn relist=$hrelist log_lines=$hlog_lines seed=42"
  if [[ "$(cat "$hdata/stamp" 2>/dev/null)" != "$want" ]]; then
    rm -rf "$hdata"; mkdir -p "$hdata"
    local t0; t0=$(now_ms)
    java -cp "$bench_jar" org.ipjoin.bench.HistoryBenchData "$hdata" "$hdays" "$hentries" "$hchurn" \
      "$hrelist" "$hlog_lines" 42 > "$hdata/generated.txt"
    echo "$want" > "$hdata/stamp"
    echo "  $(cat "$hdata/generated.txt") ($(( $(now_ms) - t0 )) ms)" >&2
  fi
  last_snapshot="$(find "$snapshots" -name '*.txt' | sort | tail -1)"
}

# One timed run: whole process, wall and CPU (user + system of it and its children, as the shell's
# `times` counts the children it waited for), in a cwd of its own (the local runner makes its cache
# link there). Sets history_rc.
history_timed() { # log -- command...
  local log="$1" cwd="$1.cwd" t0; shift 2
  mkdir -p "$cwd"
  times > "$pdir/cpu-before"
  t0=$(now_ms)
  history_rc=0
  (cd "$cwd" && "$@") > "$log" 2>&1 || history_rc=$?
  history_wall=$(( $(now_ms) - t0 ))
  times > "$pdir/cpu-after"
  history_cpu=$(( $(children_cpu_ms "$pdir/cpu-after") - $(children_cpu_ms "$pdir/cpu-before") ))
  rm -rf "$cwd"
}

history_build() { # round history|union
  local round="$1" what index args=()
  if [[ $2 == history ]]; then
    what="history: $hdays snapshots (--as-of-from-file)"; index="$hist_idx"
    args=(--as-of-from-file '(\d{4}-\d{2}-\d{2})\.txt')
  else
    what="union: the same files as one list"; index="$union_idx"
  fi
  history_timed "$pdir/build-r$round-$2.log" -- "$ipindex" build --input "$snapshots" "${args[@]}" --output "$index" --overwrite
  if [[ $history_rc -ne 0 ]]; then
    echo "$round,build,$what,,,,,FAILED (exit $history_rc; see $pdir/build-r$round-$2.log)" >> "$hcsv"
    echo "  r$round build $2 FAILED, see $pdir/build-r$round-$2.log" >&2; tail -3 "$pdir/build-r$round-$2.log" >&2
    return 0
  fi
  echo "$round,build,$what,$history_wall,$history_cpu,$(stat -c %s "$index"),,built" >> "$hcsv"
  echo "  r$round build $2: ${history_wall} ms wall, ${history_cpu} ms CPU, $(stat -c %s "$index") bytes" >&2
}

history_join() { # round history|last|last-time
  local round="$1" what index expect time=() out="$pdir/out-$2"
  case "$2" in
    history)   what="history: as of each record (--time combined)"; index="$hist_idx"; expect="$snapshots"; time=(--time combined) ;;
    last)      what="last snapshot: plain tag join (no time)"; index="$last_idx"; expect="$last_snapshot" ;;
    last-time) what="last snapshot with --time combined (times read; not used)"; index="$last_idx"; expect="$last_snapshot"; time=(--time combined) ;;
  esac
  rm -rf "$out"
  history_timed "$pdir/join-r$round-$2.log" -- "${history_job[@]}" --index "$index" "${time[@]}" --output "$out"
  if [[ $history_rc -ne 0 ]]; then
    echo "$round,join,$what,,,,,FAILED (exit $history_rc; see $pdir/join-r$round-$2.log)" >> "$hcsv"
    echo "  r$round join $2 FAILED, see $pdir/join-r$round-$2.log" >&2; tail -3 "$pdir/join-r$round-$2.log" >&2
    return 0
  fi
  local lines check
  lines=$(find "$out" -maxdepth 1 -name 'part-*' -print0 | xargs -0 cat | wc -l)
  # The check's line has thousands separators: the CSV keeps it without them.
  check="$(java -cp "$bench_jar" org.ipjoin.bench.HistoryTagCheck "$expect" "$out" 2>&1 | tail -1 | tr -d ',')" \
    || check="WRONG: $check"
  echo "$round,join,$what,$history_wall,$history_cpu,$(stat -c %s "$index"),$lines,$check" >> "$hcsv"
  echo "  r$round join $2: ${history_wall} ms wall, ${history_cpu} ms CPU, $lines lines; $check" >&2
  rm -rf "$out"
}

# results/history.md: the sizes, medians over the rounds, the three ratios against their targets.
history_report() {
  awk -F, -v rounds="$hrounds" -v build_rounds="$hbuild_rounds" '
    function median(list,   a, n, i, j, t) {
      n = split(list, a, " ")
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
      return n == 0 ? "" : (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)
    }
    NR == 1 { next }
    $2 == "size" { size[$3] = $6; sizes[++ns] = $3; next }
    {
      key = $2 SUBSEP $3
      if (!(key in seen)) { seen[key] = 1; order[++n] = key }
      if ($4 != "") { wall[key] = wall[key] " " $4; cpu[key] = cpu[key] " " $5; walls[key] = walls[key] (walls[key] == "" ? "" : ", ") sprintf("%.2f", $4 / 1000) }
      lines[key] = $7; check = $8; for (i = 9; i <= NF; i++) check = check "," $i
      if (!(key in status) || status[key] == check) status[key] = check; else status[key] = status[key] "; " check
    }
    END {
      for (i = 1; i <= n; i++) { m[order[i]] = median(wall[order[i]]); mc[order[i]] = median(cpu[order[i]]) }
      hist = "history index"; last = "last snapshot index"
      jh = "join" SUBSEP "history: as of each record (--time combined)"; jl = "join" SUBSEP "last snapshot: plain tag join (no time)"
      bh = ""; bu = ""
      for (i = 1; i <= n; i++) { split(order[i], k, SUBSEP); if (k[1] == "build") { if (k[2] ~ /^history/) bh = order[i]; else bu = order[i] } }
      print "**Targets** (met? on the medians; the CPU column is the same ratio of CPU-time medians, less moved by other processes on a shared machine)\n"
      print "| target | wall: measured | met? | CPU: measured | met on CPU? |"
      print "|---|---|---|---|---|"
      if (size[hist] != "" && size[last] != "")
        printf "| size: the history index ≤ 3× the last snapshot'"'"'s index | %d / %d bytes = %.2f× | %s | | |\n", size[hist], size[last], size[hist] / size[last], ok(size[hist] / size[last], 3)
      if (m[jh] != "" && m[jl] != "") target("speed: the as-of tag join against the history ≤ 1.3× the tag join against the last snapshot", m[jh], m[jl], mc[jh], mc[jl], 1.3)
      if (m[bh] != "" && m[bu] != "") target("build: the history of the snapshots ≤ 2× their union built as one list", m[bh], m[bu], mc[bh], mc[bu], 2)
      print "\n**Index sizes**\n"
      print "| index | bytes | × last snapshot |"
      print "|---|---:|---:|"
      for (i = 1; i <= ns; i++) printf "| %s | %d | %.2f |\n", sizes[i], size[sizes[i]], size[last] ? size[sizes[i]] / size[last] : 0
      printf "\n**Joins** (`--mode tag`, medians of %d round%s)\n\n", rounds, (rounds == 1 ? "" : "s")
      print "| join | wall s (median) | rounds s | × plain (wall) | CPU s | × plain (CPU) | output lines | check against the snapshot files |"
      print "|---|---:|---|---:|---:|---:|---:|---|"
      for (i = 1; i <= n; i++) { split(order[i], k, SUBSEP); if (k[1] != "join") continue
        printf "| %s | %.2f | %s | %.2f | %.2f | %.2f | %d | %s |\n", k[2], m[order[i]] / 1000, walls[order[i]], m[order[i]] / m[jl], mc[order[i]] / 1000, mc[order[i]] / mc[jl], lines[order[i]], status[order[i]] }
      printf "\n**Builds** (`ipindex build`, whole process, medians of %d round%s)\n\n", build_rounds, (build_rounds == 1 ? "" : "s")
      print "| build | wall s (median) | rounds s | × union (wall) | CPU s | × union (CPU) |"
      print "|---|---:|---|---:|---:|---:|"
      for (i = 1; i <= n; i++) { split(order[i], k, SUBSEP); if (k[1] != "build") continue
        printf "| %s | %.2f | %s | %.2f | %.2f | %.2f |\n", k[2], m[order[i]] / 1000, walls[order[i]], m[order[i]] / m[bu], mc[order[i]] / 1000, mc[order[i]] / mc[bu] }
    }
    function target(what, a, b, ca, cb, limit) {
      printf "| %s | %.2f / %.2f s = %.2f× | %s | %.2f / %.2f s = %.2f× | %s |\n", what, a / 1000, b / 1000, a / b, ok(a / b, limit), ca / 1000, cb / 1000, ca / cb, ok(ca / cb, limit)
    }
    function ok(ratio, limit) { return ratio <= limit ? "yes" : "no" }
  ' "$hcsv" > "$results/history.md"
}

history_step() {
  case "$scale" in full) hentries=300000; hlog_lines=2000000 ;; small) hentries=30000; hlog_lines=500000 ;; *) hentries=2000; hlog_lines=20000 ;; esac
  hdays="${IPJOIN_BENCH_HISTORY_DAYS:-365}"
  hentries="${IPJOIN_BENCH_HISTORY_ENTRIES:-$hentries}"
  hchurn="${IPJOIN_BENCH_HISTORY_CHURN:-0.02}"
  hrelist="${IPJOIN_BENCH_HISTORY_RELIST:-0.5}"
  hlog_lines="${IPJOIN_BENCH_HISTORY_LOG_LINES:-$hlog_lines}"
  hrounds="${IPJOIN_BENCH_HISTORY_ROUNDS:-3}"
  hbuild_rounds="${IPJOIN_BENCH_HISTORY_BUILD_ROUNDS:-$hrounds}"
  threads="${IPJOIN_BENCH_PEER_THREADS:-2}"
  say "history: $hdays daily snapshots into one history index, against the last snapshot alone: size, as-of tag join, build"
  pdir="$work/history"
  rm -rf "$pdir"; mkdir -p "$pdir"
  history_data
  hist_idx="$pdir/history.ipidx"; union_idx="$pdir/union.ipidx"; last_idx="$pdir/last.ipidx"
  "$ipindex" build --input "$last_snapshot" --output "$last_idx" --overwrite > "$pdir/build-last.log"
  # The log in as many splits as threads, so every round reads it on the same threads.
  history_job=(env IPJOIN_JAVA_OPTS=-Xmx6g "$root/index-tools/ipjoin"
    -D "hadoop.tmp.dir=$pdir/hadoop-tmp" -D "mapreduce.jobtracker.staging.root.dir=$pdir/hadoop-staging"
    -D mapreduce.framework.name=local -D fs.defaultFS=file:/// -D "mapreduce.local.map.tasks.maximum=$threads"
    -D "mapreduce.input.fileinputformat.split.maxsize=$(( $(stat -c %s "$hlog") / threads + 1 ))"
    --loader nio --input "$hlog" --mode tag)
  "$root/index-tools/ipjoin" --help > /dev/null 2>&1 || true   # its class-data archive made before any timing
  hcsv="$results/history.csv"
  echo "round,kind,what,wall_ms,cpu_ms,bytes,lines,check" > "$hcsv"
  local r b
  for (( r = 1; r <= hbuild_rounds; r++ )); do
    if (( r % 2 )); then for b in history union; do history_build "$r" "$b"; done
    else for b in union history; do history_build "$r" "$b"; done; fi
  done
  [[ -f "$hist_idx" ]] || { echo "  history: no history index was built; no joins" >&2; history_report; return 0; }
  {
    echo "0,size,history index,,,$(stat -c %s "$hist_idx"),,"
    echo "0,size,last snapshot index,,,$(stat -c %s "$last_idx"),,"
    [[ ! -f "$union_idx" ]] || echo "0,size,union of the snapshots as one list,,,$(stat -c %s "$union_idx"),,"
  } >> "$hcsv"
  cat "$hlog" "$hist_idx" "$last_idx" > /dev/null   # page cache warm for every join alike
  for (( r = 1; r <= hrounds; r++ )); do
    say "history: round $r of $hrounds"
    if (( r % 2 )); then for b in history last last-time; do history_join "$r" "$b"; done
    else for b in last-time last history; do history_join "$r" "$b"; done; fi
  done
  history_report
  {
    echo
    echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') by \`$command_line\`."
    echo
    echo "Data (\`HistoryBenchData\`, seed 42): $(cat "$hdata/generated.txt"); churn $hchurn, re-listed share $hrelist; snapshots $(du -sb "$snapshots" | cut -f1) bytes; the log $(stat -c %s "$hlog") bytes; $threads threads ($threads splits of the log); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
  } >> "$results/history.md"
  cat "$results/history.md" >&2
}
