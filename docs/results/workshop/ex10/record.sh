#!/usr/bin/env bash
# Records exercise 10 of docs/workshop.md ("swap the delivery mechanism") as the trainer's guide quotes it: the
# server on Netty (T off, then T on) on port 18080, what it says at start-up and in /lab/environment, the step's
# burst, and what /callable answers. Run from the repository's root after ./mvnw -q package -DskipTests, nothing
# else running:   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java docs/results/workshop/ex10/record.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/../../../.."
source docs/results/common.sh
JAVA=${JAVA:-java}
OUT=${1:-docs/results/workshop/ex10}
mkdir -p "$OUT"
URL=http://127.0.0.1:18080

record() { # record NAME REQUESTS WARMUP SERVER_ARGS...   (the step's burst as docs/workshop.md writes it)
  local name=$1 requests=$2 warmup=$3
  shift 3
  local server=("$JAVA" -XX:+ExitOnOutOfMemoryError -jar bootstrap/target/vtlab-server.jar --server.port=18080
                --management.server.port=18081 "$@")
  local burst=("$JAVA" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar run --url "$URL"
               --mode sync --requests "$requests" --warmup "$warmup")
  start_server "$OUT/$name.server.log" "$URL/lab/environment" "${server[@]}"
  {
    echo "server: java -XX:+ExitOnOutOfMemoryError -jar bootstrap/target/vtlab-server.jar --server.port=18080 --management.server.port=18081 $*"
    grep -o 'web server .*' "$OUT/$name.server.log"
    echo "webServer: $(curl -s "$URL/lab/environment" | python3 -c 'import json,sys; print(json.load(sys.stdin)["webServer"])')"
    echo "callable: $(curl -s -w ' (HTTP %{http_code})' "$URL/callable?name=Ada")"
    echo "burst: java @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar ${burst[*]:4}"
    "${burst[@]}" 2>&1 || echo "exit $?"
  } > "$OUT/$name.txt"
  stop_server
  rm -f "$OUT/$name.server.log"
}

environment_lines "$JAVA" > "$OUT/environment.txt"
record netty-T-off 40 0 --vtlab.web-server=netty
record netty-T-on 2000 200 --vtlab.web-server=netty --vtlab.virtual-threads.tomcat=true
