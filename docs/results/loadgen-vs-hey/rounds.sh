#!/usr/bin/env bash
# The load generator against an independent client (docs/benchmarks.md, "The load generator against hey"): per
# burst size one server (-Xmx512m, T on, 1 s + 1 s), warmed by one hey burst of that size, then ROUNDS rounds 3 s
# apart, each one vtlab-loadgen burst (with its default warm-up) and one hey burst of N requests to /sync at once.
#
#   docs/results/loadgen-vs-hey/rounds.sh OUT_DIR [BURST ...]      (default bursts: 2000 10000; ROUNDS=5)
#
# Writes, per burst size N, OUT_DIR/N/round-R-vtlab.json and .txt (the load generator's summary), round-R-hey.txt
# (hey's report) and round-R-hey-cpu.txt (hey's user and system CPU seconds, /usr/bin/time), and server.log. Needs
# JAVA_HOME (JDK 21+), the jars (./mvnw package -DskipTests), hey on the PATH (or HEY=/path/to/hey; `go install
# github.com/rakyll/hey@v0.1.5`), /usr/bin/time and the port 18094 free. Stops the server it started.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [BURST ...]" >&2; exit 2; }
out=$1; shift
bursts=("$@"); [ ${#bursts[@]} -gt 0 ] || bursts=(2000 10000)
rounds=${ROUNDS:-5}
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
find_hey
port=18094
loadgen=("$java" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar)
for n in "${bursts[@]}"; do
  dir=$out/$n; mkdir -p "$dir"
  start_server "$dir/server.log" "http://127.0.0.1:$port/lab/environment" \
      "$java" -Xmx512m -XX:+ExitOnOutOfMemoryError -jar bootstrap/target/vtlab-server.jar --server.port=$port \
      --vtlab.virtual-threads.tomcat=true
  "$hey" -n "$n" -c "$n" -t 120 "http://127.0.0.1:$port/sync" > "$dir/warm-up-hey.txt"
  for r in $(seq 1 "$rounds"); do
    sleep 3
    "${loadgen[@]}" run --url "http://127.0.0.1:$port" --mode sync --requests "$n" --timeout 120s \
        --json "$dir/round-$r-vtlab.json" > "$dir/round-$r-vtlab.txt" 2>&1 || true
    sleep 3
    /usr/bin/time -o "$dir/round-$r-hey-cpu.txt" -f "%U %S" \
        "$hey" -n "$n" -c "$n" -t 120 "http://127.0.0.1:$port/sync" > "$dir/round-$r-hey.txt" || true
  done
  stop_server
done
{ environment_lines "$java"; hey_line; } > "$out/environment.txt"
