#!/usr/bin/env bash
# Runs the workshop's exercises (docs/workshop.md) with the page's own commands, one after the other, from the
# project's root, and keeps what each printed: OUT_DIR/exN-*.txt, and OUT_DIR/durations.txt with how long each
# step took. The servers it starts in the background are stopped by their process group. Exercise 3 (an edit and
# a test run) is run too: the edit by sed, undone by git checkout.
#
#   docs/results/workshop/run-exercises.sh OUT_DIR
#
# Needs the ports 8080 and 8081 free, curl, and the sheet's pre-work build (./mvnw -q install -DskipTests): the
# load generator's commands build only their own module and take the others from the local Maven repository.
set -uo pipefail

# shellcheck source=steps.sh
. "$(dirname "$0")/steps.sh"
begin "$@"

# Exercise 1
start ex1-server-T-off 8080 ./mvnw -q -Pserver package -pl bootstrap -am
step ex1-burst-T-off ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="run --mode sync --requests 2000 --warmup 200"
stop
start ex1-server-T-on 8080 ./mvnw -q -Pserver package -pl bootstrap -am -Dvtlab.server.args="--vtlab.virtual-threads.tomcat=true"
step ex1-burst-T-on ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="run --mode sync --requests 2000 --warmup 200"
stop

# Exercise 2
start ex2-server-A-on 8080 ./mvnw -q -Pserver package -pl bootstrap -am -Dvtlab.server.args="--vtlab.virtual-threads.async-executor=true"
thread_map ex2 async callable
step ex2-burst-A-on ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="run --mode callable --requests 2000 --warmup 200"
stop
start ex2-server-A-off 8080 ./mvnw -q -Pserver package -pl bootstrap -am
step ex2-burst-A-off ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="run --mode callable --requests 2000 --warmup 200"
stop

# Exercise 3
sed -i 's/return visits.countAsync()/return CompletableFuture.supplyAsync(visits::count)/' \
    application/src/main/java/dev/vtlab/application/service/SayHelloService.java
step ex3-architecture-broken ./mvnw -q test -pl bootstrap -am -Dtest=ArchitectureTest -Dsurefire.failIfNoSpecifiedTests=false
git checkout -- application
step ex3-architecture-undone ./mvnw -q test -pl bootstrap -am -Dtest=ArchitectureTest -Dsurefire.failIfNoSpecifiedTests=false

# Exercise 4
start ex4-store 8081 ./mvnw -q -Pdownstream package -pl experiment/downstream -Dvtlab.args="visit-store --port 8081 --count-delay 1s --save-delay 1s"
store_group=$server_group
start ex4-server-http 8080 ./mvnw -q -Pserver package -pl bootstrap -am -Dvtlab.server.args="--vtlab.repository.kind=http --vtlab.repository.url=http://127.0.0.1:8081"
step ex4-burst-async ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="run --mode async --requests 2000 --warmup 200"
step ex4-burst-sync-T-off ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="run --mode sync --requests 2000 --warmup 200"
stop
start ex4-server-http-T-on 8080 ./mvnw -q -Pserver package -pl bootstrap -am -Dvtlab.server.args="--vtlab.repository.kind=http --vtlab.repository.url=http://127.0.0.1:8081 --vtlab.virtual-threads.tomcat=true"
step ex4-burst-sync-T-on ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="run --mode sync --requests 2000 --warmup 200"
stop
server_group=$store_group; stop
step ex4-git-diff git diff --stat -- domain application

# Exercise 5
start ex5-server-all-on 8080 ./mvnw -q -Pserver package -pl bootstrap -am -Dvtlab.server.args="--vtlab.virtual-threads.tomcat=true --vtlab.virtual-threads.async-executor=true --vtlab.virtual-threads.wrapper=true --vtlab.virtual-threads.repository=true"
thread_map ex5 callable
stop

# Exercise 6
start ex6-server-T-on 8080 ./mvnw -q -Pserver package -pl bootstrap -am -Dvtlab.server.jvm="-Xmx512m -XX:+ExitOnOutOfMemoryError" -Dvtlab.server.args="--vtlab.virtual-threads.tomcat=true"
live_heap ex6-heap-before
step ex6-burst-T-on ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="run --mode sync --requests 10000 --timeout 120s --warmup 200"
live_heap ex6-heap-after
step ex6-burst-T-on-again ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="run --mode sync --requests 10000 --timeout 120s --warmup 200"
live_heap ex6-heap-after-again
stop
start ex6-server-T-off 8080 ./mvnw -q -Pserver package -pl bootstrap -am -Dvtlab.server.jvm="-Xmx512m -XX:+ExitOnOutOfMemoryError"
step ex6-burst-T-off ./mvnw -q -Pexperiment package -pl client-loadgen -Dvtlab.args="run --mode sync --requests 10000 --timeout 120s --warmup 200"
stop
trim_histograms
echo "environment: $(nproc) cores, $(uname -sr), $(java -version 2>&1 | head -1) as default java; the build's JDK: see the summaries" >> "$out/durations.txt"
