#!/usr/bin/env bash
# What one page costs the CPU with the service launched one way: started fresh, warmed by a ramp (vegeta, 40 req/s
# x1.25 every 10 s up to RATE, 100), then three 20 s windows at RATE, each the CPU the process spent over the
# requests offered (/proc/PID/stat, the service's own time, vegeta's not); during the last window a JFR profile, and
# the share of its samples spent looking resources up on the class path (ClassLoader.getResource in the stack).
# spring-petclinic from its nested jar against the same jar extracted: docs/observing.md, "How it is launched".
#
#   docs/results/ceilings-real-services/launch-cost.sh OUT_DIR PAGE_URL READY_URL -- SERVICE_COMMAND...
#
# Writes OUT_DIR/launch-cost.txt, profile.txt (the JFR summary), service.log and environment.txt. Needs vegeta (or
# VEGETA=path), python3, and JAVA_HOME, a JDK 21+ whose jcmd and jfr reach the service. RATE=n changes the rate.
set -euo pipefail
here=$(dirname "$0")
source "$here/../common.sh"
page_and_service "$@"
java_home=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}
find_vegeta
rate=${RATE:-100}
mkdir -p "$out"
out=$(cd "$out" && pwd)
ticks=$(getconf CLK_TCK)
cpu_ticks() { awk '{print $14 + $15}' "/proc/$server/stat"; }
offer() { echo "GET $page" | "$vegeta" attack -rate="$1" -duration="$2s" -timeout=30s | "$vegeta" report -type=json; }

start_server "$out/service.log" "$ready" "${service[@]}"
{
  vegeta_ramp "$page" "$rate"
  echo "warmed by a ramp from 40 to $rate req/s, 10 s a rate"
  for window in 1 2 3; do
    [ "$window" = 3 ] && "$java_home/bin/jcmd" "$server" JFR.start name=cost settings=profile \
        filename="$out/cost.jfr" > /dev/null
    before=$(cpu_ticks)
    report=$(offer "$rate" 20)
    after=$(cpu_ticks)
    python3 - "$report" "$before" "$after" "$ticks" "$window" "$rate" <<'PY'
import json, math, sys
r = json.loads(sys.argv[1])
cpu_ms = (int(sys.argv[3]) - int(sys.argv[2])) * 1000 / int(sys.argv[4])
p50_ms = r["latencies"]["50th"] / 1e6
served = math.floor(r["success"] * 1000) / 10  # rounded down: 99.96% is not 100.0%
print(f"window {sys.argv[5]}: {r['requests']} requests at {sys.argv[6]} req/s, success {served:.1f}%, "
      f"p50 {p50_ms:.1f} ms, the service CPU {cpu_ms / r['requests']:.2f} ms a request")
PY
  done
  "$java_home/bin/jcmd" "$server" JFR.stop name=cost > /dev/null
} > "$out/launch-cost.txt"
stop_server
"$java_home/bin/jfr" print --events jdk.ExecutionSample --stack-depth 64 "$out/cost.jfr" | python3 -c '
import sys
samples, lookups, top = 0, 0, {}
for block in sys.stdin.read().split("jdk.ExecutionSample")[1:]:
    frames = [l.strip().split(" line:")[0] for l in block.splitlines() if "(" in l and "=" not in l]
    if not frames:
        continue
    samples += 1
    lookups += any("ClassLoader.getResource(" in f for f in frames)
    top[frames[0]] = top.get(frames[0], 0) + 1
print(f"{samples} samples, {lookups} with ClassLoader.getResource in the stack: {lookups * 100 / samples:.0f}%")
for frame, n in sorted(top.items(), key=lambda e: -e[1])[:10]:
    print(f"{n:6} {frame}")' > "$out/profile.txt"
rm "$out/cost.jfr"
cat "$out/profile.txt" | head -1 >> "$out/launch-cost.txt"
{ echo "service: ${service[*]}"; echo "page: $page"
  vegeta_line
  environment_lines "$java_home/bin/java"; } > "$out/environment.txt"
cat "$out/launch-cost.txt"
