# Sourced by run-exercises.sh and run-ide-exercises.sh: how a step runs and is kept, and the steps both run alike.

begin() { # begin "$@": takes the script's one argument, OUT_DIR, and starts a fresh durations.txt in it
    [ $# -eq 1 ] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
    out=$1
    mkdir -p "$out"
    : > "$out/durations.txt"
    server_group=""
}

step() { # step NAME COMMAND...: runs a foreground step, keeps its output and its duration
    local name=$1; shift
    local start=$SECONDS
    "$@" > "$out/$name.txt" 2>&1
    echo "$name $((SECONDS - start)) s (exit $?)" >> "$out/durations.txt"
}

start() { # start NAME PORT COMMAND...: starts a process in the background, waits until PORT answers
    local name=$1 port=$2; shift 2
    # Something else on the port would answer for it (a service left running recorded a search of the wrong one).
    if curl -s -o /dev/null "http://127.0.0.1:$port/"; then
        echo "port $port answers before $name starts: stop what runs there first" >&2
        exit 2
    fi
    local begin=$SECONDS
    setsid "$@" > "$out/$name.txt" 2>&1 &
    server_group=$!
    for _ in $(seq 1 240); do
        kill -0 "$server_group" 2>/dev/null || break
        curl -s -o /dev/null "http://127.0.0.1:$port/" && break
        sleep 0.5
    done
    if kill -0 "$server_group" 2>/dev/null; then
        echo "$name started in $((SECONDS - begin)) s" >> "$out/durations.txt"
    else
        echo "$name did not start (exit $(wait "$server_group"; echo $?)): see $name.txt" >> "$out/durations.txt"
    fi
}

stop() { # stops the last process started, and everything it started
    kill -- -"$server_group" 2>/dev/null
    for _ in $(seq 1 60); do kill -0 "$server_group" 2>/dev/null || break; sleep 0.5; done
    kill -9 -- -"$server_group" 2>/dev/null
    true
}

thread_map() { # thread_map PREFIX MODE...: the requests of docs/workshop.http that read which thread ran each layer
    local prefix=$1 mode; shift
    step "$prefix-reset" curl -s -X POST http://127.0.0.1:8080/lab/threads/reset
    for mode in "$@"; do step "$prefix-$mode" curl -s "http://127.0.0.1:8080/$mode?name=Ada"; done
    step "$prefix-threads" curl -s http://127.0.0.1:8080/lab/threads
}

live_heap() { # live_heap NAME: a class histogram of the live heap (the server collects first)
    step "$1" curl -s -X POST http://127.0.0.1:8080/lab/jvm/histogram
}

trim_histograms() { # the class histograms are long: kept are their header, the 20 largest classes and the Total line
    local histogram
    for histogram in "$out"/ex6-heap-*.txt; do sed -i -n '1,23p;$p' "$histogram"; done
}
