#!/usr/bin/env bash
# Pairs on one start (docs/observing.md, sets 9 to 11): for each pair a fresh spring-petclinic, vtlab-loadgen ceilings
# with its defaults on its owners page, then vegeta's knee on the same, now warm, service (measure.sh with
# SAME_START=1; vegeta's own 90 s warm-up at 300 req/s first). Sets 9 to 11 ran this loop with OUT_DIR
# /tmp/runs/set-9 to set-11 and three pairs.
#
#   JAVA_HOME=/path/to/jdk docs/results/ceilings-real-services/pairs.sh OUT_DIR PETCLINIC_APP_JAR [PAIRS]
#
# PETCLINIC_APP_JAR is the jar of an extracted petclinic (run-all.sh's OUT_DIR/petclinic-app). Writes
# OUT_DIR/petclinic-pair-N (measure.sh's files) for N from 1 to PAIRS (3). Needs what measure.sh needs; port 18490
# free. About 8 minutes a pair. KNEES=N measures vegeta's knee N times in a row on each start (measure.sh), each about
# 4 minutes more; with WARM_FROM_KNEE=1 each knee after the first warms at two thirds of the one before (measure.sh):
# the 300 req/s of the first was 0.58 to 0.76 of petclinic's knees in sets 14 and 15, 0.16 to 0.48 of them in the
# other sets from 9 to 35 (0.16 to 0.37 from set 18 on): not the method's two thirds.
set -euo pipefail
shopt -s nullglob  # knee-*: none unless KNEES is above 1
here=$(dirname "$0")
source "$here/../common.sh"
petclinic_runs PAIRS "$@"
cd "$here/../../.."  # measure.sh names the load generator's jar and options from the repository's root
here=docs/results/ceilings-real-services
for i in $(seq 1 "$count"); do
  echo "pair $i: $(date -u +%H:%M:%S)"
  SAME_START=1 "$here/measure.sh" "$out/petclinic-pair-$i" "$petclinic_owners" "$petclinic_metrics" 300 \
      -- "${petclinic_service[@]}" || true
  grep Sustained "$out/petclinic-pair-$i/run.txt" || true
  tail -q -n 1 "$out/petclinic-pair-$i/vegeta-knee.txt" "$out/petclinic-pair-$i"/knee-*/vegeta-knee.txt
done
echo "end: $(date -u +%H:%M:%S)"
