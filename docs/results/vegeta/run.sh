#!/usr/bin/env bash
# The load generator's rate runs against vegeta, a public open-model load tool (docs/benchmarks.md, "Rates: the load
# generator against vegeta"): the same server, the same rate, alternating, 3 rounds.
#   1. latency: the server at -Xmx512m with T off, /sync, delays 1 s + 1 s (Little's law: 200 request threads / 2 s =
#      100 req/s); 20 s at 80 req/s (below the ceiling) and at 120 req/s (past it), vegeta then `run --rate`, each
#      round; both time every request of the 20 s (no warm-up left out), request timeout 60 s;
#   2. the schedule: a server with T on (its ceiling 1,664 req/s) at 250, 500, 1000 and 1500 req/s for 10 s, each
#      tool once, request timeout 10 s (60 s at 1500 req/s would be more requests in flight than the client has
#      ports): the rate each sent (vegeta's `rate`, the load generator's achieved send rate) and the load
#      generator's send lag.
# Before every run the script waits until the server holds no request (GET /lab/load, inFlight 0). A run whose JSON
# is in OUT_DIR already is not run again (delete it to measure it anew).
#
#   docs/results/vegeta/run.sh OUT_DIR
#
# Needs JAVA_HOME (JDK 21+), vegeta (go install github.com/tsenart/vegeta/v12@v12.13.0, or VEGETA=path), python3,
# the jars (./mvnw package -DskipTests) and the port 18098 free.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -eq 1 ] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
out=$1; mkdir -p "$out"
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
find_vegeta
port=18098
url=http://127.0.0.1:$port
loadgen=("$java" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar)

# Waits (at most 120 s) until the server holds no request.
quiet() {
  for _ in $(seq 1 1200); do
    [ "$(curl -sf "$url/lab/load" | python3 -c 'import json,sys; print(json.load(sys.stdin)["inFlight"])')" = 0 ] \
        && return 0
    sleep 0.1
  done
  echo "the server did not drain in 120 s" >&2; return 1
}
# vegeta at RATE for DURATION: its JSON report.   vegeta_run NAME RATE DURATION TIMEOUT
vegeta_run() {
  [ -f "$out/$1.json" ] && return 0
  quiet
  echo "GET $url/sync" | "$vegeta" attack -rate="$2/s" -duration="$3" -timeout="$4" -max-body=-1 \
      > "$out/$1.bin"
  "$vegeta" report -type=json < "$out/$1.bin" > "$out/$1.json"
  rm "$out/$1.bin"
}
# The load generator at RATE for DURATION, every request measured.   loadgen_run NAME RATE DURATION TIMEOUT
loadgen_run() {
  [ -f "$out/$1.json" ] && return 0
  "${loadgen[@]}" run --url "$url" --rate "$2" --duration "$3" --warmup-time 0s --timeout "$4" \
      --json "$out/$1.json" > "$out/$1.txt" 2>&1 || true
}
serve() {
  start_server "$out/server-$1.log" "$url/lab/environment" "$java" -Xmx512m -XX:+ExitOnOutOfMemoryError \
      -jar bootstrap/target/vtlab-server.jar --server.port=$port "--vtlab.virtual-threads.tomcat=$2"
}

# The server of a part, only when one of its runs is still to be measured.   part_done PREFIX...
part_done() { for f in "$@"; do [ -f "$out/$f.json" ] || return 1; done; }

part_done vegeta-{80,120}-{1,2,3} loadgen-{80,120}-{1,2,3} || {
serve t-off false
for round in 1 2 3; do
  for rate in 80 120; do
    vegeta_run "vegeta-$rate-$round" "$rate" 20s 60s
    loadgen_run "loadgen-$rate-$round" "$rate" 20s 60s
  done
done
stop_server
}

serve t-on true
for rate in 250 500 1000 1500; do
  vegeta_run "schedule-vegeta-$rate" "$rate" 10s 10s
  loadgen_run "schedule-loadgen-$rate" "$rate" 10s 10s
done
stop_server
{ environment_lines "$java"; vegeta_line; } > "$out/environment.txt"
