#!/usr/bin/env bash
# What the load generator itself costs the cores it shares with a service, beside vegeta: the service started fresh,
# warmed by a ramp (vegeta, 40 req/s x1.25 every 10 s up to RATE, 300), then rounds of ROUND_SECONDS (60) at RATE
# from each client in turn, rotating the order: vtlab-loadgen run with its own JVM options (client-loadgen/jvm.options:
# C1 only), the same with C2 (the options less -XX:TieredStopAtLevel=1), and vegeta. For each, the client's CPU
# (user + sys, its JVM's start included) and the service's (/proc/PID/stat) over the requests offered, and the
# client's p99; with STEADY_FROM=s, also both CPUs read from /proc from s seconds into the round to 5 s before its
# end, over the requests offered then: what a client that has finished starting and compiling costs.
# Why ceilings sustains less than vegeta's knee on a CPU-bound page: docs/observing.md, "What the load generator
# costs".
#
#   docs/results/ceilings-real-services/client-cost.sh OUT_DIR PAGE_URL READY_URL -- SERVICE_COMMAND...
#
# Writes OUT_DIR/client-cost.txt, each client's output, service.log and environment.txt. Needs vegeta (or
# VEGETA=path), python3, JAVA_HOME (a JDK 21+) and the load generator's jar (./mvnw -q install -DskipTests).
# RATE=n, ROUNDS=n (3), ROUND_SECONDS=n (60) and STEADY_FROM=n (unset: no steady reading) change the rounds;
# TIMEOUT=s (30) is both clients' request timeout: the load generator refuses a rate whose requests within it could
# need more ephemeral ports than there are (above about 900 req/s at 30 s).
set -euo pipefail
here=$(dirname "$0")
source "$here/../common.sh"
page_and_service "$@"
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
find_vegeta
rate=${RATE:-300} rounds=${ROUNDS:-3} seconds=${ROUND_SECONDS:-60} from=${STEADY_FROM:-} timeout=${TIMEOUT:-30}
[ -z "$from" ] || [ "$from" -le $((seconds - 15)) ] || {
  echo "STEADY_FROM=$from leaves under 10 s of a $seconds s round: lower it or raise ROUND_SECONDS" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd)
root=$(cd "$here/../../.." && pwd)  # the load generator's jar and options are named from the repository's root
[ -f "$root"/client-loadgen/target/vtlab-loadgen.jar ] || {
  echo "no client-loadgen/target/vtlab-loadgen.jar: build it first (./mvnw -q install -DskipTests)" >&2; exit 2; }
grep -v TieredStopAtLevel "$root/client-loadgen/jvm.options" > "$out/c2.options"
ticks=$(getconf CLK_TCK)

# One client's round, started in the background: its output in OUT/NAME-ROUND.txt, its CPU (user sys, seconds) in
# OUT/NAME-ROUND.time when it ends; $timer is the PID of the /usr/bin/time that runs it.
client() {
  local name=$1 round=$2 file=$out/$1-$2
  case $name in
    vegeta) /usr/bin/time -f "%U %S" -o "$file.time" "$vegeta" attack -targets="$out/targets" -rate="$rate" \
                -duration="${seconds}s" -timeout="${timeout}s" -output="$file.bin" &
            timer=$! ;;
    loadgen-c1|loadgen-c2)
            local options=client-loadgen/jvm.options
            [ "$name" = loadgen-c2 ] && options=$out/c2.options
            (cd "$root" && exec /usr/bin/time -f "%U %S" -o "$file.time" "$java" "@$options" \
                -jar client-loadgen/target/vtlab-loadgen.jar run --url "$page" --rate "$rate" --duration "${seconds}s" \
                --timeout "${timeout}s" --warmup-time 5s > "$file.txt" 2>&1) &
            timer=$! ;;
  esac
}


echo "GET $page" > "$out/targets"
# Written first, so that a run cut short still says where and how it ran.
{ echo "service: ${service[*]}"; echo "page: $page"
  echo "rate: $rate req/s, $seconds s a round, requests timed out after ${timeout}s${from:+, steady from $from s}"
  vegeta_line
  environment_lines "$java"; } > "$out/environment.txt"
start_server "$out/service.log" "$ready" "${service[@]}"
vegeta_ramp "$page" "$rate"
{
  echo "warmed by a ramp from 40 to $rate req/s, 10 s a rate; then $seconds s at $rate req/s from each client\
${from:+; CPU read again from $from s into each round to 5 s before its end}"
  order=(loadgen-c1 loadgen-c2 vegeta)
  for round in $(seq 1 "$rounds"); do
    for name in "${order[@]}"; do
      before=$(ticks_of "$server")
      client "$name" "$round"
      steady=""
      if [ -n "$from" ]; then
        sleep "$from"
        pid=$(pgrep -P "$timer")  # the client /usr/bin/time runs
        steady="$(ticks_of "$pid") $(ticks_of "$server")"
        sleep $((seconds - from - 5))
        steady="$steady $(ticks_of "$pid") $(ticks_of "$server")"
      fi
      status=0
      wait "$timer" || status=$?
      # 1 is a run with requests failed, which the round's line counts; 2 a command line the client refused
      [ "$status" -le 1 ] || { echo "$name, round $round: exit code $status: $(head -n 1 "$out/$name-$round.txt" 2>/dev/null)" >&2
                                stop_server; exit 1; }
      after=$(ticks_of "$server")
      if [ "$name" = vegeta ]; then
        "$vegeta" report -type=json < "$out/vegeta-$round.bin" > "$out/vegeta-$round.txt"
        rm "$out/vegeta-$round.bin"
      fi
      python3 - "$out" "$name" "$round" "$before" "$after" "$ticks" "$rate" "$seconds" "$from" "$steady" <<'PY'
import json, re, sys
out, name, rnd, before, after, ticks, rate, seconds, start, steady = sys.argv[1:]
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
line = (f"round {rnd} {name}: the client's CPU {(user + system) * 1000 / offered:.3f} ms a request, the service's "
        f"{service:.3f} ms, the client's p99 {p99:.1f} ms, {failed} failed")
if steady:
    # ticks of the client and the service at STEADY_FROM s, then at 5 s before the round's end
    client0, service0, client1, service1 = map(int, steady.split())
    end = int(seconds) - 5
    window = int(rate) * (end - int(start))
    line += (f"; from {start} s to {end} s: the client's {(client1 - client0) * 1000 / int(ticks) / window:.3f} ms "
             f"a request, the service's {(service1 - service0) * 1000 / int(ticks) / window:.3f} ms")
print(line)
PY
    done
    order=("${order[@]:1}" "${order[0]}")
  done
} > "$out/client-cost.txt"
stop_server
rm "$out/c2.options" "$out/targets"
cat "$out/client-cost.txt"
