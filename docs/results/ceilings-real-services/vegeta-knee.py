#!/usr/bin/env python3
"""vegeta's knee of one page of a running service, by the method of issue 47's targets: first WARM_S seconds at
WARM_RATE (about two thirds of the knee), then a ladder from there x1.2, 15 s a step, while a step holds (100%
success and p99 at most 100 ms past the page's own time: the warm-up's median), then one bisection between the
highest rate that held and the lowest that did not. The issue's criterion is p99 <= 100 ms, for a page of a few ms;
a page that waits 200 ms for a query can never meet it, so the 100 ms count as queue beyond what the page takes.

    vegeta-knee.py URL WARM_RATE OUT_DIR [WARM_S]

RAMP_FROM=rate (an environment variable) first climbs from that rate x1.25 every 10 s up to WARM_RATE: a service
just started, whose first requests cost the JIT several times what they cost warm, can die under two thirds of its
warm knee offered at once (spring-petclinic at -Xmx512m did: 5.3% served, never recovered); the ramp's windows are
reported as "ramp" lines and are not steps.

Writes OUT_DIR/vegeta-<rate>.json (vegeta's report of each step, with "cpuMsPerRequest": the CPU the attack's process
spent a request, its user and system time) and OUT_DIR/vegeta-knee.txt (one line a step, then the knee). Needs vegeta
(go install github.com/tsenart/vegeta/v12@v12.13.0, or VEGETA=path)."""
import json
import os
import resource
import shutil
import subprocess
import sys

STEP_S, FACTOR, QUEUE_MS = 15, 1.2, 100
RAMP_S, RAMP_FACTOR = 10, 1.25


def attack(vegeta, url, rate, seconds):
    """vegeta's report of one attack, with the CPU the attacking process spent a request ("cpuMsPerRequest"): on
    loopback the client shares the service's cores, and what it costs moves the knee."""
    targets = f"GET {url}\n".encode()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    attack = subprocess.run([vegeta, "attack", f"-rate={rate}", f"-duration={seconds}s", "-timeout=30s"],
                            input=targets, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    report = json.loads(subprocess.run([vegeta, "report", "-type=json"], input=attack.stdout, capture_output=True,
                                       check=True).stdout)
    cpu_s = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    report["cpuMsPerRequest"] = cpu_s * 1000 / report["requests"] if report["requests"] else None
    return report


def cpu_note(report):
    cpu = report.get("cpuMsPerRequest")
    return "" if cpu is None else f" (vegeta's CPU {cpu:.3f} ms a request)"


def main():
    if len(sys.argv) not in (4, 5):
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    url, warm_rate, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    warm_s = int(sys.argv[4]) if len(sys.argv) == 5 else 90
    vegeta = os.environ.get("VEGETA") or shutil.which("vegeta") or os.path.expanduser("~/go/bin/vegeta")
    os.makedirs(out, exist_ok=True)
    lines = []

    limit = {}

    def step(rate, seconds, label):
        report = attack(vegeta, url, rate, seconds)
        if not limit:  # the warm-up: the page's own time, the floor the queue is measured from
            limit["ms"] = report["latencies"]["50th"] / 1e6 + QUEUE_MS
            lines.append(f"held: 100% success and p99 <= {limit['ms']:.1f} ms (the warm-up's median + {QUEUE_MS} ms)")
        with open(os.path.join(out, f"vegeta-{label}.json"), "w") as f:
            json.dump(report, f, indent=1)
        p99_ms = report["latencies"]["99th"] / 1e6
        held = report["success"] == 1.0 and p99_ms <= limit["ms"]
        line = (f"{label:>10} {rate:>6} req/s {seconds:>3} s: success {report['success'] * 100:.2f}%, "
                f"p50 {report['latencies']['50th'] / 1e6:.1f} ms, p99 {p99_ms:.1f} ms, "
                f"throughput {report['throughput']:.1f} req/s: {'held' if held else 'not held'}"
                f"{cpu_note(report)}")
        print(line, flush=True)
        lines.append(line)
        return held

    ramp = os.environ.get("RAMP_FROM")
    rate = int(ramp) if ramp else warm_rate
    while rate < warm_rate:
        report = attack(vegeta, url, rate, RAMP_S)
        line = (f"{'ramp':>10} {rate:>6} req/s {RAMP_S:>3} s: success {report['success'] * 100:.2f}%, "
                f"p50 {report['latencies']['50th'] / 1e6:.1f} ms, p99 {report['latencies']['99th'] / 1e6:.1f} ms"
                f"{cpu_note(report)}")
        print(line, flush=True)
        lines.append(line)
        rate = round(rate * RAMP_FACTOR)
    step(warm_rate, warm_s, "warm")
    held, broken, rate = None, None, round(warm_rate * FACTOR)
    while broken is None:
        if step(rate, STEP_S, str(rate)):
            held, rate = rate, round(rate * FACTOR)
        else:
            broken = rate
    if held is not None:
        middle = round((held + broken) / 2)
        if middle not in (held, broken) and step(middle, STEP_S, str(middle)):
            held = middle
    knee = f"knee: {held} req/s held, {broken} req/s not" if held is not None else f"knee: below {broken} req/s"
    print(knee)
    lines.append(knee)
    with open(os.path.join(out, "vegeta-knee.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
