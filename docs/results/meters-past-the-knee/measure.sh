#!/usr/bin/env bash
# Whether the meters answer while the request pool is full: the server with every flag off (Tomcat's 200 platform
# request threads, 1 s + 1 s), a steady rate past T off's knee (150 req/s against a ceiling of 100) for 30 s, the
# load generator reading the lab on the main port and Actuator's meters on the management port, each once a
# second (run --rate --metrics). The issue's baseline: the lab answered, the slowest in 9,372 ms.
#
#   docs/results/meters-past-the-knee/measure.sh OUT_DIR [server arguments...]
#
# Writes OUT_DIR/run.txt (the load generator's summary), OUT_DIR/run.json (every second, the lab's and the meters'
# read times and values) and OUT_DIR/environment.txt. Needs a JDK 21+ as JAVA_HOME, the jars (./mvnw package
# -DskipTests), and the ports 18290 and 18291 free. Stops the server it started.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [server arguments...]" >&2; exit 2; }
out=$1; shift
java_home=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}
port=18290 management=18291 rate=150
mkdir -p "$out"
start_server "$out/server.log" "http://127.0.0.1:$port/lab/environment" \
    "$java_home/bin/java" -jar bootstrap/target/vtlab-server.jar --server.port=$port \
    --management.server.port=$management "$@"
run_exit=0
"$java_home/bin/java" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar run \
    --url "http://127.0.0.1:$port" --rate $rate --metrics "http://127.0.0.1:$management/actuator/prometheus" \
    --json "$out/run.json" > "$out/run.txt" 2>&1 || run_exit=$?
stop_server
{ echo "run: rate $rate req/s for 30 s, exit code $run_exit (1 when a request failed)"
  echo "server: bootstrap/target/vtlab-server.jar $*"; environment_lines "$java_home/bin/java"; } \
    > "$out/environment.txt"
