# Sourced by run-exercises.sh and run-ide-exercises.sh: how a step runs and is kept. Needs $out (the output folder).

step() { # step NAME COMMAND...: runs a foreground step, keeps its output and its duration
    local name=$1; shift
    local start=$SECONDS
    "$@" > "$out/$name.txt" 2>&1
    echo "$name $((SECONDS - start)) s (exit $?)" >> "$out/durations.txt"
}

start() { # start NAME PORT COMMAND...: starts a process in the background, waits until PORT answers
    local name=$1 port=$2; shift 2
    local begin=$SECONDS
    setsid "$@" > "$out/$name.txt" 2>&1 &
    server_group=$!
    for _ in $(seq 1 240); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.5; done
    echo "$name started in $((SECONDS - begin)) s" >> "$out/durations.txt"
}

stop() { # stops the last process started, and everything it started
    kill -- -"$server_group" 2>/dev/null
    for _ in $(seq 1 60); do kill -0 "$server_group" 2>/dev/null || break; sleep 0.5; done
    kill -9 -- -"$server_group" 2>/dev/null
    true
}
