#!/usr/bin/env bash
# A quiet server before every measurement, and a warm-up sized for a pool-bound server (docs/benchmarks.md, "A quiet
# server before each measurement"): the two cases that used to measure a burst behind the warm-up's leftovers.
#   1. the matrix at a pool of 2 connections, 40 requests of 2 x 250 ms: the pool alone serves them in 10 s;
#   2. `run --mode sync --requests 2000` at a server with the JDBC adapter (H2) and HikariCP's default pool of 10,
#      T on: how long the warm-up takes before the first measured request.
#
#   docs/results/quiet-server/run.sh OUT_DIR
#
# Writes OUT_DIR/matrix-pool-2/ (the matrix's report), OUT_DIR/run-jdbc-pool-10.{json,txt} (the run's summary),
# server and database logs, and OUT_DIR/environment.txt. Needs JAVA_HOME (JDK 21+), the jars (./mvnw package
# -DskipTests) and the ports 18091 and 19092 free.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -eq 1 ] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
out=$1; mkdir -p "$out"
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
loadgen=("$java" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar)

"${loadgen[@]}" matrix --repository jdbc --pool-size 2 --modes sync --flags T --requests 40 --delay 250ms \
    --out "$out/matrix-pool-2" > "$out/matrix-pool-2.txt" 2>&1

"$java" -jar experiment/downstream/target/vtlab-downstream-exec.jar database --port 19092 --stats-port 0 > "$out/database.log" 2>&1 &
database=$!
trap 'kill $database 2>/dev/null || true' EXIT
start_server "$out/server-jdbc-pool-10.log" "http://127.0.0.1:18091/lab/environment" \
    "$java" -jar bootstrap/target/vtlab-server.jar --server.port=18091 --vtlab.virtual-threads.tomcat=true \
    --vtlab.repository.kind=jdbc "--vtlab.repository.url=jdbc:h2:tcp://127.0.0.1:19092/mem:vtlab;USER=sa;PASSWORD="
"${loadgen[@]}" run --url http://127.0.0.1:18091 --mode sync --requests 2000 \
    --json "$out/run-jdbc-pool-10.json" > "$out/run-jdbc-pool-10.txt" 2>&1 || true
stop_server
kill $database; wait $database 2>/dev/null || true
trap - EXIT
environment_lines "$java" > "$out/environment.txt"
