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
spent a request, its user and system time, and "seconds": the step second by second) and OUT_DIR/vegeta-knee.txt (one
line a step, then the knee; a step that did not hold says whether it was a stall it recovered from). Needs vegeta
(go install github.com/tsenart/vegeta/v12@v12.13.0, or VEGETA=path).

A step second by second: the requests that succeeded and ended in each second of the attack (sent at their timestamp,
ended that plus their latency) and the p99 of their latencies (nearest rank). It is read from the attack's results
once the knee is found, so that decoding them takes no CPU from the steps. A step that did not hold was "a stall it recovered
from" when its last second's p99 was within the limit and below its worst second's, as the search
(`vtlab-loadgen ceilings`) judges its own steps; with nothing failed and 97% of its rate completed the search runs
such a step once more, and the knee here, as the issue defines it, does not."""
import json
import math
import os
import resource
import shutil
import subprocess
import sys
import tempfile

STEP_S, FACTOR, QUEUE_MS = 15, 1.2, 100
RUN_AGAIN_SHARE = 0.97  # the search's HoldRule.RUN_AGAIN_SHARE: a stall's step with this share completed runs again
RAMP_S, RAMP_FACTOR = 10, 1.25


def attack(vegeta, url, rate, seconds, results=None):
    """vegeta's report of one attack, with the CPU the attacking process spent a request ("cpuMsPerRequest"): on
    loopback the client shares the service's cores, and what it costs moves the knee. With a path, the attack's
    results are kept there too (vegeta's own encoding), for its seconds (by_second)."""
    targets = f"GET {url}\n".encode()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    attack = subprocess.run([vegeta, "attack", f"-rate={rate}", f"-duration={seconds}s", "-timeout=30s"],
                            input=targets, capture_output=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    report = json.loads(subprocess.run([vegeta, "report", "-type=json"], input=attack.stdout, capture_output=True,
                                       check=True).stdout)
    cpu_s = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    report["cpuMsPerRequest"] = cpu_s * 1000 / report["requests"] if report["requests"] else None
    if results:
        with open(results, "wb") as f:
            f.write(attack.stdout)
    return report


def by_second(vegeta, results, seconds):
    """The attack second by second: for each of its seconds (the first is 1), how many requests succeeded and ended in
    it and the p99 (nearest rank) of their latencies, in ms; requests that ended after the attack's last second count
    in none."""
    latencies = [[] for _ in range(seconds)]
    encode = subprocess.Popen([vegeta, "encode", "--to=csv", results], stdout=subprocess.PIPE, text=True)
    rows, start = [], None
    for line in encode.stdout:
        sent_ns, code, latency_ns = line.split(",", 3)[:3]
        start = int(sent_ns) if start is None else min(start, int(sent_ns))
        if 200 <= int(code) < 400:  # what vegeta counts a success; the search's p99 too is its successes'
            rows.append((int(sent_ns), int(latency_ns)))
    if encode.wait() != 0:
        raise RuntimeError(f"vegeta encode failed on {results}")
    for sent, latency in rows:
        second = (sent + latency - start) // 1_000_000_000
        if second < seconds:
            latencies[second].append(latency / 1e6)
    out = []
    for second, ended in enumerate(latencies):
        ended.sort()
        p99 = ended[max(0, math.ceil(0.99 * len(ended)) - 1)] if ended else None
        out.append({"second": second + 1, "ended": len(ended), "p99Ms": p99})
    return out


def second_note(seconds, limit_ms, report, rate):
    """What a step that did not hold was, second by second. It recovered from a stall when its latency came back
    before its end, as the search judges its own steps: its last second's p99 within the limit and below its worst
    second's. A stall it recovered from with nothing failed and at least 97% of its rate completed is one the search
    would run once more."""
    timed = [s for s in seconds if s["p99Ms"] is not None]
    if not timed:
        return "; no request ended within the step"
    worst = max(timed, key=lambda s: s["p99Ms"])
    last_p99 = seconds[-1]["p99Ms"]
    recovered = len(seconds) >= 2 and last_p99 is not None and last_p99 <= limit_ms and last_p99 < worst["p99Ms"]
    last = "none ended in its last second" if last_p99 is None else f"last second's {last_p99:.1f} ms"
    completed = report["requests"] * report["success"] / len(seconds)
    if not recovered:
        what = "not back by its end"
    elif report["success"] == 1.0 and completed >= RUN_AGAIN_SHARE * rate:
        what = "a stall it recovered from, which the search would run once more"
    else:
        what = "a stall it recovered from, with requests failed or short"
    return f"; second by second: worst p99 {worst['p99Ms']:.1f} ms in second {worst['second']}, {last}: {what}"


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
    with tempfile.TemporaryDirectory(prefix="vegeta-knee-") as results_dir:
        lines, steps, limit_ms = ladder(vegeta, url, warm_rate, warm_s, out, results_dir)
        add_seconds(vegeta, out, results_dir, lines, steps, limit_ms)


def ladder(vegeta, url, warm_rate, warm_s, out, results_dir):
    """The warm-up, the steps and the bisection: the lines of vegeta-knee.txt, each step as (label, rate, seconds,
    its line's index, held, vegeta's report), and the p99 a step may reach."""
    lines = []
    steps = []

    limit = {}

    def step(rate, seconds, label):
        results = os.path.join(results_dir, f"{label}.bin")
        report = attack(vegeta, url, rate, seconds, results)
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
        steps.append((label, rate, seconds, len(lines), held, report))
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
    return lines, steps, limit["ms"]


def add_seconds(vegeta, out, results_dir, lines, steps, limit_ms):
    """Each step's seconds into its JSON, and what each that did not hold was into its line."""
    for label, step_rate, seconds, index, step_held, report in steps:
        results = os.path.join(results_dir, f"{label}.bin")
        report["seconds"] = by_second(vegeta, results, seconds)
        with open(os.path.join(out, f"vegeta-{label}.json"), "w") as f:
            json.dump(report, f, indent=1)
        if not step_held:
            lines[index] += second_note(report["seconds"], limit_ms, report, step_rate)
    with open(os.path.join(out, "vegeta-knee.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
