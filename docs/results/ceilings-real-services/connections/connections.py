#!/usr/bin/env python3
"""The connections each tool kept open, and what the kernel counted, beside pairs (docs/observing.md,
"Connections at a step's start"): DIR/kernel.txt (kernel-counters/sampler.sh, each second through all of them)
against the phases of each DIR/petclinic-pair-N: the search, from its ceilings.json's start to vegeta's warm-up, then
each of vegeta's steps (their vegeta-*.json's first and last request). For each phase, what the kernel's counters
gained; for the search, every spell of seconds with more than SPELL connections established to the service (a rate
run's connections close at its end, so a spell is a window or a step, or two in a row), with the seconds before it;
for vegeta, the most connections in each step.

    python3 connections.py DIR > DIR/connections.txt"""
import datetime
import glob
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "kernel-counters"))
from sampler_lines import seconds, totals  # noqa: E402 (beside sampler.sh, which writes what it reads)

SPELL = 100
BEFORE = 5  # seconds shown before a spell: whether it rose from a few dozen within a second, or climbed


def samples(directory, day):
    """(time, counters gained, connections) a second, as sampler_lines.seconds reads them; the sampler's lines give
    the time only, from day on."""
    days = 0
    last = None
    for time, gained, established in seconds(os.path.join(directory, "kernel.txt")):
        when = datetime.datetime.fromisoformat(f"{day}T{time}+00:00") + datetime.timedelta(days=days)
        if last is not None and when < last:  # past midnight
            days += 1
            when += datetime.timedelta(days=1)
        last = when
        yield when, gained, established


def instant(text):
    """An ISO instant in UTC, its fraction cut to microseconds (vegeta writes nanoseconds)."""
    whole, _, fraction = text.rstrip("Z").partition(".")
    return datetime.datetime.fromisoformat(whole + (f".{fraction[:6]}" if fraction else "") + "+00:00")


if len(sys.argv) != 2:
    print(__doc__, file=sys.stderr)
    sys.exit(2)
pairs = sorted(glob.glob(os.path.join(sys.argv[1], "petclinic-pair-*")))
starts = [instant(json.load(open(os.path.join(pair, "ceilings.json")))["started"]) for pair in pairs]
rows = list(samples(sys.argv[1], f"{starts[0]:%Y-%m-%d}"))  # the sampler started just before the first pair
for pair, search_start in zip(pairs, starts):
    name = os.path.basename(pair)
    steps = []
    for path in glob.glob(os.path.join(pair, "vegeta-*.json")):
        report = json.load(open(path))
        label = os.path.basename(path)[len("vegeta-"):-len(".json")]
        steps.append((instant(report["earliest"]), instant(report["latest"]), label))
    steps.sort()
    search = [r for r in rows if search_start <= r[0] < steps[0][0]]
    print(f"{name}, the search ({search[0][0]:%H:%M:%S} to {search[-1][0]:%H:%M:%S} UTC): {totals(search)}")
    spell = []
    for i, row in enumerate(search + [(None, {}, 0)]):
        if row[2] > SPELL:
            spell.append(row)
        elif spell:
            before = [str(r[2]) for r in search[max(0, i - len(spell) - BEFORE):i - len(spell)]]
            print(f"  {spell[0][0]:%H:%M:%S} to {spell[-1][0]:%H:%M:%S}: {spell[0][2]} connections in its first "
                  f"second, at most {max(r[2] for r in spell)}, {len(spell)} s; the {len(before)} s before it: "
                  + ", ".join(before))
            spell = []
    outside = [r[2] for r in search if r[2] <= SPELL]
    print(f"  the other {len(outside)} s: at most {max(outside)} connections")
    for first, last, label in steps:
        step = [r for r in rows if first <= r[0] <= last]
        print(f"{name}, vegeta {label} ({first:%H:%M:%S} to {last:%H:%M:%S} UTC): at most "
              f"{max(r[2] for r in step)} connections; {totals(step)}")
