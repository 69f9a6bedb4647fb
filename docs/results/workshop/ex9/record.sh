#!/usr/bin/env bash
# Records exercise 9 of docs/workshop.md ("the ceilings of a service you bring") with the page's own commands, as the
# trainer's guide quotes it: other-service with Boot's switch off and the search, then the switch on and the search
# beside the first. Keeps each step's output and how long it took (OUT_DIR/ex9-*.txt, durations.txt), the two
# reports (OUT_DIR/status-platform, OUT_DIR/status-virtual) and where it ran (environment.txt). Run from the root of
# a fresh clone after the pre-work (./mvnw -q install -DskipTests), ports 8090 and 8091 free, nothing else running:
#
#   docs/results/workshop/ex9/record.sh OUT_DIR
set -uo pipefail
cd "$(dirname "$0")/../../../.."
# shellcheck source=../steps.sh
. docs/results/workshop/steps.sh
# shellcheck source=../../common.sh
. docs/results/common.sh
begin "$@"
rm -rf results/ceilings/status-platform results/ceilings/status-virtual

start ex9-service-platform 8090 ./mvnw -q -Pother-service package -pl experiment/other-service -am
step ex9-search-platform ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="ceilings --url http://127.0.0.1:8090/orders/status --metrics http://127.0.0.1:8091/actuator/prometheus --output-dir results/ceilings/status-platform"
stop
start ex9-service-virtual 8090 ./mvnw -q -Pother-service package -pl experiment/other-service -am -Dvtlab.other-service.args="--spring.threads.virtual.enabled=true"
step ex9-search-virtual ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="ceilings --url http://127.0.0.1:8090/orders/status --metrics http://127.0.0.1:8091/actuator/prometheus --output-dir results/ceilings/status-virtual --beside results/ceilings/status-platform/ceilings.json"
stop

cp -r results/ceilings/status-platform results/ceilings/status-virtual "$out"/
{
  commit_line
  echo "cores: $(nproc)"
  echo "default java: $(java -version 2>&1 | head -1); the service and the load generator run on the JDK 21+ the build's toolchain finds (each report's \"Load generator\" line names it)"
  echo "when: $(date -u +%Y-%m-%d), finished $(date -u +%H:%M) UTC"
} > "$out/environment.txt"
