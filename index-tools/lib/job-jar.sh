# Sourced by the launchers (ipjoin, ipindex): builds target/ipjoin.jar and Hadoop's client
# classpath when they are missing or older than the sources, so a `git pull` never runs a stale
# jar. Needs $root (the repository) and $launcher (the command's name, for its messages).
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
