#!/usr/bin/env bash
# Records exercise 11 of docs/workshop.md ("one request, several waits") as the trainer's guide quotes it: each of
# the step's servers on port 18080 with the step's arguments, the step's burst of 2,000 cards, one card asked for
# with a request id (and the server's log lines that carry it), and a card whose recommendation is late with what
# the lab counted after it. Run from the repository's root after ./mvnw -q package -DskipTests, nothing else
# running:   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java docs/results/workshop/ex11/record.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/../../../.."
source docs/results/common.sh
JAVA=${JAVA:-java}
OUT=${1:-docs/results/workshop/ex11}
mkdir -p "$OUT"
URL=http://127.0.0.1:18080
T_ON=(--vtlab.virtual-threads.tomcat=true)
FUTURES=(--vtlab.fan-out=futures --vtlab.virtual-threads.wrapper=true)

serve() { # serve NAME SERVER_ARGS...: starts the server with the step's arguments, its log in OUT/NAME.server.log
  local name=$1
  shift
  start_server "$OUT/$name.server.log" "$URL/lab/environment" "$JAVA" -XX:+ExitOnOutOfMemoryError \
      -jar bootstrap/target/vtlab-server.jar --server.port=18080 --management.server.port=18081 "$@"
  echo "server: java -XX:+ExitOnOutOfMemoryError -jar bootstrap/target/vtlab-server.jar --server.port=18080 --management.server.port=18081 $*"
}

burst() { # the step's burst as docs/workshop.md writes it
  echo "burst: java @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar run --url $URL --mode fanout --requests 2000 --warmup 200"
  "$JAVA" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar run --url "$URL" --mode fanout \
      --requests 2000 --warmup 200 2>&1 || echo "exit $?"
}

environment_lines "$JAVA" > "$OUT/environment.txt"

{ serve sequential "${T_ON[@]}"; burst; } > "$OUT/sequential.txt"
stop_server
rm -f "$OUT/sequential.server.log"

{
  serve futures "${T_ON[@]}" "${FUTURES[@]}"
  burst
  echo "card: $(curl -s -H 'X-Request-Id: ex11' "$URL/fanout?name=Ada")"
  echo "log lines with [ex11]:"
  grep -F '[ex11]' "$OUT/futures.server.log" | sed 's/^.*\(\[ex11\]\)/  ... \1/'
} > "$OUT/futures.txt"
stop_server
rm -f "$OUT/futures.server.log"

{
  serve late "${T_ON[@]}" "${FUTURES[@]}" --vtlab.fan-out.recommendation-delay=3s --vtlab.fan-out.deadline=1500ms
  echo "card: $(curl -s -w ' (HTTP %{http_code})' "$URL/fanout?name=Ada")"
  echo "lab: $(curl -s "$URL/lab/fanout")"
  sleep 2   # the late read's 3 s end
  echo "lab, 2 s later: $(curl -s "$URL/lab/fanout")"
} > "$OUT/late.txt"
stop_server
rm -f "$OUT/late.server.log"
