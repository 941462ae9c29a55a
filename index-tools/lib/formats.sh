# Sourced by index-tools/bench: the log-formats step (--formats, off by default; uses the helpers of
# index-tools/lib/peers.sh). The step-1 combined log rewritten, same records in the same order, by
# index-tools/log-formats.c (a stream filter, seconds a gigabyte) as
#   logs-json/access.json   nginx `escape=json` lines (time_local, remote_addr, request, status,
#                           body_bytes_sent, http_referer, http_user_agent; every value a string)
#   logs-alb/access.alb     AWS ALB access-log lines, documented field order, client:port field 4,
#                           target:port field 5 (the line before's client: a second address column)
# and the exact-address join (--mode match, the step-1 list, the peers' threads and split size) over
# them, in IPJOIN_BENCH_FORMAT_ROUNDS rounds (default 3) of every row, alternating the order (odd
# rounds forward, even rounds backward), so that a noisy machine spreads over all rows alike:
#   json     ipjoin --format json:remote_addr (the reference), ClickHouse (chDB) reading JSONEachRow
#            rows and reading LineAsString + JSONExtractString, DuckDB read_json (DuckDbJsonJoin);
#            every output compared with ipjoin's
#   per-GB   ipjoin over the combined log (--format combined), over the ALB log with ws:4 and with
#            the alb preset (its output compared with ws:4's), with two columns (--client
#            client=alb --client target=ws:5), and over the JSON log (the json row above), each per
#            GB of its input; and ipjoin's fixed cost (the one-line combined log), which the report
#            takes off every wall time for the per-GB figures net of it
# Rows: results/formats.csv (peers.csv's columns, the join named with its round: `r2-json`); the report,
# medians over the rounds and the project's targets: results/formats.md (org.ipjoin.peers is not
# needed: awk, below).

formats_data() {
  json_log="$work/logs-json/access.json"; alb_log="$work/logs-alb/access.alb"
  local cc_bin tool="$work/log-formats"
  cc_bin="$(command -v cc || command -v gcc || true)"
  [[ -n "$cc_bin" ]] || { echo "bench: the formats step needs a C compiler (cc or gcc) for index-tools/log-formats.c" >&2; return 1; }
  [[ "$tool" -nt "$root/index-tools/log-formats.c" ]] || "$cc_bin" -O2 -o "$tool" "$root/index-tools/log-formats.c"
  local kind file t0
  for kind in json alb; do
    file="$json_log"; [[ $kind == alb ]] && file="$alb_log"
    if [[ ! -f "$file" || "$log_file" -nt "$file" || "$tool" -nt "$file" ]]; then
      mkdir -p "$(dirname "$file")"
      t0=$(now_ms)
      "$tool" "$kind" < "$log_file" > "$file.tmp" && mv "$file.tmp" "$file"
      echo "  $kind log: $(stat -c %s "$file") bytes in $(( $(now_ms) - t0 )) ms" >&2
    fi
  done
}

