#!/usr/bin/env bash
# Where vtlab's Netty /sync spends the CPU the reference does not (docs/web-servers.md, "Three stacks side by side"):
# the same bursts at vtlab on Netty with T on, with and without the lab (bootstrap/target/vtlab-server.jar and
# vtlab-server-without-lab.jar), and at the reactive reference, each started alone at -Xmx512m, warmed with two bursts
# of 2,000, then two bursts of 10,000; the server's CPU time (from /proc) around each measured burst. Run from the
# repository's root after ./mvnw -q package -DskipTests, nothing else running:
#   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java docs/results/compare-three-stacks/lab-cost.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/../../.."
source docs/results/common.sh
JAVA=${JAVA:-java}
OUT=${1:-docs/results/compare-three-stacks/lab-cost}
mkdir -p "$OUT"
environment_lines "$JAVA" > "$OUT/environment.txt"
PORT=18080

cpu_ms() { # the server's user + system CPU time so far, in ms
  awk '{print ($14 + $15) * 1000 / '"$(getconf CLK_TCK)"'}' "/proc/$server/stat"
}

measure() { # measure NAME PATH SERVER_COMMAND...
  local name=$1 path=$2
  shift 2
  start_server "$OUT/$name.server.log" "http://127.0.0.1:$PORT$path" "$@"
  {
    echo "server: ${*/#$JAVA/java}"
    for round in warm-1 warm-2 1 2; do
      local requests=10000
      [[ $round == warm-* ]] && requests=2000
      local before after
      before=$(cpu_ms)
      "$JAVA" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar run \
          --url "http://127.0.0.1:$PORT$path" --requests "$requests" --warmup 0 > "$OUT/$name.$round.txt" 2>&1
      after=$(cpu_ms)
      echo "$round: $requests requests; $(grep -E '^(failed|latency ms)' "$OUT/$name.$round.txt" | tr -s ' ' | paste -sd ';'); server CPU $(awk -v b="$before" -v a="$after" -v n="$requests" 'BEGIN {printf "%.2f", (a - b) / n}') ms a request"
      sleep 3
    done
  } > "$OUT/$name.txt"
  stop_server
}

measure netty-T-on-without-lab "/sync?name=Ada" "$JAVA" -Xmx512m -XX:+ExitOnOutOfMemoryError \
    -jar bootstrap/target/vtlab-server-without-lab.jar --server.port=$PORT --management.server.port=0 \
    --vtlab.web-server=netty --vtlab.virtual-threads.tomcat=true
measure netty-T-on-with-lab "/sync?name=Ada" "$JAVA" -Xmx512m -XX:+ExitOnOutOfMemoryError \
    -jar bootstrap/target/vtlab-server.jar --server.port=$PORT --management.server.port=0 \
    --vtlab.web-server=netty --vtlab.virtual-threads.tomcat=true
measure reference "/reactive?name=Ada" "$JAVA" -Xmx512m -XX:+ExitOnOutOfMemoryError \
    -jar experiment/reference-webflux/target/vtlab-reference-webflux.jar --server.port=$PORT
cat "$OUT/netty-T-on-without-lab.txt" "$OUT/netty-T-on-with-lab.txt" "$OUT/reference.txt" > "$OUT/summary.txt"
