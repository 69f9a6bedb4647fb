#!/usr/bin/env bash
# Whether the CPU a request costs as `ceilings` counts it on a loopback URL (the service's process and the load
# generator's) is all the machine spends on it: the kernel's loopback work runs in softirqs, which ksoftirqd may
# take up, in neither process. A fresh spring-petclinic, then the load generator's `run --url` on its owners page at
# steady rates: 60 s at 300 and at 800 req/s to warm it, then 20 s at each of 400, 800, 1,100, 1,300 and 1,500; every
# second the machine's busy and idle ticks (/proc/stat), its softirq ticks, and the ticks of the service, of the load
# generator and of the ksoftirqd threads. docs/observing.md, "What the load generator costs", sets them side by side.
#
#   JAVA_HOME=/path/to/jdk docs/results/ceilings-real-services/machine-cpu/machine-cpu.sh OUT_DIR PETCLINIC_APP_JAR
#
# PETCLINIC_APP_JAR as pairs.sh takes it. Writes OUT_DIR/seconds.txt, phases.txt, run-RATE-N.txt (each run's output),
# service.log and environment.txt; attributed.py OUT_DIR then sums each rate's seconds. Linux; port 18490 free; the
# load generator's jar built (./mvnw package -DskipTests). About 5 minutes.
set -euo pipefail
here=$(dirname "$0")
source "$here/../../common.sh"
[ $# -eq 2 ] || { echo "usage: JAVA_HOME=... $0 OUT_DIR PETCLINIC_APP_JAR" >&2; exit 2; }
petclinic_runs RUNS "$@"  # OUT_DIR made, the jar checked, $petclinic_service set (its optional count unused here)
cd "$here/../../../.."  # the load generator's jar and options, from the repository's root
java=$JAVA_HOME/bin/java
start_server "$out/service.log" "$petclinic_metrics" "${petclinic_service[@]}"
ksoftirqd=$(for comm in /proc/[0-9]*/comm; do
  [[ $(cat "$comm" 2>/dev/null) == ksoftirqd* ]] && basename "$(dirname "$comm")"; done || true)
: > "$out/phases.txt"
loadgen=0
# One line a second: epoch, busy (user nice system irq softirq steal), idle (idle iowait), softirq, then the ticks of
# the service, of the load generator (0 between runs) and of the ksoftirqd threads, so far.
sample() {
  while kill -0 "$server" 2>/dev/null; do
    read -r _ user nice system idle iowait irq softirq steal _ < /proc/stat
    local ks=0 pid
    for pid in $ksoftirqd; do ks=$((ks + $(ticks_of "$pid"))); done
    echo "$(date +%s.%N) $((user + nice + system + irq + softirq + steal)) $((idle + iowait)) $softirq" \
        "$(ticks_of "$server") $(ticks_of "$(cat "$out/loadgen.pid" 2>/dev/null || echo 0)") $ks"
    sleep 1
  done
}
sample > "$out/seconds.txt" &
sampler=$!
n=0
for phase in 300:60s 800:60s 400:20s 800:20s 1100:20s 1300:20s 1500:20s; do
  rate=${phase%%:*} duration=${phase#*:} n=$((n + 1))
  echo "start $rate $(date +%s)" >> "$out/phases.txt"
  # C2 as measure.sh runs a search (the last -XX:TieredStopAtLevel wins); a 10 s timeout keeps the requests a rate
  # may hold in flight within the client's ports.
  "$java" @client-loadgen/jvm.options -XX:TieredStopAtLevel=4 -jar client-loadgen/target/vtlab-loadgen.jar run \
      --url "$petclinic_owners" --rate "$rate" --duration "$duration" --warmup-time 2s --timeout 10s \
      > "$out/run-$rate-$n.txt" 2>&1 &
  echo $! > "$out/loadgen.pid"
  wait $! || true
  rm "$out/loadgen.pid"
  echo "end $rate $(date +%s)" >> "$out/phases.txt"
done
stop_server
wait "$sampler" || true
{ echo "service: ${petclinic_service[*]}"; environment_lines "$java"; } > "$out/environment.txt"
