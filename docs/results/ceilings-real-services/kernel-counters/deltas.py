#!/usr/bin/env python3
"""The kernel's TCP counters beside a pair (docs/observing.md, the pair with the kernel's counters after set 28):
kernel.txt (sampler.sh, each second during the search) and kernel2.txt (sampler.sh with other counters, each second
during vegeta's knee), read as what each counter gained in each second. Prints the totals of each file and every
second in which segments were retransmitted, with the connections established to the service's port.

    python3 deltas.py > deltas.txt"""
import os

from sampler_lines import seconds, totals

here = os.path.dirname(os.path.abspath(__file__))

for name, phase in (('kernel.txt', 'the search'), ('kernel2.txt', "vegeta's knee")):
    rows = list(seconds(os.path.join(here, name)))
    print(f"{name} ({phase}, {rows[0][0]} to {rows[-1][0]} UTC, {len(rows)} s): {totals(rows)}")
    for time, gained, established in rows:
        if gained.get('TcpRetransSegs', 0) > 0:
            print(f"  {time} " + ", ".join(f"{k} {v}" for k, v in gained.items() if v) + f"; established {established}")
