# Sourced by the launchers (ipjoin, ipindex): builds target/ipjoin.jar and Hadoop's client
# classpath when they are missing or older than the sources, so a `git pull` never runs a stale
# jar, and writes the classpath file again when a jar it names is gone. Needs $root (the
# repository) and $launcher (the command's name, for its messages).
jar="$root/target/ipjoin.jar"
classpath_file="$root/target/classpath.txt"
build_reason=""
if [[ ! -f "$jar" || ! -f "$classpath_file" ]]; then
  build_reason="first run: Maven downloads Hadoop's client, about 170 MB, once"
elif [[ -n "$(find "$root/src/main" "$root/pom.xml" -newer "$jar" -print -quit 2>/dev/null)" ]]; then
  build_reason="the sources changed since target/ipjoin.jar was built"
fi
if [[ -n "$build_reason" ]]; then
  echo "$launcher: building target/ipjoin.jar ($build_reason)..." >&2
  mkdir -p "$root/target"
  if ! (cd "$root" && mvn -B -DskipTests package) > "$root/target/launcher-build.log" 2>&1; then
    tail -n 30 "$root/target/launcher-build.log" >&2
    echo "$launcher: the build failed; its whole log is target/launcher-build.log" >&2
    exit 1
  fi
  echo "$launcher: built target/ipjoin.jar" >&2
fi
# The jars target/classpath.txt names may be gone since it was written (a cleaned or moved local
# Maven repository): java would fail on a NoClassDefFoundError. The goal that writes the file
# (pom.xml's hadoop-classpath execution) downloads them again and writes it anew.
# Prints the first missing jar and how many more, nothing when all are there.
gone_jars() {
  local entries entry first="" more=0
  IFS=: read -r -a entries < "$classpath_file" || true
  for entry in "${entries[@]}"; do
    if [[ -e "$entry" ]]; then
      continue
    elif [[ -z "$first" ]]; then
      first="$entry"
    else
      more=$(( more + 1 ))
    fi
  done
  if (( more > 0 )); then
    echo "$first and $more more"
  elif [[ -n "$first" ]]; then
    echo "$first"
  fi
}
gone_classpath="$(gone_jars)"
if [[ -n "$gone_classpath" ]]; then
  echo "$launcher: target/classpath.txt names jars that are gone ($gone_classpath); Maven downloads them and writes it again..." >&2
  if ! (cd "$root" && mvn -B dependency:build-classpath@hadoop-classpath) \
      > "$root/target/launcher-build.log" 2>&1 || [[ -n "$(gone_jars)" ]]; then
    tail -n 30 "$root/target/launcher-build.log" >&2
    echo "$launcher: could not write target/classpath.txt again (its log is target/launcher-build.log); run: mvn -B -DskipTests package" >&2
    exit 1
  fi
fi
