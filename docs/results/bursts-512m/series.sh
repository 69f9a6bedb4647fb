#!/usr/bin/env bash
# Bursts that fit (docs/benchmarks.md, "Bursts at 512 MB with the CLI's defaults"): one server per mode, -Xmx512m,
# T on (and R for async, W for wrapped), bursts of 10,000, 10,000, 20,000 and 20,000 in a row with the load
# generator's default settings (10 s connect timeout, 60 s request timeout), no warm-up but 500 requests first.
# During each burst the lab (on its own connector) is asked every 250 ms whether it answers; before the first burst
# and 1 s after each, the live heap is read (POST /lab/jvm/histogram, which collects first).
#
#   docs/results/bursts-512m/series.sh OUT_DIR [MODE ...]      (modes: sync async wrapped; default all three)
#
# BURST_OPTIONS adds options to each burst's command line (the series with a raised connect timeout:
# BURST_OPTIONS="--connect-timeout 180s").
#
# Writes, per mode, OUT_DIR/MODE/burst-N.json (the load generator's summary), probes-N.txt (seconds and status of
# each lab probe), live-heap.txt (bytes: at rest, then after each burst) and server.log. Needs JAVA_HOME (JDK 21+),
# the jars (./mvnw package -DskipTests) and the ports 18090 and 18091 free. Stops the servers it started.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [sync|async|wrapped ...]" >&2; exit 2; }
out=$1; shift
modes=("$@"); [ ${#modes[@]} -gt 0 ] || modes=(sync async wrapped)
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
port=18090 lab=18091
loadgen=("$java" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar)
live_heap() { curl -s -X POST --max-time 60 "http://127.0.0.1:$lab/lab/jvm/histogram" | awk '/^Total/ {print $3}'; }
for mode in "${modes[@]}"; do
  case $mode in   # T on, and the flag where this mode waits: R for async, W for wrapped
    sync) r=false w=false ;;
    async) r=true w=false ;;
    wrapped) r=false w=true ;;
    *) echo "unknown mode $mode (sync, async, wrapped)" >&2; exit 2 ;;
  esac
  dir=$out/$mode; mkdir -p "$dir"
  start_server "$dir/server.log" "http://127.0.0.1:$lab/lab/environment" \
      "$java" -Xmx512m -XX:+ExitOnOutOfMemoryError -jar bootstrap/target/vtlab-server.jar --server.port=$port \
      --vtlab.lab.port=$lab --vtlab.virtual-threads.tomcat=true --vtlab.virtual-threads.async-executor=false \
      --vtlab.virtual-threads.wrapper=$w --vtlab.virtual-threads.repository=$r \
      --vtlab.repository.count-delay=1s --vtlab.repository.save-delay=1s
  "${loadgen[@]}" run --url "http://127.0.0.1:$port" --mode "$mode" --requests 500 --warmup 0 > /dev/null
  live_heap > "$dir/live-heap.txt"
  n=0
  for requests in 10000 10000 20000 20000; do
    n=$((n + 1))
    ( while sleep 0.25; do
        curl -s -o /dev/null -w '%{time_total} %{http_code}\n' --max-time 5 "http://127.0.0.1:$lab/lab/environment" || true
      done ) > "$dir/probes-$n.txt" &
    probes=$!
    # shellcheck disable=SC2086 # BURST_OPTIONS is a list of options
    "${loadgen[@]}" run --url "http://127.0.0.1:$port" --mode "$mode" --requests $requests --warmup 0 \
        ${BURST_OPTIONS:-} --json "$dir/burst-$n.json" > "$dir/burst-$n.txt" 2>&1 || true
    kill $probes; wait $probes 2>/dev/null || true
    sleep 1
    live_heap >> "$dir/live-heap.txt"
  done
  stop_server
done
{ environment_lines "$java"
  echo "burst options: ${BURST_OPTIONS:-none}"; } > "$out/environment.txt"
