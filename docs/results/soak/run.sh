#!/usr/bin/env bash
# Soaks (docs/benchmarks.md, "Soaks: nothing leaks"): the server at -Xmx512m, T on, /sync, delays 1 s + 1 s, a rate
# run (run --rate, timeout 10 s) on a fresh server for each step:
#   1. capacity of T on: 20 s at each of 1000 1250 1500 1650 1800 2000 req/s (5 s warm-up); a rate holds when p99
#      <= 3 s (1.5 x the 2 s floor), nothing fails and the completion rate is >= 99% of the offered; the capacity is
#      the highest that held;
#   2. 10 minutes at 80% of it with the sleepy adapter;
#   3. 10 minutes with the JDBC adapter (H2) at 80% of that configuration's capacity, the pool sized for it: 200
#      connections hold a request each for 2 s, so 100 req/s, soaked at 80 (a pool for the sleepy rate, 2,700
#      connections at 1,200 req/s, is tried for 30 s first: see jdbc-at-the-sleepy-rate);
#   4. 2 minutes at 120% of each capacity (after a settling minute at 80%): the excess refused or timed out, and how
#      soon the server is back at rest.
# Each soak and overload first runs a settling minute at its rate (settle-*.json): a fresh server's heap grows once,
# as caches fill and classes load, and that is no leak. Then, before and after the measured run, the live heap (a
# full collection and the class histogram: POST /lab/jvm/histogram, kept in live-*.txt, then /lab/load) and the
# rest values (connections, threads) are read into rest-*.json; then /lab/load once a second for 30 s (watch-*.jsonl).
#
#   docs/results/soak/run.sh OUT_DIR
#
# A step whose results are already in OUT_DIR is not run again (delete its files to measure it anew).
# Needs JAVA_HOME (JDK 21+), python3, the jars (./mvnw package -DskipTests) and the ports 18096 and 19093 free.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -eq 1 ] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
out=$1; mkdir -p "$out"
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
port=18096
url=http://127.0.0.1:$port
loadgen=("$java" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar)
h2="jdbc:h2:tcp://127.0.0.1:19093/mem:vtlab;USER=sa;PASSWORD="

# A fresh server with T on at -Xmx512m and the given settings.   serve NAME SETTING...
serve() {
  local name=$1; shift
  start_server "$out/server-$name.log" "$url/lab/environment" "$java" -Xmx512m -XX:+ExitOnOutOfMemoryError \
      -jar bootstrap/target/vtlab-server.jar --server.port=$port --vtlab.virtual-threads.tomcat=true "$@"
}
# The live heap and the rest values: a full collection (its class histogram kept), then what the server holds.
#   rest NAME
rest() {
  curl -sf -X POST "$url/lab/jvm/histogram" > "$out/live-$1.txt"
  curl -sf "$url/lab/load" > "$out/rest-$1.json"
}
# What the server holds each second for 30 s after the run's end (the run ends once the server drained): whether
# connections and threads go back to their rest values, and how soon.   watch_rest NAME
watch_rest() {
  for i in $(seq 1 30); do
    echo "{\"second\": $i, \"load\": $(curl -sf -m 1 "$url/lab/load" || echo null)}"
    sleep 1
  done > "$out/watch-$1.jsonl"
}
# A rate run at the running server.   rate NAME RATE DURATION WARMUP
rate() {
  "${loadgen[@]}" run --url "$url" --rate "$2" --duration "$3" --warmup-time "$4" --timeout 10s \
      --json "$out/$1.json" > "$out/$1.txt" 2>&1 || true
}
database() {
  "$java" -jar experiment/downstream/target/vtlab-downstream-exec.jar database --port 19093 --stats-port 0 > "$out/database-$1.log" 2>&1 &
  db=$!
  sleep 3
}

# Whether a step's results are in OUT_DIR already.   done_before NAME
done_before() { [ -f "$out/$1.json" ]; }
# A soak: a fresh server (with the settings), a settling minute at SETTLE req/s, the rest values, the run at RATE,
# the rest values again.   soak NAME SETTLE RATE DURATION SETTING...
soak() {
  local name=$1 settle=$2 r=$3 d=$4; shift 4
  done_before "$name" && return 0
  serve "$name" "$@"
  rate "settle-$name" "$settle" 60s 10s
  rest "$name-before"; rate "$name" "$r" "$d" 10s; rest "$name-after"; watch_rest "$name"
  stop_server
  echo "server exit code: $server_exit_code" >> "$out/server-$name.log"
}

for r in 1000 1250 1500 1650 1800 2000; do
  done_before "capacity-$r" && continue
  serve "capacity-$r"; rate "capacity-$r" "$r" 20s 5s; stop_server
done
capacity=$(python3 - "$out" <<'PY'
import json, sys
held = 0
for r in (1000, 1250, 1500, 1650, 1800, 2000):
    s = json.load(open(f"{sys.argv[1]}/capacity-{r}.json"))
    if s["latency"]["p99Ms"] <= 3000 and s["failed"] == 0 and s["completionRate"] >= 0.99 * r:
        held = r
print(held)
PY
)
soak=$((capacity * 8 / 10))
over=$((capacity * 12 / 10))
echo "capacity of T on: $capacity req/s; soak at $soak, overload at $over" > "$out/plan.txt"

soak soak-sleepy "$soak" "$soak" 610s

if ! done_before jdbc-at-the-sleepy-rate; then
  database probe; serve jdbc-probe --vtlab.repository.kind=jdbc "--vtlab.repository.url=$h2" --vtlab.repository.pool-size=2700
  rate jdbc-at-the-sleepy-rate 1200 30s 10s; stop_server; kill $db; wait $db 2>/dev/null || true
fi

done_before soak-jdbc || { database soak-jdbc; soak soak-jdbc 80 80 610s --vtlab.repository.kind=jdbc \
    "--vtlab.repository.url=$h2" --vtlab.repository.pool-size=200; kill $db; wait $db 2>/dev/null || true; }

soak overload-sleepy "$soak" "$over" 120s

done_before overload-jdbc || { database overload-jdbc; soak overload-jdbc 80 120 120s --vtlab.repository.kind=jdbc \
    "--vtlab.repository.url=$h2" --vtlab.repository.pool-size=200; kill $db; wait $db 2>/dev/null || true; }
environment_lines "$java" > "$out/environment.txt"
