#!/usr/bin/env bash
# What one held request costs in live heap, by class: the method of docs/benchmarks.md ("What a held request
# costs"). Starts SERVER_JAR with a 1 GB heap, warms it with 500 requests, takes a class histogram (which collects
# first, so it counts live objects only), fires a burst of 2,000 requests in MODE (sync, async, wrapped, callable), and takes a second histogram once
# the server has held all 2,000 connections for 0.5 s (each request waits 1 s + 1 s, so none has finished; the
# environment file says how many were still open after the histogram). The difference, divided by 2,000, is what
# one held request keeps alive.
#
#   docs/results/held-request/measure.sh OUT_DIR SERVER_JAR MODE [server arguments...]
#   e.g. docs/results/held-request/measure.sh /tmp/held bootstrap/target/vtlab-server.jar sync \
#            --vtlab.virtual-threads.tomcat=true
#
# Writes OUT_DIR/at-rest.txt and OUT_DIR/held.txt (jcmd GC.class_histogram), OUT_DIR/burst.txt (the load
# generator's summary) and OUT_DIR/environment.txt. Needs a JDK 21+ as JAVA_HOME (java and jcmd), the load
# generator's jar (./mvnw package -DskipTests), ss (iproute2), and the port 18190 free. Stops the server it started.
set -euo pipefail
source "$(dirname "$0")/../common.sh"
[ $# -ge 3 ] || { echo "usage: $0 OUT_DIR SERVER_JAR MODE [server arguments...]" >&2; exit 2; }
out=$1 jar=$2 mode=$3; shift 3
java_home=${JAVA_HOME:?set JAVA_HOME to a JDK 21+}
port=18190 burst=2000
loadgen=(java @client-loadgen/jvm.options -jar client-loadgen/target/vtlab-loadgen.jar)
mkdir -p "$out"
start_server "$out/server.log" "http://127.0.0.1:$port/lab/environment" \
    "$java_home/bin/java" -Xmx1g -jar "$jar" --server.port=$port --management.server.port=0 "$@"
PATH="$java_home/bin:$PATH" "${loadgen[@]}" run --url "http://127.0.0.1:$port" --mode "$mode" --requests 500 \
    --warmup 0 > /dev/null
"$java_home/bin/jcmd" $server GC.class_histogram > "$out/at-rest.txt"
PATH="$java_home/bin:$PATH" "${loadgen[@]}" run --url "http://127.0.0.1:$port" --mode "$mode" --requests $burst \
    --warmup 0 > "$out/burst.txt" 2>&1 &
client=$!
held=0
for _ in $(seq 1 200); do   # at most 10 s for the burst to arrive
  held=$(ss -Htn state established "( sport = :$port )" | wc -l)
  [ "$held" -ge $burst ] && break
  sleep 0.05
done
sleep 0.5   # every request read and waiting in the repository (its virtual thread's stack is then in the heap)
"$java_home/bin/jcmd" $server GC.class_histogram > "$out/held.txt"
after=$(ss -Htn state established "( sport = :$port )" | wc -l)   # a request ends by closing its connection
burst_exit=0
wait $client || burst_exit=$?   # a burst that lost or failed a request still leaves its histograms to read
{ echo "held connections: $held of $burst when the histogram began, $after when it ended"
  echo "burst: exit code $burst_exit (burst.txt says why when it is not 0)"
  echo "server: $jar, mode $mode, $*"; environment_lines "$java_home/bin/java"; } \
    > "$out/environment.txt"
