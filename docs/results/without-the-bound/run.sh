#!/usr/bin/env bash
# What the heap-derived bound prevents (docs/benchmarks.md, "Memory is the limit once threads are free"): the server
# at -Xmx512m with T on, once with its own bound and once with server.tomcat.max-connections=16384 set by hand
# (vtlab's first default, which lets Tomcat take nearly every connection of the burst), and per burst size a fresh
# server and one burst to /sync (the load generator's defaults but a 120 s request timeout).
# -XX:+ExitOnOutOfMemoryError makes a server that runs out of heap exit instead of limping on.
#
#   docs/results/without-the-bound/run.sh OUT_DIR [BURST ...]      (default bursts: 10000 20000)
#
# Writes OUT_DIR/bound/ and OUT_DIR/max-connections-16384/, per burst size N: burst-N.json and .txt (the load
# generator's summary) and server-N.log (with the server's exit code on its last line). Needs JAVA_HOME (JDK 21+),
# the jars (./mvnw package -DskipTests) and the port 18090 free.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [BURST ...]" >&2; exit 2; }
out=$1; shift
bursts=("$@"); [ ${#bursts[@]} -gt 0 ] || bursts=(10000 20000)
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
port=18090
for variant in bound max-connections-16384; do
  extra=(); [ "$variant" = bound ] || extra=(--server.tomcat.max-connections=16384)
  dir=$out/$variant; mkdir -p "$dir"
  for n in "${bursts[@]}"; do
    start_server "$dir/server-$n.log" "http://127.0.0.1:$port/lab/environment" \
        "$java" -Xmx512m -XX:+ExitOnOutOfMemoryError -jar bootstrap/target/vtlab-server.jar --server.port=$port \
        --vtlab.virtual-threads.tomcat=true ${extra[@]+"${extra[@]}"}
    "$java" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar run \
        --url "http://127.0.0.1:$port" --mode sync --requests "$n" --timeout 120s \
        --json "$dir/burst-$n.json" > "$dir/burst-$n.txt" 2>&1 || true
    stop_server
    echo "server exit code: $server_exit_code" >> "$dir/server-$n.log"
  done
done
environment_lines "$java" > "$out/environment.txt"
