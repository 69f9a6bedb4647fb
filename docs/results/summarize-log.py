#!/usr/bin/env python3
"""Summarizes a server log that a flood made unreadable, so that the checkout keeps what a reader needs of it.

usage: summarize-log.py LOG [LOG ...]

Writes LOG's summary beside it as LOG with '.log' replaced by '.summary.txt', and prints one line per log. The
summary keeps:
  - the log's size, line count, SHA-256 and time span (the raw log stays in git's history: the summary says how to
    get it back);
  - the start-up lines verbatim (up to Spring Boot's "Started ... in N seconds");
  - every distinct message after start-up (numbers and hex ids folded, so "limit 3328 reached" from two threads is one message)
    with its count and its first and last occurrence verbatim;
  - every distinct stack trace once, verbatim, with its count;
  - every line naming an OutOfMemoryError, and every ERROR message, verbatim (distinct ones, with their counts).
A server's flood (Jetty's NetworkConnectionLimit at INFO, Reactor Netty's per-connection stack trace) becomes a few
lines with a count. Exits 2 on a bad command line.
"""
import hashlib
import re
import sys
from collections import Counter, OrderedDict
from pathlib import Path

RECORD = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d")
# Spring Boot's console pattern: time, level, pid, ---, [app], [thread], [request id] (the server's correlation slot,
# logging.pattern.correlation, absent from older logs; left out of the key, since it differs by request), logger : message
FIELDS = re.compile(r"^(\S+)\s+(\w+)\s+\d+\s+---\s+\[[^\]]*\]\s+\[[^\]]*\]\s+(?:\[[^\]]*\]\s+)?(\S+)\s*:\s?(.*)$")
STARTED = re.compile(r"\bStarted \S+ in [\d.]+ seconds")
DIGITS = re.compile(r"\b(?:0x)?[0-9a-f]*\d[0-9a-f]*\b|\d+")  # numbers, and hex ids such as 0xcee651fd
TRACE = re.compile(r"^(\s+at |\s*\.\.\. \d+ more|Caused by: |\S+(Exception|Error)(: .*)?$)")


def records(lines):
    """Yields (head, trace lines) for each log record; JVM lines without a time stamp are records of their own."""
    head, trace = None, []
    for line in lines:
        if RECORD.match(line) or (not TRACE.match(line) and line.strip() and head is not None and not trace
                                  and not line.startswith((" ", "\t"))):
            if head is not None:
                yield head, trace
            head, trace = line, []
        elif head is None:
            head, trace = line, []
        elif line.strip():
            trace.append(line)
    if head is not None:
        yield head, trace


def key(head):
    """The message without its time, pid and thread, digits folded: what repeats in a flood."""
    m = FIELDS.match(head)
    text = f"{m.group(2)} {m.group(3)} : {m.group(4)}" if m else head
    return DIGITS.sub("N", text)


def summarize(log: Path) -> str:
    raw = log.read_bytes()
    lines = raw.decode("utf-8", errors="replace").splitlines()
    startup, after, started = [], [], False
    for head, trace in records(lines):
        (after if started else startup).append((head, trace))
        started = started or bool(STARTED.search(head))
    if not started:  # never started: every record is start-up, as the reader needs it whole
        startup, after = startup[:200], startup[200:]
    times = [m.group(1) for m in (FIELDS.match(h) for h, _ in startup + after) if m]

    messages, traces, errors, ooms = OrderedDict(), OrderedDict(), OrderedDict(), Counter()
    for head, trace in after:
        k = key(head)
        first_last = messages.setdefault(k, [0, head, head])
        first_last[0] += 1
        first_last[2] = head
        if trace:
            t = DIGITS.sub("N", "\n".join(trace))
            traces.setdefault(t, [0, trace])[0] += 1
        m = FIELDS.match(head)
        if m and m.group(2) == "ERROR":
            errors.setdefault(k, [0, head])[0] += 1
    for line in lines:
        if "OutOfMemoryError" in line:
            ooms[line] += 1

    out = [f"Summary of {log.name} (written by docs/results/summarize-log.py; the raw log is in git's history:",
           f"`git log --all -- {log.name}` in this folder names the commit that removed it, `git show COMMIT^:PATH` prints it)",
           f"size: {len(raw)} bytes, {len(lines)} lines, sha256 {hashlib.sha256(raw).hexdigest()}",
           f"time span: {times[0] if times else '-'} to {times[-1] if times else '-'}",
           "", f"## Start-up ({len(startup)} records, verbatim)"]
    for head, trace in startup:
        out.append(head)
        out.extend(trace)
    out += ["", f"## Messages after start-up ({len(messages)} distinct, {len(after)} in all; numbers and hex ids folded to N)"]
    for k, (count, first, last) in sorted(messages.items(), key=lambda kv: -kv[1][0]):
        out.append(f"{count:>8} x {k}")
        out.append(f"           first: {first}")
        if last != first:
            out.append(f"           last:  {last}")
    out += ["", f"## Stack traces ({len(traces)} distinct, {sum(c for c, _ in traces.values())} in all; each once)"]
    for count, trace in traces.values():
        out.append(f"{count:>8} x")
        out.extend(trace)
    out += ["", f"## ERROR messages ({len(errors)} distinct)"]
    out += [f"{count:>8} x {head}" for count, head in errors.values()]
    out += ["", f"## Lines naming OutOfMemoryError ({sum(ooms.values())} in all)"]
    out += [f"{count:>8} x {line}" for line, count in ooms.items()]
    return "\n".join(out) + "\n"


def main(argv):
    if not argv or any(a.startswith("-") for a in argv) or not all(a.endswith(".log") for a in argv):
        print("usage: summarize-log.py LOG.log [LOG.log ...]", file=sys.stderr)
        return 2
    for name in argv:
        log = Path(name)
        if not log.is_file():
            print(f"summarize-log.py: no such log: {name}", file=sys.stderr)
            return 2
        summary = log.with_name(log.name[:-len(".log")] + ".summary.txt")
        summary.write_text(summarize(log), encoding="utf-8")
        print(f"{log} ({log.stat().st_size} bytes) -> {summary} ({summary.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
