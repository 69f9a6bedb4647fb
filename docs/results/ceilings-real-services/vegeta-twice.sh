#!/usr/bin/env bash
# vegeta's knee against itself (docs/observing.md, "vegeta's knee, twice on one start"): for each start a fresh
# spring-petclinic, then vegeta-knee.py twice in a row on it (each with its own 90 s warm-up at 300 req/s), as
# pairs.sh measures the search and vegeta's knee on one start. How far two knees of the same tool part on one
# start is how far the reference itself moves.
#
#   JAVA_HOME=/path/to/jdk docs/results/ceilings-real-services/vegeta-twice.sh OUT_DIR PETCLINIC_APP_JAR [STARTS]
#
# PETCLINIC_APP_JAR as pairs.sh's. Writes OUT_DIR/start-N/first and OUT_DIR/start-N/second (vegeta-knee.py's files),
# OUT_DIR/start-N/service.log and OUT_DIR/environment.txt, for N from 1 to STARTS (3). Needs vegeta and python3; port
# 18490 free. About 11 minutes a start.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../common.sh"
[ $# -eq 2 ] || { [ $# -eq 3 ] && [[ $3 =~ ^[1-9][0-9]*$ ]]; } \
    || { echo "usage: JAVA_HOME=... $0 OUT_DIR PETCLINIC_APP_JAR [STARTS]" >&2; exit 2; }
starts=${3:-3}
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
[ -f "$2" ] || { echo "$0: no petclinic jar at $2" >&2; exit 2; }
find_vegeta
out=$1 jar=$2 page="http://127.0.0.1:18490/owners?lastName="
mkdir -p "$out"
for i in $(seq 1 "$starts"); do
  echo "start $i: $(date -u +%H:%M:%S)"
  mkdir -p "$out/start-$i"
  start_server "$out/start-$i/service.log" http://127.0.0.1:18490/actuator/health \
      "$java" -Xmx512m -jar "$jar" --server.port=18490 --server.address=127.0.0.1
  for run in first second; do
    VEGETA=$vegeta python3 "$here/vegeta-knee.py" "$page" 300 "$out/start-$i/$run" > /dev/null
    echo "  $run: $(tail -n 1 "$out/start-$i/$run/vegeta-knee.txt")"
  done
  stop_server
done
echo "end: $(date -u +%H:%M:%S)"
{ echo "service: $java -Xmx512m -jar $jar --server.port=18490 --server.address=127.0.0.1"
  echo "$(vegeta_line), warm-up at 300 req/s before each knee"
  environment_lines "$java"; } > "$out/environment.txt"
