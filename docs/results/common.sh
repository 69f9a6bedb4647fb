#!/usr/bin/env bash
# What the benchmark scripts beside the results share. Sourced, not run.

# Where a benchmark ran, for its environment.txt: the commit (and "with changes" when the code differed from it),
# the cores and the JDK.   environment_lines /path/to/java
environment_lines() {
  commit_line
  echo "cores: $(nproc)"
  "$1" -version 2>&1 | head -1
}

# The commit of this repository, whatever directory the script runs from, and " (with changes)" when its code (not
# docs) differs from it.   commit_line
commit_line() {
  local top
  top=$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)
  echo "commit: $(git -C "$top" rev-parse --short HEAD)$(git -C "$top" diff --quiet HEAD -- . ':!docs' \
      || echo ' (with changes)')"
}

# The arguments of a script that measures one page of a service it starts itself: sets $out, $page, $ready and the
# array $service (the command that starts it), or exits 2 with the usage line.   page_and_service "$@"
page_and_service() {
  [ $# -ge 5 ] && [ "$4" = "--" ] \
      || { echo "usage: $0 OUT_DIR PAGE_URL READY_URL -- SERVICE_COMMAND..." >&2; exit 2; }
  out=$1 page=$2 ready=$3
  service=("${@:5}")
}

# Waits up to 60 s for URL to answer 2xx; fails the script (set -e) if it never does.   wait_for URL
wait_for() {
  for _ in $(seq 1 120); do curl -sf -o /dev/null "$1" && return 0; sleep 0.5; done
  echo "no answer from $1 within 60 s" >&2
  return 1
}

# The CPU ticks (user + sys) of process PID so far, 0 once it has ended.   ticks_of PID
ticks_of() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }

# Starts a server in the background, its output in LOG, and waits for READY_URL; its PID is in $server, and the EXIT
# trap stops it if the script ends before stop_server does.   start_server LOG READY_URL COMMAND...
start_server() {
  local log=$1 ready=$2
  shift 2
  "$@" > "$log" 2>&1 &
  server=$!
  trap stop_server EXIT
  wait_for "$ready"
}

# Stops the server start_server started, unless it has ended by itself, and waits for it; its exit code is then in
# $server_exit_code (143: stopped here; 137: it did not stop within 30 s, a JVM out of heap spending its cores in
# the collector, and was killed).
stop_server() {
  trap - EXIT
  [ -n "${server:-}" ] || return 0
  if kill -0 "$server" 2>/dev/null; then
    kill "$server"
    for _ in $(seq 1 60); do kill -0 "$server" 2>/dev/null || break; sleep 0.5; done
    if kill -0 "$server" 2>/dev/null; then kill -9 "$server"; fi
  fi
  server_exit_code=0
  wait "$server" 2>/dev/null || server_exit_code=$?
  server=""
}

# spring-petclinic as the runs beside docs/observing.md start it (run-all.sh, pairs.sh, vegeta-twice.sh): on loopback
# port 18490 with 512 MB of heap, its owners page, its meters (Actuator's JSON on the main port) and its health.
petclinic_owners="http://127.0.0.1:18490/owners?lastName="
petclinic_metrics=http://127.0.0.1:18490/actuator/metrics
petclinic_health=http://127.0.0.1:18490/actuator/health

# Sets the array $petclinic_service to the command that starts spring-petclinic from JAR with JAVA.
#   petclinic_command JAVA JAR
petclinic_command() { petclinic_service=("$1" -Xmx512m -jar "$2" --server.port=18490 --server.address=127.0.0.1); }

# The arguments of a script that starts spring-petclinic once for each of COUNT runs (pairs.sh, vegeta-twice.sh):
# OUT_DIR PETCLINIC_APP_JAR [COUNT], COUNT 3 unless given. Makes OUT_DIR; sets $out and $jar (absolute paths), $count
# and $petclinic_service (JAVA_HOME's java), or exits 2 with the usage line, naming COUNT as COUNT_NAME.
#   petclinic_runs COUNT_NAME "$@"
petclinic_runs() {
  local name=$1
  shift
  [ $# -eq 2 ] || { [ $# -eq 3 ] && [[ $3 =~ ^[1-9][0-9]*$ ]]; } \
      || { echo "usage: JAVA_HOME=... $0 OUT_DIR PETCLINIC_APP_JAR [$name]" >&2; exit 2; }
  count=${3:-3}
  local java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
  [ -f "$2" ] || { echo "$0: no petclinic jar at $2" >&2; exit 2; }
  mkdir -p "$1"
  out=$(cd "$1" && pwd) jar=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
  petclinic_command "$java" "$jar"
}

# Sets $hey to hey (HEY, or hey on the PATH); exits 2 saying how to get it if there is none.
find_hey() {
  hey=${HEY:-hey}
  command -v "$hey" > /dev/null || { echo "hey not found: go install github.com/rakyll/hey@v0.1.5, or set HEY" >&2; exit 2; }
}

# Sets $vegeta to vegeta (VEGETA, vegeta on the PATH, or ~/go/bin/vegeta); exits 2 saying how to get it if there is
# none.
find_vegeta() {
  vegeta=${VEGETA:-$(command -v vegeta || echo "$HOME/go/bin/vegeta")}
  [ -x "$vegeta" ] || { echo "vegeta not found: go install github.com/tsenart/vegeta/v12@v12.13.0, or set VEGETA" >&2; exit 2; }
}

# vegeta's version, for environment.txt: the module line go stamped into its binary.
vegeta_line() {
  echo "vegeta: $(go version -m "$vegeta" 2>/dev/null | awk '$1 == "mod" {print $2, $3}')"
}

# Warms a fresh service without queueing it: vegeta offers URL 10 s at each rate from 40 req/s, x1.25, below RATE
# (offered at once, a cold page queued past the heap). Needs find_vegeta first.   vegeta_ramp URL RATE
vegeta_ramp() {
  local ramp=40
  while [ "$ramp" -lt "$2" ]; do
    echo "GET $1" | "$vegeta" attack -rate="$ramp" -duration=10s -timeout=30s > /dev/null
    ramp=$(( ramp * 5 / 4 ))
  done
}

# hey's version, for environment.txt: the module line go stamped into its binary.
hey_line() {
  echo "hey: $(go version -m "$(command -v "$hey")" 2>/dev/null | awk '$1 == "mod" {print $2, $3}')"
}

# Runs the load generator with ARGS on JAVA and keeps OUT/run.txt: the command, where it ran, and what it printed
# (OUT/run.txt.part while it runs, so that a run cut short shows as one).   record_loadgen JAVA OUT ARGS...
record_loadgen() {
  local java=$1 out=$2
  shift 2
  mkdir -p "$out"
  {
    echo "command: java @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar $*"
    environment_lines "$java"
    echo
  } > "$out/run.txt.part"
  "$java" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar "$@" | tee -a "$out/run.txt.part"
  mv "$out/run.txt.part" "$out/run.txt"
}
