"""sampler.sh's lines read back, for deltas.py and ../connections/connections.py: each second's time, what each
counter gained since the second before (nstat's TcpExt prefix left off) and the connections established then."""


def seconds(path):
    """(the time as sampler.sh wrote it, {counter: gained}, connections established) for each second after the first."""
    previous = None
    for line in open(path):
        fields = line.split()
        counters = {k: int(v) for k, v in (f.split('=') for f in fields[1:] if '=' in f)}
        if previous is not None:
            gained = {k.replace('TcpExt', ''): counters[k] - previous[k] for k in counters if k != 'est'}
            yield fields[0], gained, counters['est']
        previous = counters


def totals(rows):
    """What each counter gained over rows of seconds(), as "name total, ..."."""
    summed = {}
    for _, gained, _ in rows:
        for k, v in gained.items():
            summed[k] = summed.get(k, 0) + v
    return ", ".join(f"{k} {v}" for k, v in summed.items())
