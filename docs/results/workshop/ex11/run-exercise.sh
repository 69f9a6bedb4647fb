#!/usr/bin/env bash
# Runs exercise 11 of docs/workshop.md ("one request, several waits") with the page's own commands, as a participant
# runs it from a fresh clone: each step's server through Maven (-Pserver), the burst through Maven (-Pexperiment),
# the card and the lab through curl. Keeps what each printed (OUT_DIR/ex11-*.txt) and how long each step took
# (OUT_DIR/durations.txt). The branches log a line per read, 6,600 a burst: each server's output keeps its start-up
# and shutdown lines and the lines with the exercise's request id ([ex11]), not the others.
#
#   docs/results/workshop/ex11/run-exercise.sh OUT_DIR
#
# Needs the ports 8080 and 8081 free, curl, and the sheet's pre-work build (./mvnw -q install -DskipTests): the
# load generator's commands build only their own module and take the others from the local Maven repository.
set -uo pipefail

# shellcheck source=../steps.sh
. "$(dirname "$0")/../steps.sh"
begin "$@"

keep_request_lines() { # keep_request_lines NAME: a server's output without the branch lines of other requests
    sed -i '/BranchRecorder/{/\[ex11\]/!d}' "$out/$1.txt"
}

# Step 1 and 2: the reads one after the other, T on, 2,000 cards at once
start ex11-server-sequential 8080 ./mvnw -q -Pserver package -pl bootstrap -am -Dvtlab.server.args="--vtlab.virtual-threads.tomcat=true"
step ex11-burst-sequential ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="run --mode fanout --requests 2000 --warmup 200"
stop
keep_request_lines ex11-server-sequential

# Step 3: the reads as futures on W's virtual threads; the burst again; one card with a request id, and its lines
start ex11-server-futures 8080 ./mvnw -q -Pserver package -pl bootstrap -am -Dvtlab.server.args="--vtlab.virtual-threads.tomcat=true --vtlab.fan-out=futures --vtlab.virtual-threads.wrapper=true"
step ex11-burst-futures ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="run --mode fanout --requests 2000 --warmup 200"
step ex11-card curl -s -H 'X-Request-Id: ex11' 'http://127.0.0.1:8080/fanout?name=Ada'
step ex11-card-lines grep -F '[ex11]' "$out/ex11-server-futures.txt"
stop
keep_request_lines ex11-server-futures

# Step 4: a recommendation 3 s late past a deadline of 1.5 s; the card, the lab at once, and the lab once the read ended
start ex11-server-late 8080 ./mvnw -q -Pserver package -pl bootstrap -am -Dvtlab.server.args="--vtlab.virtual-threads.tomcat=true --vtlab.fan-out=futures --vtlab.virtual-threads.wrapper=true --vtlab.fan-out.recommendation-delay=3s --vtlab.fan-out.deadline=1500ms"
step ex11-late-card curl -s 'http://127.0.0.1:8080/fanout?name=Ada'
step ex11-late-lab curl -s http://127.0.0.1:8080/lab/fanout
sleep 3
step ex11-late-lab-again curl -s http://127.0.0.1:8080/lab/fanout
stop

echo "environment: $(nproc) cores, $(uname -sr), $(java -version 2>&1 | head -1) as default java, commit $(git rev-parse --short HEAD); the build's JDK: see the bursts' client and server lines" >> "$out/durations.txt"
