# Sourced by index-tools/ipjoin after job-jar.sh: a class-data sharing archive (AppCDS) of the
# classes a join loads (Hadoop's and ipjoin's, both on the classpath), so that the JVM maps them
# instead of reading, parsing and checking them at every start: the launcher's one-line job 0.74-0.77 s
# instead of 1.05 s (docs/benchmarks/2026-11-25-fixed-cost.md). Made once per build of target/ipjoin.jar, Hadoop
# classpath and java, by a training join of one line (a second or two), in IPJOIN_CDS_DIR (default
# target/cds); later runs use it. Whenever there is no archive to use (the folder cannot be written,
# the training failed) the join runs without one, after one stderr line saying why
# (IPJOIN_CDS=0 does not try).
# Needs $root, $jar, $classpath_file, $launcher; sets cds_opts (JVM options) and cds_classpath (the
# classpath the archive was made with, which must begin the run's classpath).
cds_opts=()
cds_classpath="$jar:$(cat "$classpath_file")"

cds_say() {
  echo "$launcher: $*" >&2
}

# "CRC SIZE" of a file (POSIX cksum): recorded beside the archive when it is made and compared
# before every use, because the JVM maps the archive without checking it and dies of SIGBUS on
# one cut short (a full disk, a copy that stopped).
cds_sum() {
  cksum < "$1"
}

cds_whole() {
  [[ -f "$1.sum" && "$(cds_sum "$1" 2>/dev/null)" == "$(cat "$1.sum" 2>/dev/null)" ]]
}

# The first line of a failed training's log that says why (a Java exception or ipjoin's own
# line), else its last line.
cds_reason() {
  local why
  why="$(grep -m1 -E '^(ipjoin:|Error|Exception|Caused by)' "$1" 2>/dev/null || tail -n 1 "$1" 2>/dev/null)"
  echo "${why:0:300}"
}

# A stop (SIGTERM, SIGINT, SIGHUP) during the training: the training JVM is stopped and its folder
# deleted, so that the next run tries again as if this one never started; then the launcher ends
# by the same signal.
cds_stop() {
  if [[ -n "${cds_pid:-}" ]]; then
    kill "$cds_pid" 2>/dev/null || true
    wait "$cds_pid" 2>/dev/null || true
  fi
  rm -rf "$cds_work"
  trap - "$1"
  kill -s "$1" $$
}

# Makes $cds_archive (and its .sum) or, when the training fails, its .failed marker holding the
# reason and the training's log; returns 1 when there is no archive to use. Every step is
# checked: it runs as an if's condition, where set -e does not apply.
cds_make() {
  local made why status
  if ! why="$(mkdir -p "$cds_dir" 2>&1)" \
      || ! why="$(mktemp -d "$cds_dir/training.XXXXXX" 2>&1)"; then
    cds_say "running without the class-data archive: cannot make it in $cds_shown (${why//$'\n'/ }); IPJOIN_CDS_DIR chooses another folder, IPJOIN_CDS=0 stops trying"
    return 1
  fi
  cds_work="$why"
  trap 'cds_stop TERM' TERM
  trap 'cds_stop INT' INT
  trap 'cds_stop HUP' HUP
  cds_say "making the class-data archive $cds_shown/$(basename "$cds_archive") $1..."
  # Other builds' archives and markers: never used again.
  rm -f "$cds_dir"/ipjoin-*.jsa "$cds_dir"/ipjoin-*.jsa.sum "$cds_dir"/ipjoin-*.failed
  printf '192.0.2.1\n' > "$cds_work/ips.tsv"
  printf '192.0.2.1 - - [25/Nov/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "-"\n' \
    > "$cds_work/access.log"
  # One line through the whole join (the text read path needs no index file); the archive is
  # written when the JVM exits. In the background, so that a signal to the launcher is handled
  # at once (bash runs a trap only after the foreground command ends).
  HADOOP_CLIENT_SKIP_UNJAR=true java -Xmx1g \
    -XX:ArchiveClassesAtExit="$cds_work/archive.jsa" "${cds_logging[@]}" \
    -cp "$cds_classpath" org.apache.hadoop.util.RunJar "$jar" \
    -D "hadoop.tmp.dir=$cds_work/tmp" -D mapreduce.framework.name=local \
    -D fs.defaultFS=file:/// --loader text --index "$cds_work/ips.tsv" \
    --input "$cds_work/access.log" --output "$cds_work/out" > "$cds_work/training.log" 2>&1 &
  cds_pid=$!
  status=0
  wait "$cds_pid" || status=$?
  cds_pid=""
  made=1
  if [[ $status == 0 && -s "$cds_work/archive.jsa" ]]; then
    # The sum first, then the archive, each renamed into place whole: a run that sees the archive
    # sees its sum.
    cds_sum "$cds_work/archive.jsa" > "$cds_work/archive.sum" \
      && mv -f "$cds_work/archive.sum" "$cds_archive.sum" \
      && mv -f "$cds_work/archive.jsa" "$cds_archive" && made=0
  fi
  if [[ $made != 0 ]]; then
    if [[ $status == 0 ]]; then
      why="the JVM wrote no archive, or it could not be put in place"
    else
      why="$(cds_reason "$cds_work/training.log")"
    fi
    { echo "$why"; cat "$cds_work/training.log"; } > "$cds_work/failed" 2>/dev/null \
      && mv -f "$cds_work/failed" "$cds_failed"
    cds_say "running without the class-data archive: its training join failed ($why); its log is $cds_failed (delete it to try again; the next build tries again)"
  fi
  rm -rf "$cds_work"
  trap - TERM INT HUP
  return "$made"
}

if [[ "${IPJOIN_CDS:-1}" != 0 ]]; then
  cds_dir="${IPJOIN_CDS_DIR:-$root/target/cds}"
  cds_shown="${cds_dir#"$root"/}"
  cds_key="$( { command -v java; stat -c %Y "$jar"; echo "$cds_classpath"; } | cksum | cut -d' ' -f1)"
  cds_archive="$cds_dir/ipjoin-$cds_key.jsa"
  cds_failed="$cds_dir/ipjoin-$cds_key.failed"
  # JVM warnings (an archive it cannot use) go to stderr: stdout holds the join's result line.
  cds_logging=(-Xlog:disable -Xlog:all=warning:stderr)
  cds_use=""
  if [[ -f "$cds_archive" ]]; then
    if cds_whole "$cds_archive"; then
      cds_use=1
    elif cds_make "again: the one there does not have the size and checksum recorded when it was made (cut short or changed since)"; then
      cds_use=1
    fi
  elif [[ -f "$cds_failed" ]]; then
    cds_say "running without the class-data archive: its training join failed for this build ($(head -n 1 "$cds_failed")); delete $cds_failed to try again"
  elif cds_make "(once per build)"; then
    cds_use=1
  fi
  if [[ -n "$cds_use" ]]; then
    cds_opts=(-XX:SharedArchiveFile="$cds_archive" "${cds_logging[@]}")
  fi
fi
