#!/usr/bin/env bash
# vtlab-loadgen ceilings on a service that is not vtlab (experiment/other-service: Spring MVC on Tomcat's 200
# platform threads, a HikariCP pool of 4, a 200 ms query, Actuator's meters on its own port, no /lab), with the
# command's defaults: its knee predicted from its meters alone, then measured.
#
#   docs/results/ceilings-other-service/measure.sh OUT_DIR [FORMAT]   FORMAT: prometheus (default) or metrics
#
# Writes OUT_DIR/ceilings.md and ceilings.json (the command's report), OUT_DIR/run.txt (its output) and
# OUT_DIR/environment.txt. Needs a JDK 21+ as JAVA_HOME, the jars (./mvnw package -DskipTests), and the ports
# 18390 and 18391 free. Stops the service it started.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -ge 1 ] || { echo "usage: $0 OUT_DIR [prometheus|metrics]" >&2; exit 2; }
out=$1 format=${2:-prometheus}
java_home=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}
port=18390 management=18391
mkdir -p "$out"
start_server "$out/service.log" "http://127.0.0.1:$management/actuator/health" \
    "$java_home/bin/java" -jar experiment/other-service/target/vtlab-other-service.jar --server.port=$port \
    --management.server.port=$management
search_exit=0
"$java_home/bin/java" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar ceilings \
    --url "http://127.0.0.1:$port/orders/count" --metrics "http://127.0.0.1:$management/actuator/$format" \
    --output-dir "$out" > "$out/run.txt" 2>&1 || search_exit=$?
stop_server
{ echo "ceilings: exit code $search_exit, meters from /actuator/$format"
  echo "service: experiment/other-service/target/vtlab-other-service.jar (pool 4, query 200 ms)"
  environment_lines "$java_home/bin/java"; } > "$out/environment.txt"
