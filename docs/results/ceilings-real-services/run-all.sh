#!/usr/bin/env bash
# Every run behind docs/observing.md's "On services of their own": vtlab-loadgen ceilings with its defaults on each
# of other-service's three pages and on a real public application (spring-petclinic, whose jar you build yourself and
# pass as PETCLINIC_JAR), each beside vegeta's knee of the same page (measure.sh); the threads-bound page and
# petclinic again with Boot's virtual-thread switch on, beside the first search; and petclinic's cold overload with
# the switch off, on, and on with the connection bound, the accept queue and the keep-alive timeout the search
# recommends (overload.sh).
# Every service at -Xmx512m.
# petclinic runs extracted (java -Djarmode=tools -jar JAR extract, Boot's layout for deployments, into
# OUT_DIR/petclinic-app): from its nested jar each page cost about 12 ms of CPU, most of it class-path lookups of
# the page's links, against 3.7 ms extracted (docs/observing.md); PETCLINIC_NESTED=1 runs the jar as it is.
#
#   PETCLINIC_JAR=/path/to/spring-petclinic.jar docs/results/ceilings-real-services/run-all.sh OUT_DIR [orders|petclinic]
#
# The second argument runs one application's part alone. Needs JAVA_HOME (JDK 21+), the jars (./mvnw package
# -DskipTests), vegeta, python3, ports 18390, 18391, 18490 free. A run whose folder exists is not run again (delete it
# to measure it anew). About 45 minutes.
set -euo pipefail
here=$(dirname "$0")
source "$here/../common.sh"
[ $# -eq 1 ] || { [ $# -eq 2 ] && [[ $2 =~ ^(orders|petclinic)$ ]]; } \
    || { echo "usage: PETCLINIC_JAR=... $0 OUT_DIR [orders|petclinic]" >&2; exit 2; }
out=$1 part=${2:-all}
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
orders=("$java" -Xmx512m -jar experiment/other-service/target/vtlab-other-service.jar --server.port=18390
        --management.server.port=18391)
meters=http://127.0.0.1:18391/actuator/prometheus

# measure NAME PAGE METERS WARM_RATE COMMAND...
measure() {
  local name=$1; shift
  [ -d "$out/$name" ] && { echo "$name: kept"; return 0; }
  echo "$name: $(date -u +%H:%M:%S)"
  "$here/measure.sh" "$out/$name" "$1" "$2" "$3" -- "${@:4}"
  tail -n 6 "$out/$name/run.txt"; [ -f "$out/$name/vegeta-knee.txt" ] && tail -n 1 "$out/$name/vegeta-knee.txt"
  return 0
}

if [ "$part" != petclinic ]; then
  measure orders-count http://127.0.0.1:18390/orders/count "$meters" 13 "${orders[@]}"
  measure orders-status http://127.0.0.1:18390/orders/status "$meters" 66 "${orders[@]}"
  measure orders-report http://127.0.0.1:18390/orders/report "$meters" 390 "${orders[@]}"
  BESIDE=$out/orders-status/ceilings.json measure orders-status-virtual http://127.0.0.1:18390/orders/status \
      "$meters" 0 "${orders[@]}" --spring.threads.virtual.enabled=true
fi
[ "$part" != orders ] || exit 0

petclinic=${PETCLINIC_JAR:?set PETCLINIC_JAR to a spring-petclinic jar}
if [ -z "${PETCLINIC_NESTED:-}" ]; then
  [ -d "$out/petclinic-app" ] || "$java" -Djarmode=tools -jar "$petclinic" extract --destination "$out/petclinic-app"
  petclinic=$out/petclinic-app/$(basename "$petclinic")
fi
petclinic_command "$java" "$petclinic"
# vegeta's warm-up at 300 req/s, reached by a ramp: offered at once to the fresh service it queued past the heap
# (vegeta-knee.py). About two thirds of petclinic's knees in sets 4 to 7 (0.58 to 0.76), less in the faster hours
# since (docs/observing.md, set 36).
RAMP_FROM=40 measure petclinic "$petclinic_owners" "$petclinic_metrics" 300 "${petclinic_service[@]}"
BESIDE=$out/petclinic/ceilings.json measure petclinic-virtual "$petclinic_owners" "$petclinic_metrics" 0 \
    "${petclinic_service[@]}" --spring.threads.virtual.enabled=true
# The bound, the accept queue and the keep-alive timeout the switch-on search recommends (a search written before
# the last two were recommended leaves them as Tomcat has them).
bound_args=$(python3 -c "import json,sys; a = json.load(open(sys.argv[1]))['virtualThreads']
print(f\"--server.tomcat.max-connections={a['maxConnections']}\"
      + (f\" --server.tomcat.accept-count={a['acceptQueue']}\" if a.get('acceptQueue') else '')
      + (f\" --server.tomcat.keep-alive-timeout={a['keepAliveTimeout']}\" if a.get('keepAliveTimeout') else ''))" \
    "$out/petclinic-virtual/ceilings.json")
for variant in "platform:" "virtual:--spring.threads.virtual.enabled=true" \
    "virtual-bound:--spring.threads.virtual.enabled=true $bound_args"; do
  name=overload-${variant%%:*}; args=${variant#*:}
  [ -d "$out/$name" ] && { echo "$name: kept"; continue; }
  echo "$name: $(date -u +%H:%M:%S)"
  # shellcheck disable=SC2086 # the variant's arguments are words
  "$here/overload.sh" "$out/$name" "$petclinic_owners" "$petclinic_health" -- "${petclinic_service[@]}" $args
done
