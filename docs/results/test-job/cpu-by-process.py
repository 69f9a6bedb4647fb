#!/usr/bin/env python3
"""Where the test job's CPU goes, by kind of process (docs/decisions.md, "A fast build").

  python3 cpu-by-process.py poll OUT.json     reads every process's CPU time from /proc every 0.25 s until stopped
                                              (SIGTERM or SIGINT), then writes what it saw to OUT.json
  python3 cpu-by-process.py summary IN.json   CPU seconds by kind of process, largest first

A process that existed when polling began counts only what it spent after; one that lived less than 0.25 s may be
missed. Linux only.
"""
import json
import os
import re
import signal
import sys
import time


def poll(out):
    seen = {}  # "pid:starttime" -> [command line, CPU s at first sight, CPU s at last sight, existed before]
    first = True

    def write(*_):
        with open(out, 'w') as f:
            json.dump(seen, f)
        sys.exit(0)

    signal.signal(signal.SIGTERM, write)
    signal.signal(signal.SIGINT, write)
    tick = os.sysconf('SC_CLK_TCK')
    while True:
        for pid in filter(str.isdigit, os.listdir('/proc')):
            try:
                with open(f'/proc/{pid}/stat') as f:
                    stat = f.read()
                fields = stat[stat.rfind(')') + 2:].split()
                cpu = (int(fields[11]) + int(fields[12])) / tick
                key = f'{pid}:{fields[19]}'
                if key in seen:
                    seen[key][2] = cpu
                else:
                    with open(f'/proc/{pid}/cmdline', 'rb') as f:
                        command = f.read().replace(b'\0', b' ').decode(errors='replace').strip()
                    seen[key] = [command, cpu, cpu, first]
            except (OSError, ValueError, IndexError):
                pass  # the process ended between listing and reading
        first = False
        time.sleep(0.25)


def kind(command):
    if not command:
        return 'kernel threads'
    if 'surefirebooter' in command:
        module = re.search(r'/([\w/.-]+?)/target/surefire', command)
        return 'test JVM: ' + (module.group(1).split('/x/', 1)[-1] if module else '?')
    if 'javac' in command.split(' ')[0] or 'JavacCompiler' in command:
        return 'javac (one per module and source set)'
    if 'plexus-classworlds' in command or '/bin/mvn' in command:
        return 'Maven'
    if 'dev.vtlab.loadgen.LoadGenerator' in command:  # before the server: its --server-jar names one
        return 'load generator: a test\'s command in a JVM of its own'
    if 'vtlab-server' in command or 'server-cds' in command:
        server = re.search(r'--vtlab\.web-server=(\w+)', command)
        jdk = ' on JDK 21' if '21' in command.split(' ')[0] else ''
        return f'vtlab server: {server.group(1) if server else "tomcat"}{jdk}'
    jar = re.search(r'-jar (\S+)', command)
    if jar:
        return 'java -jar ' + os.path.basename(jar.group(1))
    return os.path.basename(command.split(' ')[0])


def summary(path):
    with open(path) as f:
        seen = json.load(f)
    by_kind = {}
    for command, at_first, at_last, existed_before in seen.values():
        spent = at_last - at_first if existed_before else at_last
        if spent <= 0:
            continue
        cpu, count = by_kind.get(kind(command), (0.0, 0))
        by_kind[kind(command)] = (cpu + spent, count + 1)
    total = sum(cpu for cpu, _ in by_kind.values())
    print(f'{"CPU s":>8}  {"share":>6}  {"processes":>9}  kind')
    for name, (cpu, count) in sorted(by_kind.items(), key=lambda item: -item[1][0]):
        print(f'{cpu:8.1f}  {cpu / total:6.1%}  {count:9d}  {name}')
    print(f'{total:8.1f}  {1:6.1%}  {sum(c for _, c in by_kind.values()):9d}  in all')


if __name__ == '__main__':
    if len(sys.argv) != 3 or sys.argv[1] not in ('poll', 'summary'):
        print('usage: cpu-by-process.py poll OUT.json | summary IN.json', file=sys.stderr)
        sys.exit(2)
    (poll if sys.argv[1] == 'poll' else summary)(sys.argv[2])
