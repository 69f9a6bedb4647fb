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
#   4. 2 minutes at 120% of each capacity: the excess refused or timed out, and how soon the server is back at rest.
# Before and after each soak the live heap (a full collection: POST /lab/jvm/histogram, then /lab/load) and the rest
# values (connections, threads) are read into rest-*.json.
#
#   docs/results/soak/run.sh OUT_DIR
#
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
      -jar adapters/target/vtlab-server.jar --server.port=$port --vtlab.virtual-threads.tomcat=true "$@"
}
# The live heap and the rest values: a full collection, then what the server holds.   rest FILE
rest() {
  curl -sf -X POST "$url/lab/jvm/histogram" > /dev/null
  curl -sf "$url/lab/load" > "$1"
}
# A rate run at the running server.   rate NAME RATE DURATION WARMUP
rate() {
  "${loadgen[@]}" run --url "$url" --rate "$2" --duration "$3" --warmup-time "$4" --timeout 10s \
      --json "$out/$1.json" > "$out/$1.txt" 2>&1 || true
}
database() {
  "$java" -jar downstream/target/vtlab-downstream-exec.jar database --port 19093 --stats-port 0 > "$out/database-$1.log" 2>&1 &
  db=$!
  sleep 3
}

for r in 1000 1250 1500 1650 1800 2000; do
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

serve sleepy; rest "$out/rest-sleepy-before.json"; rate soak-sleepy "$soak" 610s 10s
rest "$out/rest-sleepy-after.json"; stop_server

database probe; serve jdbc-probe --vtlab.repository.kind=jdbc "--vtlab.repository.url=$h2" --vtlab.repository.pool-size=2700
rate jdbc-at-the-sleepy-rate 1200 30s 10s; stop_server; kill $db; wait $db 2>/dev/null || true

database soak; serve jdbc --vtlab.repository.kind=jdbc "--vtlab.repository.url=$h2" --vtlab.repository.pool-size=200
rest "$out/rest-jdbc-before.json"; rate soak-jdbc 80 610s 10s
rest "$out/rest-jdbc-after.json"; stop_server; kill $db; wait $db 2>/dev/null || true

serve overload-sleepy; rest "$out/rest-overload-sleepy-before.json"; rate overload-sleepy "$over" 120s 10s
rest "$out/rest-overload-sleepy-after.json"; stop_server
echo "server exit code: $server_exit_code" >> "$out/server-overload-sleepy.log"

database overload; serve overload-jdbc --vtlab.repository.kind=jdbc "--vtlab.repository.url=$h2" --vtlab.repository.pool-size=200
rest "$out/rest-overload-jdbc-before.json"; rate overload-jdbc 120 120s 10s
rest "$out/rest-overload-jdbc-after.json"; stop_server; kill $db; wait $db 2>/dev/null || true
echo "server exit code: $server_exit_code" >> "$out/server-overload-jdbc.log"
environment_lines "$java" > "$out/environment.txt"
