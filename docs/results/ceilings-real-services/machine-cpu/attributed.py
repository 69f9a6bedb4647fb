"""Each rate of machine-cpu.sh's run: the machine's busy cores against the service's and the load generator's.

    python3 docs/results/ceilings-real-services/machine-cpu/attributed.py OUT_DIR > OUT_DIR/attributed.txt

Reads OUT_DIR/seconds.txt and phases.txt; for each rate, the seconds from 4 s after its start (the JVM's start and
the run's 2 s warm-up) to 1 s before its end, in cores on average: the machine's busy, the service's, the load
generator's, the ksoftirqd threads', the softirqs', and the busy cores neither process counted, also as a share.
"""
import sys
from pathlib import Path

TICKS = 100  # USER_HZ: /proc's ticks a second


def main(out):
    seconds = [list(map(float, line.split())) for line in (out / "seconds.txt").read_text().splitlines()]
    starts = {}
    print("rate    s  busy service loadgen ksoftirqd softirq neither share")
    for line in (out / "phases.txt").read_text().splitlines():
        kind, rate, at = line.split()
        if kind == "start":
            starts[rate] = int(at)
            continue
        window = [s for s in seconds if starts[rate] + 4 <= s[0] <= int(at) - 1]
        first, last = window[0], window[-1]
        span = last[0] - first[0]
        busy, _, softirq, service, loadgen, ksoftirqd = ((last[i] - first[i]) / TICKS for i in range(1, 7))
        neither = busy - service - loadgen
        print(f"{int(rate):4d} {span:4.0f} {busy / span:5.2f} {service / span:7.2f} {loadgen / span:7.2f} "
              f"{ksoftirqd / span:9.2f} {softirq / span:7.2f} {neither / span:7.2f} {neither / busy:5.1%}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: python3 attributed.py OUT_DIR", file=sys.stderr)
        sys.exit(2)
    main(Path(sys.argv[1]))