# One round of every row, in the order given (forward or backward).
formats_round() { # round forward|backward
  local round="$1" order="$2" row rows=(combined ws4 alb two json-ipjoin json-ch-rows json-ch-lines json-duckdb fixed)
  if [[ $order == backward ]]; then
    local reversed=() i
    for (( i = ${#rows[@]} - 1; i >= 0; i-- )); do reversed+=("${rows[i]}"); done
    rows=("${reversed[@]}")
  fi
  # The references first whatever the order: ws:4's output for the alb preset's, ipjoin's JSON
  # output for the peers' (the other rows' outputs are compared, then deleted, by peer_run).
  local ref_ws4="$pdir/ipjoin-ws4" ref_json="$pdir/ipjoin-json"
  peer_commands "$alb_log"
  peer_run "r$round-per-GB" "ipjoin ws:4 (ALB)" "$ref_ws4" "$ref_ws4" -- "${ipjoin_job[@]}" --index "$ipidx" --mode match --format ws:4 --output "$ref_ws4"
  peer_commands "$json_log"
  peer_run "r$round-json" "ipjoin json:remote_addr" "$ref_json" "$ref_json" -- "${ipjoin_job[@]}" --index "$ipidx" --mode match --format json:remote_addr --output "$ref_json"
  for row in "${rows[@]}"; do
    case "$row" in
      combined) peer_commands "$log_file"
        peer_run "r$round-per-GB" "ipjoin combined" "$pdir/combined" "$pdir/combined" -- "${ipjoin_job[@]}" --index "$ipidx" --mode match --format combined --output "$pdir/combined" ;;
      ws4) ;;   # run above, as the reference
      alb) peer_commands "$alb_log"
        peer_run "r$round-per-GB" "ipjoin alb (ALB)" "$ref_ws4" "$pdir/alb" -- "${ipjoin_job[@]}" --index "$ipidx" --mode match --format alb --output "$pdir/alb" ;;
      two) peer_commands "$alb_log"
        peer_run "r$round-per-GB" "ipjoin two columns client=alb target=ws:5 (ALB)" "$pdir/two" "$pdir/two" -- "${ipjoin_job[@]}" --index "$ipidx" --mode match --client client=alb --client target=ws:5 --output "$pdir/two" ;;
      json-ipjoin) ;;   # run above, as the reference
      json-ch-rows) peer_commands "$json_log"
        clickhouse_run "r$round-json" "ClickHouse JSONEachRow (chDB)" "$ref_json" "$pdir/ch-rows.json" -- --mode match --list "$ip_tsv" --json remote_addr --json-read rows ;;
      json-ch-lines) peer_commands "$json_log"
        clickhouse_run "r$round-json" "ClickHouse LineAsString + JSONExtractString (chDB)" "$ref_json" "$pdir/ch-lines.json" -- --mode match --list "$ip_tsv" --json remote_addr --json-read lines ;;
      json-duckdb)
        peer_run "r$round-json" "DuckDB read_json" "$ref_json" "$pdir/duckdb.json" -- java -Xmx6g -cp "$peers_cp" org.ipjoin.peers.DuckDbJsonJoin --threads "$threads" --field remote_addr --list "$ip_tsv" --logs "$json_log" --output "$pdir/duckdb.json" ;;
      fixed) peer_commands "$one_line"
        peer_run "r$round-per-GB" "ipjoin fixed cost (one-line log)" "$pdir/fixed" "$pdir/fixed" -- "${ipjoin_job[@]}" --index "$ipidx" --mode match --format combined --output "$pdir/fixed" ;;
    esac
  done
  rm -rf "$ref_ws4" "$ref_json" "$pdir/combined" "$pdir/two" "$pdir/fixed"
}

