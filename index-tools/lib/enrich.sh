# Sourced by index-tools/bench: the enrichment step (--enrich, off by default; after the peers step,
# whose helpers it uses: index-tools/lib/peers.sh). The bench's log against four indexes at once:
#   exact   the address list of step 1 (26 M at full scale)
#   ranges  the labelled ranges of the peers step (1 M at full scale)
#   geo     a country-sized list, ~300 k ranges with two attributes (GeoListGenerator, seed 42:
#           start,end,country,continent; built with --labels country=3,continent=4)
#   mixed   an IPv4/IPv6 address list (ipindex sample --ipv6-share 0.5, seed 44)
# as ONE `--mode tag` job with four --index NAME=FILE, against the same four as four single-index
# jobs (run one after the other; their summed time is what a pipeline of four jobs pays), and against
# DuckDB's four LEFT JOINs in one query (org.ipjoin.peers.DuckDbEnrich); same files and threads.
# Outputs: DuckDB's is compared with the four-index job's; each single-index job's with the
# four-index job's output cut to the line and that index's tag (the tags are assumed in --index
# order, the geo tag as its two attributes joined by a TAB). Rows go to peers.csv under the joins
# enrich (one job, DuckDB) and enrich-single (the four jobs, summed in its own row per index).
# Untested at the time of writing: it needs the multi-index tag job and attribute labels.

enrich_geo_ranges="${IPJOIN_BENCH_GEO_RANGES:-300000}"

# The geo and mixed lists and their indexes (the exact and range indexes come from the peers step).
enrich_data() {
  geo_csv="$work/geo.csv"; geo_idx="$work/geo.ipidx"
  mixed_tsv="$work/mixed.tsv"; mixed_idx="$work/mixed.ipidx"
  local mixed_ips=$(( ips / 10 ))
  if [[ "$(cat "$work/enrich.stamp" 2>/dev/null)" != "geo=$enrich_geo_ranges mixed=$mixed_ips" ]]; then
    java -cp "$peers_cp" org.ipjoin.peers.GeoListGenerator "$enrich_geo_ranges" 42 "$geo_csv" >&2
    "$ipindex" sample --ips "$mixed_ips" --seed 44 --ipv6-share 0.5 --output "$mixed_tsv" --overwrite >&2
    echo "geo=$enrich_geo_ranges mixed=$mixed_ips" > "$work/enrich.stamp"
  fi
  # Attribute labels are new: a build that fails ends the step with a note, not the bench.
  "$ipindex" build --input "$geo_csv" --output "$geo_idx" --labels country=3,continent=4 --overwrite > "$pdir/build-geo.log" 2>&1 \
    || { enrich_skipped="not run: the geo index did not build: $(tail -1 "$pdir/build-geo.log")"; return 0; }
  "$ipindex" build --input "$mixed_tsv" --output "$mixed_idx" --overwrite > "$pdir/build-mixed.log"
  [[ "$ranges_idx" -nt "$ranges_tsv" ]] || "$ipindex" build --input "$ranges_tsv" --output "$ranges_idx" --overwrite > "$pdir/build-ranges.log"
  {
    echo "{\"layout\":\"geo ($(commas "$enrich_geo_ranges") ranges, 2 attributes)\",\"load\":$("$ipindex" load --json --loader nio "$geo_idx")}"
    echo "{\"layout\":\"mixed IPv4/IPv6 ($(commas "$mixed_ips") addresses)\",\"load\":$("$ipindex" load --json --loader nio "$mixed_idx")}"
  } > "$results/enrich-layouts.jsonl"
}

# A single-index job's expected output: the four-index output cut to the line and that index's tag.
enrich_expected() { # four-index-output tag-columns(awk fields after the line, e.g. "2" or "4,5") out-file
  local cols="$2"
  find "$1" -path "$1/malformed" -prune -o -type f -name 'part-*' -print0 | xargs -0 -r cat \
    | awk -F'\t' -v OFS='\t' -v cols="$cols" '{ n = split(cols, c, ","); s = $1; for (i = 1; i <= n; i++) s = s OFS $(c[i]); print s }' > "$3"
}

