# Sourced by index-tools/ipjoin and the bench: which JIT the job's client JVM runs with.
#
# The job's client JVM submits the job and, on the local runner, also runs its tasks. C2, the
# optimising compiler, spends about a second of CPU compiling Hadoop's start-up code on the second
# core, which a job over a small input never earns back: C1 alone (-XX:TieredStopAtLevel=1) took a
# one-line job from 1.43 s to 1.01 s wall (2.21 to 1.06 s of user CPU), and the bench's 1.1 GB join
# from 3.29 to 3.01 s (4.47 to 3.77 s of user CPU); at 4.5 GB C2's faster loops win back the CPU
# (11.1 s against 12.4 s). So: C1 alone when submitting to a cluster (the tasks run in their own
# JVMs) or when the local inputs hold less than 2 GiB; C2 as usual otherwise.
# docs/benchmarks/2026-11-25-client-jit.md has the runs and the commands.
#
# Sets the array jit_opts from the job's arguments (its --input paths); IPJOIN_CONF_DIR set means
# a cluster's configuration.
jit_options() {
  jit_opts=()
  if [[ -n "${IPJOIN_CONF_DIR:-}" ]] || (( $(local_input_bytes "$@") < 2 * 1024 * 1024 * 1024 )); then
    jit_opts=(-XX:TieredStopAtLevel=1)
  fi
}

# The bytes of the --input paths when every one is a local file, directory or glob; a path with a
# scheme other than file: (hdfs://, s3a://) or one du cannot read counts as unknown (2^62).
local_input_bytes() {
  local inputs=() in_input=0 arg
  for arg in "$@"; do
    if [[ "$arg" == --input ]]; then in_input=1; continue; fi
    if [[ "$arg" == -* ]]; then in_input=0; continue; fi
    (( in_input )) && inputs+=("$arg")
  done
  local paths=() path
  for arg in "${inputs[@]}"; do
    path="${arg#file:}"
    if [[ "$path" == *://* ]]; then echo $(( 1 << 62 )); return; fi
    # shellcheck disable=SC2206  # a glob is expanded here on purpose, as Hadoop expands it
    paths+=($path)
  done
  (( ${#paths[@]} )) || { echo 0; return; }
  du -scbL -- "${paths[@]}" 2>/dev/null | tail -n 1 | cut -f 1 | grep -E '^[0-9]+$' || echo $(( 1 << 62 ))
}