# results/formats.md: medians over the rounds, seconds per GB (raw and net of the fixed cost), and
# the targets. The input bytes of each ipjoin row are the file it read.
formats_report() {
  local bytes_combined bytes_alb bytes_json
  bytes_combined=$(stat -c %s "$log_file"); bytes_alb=$(stat -c %s "$alb_log"); bytes_json=$(stat -c %s "$json_log")
  awk -F, -v bc="$bytes_combined" -v ba="$bytes_alb" -v bj="$bytes_json" -v rounds="$formats_rounds" '
    function median(list,   a, n, i, j, t) {
      n = split(list, a, " ")
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
      return n == 0 ? "" : (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)
    }
    NR == 1 { next }
    {
      join = $1; sub(/^r[0-9]+-/, "", join); key = join SUBSEP $2
      if (!(key in seen)) { seen[key] = 1; order[++n] = key }
      if ($3 != "") { wall[key] = wall[key] " " $3; cpu[key] = cpu[key] " " $4; eng[key] = eng[key] " " $5; walls[key] = walls[key] (walls[key] == "" ? "" : ", ") sprintf("%.1f", $3 / 1000) }
      lines[key] = $6; out = $7
      if (!(key in status) || status[key] == out) status[key] = out; else status[key] = status[key] "; " out
    }
    function bytes(name) { return name ~ /ALB/ ? ba : name ~ /json/ ? bj : name ~ /one-line/ ? 0 : bc }
    END {
      for (i = 1; i <= n; i++) { split(order[i], k, SUBSEP); m[k[2]] = median(wall[order[i]]); mc[k[2]] = median(cpu[order[i]]) }
      fixed = m["ipjoin fixed cost (one-line log)"]
      printf "Medians of %d round%s (whole process, wall and CPU = user + system of it and its children).\n\n", rounds, (rounds == 1 ? "" : "s")
      print "**JSON logs: `--format json:remote_addr` against ClickHouse and DuckDB reading the same file**\n"
      print "| system | wall s (median) | rounds s | x ipjoin | CPU s | engine s | output lines | output |"
      print "|---|---:|---|---:|---:|---:|---:|---|"
      ref = m["ipjoin json:remote_addr"]
      for (i = 1; i <= n; i++) { split(order[i], k, SUBSEP); if (k[1] != "json") continue
        e = median(eng[order[i]])
        printf "| %s | %.2f | %s | %.2f | %.2f | %s | %d | %s |\n", k[2], m[k[2]] / 1000, walls[order[i]], m[k[2]] / ref, mc[k[2]] / 1000, e == "" ? "" : sprintf("%.2f", e / 1000), lines[order[i]], status[order[i]] }
      print "\n**Seconds per GB of input: the ALB log (ws:4, the alb preset, two columns) and the JSON log against the combined log**\n"
      printf "Net: the wall time less ipjoin'"'"'s fixed cost (the one-line log'"'"'s median, %.2f s), over the input'"'"'s GB (10^9 bytes).\n\n", fixed / 1000
      print "| job | input GB | wall s (median) | rounds s | s/GB | net s/GB | net / combined | CPU s/GB | output lines | output |"
      print "|---|---:|---:|---|---:|---:|---:|---:|---:|---|"
      comb = m["ipjoin combined"]
      comb_net = (comb - fixed) / (bc / 1e9)
      for (i = 1; i <= n; i++) { split(order[i], k, SUBSEP); s = k[2]; if (s !~ /^ipjoin/) continue
        gb = bytes(s) / 1e9
        if (gb == 0) { printf "| %s | 0 | %.2f | %s | | | | | %d | %s |\n", s, m[s] / 1000, walls[order[i]], lines[order[i]], status[order[i]]; continue }
        net[s] = (m[s] - fixed) / gb
        printf "| %s | %.3f | %.2f | %s | %.2f | %.2f | %.2f | %.2f | %d | %s |\n", s, gb, m[s] / 1000, walls[order[i]], m[s] / gb / 1000, net[s] / 1000, net[s] / comb_net, mc[s] / gb / 1000, lines[order[i]], status[order[i]] }
      ch = m["ClickHouse JSONEachRow (chDB)"]; chl = m["ClickHouse LineAsString + JSONExtractString (chDB)"]
      if (chl != "" && (ch == "" || chl + 0 < ch + 0)) chname = "ClickHouse LineAsString + JSONExtractString (chDB)"; else chname = "ClickHouse JSONEachRow (chDB)"
      fixed_cpu = mc["ipjoin fixed cost (one-line log)"]
      print "\n**Targets** (met? on the wall-time medians; the CPU column is the same ratio of CPU-time medians, less moved by other processes on a shared machine. Per GB and two columns: net of ipjoin'"'"'s fixed cost, wall and CPU alike)\n"
      print "| target | wall: measured | met? | CPU: measured | met on CPU? |"
      print "|---|---|---|---|---|"
      ref_cpu = mc["ipjoin json:remote_addr"]
      if (m[chname] != "") target("JSON: ≥ 1.5× faster than ClickHouse (its faster read: " substr(chname, 12, length(chname) - 18) ")", m[chname], ref, mc[chname], ref_cpu, 1.5, 1)
      if (m["DuckDB read_json"] != "") target("JSON: ≥ 3× faster than DuckDB (read_json)", m["DuckDB read_json"], ref, mc["DuckDB read_json"], ref_cpu, 3, 1)
      comb_cpu_net = (mc["ipjoin combined"] - fixed_cpu) / (bc / 1e9)
      for (i = 1; i <= n; i++) { split(order[i], k, SUBSEP); s = k[2]; if (s !~ /^ipjoin (ws:4|alb) \(ALB\)/) continue
        target("`" s "` per GB ≤ 1.15× the combined join'"'"'s", net[s], comb_net, (mc[s] - fixed_cpu) / (ba / 1e9), comb_cpu_net, 1.15, 0) }
      two = "ipjoin two columns client=alb target=ws:5 (ALB)"; one = "ipjoin alb (ALB)"
      if (m[two] != "" && m[one] != "") target("two address columns (`--client client=alb --client target=ws:5`) ≤ 1.4× one column (`alb`), same ALB file", m[two] - fixed, m[one] - fixed, mc[two] - fixed_cpu, mc[one] - fixed_cpu, 1.4, 0)
    }
    # One target row: a ratio of wall times and of CPU times; faster: the target is a minimum (the
    # other over ipjoin), else a maximum (this over its baseline).
    function target(what, a, b, ca, cb, limit, faster) {
      printf "| %s | %.2f / %.2f = %.2f× | %s | %.2f / %.2f = %.2f× | %s |\n", what, a / 1000, b / 1000, a / b, ok(a / b, limit, faster), ca / 1000, cb / 1000, ca / cb, ok(ca / cb, limit, faster)
    }
    function ok(ratio, limit, faster) { return (faster ? ratio >= limit : ratio <= limit) ? "yes" : "no"
    }' "$results/formats.csv" > "$results/formats.md"
}

formats_step() {
  say "formats: the log as JSON and ALB lines; ipjoin's json, ws:N, alb and two-column joins; ClickHouse and DuckDB over the JSON"
  peers_setup "$work/formats"
  formats_rounds="${IPJOIN_BENCH_FORMAT_ROUNDS:-3}"
  formats_data
  one_line="$pdir/one-line.log"
  head -1 "$log_file" > "$one_line"
  [[ "$ipidx" -nt "$ip_tsv" ]] || "$ipindex" build --input "$ip_tsv" --output "$ipidx" --overwrite > "$pdir/build-exact.log"
  cat "$log_file" "$json_log" "$alb_log" "$ip_tsv" "$ipidx" > /dev/null   # page cache warm for every system alike
  "$root/index-tools/ipjoin" --help > /dev/null 2>&1 || true   # its class-data archive made before any timing
  peer_csv="$results/formats.csv"
  echo "join,system,wall_ms,cpu_ms,engine_ms,lines,output" > "$peer_csv"   # join: rN-json, rN-per-GB
  local r
  for (( r = 1; r <= formats_rounds; r++ )); do
    say "formats: round $r of $formats_rounds"
    if (( r % 2 )); then formats_round "$r" forward; else formats_round "$r" backward; fi
  done
  unset peer_csv
  formats_report
  {
    echo
    echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') by \`$command_line\`."
    echo
    echo "Data: $(commas "$(wc -l < "$log_file")") records: combined $(stat -c %s "$log_file") bytes, JSON $(stat -c %s "$json_log") bytes, ALB $(stat -c %s "$alb_log") bytes; the $(commas "$(wc -l < "$ip_tsv")")-line list of step 1; $threads threads, ${peer_split_mb} MiB splits; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)."
  } >> "$results/formats.md"
  cat "$results/formats.md" >&2
}
