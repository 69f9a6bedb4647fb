#!/usr/bin/env bash
# Warm runs (docs/benchmarks.md, "Warm runs: the first run against a fresh server"): what a workshop participant
# does first. Per warm-up variant one freshly started server (its defaults, T on), then RUNS runs of 2000 requests
# to /sync, each a new client JVM, 3 s apart. Variants: cold (--warmup 0), one-round (--warmup 2000: one round of
# 2000), default (no --warmup: rounds of 2000 until a round's p99 is within 10% of the round before).
#
#   docs/results/warm-runs/series.sh OUT_DIR [VARIANT ...]      (default: cold one-round default; RUNS=5)
#
# Writes OUT_DIR/VARIANT/run-N.json and .txt (the load generator's summary, with each warm-up round's p99) and
# server.log. Needs JAVA_HOME (JDK 21+), the jars (./mvnw package -DskipTests) and the port 18096 free.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [cold|one-round|default ...]" >&2; exit 2; }
out=$1; shift
variants=("$@"); [ ${#variants[@]} -gt 0 ] || variants=(cold one-round default)
runs=${RUNS:-5}
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
port=18096
loadgen=("$java" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar)
for variant in "${variants[@]}"; do
  case $variant in
    cold) warmup=(--warmup 0) ;;
    one-round) warmup=(--warmup 2000) ;;
    default) warmup=() ;;
    *) echo "unknown variant $variant (cold, one-round, default)" >&2; exit 2 ;;
  esac
  dir=$out/$variant; mkdir -p "$dir"
  start_server "$dir/server.log" "http://127.0.0.1:$port/lab/environment" \
      "$java" -XX:+ExitOnOutOfMemoryError -jar bootstrap/target/vtlab-server.jar --server.port=$port \
      --vtlab.virtual-threads.tomcat=true
  for n in $(seq 1 "$runs"); do
    "${loadgen[@]}" run --url "http://127.0.0.1:$port" --mode sync --requests 2000 ${warmup[@]+"${warmup[@]}"} \
        --json "$dir/run-$n.json" > "$dir/run-$n.txt" 2>&1 || true
    sleep 3
  done
  stop_server
done
environment_lines "$java" > "$out/environment.txt"
