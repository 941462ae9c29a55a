# Sourced by index-tools/ipjoin after job-jar.sh: a class-data sharing archive (AppCDS) of the
# classes a join loads (Hadoop's and ipjoin's, both on the classpath), so that the JVM maps them
# instead of reading, parsing and checking them at every start: the launcher's one-line job 0.74-0.77 s
# instead of 1.05 s (docs/benchmarks/2026-11-25-fixed-cost.md). Made once per build of target/ipjoin.jar, Hadoop
# classpath and java, by a training join of one line (a second or two), in target/cds/; later runs
# use it. A JVM that cannot make or use it runs as before (IPJOIN_CDS=0 does not try).
# Needs $root, $jar, $classpath_file; sets cds_opts (JVM options) and cds_classpath (the classpath
# the archive was made with, which must begin the run's classpath).
cds_opts=()
cds_classpath="$jar:$(cat "$classpath_file")"
if [[ "${IPJOIN_CDS:-1}" != 0 ]]; then
  cds_dir="${IPJOIN_CDS_DIR:-$root/target/cds}"
  cds_key="$( { command -v java; stat -c %Y "$jar"; echo "$cds_classpath"; } | cksum | cut -d' ' -f1)"
  cds_archive="$cds_dir/ipjoin-$cds_key.jsa"
  # JVM warnings (an archive it cannot use) go to stderr: stdout holds the join's result line.
  cds_logging=(-Xlog:disable -Xlog:all=warning:stderr)
  if [[ ! -f "$cds_archive" && ! -f "$cds_archive.failed" ]]; then
    echo "$launcher: making the class-data archive ${cds_archive#"$root"/} (once per build)..." >&2
    mkdir -p "$cds_dir"
    rm -f "$cds_dir"/ipjoin-*.jsa "$cds_dir"/ipjoin-*.failed
    cds_work="$(mktemp -d "$cds_dir/training.XXXXXX")"
    printf '192.0.2.1\n' > "$cds_work/ips.tsv"
    printf '192.0.2.1 - - [25/Nov/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "-"\n' \
      > "$cds_work/access.log"
    # One line through the whole join (the text read path needs no index file); the archive is
    # written when the JVM exits and renamed into place only when it is whole.
    if HADOOP_CLIENT_SKIP_UNJAR=true java -Xmx1g \
        -XX:ArchiveClassesAtExit="$cds_work/archive.jsa" "${cds_logging[@]}" \
        -cp "$cds_classpath" org.apache.hadoop.util.RunJar "$jar" \
        -D "hadoop.tmp.dir=$cds_work/tmp" -D mapreduce.framework.name=local \
        -D fs.defaultFS=file:/// --loader text --index "$cds_work/ips.tsv" \
        --input "$cds_work/access.log" --output "$cds_work/out" > "$cds_work/training.log" 2>&1 \
        && [[ -s "$cds_work/archive.jsa" ]]; then
      mv "$cds_work/archive.jsa" "$cds_archive"
    else
      cp "$cds_work/training.log" "$cds_archive.failed" 2>/dev/null || touch "$cds_archive.failed"
    fi
    rm -rf "$cds_work"
  fi
  if [[ -f "$cds_archive" ]]; then
    cds_opts=(-XX:SharedArchiveFile="$cds_archive" "${cds_logging[@]}")
  fi
fi
