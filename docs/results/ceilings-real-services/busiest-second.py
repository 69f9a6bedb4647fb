#!/usr/bin/env python3
"""What the search's prediction would have been, on the committed pairs of sets 9 to 15, had a step's CPU ceiling
taken out of the cores what its busiest second used beyond the mean (as the search does since this script was
written). From each ceilings.json: the highest step that held, its CPU ceiling (cores, CPU a request), its
completion rate and its peak of process_cpu_usage. Those files keep no mean of process_cpu_usage, so the mean is
rebuilt from the CPU time (a request's cost x the rate, less the load generator's at its probe's last window, plus
the service's rest), and the peak is over all the step's reads where the search now reads its measured part only:
an approximation of what the search computes, in the sample the rule was drawn from.

    docs/results/ceilings-real-services/busiest-second.py > docs/results/ceilings-real-services/busiest-second.txt
"""
import glob
import gzip
import json
import os
import re

here = os.path.dirname(os.path.abspath(__file__))


def read(path):
    """A committed file's text, by its own name, whether kept as written or compressed beside it (NAME.gz)."""
    if os.path.exists(path):
        return open(path).read()
    with gzip.open(path + '.gz', 'rt') as compressed:
        return compressed.read()


def set_number(path):
    return int(path.split(os.sep)[-3][4:])


def pairs():
    """The pairs of sets 9 to 15: the later sets' searches leave the busiest second out themselves."""
    found = [p.removesuffix('.gz') for p in glob.glob(os.path.join(here, 'set-*', 'petclinic-pair-*', 'ceilings.json*'))]
    return sorted((p for p in found if set_number(p) <= 15), key=lambda p: (set_number(p), p))


def knee(folder):
    try:
        text = read(os.path.join(folder, 'vegeta-knee.txt'))
    except FileNotFoundError:
        return None
    found = re.findall(r'^knee: ([0-9.]+) req/s', text, re.M)
    return float(found[-1]) if found else None


print('| pair | sustained req/s | predicted req/s | sustained / predicted | step\'s cores busy on average '
      '| its busiest second | at the busiest second req/s | sustained / that | vegeta\'s knee req/s | that / vegeta\'s |')
print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
for path in pairs():
    folder = os.path.dirname(path)
    result = json.loads(read(path))
    run = read(os.path.join(folder, 'run.txt'))
    client_ms = [float(x) for x in re.findall(r"the load generator's ([0-9.]+) ms", run)]
    held = [s for s in result['steps'] if s['held'] and s.get('ceilings')]
    if not held:
        continue
    step = max(held, key=lambda s: s['offeredRate'])
    cpu = next(c for c in step['ceilings'] if c['kind'] == 'CPU')
    count = round(cpu['size'] + float(re.search(r'less ([0-9.]+) cores at rest', cpu['from']).group(1)))
    rest = count - cpu['size']
    rate = step['completionRate']
    used = rate * cpu['holdSeconds']  # service and load generator, the rest taken out
    service_mean = used - rate * client_ms[-1] / 1000 + rest
    beyond = step['watchPeak'] * count - service_mean
    busiest = (cpu['size'] - beyond) / cpu['holdSeconds']
    sustained = step['offeredRate']
    predicted = cpu['size'] / cpu['holdSeconds']
    vegeta = knee(folder)
    name = '/'.join(folder.split(os.sep)[-2:])
    print(f'| {name} | {sustained:.0f} | {predicted:.0f} | {sustained / predicted:.2f} | {used / cpu["size"]:.2f} '
          f'| {(used + beyond) / cpu["size"]:.2f} | {busiest:.0f} | {sustained / busiest:.2f} '
          f'| {"-" if vegeta is None else f"{vegeta:.0f}"} | {"-" if vegeta is None else f"{busiest / vegeta:.2f}"} |')