enrich_step() {
  say "enrich: the logs against four indexes in one tag job, four single-index jobs, DuckDB's four LEFT JOINs"
  [[ -n "${pdir:-}" ]] || {
    peers_dir="$root/index-tools/peers"
    chdb_modules=""
    peers_build
    threads="${IPJOIN_BENCH_PEER_THREADS:-2}"
    peer_split_mb="${IPJOIN_BENCH_PEER_SPLIT_MB:-128}"
    peer_timeout="${IPJOIN_BENCH_PEER_TIMEOUT:-1800}"
    pdir="$work/peers"; mkdir -p "$pdir"
    peers_data
    [[ -f "$results/peers.csv" ]] || echo "join,system,wall_ms,cpu_ms,engine_ms,lines,output" > "$results/peers.csv"
  }
  # A rerun of this step replaces its rows and titles, and leaves the peers step's as they are.
  sed -i '/^enrich\(-single\)\{0,1\},/d' "$results/peers.csv"
  [[ ! -f "$results/peers.txt" ]] || sed -i '/^title\.enrich/d' "$results/peers.txt"
  enrich_skipped=""
  enrich_data
  if [[ -n "$enrich_skipped" ]]; then
    echo "  enrich: $enrich_skipped" >&2
    peer_not_run enrich "ipjoin (nio): four indexes in one job" "${enrich_skipped//,/;}"
  else
    enrich_runs
  fi
  {
    echo "title.enrich=Enrichment: the logs against four indexes (exact, ranges, geo with two attributes, mixed IPv4/IPv6) in one \`--mode tag\` job"
    echo "title.enrich-single=Enrichment as four single-index jobs (compared with their columns of the four-index output)"
  } >> "$results/peers.txt"
  java -cp "$peers_cp" org.ipjoin.peers.PeersReport "$results" "$results/peers.md" >&2
}

# The four-index job, DuckDB's query and the four single-index jobs, each a row of peers.csv.
enrich_runs() {
  cat "$log_file" "$ipidx" "$ranges_idx" "$geo_idx" "$mixed_idx" > /dev/null   # page cache warm
  peer_commands "$log_file"
  local ref="$pdir/ipjoin-enrich" name index cols
  peer_run enrich "ipjoin (nio): four indexes in one job" "$ref" "$ref" -- "${ipjoin_job[@]}" --mode tag \
    --index "exact=$ipidx" --index "ranges=$ranges_idx" --index "geo=$geo_idx" --index "mixed=$mixed_idx" --output "$ref"
  peer_run enrich "DuckDB four LEFT JOINs (ASOF for the ranges)" "$ref" "$pdir/duckdb-enrich.txt" -- \
    java -Xmx6g -cp "$peers_cp" org.ipjoin.peers.DuckDbEnrich --threads "$threads" --logs "$log_file" \
    --exact "$ip_tsv" --ranges "$ranges_tsv" --geo "$geo_csv" --mixed "$mixed_tsv" --output "$pdir/duckdb-enrich.txt"
  # The four single-index jobs, each compared with its columns of the four-index output.
  for spec in "exact:$ipidx:2" "ranges:$ranges_idx:3" "geo:$geo_idx:4,5" "mixed:$mixed_idx:6"; do
    IFS=: read -r name index cols <<<"$spec"
    if [[ -d "$ref" ]]; then enrich_expected "$ref" "$cols" "$pdir/expected-$name.txt"; else : > "$pdir/expected-$name.txt"; fi
    peer_run enrich-single "ipjoin (nio): $name alone" "$pdir/expected-$name.txt" "$pdir/ipjoin-$name" -- \
      "${ipjoin_job[@]}" --mode tag --index "$index" --output "$pdir/ipjoin-$name"
    rm -f "$pdir/expected-$name.txt"
  done
  rm -rf "$ref"
}
