#!/usr/bin/env bash
# What the load generator itself costs the cores it shares with a service, beside vegeta: the service started fresh,
# warmed by a ramp (vegeta, 40 req/s x1.25 every 10 s up to RATE, 300), then rounds of 60 s at RATE from each client
# in turn, rotating the order: vtlab-loadgen run with its own JVM options (client-loadgen/jvm.options: C1 only),
# the same with C2 (the options less -XX:TieredStopAtLevel=1), and vegeta. For each, the client's CPU (user + sys,
# its JVM's start included) and the service's (/proc/PID/stat) over the requests offered, and the client's p99.
# Why ceilings sustains less than vegeta's knee on a CPU-bound page: docs/observing.md, "What the load generator
# costs".
#
#   docs/results/ceilings-real-services/client-cost.sh OUT_DIR PAGE_URL READY_URL -- SERVICE_COMMAND...
#
# Writes OUT_DIR/client-cost.txt, each client's output, service.log and environment.txt. Needs vegeta (or
# VEGETA=path), python3, JAVA_HOME (a JDK 21+) and the load generator's jar (./mvnw -q install -DskipTests).
# RATE=n and ROUNDS=n (3) change the rate and the rounds.
set -euo pipefail
here=$(dirname "$0")
source "$here/../common.sh"
page_and_service "$@"
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
find_vegeta
rate=${RATE:-300} rounds=${ROUNDS:-3} seconds=60
mkdir -p "$out"
out=$(cd "$out" && pwd)
root=$(cd "$here/../../.." && pwd)  # the load generator's jar and options are named from the repository's root
[ -f "$root"/client-loadgen/target/vtlab-loadgen.jar ] || {
  echo "no client-loadgen/target/vtlab-loadgen.jar: build it first (./mvnw -q install -DskipTests)" >&2; exit 2; }
grep -v TieredStopAtLevel "$root/client-loadgen/jvm.options" > "$out/c2.options"
ticks=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }

# One client's round: its output in OUT/NAME-ROUND.txt, its CPU (user sys, seconds) in OUT/NAME-ROUND.time.
client() {
  local name=$1 round=$2 file=$out/$1-$2
  case $name in
    vegeta) /usr/bin/time -f "%U %S" -o "$file.time" bash -c "echo 'GET $page' | '$vegeta' attack -rate=$rate \
                -duration=${seconds}s -timeout=30s > '$file.bin'"
            "$vegeta" report -type=json < "$file.bin" > "$file.txt"; rm "$file.bin" ;;
    loadgen-c1|loadgen-c2)
            local options=client-loadgen/jvm.options
            [ "$name" = loadgen-c2 ] && options=$out/c2.options
            (cd "$root" && /usr/bin/time -f "%U %S" -o "$file.time" "$java" "@$options" \
                -jar client-loadgen/target/vtlab-loadgen.jar run --url "$page" --rate "$rate" --duration "${seconds}s" \
                --warmup-time 5s > "$file.txt" 2>&1) ;;
  esac
}

start_server "$out/service.log" "$ready" "${service[@]}"
vegeta_ramp "$page" "$rate"
{
  echo "warmed by a ramp from 40 to $rate req/s, 10 s a rate; then $seconds s at $rate req/s from each client"
  order=(loadgen-c1 loadgen-c2 vegeta)
  for round in $(seq 1 "$rounds"); do
    for name in "${order[@]}"; do
      before=$(cpu_ticks)
      client "$name" "$round"
      after=$(cpu_ticks)
      python3 - "$out" "$name" "$round" "$before" "$after" "$ticks" "$rate" "$seconds" <<'PY'
import json, re, sys
out, name, rnd, before, after, ticks, rate, seconds = sys.argv[1:]
offered = int(rate) * int(seconds)
user, system = map(float, open(f"{out}/{name}-{rnd}.time").read().split())
text = open(f"{out}/{name}-{rnd}.txt").read()
if name == "vegeta":
    r = json.loads(text)
    p99, failed = r["latencies"]["99th"] / 1e6, r["requests"] - round(r["success"] * r["requests"])
else:
    p99 = float(re.search(r"^from due ms .* p99 ([0-9.]+)", text, re.M).group(1))
    failed = int(re.search(r"^failed\s+(\d+)", text, re.M).group(1))
service = (int(after) - int(before)) * 1000 / int(ticks) / offered
print(f"round {rnd} {name}: the client's CPU {(user + system) * 1000 / offered:.3f} ms a request, the service's "
      f"{service:.3f} ms, the client's p99 {p99:.1f} ms, {failed} failed")
PY
    done
    order=("${order[@]:1}" "${order[0]}")
  done
} > "$out/client-cost.txt"
stop_server
rm "$out/c2.options"
{ echo "service: ${service[*]}"; echo "page: $page"; echo "rate: $rate req/s, $seconds s a round"
  vegeta_line
  environment_lines "$java"; } > "$out/environment.txt"
cat "$out/client-cost.txt"
