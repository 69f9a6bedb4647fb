#!/usr/bin/env python3
"""The connections each tool kept open, and what the kernel counted, beside two pairs (docs/observing.md,
"Connections at a step's start"): kernel.txt (kernel-counters/sampler.sh, each second through both pairs) against each
pair's phases, the search from its ceilings.json's start to vegeta's warm-up, then each of vegeta's steps (their
vegeta-*.json's first and last request). For each phase, what the kernel's counters gained; for the search, every
spell of seconds with more than SPELL connections established to the service (the connections of a rate run close at
its end, so a spell is one window or step); for vegeta, the most connections in each step.

    python3 connections.py > connections.txt"""
import datetime
import glob
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
SPELL = 100
DAY = "2026-11-27"  # the day the sampler started: its lines give the time only


def samples():
    """(time, counters) a second, the counters as gained since the second before."""
    previous = None
    days = 0
    last = None
    for line in open(os.path.join(here, "kernel.txt")):
        fields = line.split()
        counters = {k: int(v) for k, v in (f.split("=") for f in fields[1:])}
        when = datetime.datetime.fromisoformat(f"{DAY}T{fields[0]}+00:00") + datetime.timedelta(days=days)
        if last is not None and when < last:  # past midnight
            days += 1
            when += datetime.timedelta(days=1)
        last = when
        if previous is not None:
            gained = {k.replace("TcpExt", ""): counters[k] - previous[k] for k in counters if k != "est"}
            yield when, gained, counters["est"]
        previous = counters


def instant(text):
    """An ISO instant in UTC, its fraction cut to microseconds (vegeta writes nanoseconds)."""
    whole, _, fraction = text.rstrip("Z").partition(".")
    return datetime.datetime.fromisoformat(whole + (f".{fraction[:6]}" if fraction else "") + "+00:00")


def totals(rows):
    summed = {}
    for _, gained, _ in rows:
        for k, v in gained.items():
            summed[k] = summed.get(k, 0) + v
    return ", ".join(f"{k} {v}" for k, v in summed.items())


rows = list(samples())
for pair in sorted(glob.glob(os.path.join(here, "petclinic-pair-*"))):
    name = os.path.basename(pair)
    search_start = instant(json.load(open(os.path.join(pair, "ceilings.json")))["started"])
    steps = []
    for path in glob.glob(os.path.join(pair, "vegeta-*.json")):
        report = json.load(open(path))
        label = os.path.basename(path)[len("vegeta-"):-len(".json")]
        steps.append((instant(report["earliest"]), instant(report["latest"]), label))
    steps.sort()
    search = [r for r in rows if search_start <= r[0] < steps[0][0]]
    print(f"{name}, the search ({search[0][0]:%H:%M:%S} to {search[-1][0]:%H:%M:%S} UTC): {totals(search)}")
    spell = []
    for row in search + [(None, {}, 0)]:
        if row[2] > SPELL:
            spell.append(row)
        elif spell:
            print(f"  {spell[0][0]:%H:%M:%S} to {spell[-1][0]:%H:%M:%S}: {spell[0][2]} connections in its first "
                  f"second, at most {max(r[2] for r in spell)}, {len(spell)} s")
            spell = []
    outside = [r[2] for r in search if r[2] <= SPELL]
    print(f"  the other {len(outside)} s: at most {max(outside)} connections")
    for first, last, label in steps:
        step = [r for r in rows if first <= r[0] <= last]
        print(f"{name}, vegeta {label} ({first:%H:%M:%S} to {last:%H:%M:%S} UTC): at most "
              f"{max(r[2] for r in step)} connections; {totals(step)}")
