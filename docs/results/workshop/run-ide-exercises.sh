#!/usr/bin/env bash
# Runs the workshop's exercises (docs/workshop.md) through the IDE path: each step starts the run configuration the
# sheet names, as IntelliJ IDEA starts an "Application" configuration of .run/*.run.xml: `java VM_PARAMETERS -cp
# <the module's classes and runtime classpath> MAIN_CLASS_NAME PROGRAM_PARAMETERS` in the project's root, with the
# reactor's modules as target/classes folders, not jars. (VS Code's .vscode/launch.json holds the same module, main
# class and arguments for every configuration: RunConfigurationsTest.) The curl requests are those of
# docs/workshop.http. Exercise 3 is a test run, the same from the IDE as from run-exercises.sh, and is not repeated.
#
#   docs/results/workshop/run-ide-exercises.sh OUT_DIR
#
# Writes OUT_DIR/exN-*.txt and OUT_DIR/durations.txt, like run-exercises.sh. Needs JAVA_HOME (the IDE's project
# JDK, 21+), the ports 8080 and 8081 free, and curl; compiles the modules and resolves their classpaths first.
set -uo pipefail

# shellcheck source=steps.sh
. "$(dirname "$0")/steps.sh"
begin "$@"
java=${JAVA_HOME:?set JAVA_HOME to the JDK the IDE would use (21+)}/bin/java

# What the IDE's build does before a run: compile, and know each module's runtime classpath.
./mvnw -q -B compile dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile=target/ide-classpath.txt \
    > "$out/ide-build.txt" 2>&1 || { echo "the build failed: $out/ide-build.txt" >&2; exit 1; }

ide() { # ide 'CONFIGURATION NAME': sets run to the command line of that .run configuration
    local file module folder
    file=$(grep -l "<configuration [^>]*name=\"$1\"" .run/*.run.xml) || { echo "no configuration '$1'" >&2; return 1; }
    option() { sed -n "s/.*<option name=\"$1\" value=\"\([^\"]*\)\".*/\1/p" "$file"; }
    module=$(sed -n 's/.*<module name="\([^"]*\)".*/\1/p' "$file")
    for pom in */pom.xml; do   # the folder whose pom's own artifactId (the first after </parent>) is the module
      if sed -n '/<\/parent>/,$p' "$pom" | grep -m1 -o '<artifactId>[^<]*' | grep -qx "<artifactId>$module"; then
        folder=$(dirname "$pom")
      fi
    done
    # shellcheck disable=SC2046 # VM_PARAMETERS and PROGRAM_PARAMETERS are lists of words, as the IDE splits them
    run=("$java" $(option VM_PARAMETERS) -cp "$folder/target/classes:$(cat "$folder/target/ide-classpath.txt")"
         "$(option MAIN_CLASS_NAME)" $(option PROGRAM_PARAMETERS))
}

# Exercise 1
ide "vtlab server (flags.properties)"; start ex1-server-T-off 8080 "${run[@]}"
ide "burst: sync, 2000"; step ex1-burst-T-off "${run[@]}"
stop
ide "vtlab server, T on"; start ex1-server-T-on 8080 "${run[@]}"
ide "burst: sync, 2000"; step ex1-burst-T-on "${run[@]}"
stop

# Exercise 2
ide "vtlab server, A on"; start ex2-server-A-on 8080 "${run[@]}"
thread_map ex2 async callable
ide "burst: callable, 2000"; step ex2-burst-A-on "${run[@]}"
stop
ide "vtlab server (flags.properties)"; start ex2-server-A-off 8080 "${run[@]}"
ide "burst: callable, 2000"; step ex2-burst-A-off "${run[@]}"
stop

# Exercise 4
ide "visit store"; start ex4-store 8081 "${run[@]}"
store_group=$server_group
ide "vtlab server, HTTP adapter"; start ex4-server-http 8080 "${run[@]}"
ide "burst: async, 2000"; step ex4-burst-async "${run[@]}"
ide "burst: sync, 2000"; step ex4-burst-sync-T-off "${run[@]}"
stop
ide "vtlab server, HTTP adapter, T on"; start ex4-server-http-T-on 8080 "${run[@]}"
ide "burst: sync, 2000"; step ex4-burst-sync-T-on "${run[@]}"
stop
server_group=$store_group; stop

# Exercise 5
ide "vtlab server, T, A, W and R on"; start ex5-server-all-on 8080 "${run[@]}"
thread_map ex5 callable
stop

# Exercise 6
ide "vtlab server, T on, 512 MB"; start ex6-server-T-on 8080 "${run[@]}"
live_heap ex6-heap-before
ide "burst: sync, 10000"; step ex6-burst-T-on "${run[@]}"
live_heap ex6-heap-after
ide "burst: sync, 10000"; step ex6-burst-T-on-again "${run[@]}"
live_heap ex6-heap-after-again
stop
ide "vtlab server, 512 MB"; start ex6-server-T-off 8080 "${run[@]}"
ide "burst: sync, 10000"; step ex6-burst-T-off "${run[@]}"
stop
trim_histograms
echo "environment: $(nproc) cores, $(uname -sr), $("$java" -version 2>&1 | head -1) as the IDE's JDK" >> "$out/durations.txt"
