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
petclinic_runs STARTS "$@"
find_vegeta
for i in $(seq 1 "$count"); do
  echo "start $i: $(date -u +%H:%M:%S)"
  mkdir -p "$out/start-$i"
  start_server "$out/start-$i/service.log" "$petclinic_health" "${petclinic_service[@]}"
  for run in first second; do
    VEGETA=$vegeta python3 "$here/vegeta-knee.py" "$petclinic_owners" 300 "$out/start-$i/$run" > /dev/null
    echo "  $run: $(tail -n 1 "$out/start-$i/$run/vegeta-knee.txt")"
  done
  stop_server
done
echo "end: $(date -u +%H:%M:%S)"
{ echo "service: ${petclinic_service[*]}"
  echo "$(vegeta_line), warm-up at 300 req/s before each knee"
  environment_lines "${petclinic_service[0]}"; } > "$out/environment.txt"
