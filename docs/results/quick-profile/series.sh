#!/usr/bin/env bash
# The quick profile against the seed profile (docs/benchmarks.md): does the main job's matrix give the seed
# profile's verdicts every time it runs, and how long does it take? RUNS consecutive runs of the main job's matrix
# (`matrix` with its defaults: the quick profile), each in its own folder.
#
#   docs/results/quick-profile/series.sh OUT_DIR      (RUNS=3)
#
# Writes OUT_DIR/run-N/ (the matrix's results.json, which holds its start, finish and verdicts, and report.md; the
# per-request files, server logs and the HTML report are removed to keep the folder small), OUT_DIR/run-N.log and
# OUT_DIR/environment.txt. Needs JAVA_HOME (JDK 21+), the jars (./mvnw package -DskipTests) and the matrix's ports.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -eq 1 ] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
out=$1
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
for n in $(seq 1 "${RUNS:-3}"); do
  "$java" @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar matrix \
      --out "$out/run-$n" > "$out/run-$n.log" 2>&1
  rm -rf "$out/run-$n/requests" "$out/run-$n/servers" "$out/run-$n/report.html" "$out/run-$n/results.csv"
done
environment_lines "$java" > "$out/environment.txt"
