#!/usr/bin/env bash
# vtlab-loadgen ceilings on one page of a service, with the command's defaults, on a freshly started service; then
# vegeta's knee of the same page on another fresh start of it (vegeta-knee.py: 90 s at WARM_RATE, about two thirds
# of the knee, then x1.2 a 15 s step, held = 100% success and p99 <= 100 ms, one bisection). The two are set side by
# side in docs/observing.md.
#
#   docs/results/ceilings-real-services/measure.sh OUT_DIR PAGE_URL METRICS_URL WARM_RATE -- SERVICE_COMMAND...
#
# SERVICE_COMMAND starts the service in the foreground, serving PAGE_URL and METRICS_URL on loopback; the script
# starts it, waits for METRICS_URL, and stops it, twice. WARM_RATE 0 skips vegeta (a search alone). Writes
# OUT_DIR/ceilings.{md,json} and run.txt (the search), service-ceilings.log, vegeta-*.json, vegeta-knee.txt,
# service-vegeta.log and environment.txt. Needs a JDK 21+ as JAVA_HOME, the jars (./mvnw package -DskipTests),
# vegeta for WARM_RATE > 0, and python3. BESIDE=path/ceilings.json sets an earlier search beside this one (--beside);
# RAMP_FROM=rate climbs to WARM_RATE from that rate before vegeta's warm-up (vegeta-knee.py); CEILINGS_ARGS="..."
# adds options to the search (its defaults otherwise); SAME_START=1 runs vegeta on the service the search warmed,
# right after it, instead of on a fresh start (a pair of one start: what moves between starts, the JIT's choices,
# the heap's layout, moves both); with it KNEES=N measures vegeta's knee N times in a row on that start (each with its
# own warm-up), the second and later into OUT_DIR/knee-2 to knee-N: the search beside several knees of one start.
# WARM_FROM_KNEE=1 (with KNEES of 2 or more) warms each knee after the first at two thirds of the knee before it: the
# method's "about two thirds of the knee", found by the first, which warmed at WARM_RATE, a guess made before any knee
# of this start was known (a first knee with none held leaves the next at WARM_RATE).
set -euo pipefail
here=$(dirname "$0")
source "$here/../common.sh"

# Two thirds of the knee in vegeta-knee.py's KNEE_FILE ("knee: N req/s held, ..."), rounded; FALLBACK where none held.
#   two_thirds_of_knee KNEE_FILE FALLBACK
two_thirds_of_knee() {
  awk -v fallback="$2" '/^knee: [0-9]+ req\/s held/ {knee = $2} END {print knee ? int(knee * 2 / 3 + 0.5) : fallback}' "$1"
}

knees=${KNEES:-1}
[[ $knees =~ ^[1-9][0-9]*$ ]] || { echo "$0: KNEES must be a whole number from 1, not $knees" >&2; exit 2; }
[ "$knees" = 1 ] || [ -n "${SAME_START:-}" ] \
    || { echo "$0: KNEES=$knees needs SAME_START=1 (the knees of one start)" >&2; exit 2; }
[ -z "${WARM_FROM_KNEE:-}" ] || [ "$knees" -ge 2 ] \
    || { echo "$0: WARM_FROM_KNEE=1 needs KNEES of 2 or more (a knee to take two thirds of)" >&2; exit 2; }
[ $# -ge 6 ] && [ "$5" = "--" ] || { echo "usage: $0 OUT_DIR PAGE_URL METRICS_URL WARM_RATE -- SERVICE_COMMAND..." >&2; exit 2; }
out=$1 page=$2 metrics=$3 warm=$4
shift 5
java_home=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}
mkdir -p "$out"
start_server "$out/service-ceilings.log" "$metrics" "$@"
search_exit=0
# The options file keeps the load generator on C1, for bursts too short to repay C2's compiles; a search runs for
# minutes, and on the cores it shares with the service C2's code cost a third less a request once compiled
# (docs/observing.md, "What the load generator costs"): C2 back, the last -XX:TieredStopAtLevel winning.
"$java_home/bin/java" @client-loadgen/jvm.options -XX:TieredStopAtLevel=4 \
    -jar client-loadgen/target/vtlab-loadgen.jar ceilings \
    --url "$page" --metrics "$metrics" --output-dir "$out" ${BESIDE:+--beside "$BESIDE"} ${CEILINGS_ARGS:-} \
    > "$out/run.txt" 2>&1 \
    || search_exit=$?
if [ "$warm" != 0 ]; then
  find_vegeta
  if [ -z "${SAME_START:-}" ]; then
    stop_server
    start_server "$out/service-vegeta.log" "$metrics" "$@"
  fi
  python3 "$here/vegeta-knee.py" "$page" "$warm" "$out" > /dev/null
  before=$out
  for k in $(seq 2 "$knees"); do
    rate=$warm
    [ -z "${WARM_FROM_KNEE:-}" ] || rate=$(two_thirds_of_knee "$before/vegeta-knee.txt" "$warm")
    python3 "$here/vegeta-knee.py" "$page" "$rate" "$out/knee-$k" > /dev/null
    before=$out/knee-$k
  done
fi
stop_server
{ echo "ceilings: exit code $search_exit, page $page, meters $metrics${CEILINGS_ARGS:+, options $CEILINGS_ARGS}"
  echo "service: $*"
  [ "$warm" != 0 ] && echo "$(vegeta_line), warm-up at $warm req/s${RAMP_FROM:+ after a ramp from $RAMP_FROM req/s}\
${SAME_START:+, on the service the search warmed (same start)}${KNEES:+, $knees knees in a row}\
${WARM_FROM_KNEE:+, each after the first warmed at two thirds of the one before}"
  environment_lines "$java_home/bin/java"; } > "$out/environment.txt"
