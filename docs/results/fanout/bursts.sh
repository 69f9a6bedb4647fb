#!/usr/bin/env bash
# /fanout under a burst, each way of fanning out: ROUNDS rounds of a fresh server (T on, each of the card's three
# sleepy reads 1 s), 200 requests to warm it, then 2,000 at once; the floor is the slowest branch (1 s), the sum of
# the branches 3 s. Then the aftermath of a late branch: a server whose recommendation waits 3 s past a deadline of
# 1.5 s, 200 requests at once, and what the lab counted (GET /lab/fanout): branches still running when the 504
# answered, and reads started after it.
#
#   JAVA_HOME=... docs/results/fanout/bursts.sh OUT_DIR SERVER_JAR [ROUNDS] [WAY...]
#   e.g. JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64 docs/results/fanout/bursts.sh /tmp/fanout-25 \
#            bootstrap/target/vtlab-server.jar 3 sequential futures-W-on futures-W-off structured
#
# DELAY (an environment variable, 1s unless set) is each read's wait: DELAY=0ms measures what the burst itself costs,
# the reference a floor's ratio is judged against. WAY is sequential, futures-W-on, futures-W-off or structured (structured: JDK 25, started with --enable-preview);
# all four unless given. Writes OUT_DIR/WAY-N.txt (the load generator's summary of round N),
# OUT_DIR/WAY-late.json (the lab's counts after the late branch) and OUT_DIR/environment.txt. Needs the load
# generator's jar (./mvnw package -DskipTests), curl, and the port 18195 free. Stops every server it started.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -ge 2 ] || { echo "usage: JAVA_HOME=... $0 OUT_DIR SERVER_JAR [ROUNDS] [WAY...]" >&2; exit 2; }
out=$1 jar=$2 rounds=${3:-3}
shift $(( $# >= 3 ? 3 : 2 ))
ways=("$@")
[ ${#ways[@]} -gt 0 ] || ways=(sequential futures-W-on futures-W-off structured)
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "$0: ROUNDS must be a positive count, got $rounds" >&2; exit 2; }
java=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}/bin/java
port=18195 url=http://127.0.0.1:18195 delay=${DELAY:-1s}
loadgen=(java @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar)
mkdir -p "$out"
environment_lines "$java" > "$out/environment.txt"

# The server's JVM options and arguments for WAY, the recommendation waiting RECOMMENDATION_DELAY (DELAY unless
# given).   way_arguments WAY [RECOMMENDATION_DELAY]
way_arguments() {
  # each branch logs one INFO line per read: 6,600 lines a round, kept out of the log beside the results
  jvm=(-Xmx1g) args=(--vtlab.virtual-threads.tomcat=true --logging.level.dev.vtlab.adapters.out.fanout=warn
      --vtlab.fan-out.visit-count-delay="$delay" --vtlab.fan-out.last-visit-delay="$delay"
      --vtlab.fan-out.recommendation-delay="${2:-$delay}")
  case $1 in
    sequential) args+=(--vtlab.fan-out=sequential) ;;
    futures-W-on) args+=(--vtlab.fan-out=futures --vtlab.virtual-threads.wrapper=true) ;;
    futures-W-off) args+=(--vtlab.fan-out=futures) ;;
    structured) jvm+=(--enable-preview) args+=(--vtlab.fan-out=structured) ;;
    *) echo "$0: no way named $1 (sequential, futures-W-on, futures-W-off, structured)" >&2; exit 2 ;;
  esac
}

for way in "${ways[@]}"; do
  way_arguments "$way"
  echo "$way: ${jvm[*]} ${args[*]}" >> "$out/environment.txt"
  for n in $(seq 1 "$rounds"); do
    start_server "$out/$way-$n.log" "$url/lab/environment" \
        "$java" "${jvm[@]}" -jar "$jar" --server.port=$port --management.server.port=0 "${args[@]}"
    PATH="$JAVA_HOME/bin:$PATH" "${loadgen[@]}" run --url "$url" --mode fanout --requests 2000 --warmup 200 \
        > "$out/$way-$n.txt" 2>&1 || true   # a failed burst still writes what it measured
    stop_server
  done
  way_arguments "$way" 3s
  start_server "$out/$way-late.log" "$url/lab/environment" \
      "$java" "${jvm[@]}" -jar "$jar" --server.port=$port --management.server.port=0 "${args[@]}" \
      --vtlab.fan-out.deadline=1500ms
  PATH="$JAVA_HOME/bin:$PATH" "${loadgen[@]}" run --url "$url" --mode fanout --requests 200 --warmup 0 \
      > "$out/$way-late.txt" 2>&1 || true
  curl -s "$url/lab/fanout" > "$out/$way-late.json"
  stop_server
done
