#!/usr/bin/env bash
# Three pairs on petclinic, each on one fresh start: the tool's search, then vegeta's knee on the same service.
set -uo pipefail
cd /work/main
export JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 SAME_START=1
for i in 1 2 3; do
  echo "pair $i: $(date -u +%H:%M:%S)"
  docs/results/ceilings-real-services/measure.sh /tmp/runs/set-11/petclinic-pair-$i "http://127.0.0.1:18490/owners?lastName=" \
      http://127.0.0.1:18490/actuator/metrics 300 -- "$JAVA_HOME/bin/java" -Xmx512m \
      -jar /tmp/runs/set-7/petclinic-app/spring-petclinic-4.0.0-SNAPSHOT.jar --server.port=18490 --server.address=127.0.0.1
  grep Sustained /tmp/runs/set-11/petclinic-pair-$i/run.txt; tail -n 1 /tmp/runs/set-11/petclinic-pair-$i/vegeta-knee.txt
done
echo "end: $(date -u +%H:%M:%S)"
