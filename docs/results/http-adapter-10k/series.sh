#!/usr/bin/env bash
# The visit store and the HTTP adapter under a 10,000 burst (docs/benchmarks.md): first the store alone (10,000
# saves at once with hey, each on its own connection), then per heap size one server with the HTTP adapter (T on,
# R off) against a fresh store, and 10,000 requests to /sync at once.
#
#   docs/results/http-adapter-10k/series.sh OUT_DIR [HEAP ...]      (default heaps: 512m 2g)
#
# Writes OUT_DIR/store-alone/hey.txt, stats.json (the store's own count) and store-status.txt (its
# /proc/PID/status after the burst: VmHWM is the resident peak), and per heap OUT_DIR/HEAP/burst.json and .txt (the
# load generator's summary), stats.json and server.log. Needs JAVA_HOME (JDK 21+), the jars (./mvnw package
# -DskipTests), hey (HEY=/path/to/hey, or on the PATH) and the ports 18081 and 18090 free.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [HEAP ...]" >&2; exit 2; }
out=$1; shift
heaps=("$@"); [ ${#heaps[@]} -gt 0 ] || heaps=(512m 2g)
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
find_hey
store_port=18081 port=18090
loadgen=("$java" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar)
store=""; server=""
stop() { for pid in $server $store; do kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; done; server=""; store=""; }
trap stop EXIT
start_store() {   # $1: its log
  "$java" -jar experiment/downstream/target/vtlab-downstream-exec.jar visit-store --port $store_port > "$1" 2>&1 &
  store=$!
  wait_for "http://127.0.0.1:$store_port/stats"
}
mkdir -p "$out/store-alone"
start_store "$out/store-alone/store.log"
"$hey" -n 10000 -c 10000 -t 120 -m POST -T application/json -d '{"who":"Ada","visitorNumber":1}' \
    "http://127.0.0.1:$store_port/visits" > "$out/store-alone/hey.txt" || true
curl -s "http://127.0.0.1:$store_port/stats" > "$out/store-alone/stats.json"
cat "/proc/$store/status" > "$out/store-alone/store-status.txt"
stop
for heap in "${heaps[@]}"; do
  dir=$out/$heap; mkdir -p "$dir"
  start_store "$dir/store.log"
  "$java" "-Xmx$heap" -XX:+ExitOnOutOfMemoryError -jar bootstrap/target/vtlab-server.jar --server.port=$port \
      --vtlab.virtual-threads.tomcat=true --vtlab.repository.kind=http \
      --vtlab.repository.url=http://127.0.0.1:$store_port > "$dir/server.log" 2>&1 &
  server=$!
  wait_for "http://127.0.0.1:$port/lab/environment"
  "${loadgen[@]}" run --url "http://127.0.0.1:$port" --mode sync --requests 10000 --timeout 120s \
      --json "$dir/burst.json" > "$dir/burst.txt" 2>&1 || true
  curl -s "http://127.0.0.1:$store_port/stats" > "$dir/stats.json"
  stop
done
{ environment_lines "$java"; hey_line; } > "$out/environment.txt"
