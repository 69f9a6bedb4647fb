#!/usr/bin/env bash
# The cold overload of issue 47 on a freshly started service: vegeta offers 400 req/s for 60 s, then 100 req/s for
# 30 s, to one page; what share was served in each part, and whether the service's log has an OutOfMemoryError.
#
#   docs/results/ceilings-real-services/overload.sh OUT_DIR PAGE_URL READY_URL -- SERVICE_COMMAND...
#
# Writes OUT_DIR/overload.json and recovery.json (vegeta's reports), overload.txt (one line each, the errors in the
# log, and the kernel's counters of connects it dropped or retried during the overload: nstat's ListenOverflows,
# ListenDrops and TCPSynRetrans, the machine's, so nothing else may run), service.log and environment.txt. Needs
# vegeta (or VEGETA=path), python3, and a JDK for the service. With TIMELINE=1 also timeline.txt: each second of the
# overload, the CPU the service and vegeta used (/proc) and vegeta's connections established to the service (ss),
# and by 10 s of sending, how many of the requests sent then were served.
set -euo pipefail
here=$(dirname "$0")
source "$here/../common.sh"
page_and_service "$@"
find_vegeta
mkdir -p "$out"
kernel_counters() { nstat -az TcpExtListenOverflows TcpExtListenDrops TcpExtTCPSynRetrans | awk 'NR > 1 {print $2}' \
    | paste -sd ' '; }
# Each second until stopped: seconds since the start, the cores the service and vegeta's attack used in it, and
# vegeta's connections established to the service's port.
each_second() {
  local port ticks attack s v ps=0 pv=0 second=0
  port=$(python3 -c "import sys, urllib.parse; print(urllib.parse.urlsplit(sys.argv[1]).port or 80)" "$page")
  ticks=$(getconf CLK_TCK)
  echo "second | service cores | vegeta cores | vegeta's connections established"
  while sleep 1; do
    second=$((second + 1))
    attack=$(pgrep -n -f "$vegeta attack" || true)
    s=$(ticks_of "$server"); v=$([ -n "$attack" ] && ticks_of "$attack" || echo 0)
    [ "$second" -gt 1 ] && echo "$second | $(awk -v s="$s" -v ps="$ps" -v v="$v" -v pv="$pv" -v t="$ticks" \
        'BEGIN { printf "%.2f | %.2f", (s - ps) / t, (v > pv ? v - pv : 0) / t }') | \
$(ss -Htn state established "( dport = :$port )" | wc -l)"
    ps=$s; pv=$v
  done
}
# By 10 s of sending, the requests sent then and how many of them were served (HTTP 200), from vegeta's results.
served_by_sending() {
  "$vegeta" encode --to csv < "$1" | python3 -c "
import collections, csv, sys
rows = [(int(r[0]), r[1]) for r in csv.reader(sys.stdin)]
t0 = min(t for t, _ in rows)
sent, served = collections.Counter(), collections.Counter()
for t, code in rows:
    sent[(t - t0) // 10**10] += 1
    served[(t - t0) // 10**10] += code == '200'
print('sent in | requests | served')
for k in sorted(sent):
    print(f'{10 * k}-{10 * k + 10} s | {sent[k]} | {served[k]} ({100 * served[k] / sent[k]:.1f}%)')"
}

start_server "$out/service.log" "$ready" "${service[@]}"
for part in overload:400:60 recovery:100:30; do
  IFS=: read -r name rate seconds <<< "$part"
  [ "$name" = overload ] && before=$(kernel_counters)
  [ "$name" = overload ] && [ -n "${TIMELINE:-}" ] && { each_second > "$out/timeline.part" & sampler=$!; }
  echo "GET $page" | "$vegeta" attack -rate="$rate" -duration="${seconds}s" -timeout=30s \
      | tee "$out/$name.bin" | "$vegeta" report -type=json > "$out/$name.json"
  [ "$name" = overload ] && after=$(kernel_counters)
  [ "$name" = overload ] && [ -n "${TIMELINE:-}" ] && { kill "$sampler"; wait "$sampler" 2>/dev/null || true
    served_by_sending "$out/$name.bin" >> "$out/timeline.part"; mv "$out/timeline.part" "$out/timeline.txt"; }
  rm -f "$out/$name.bin"
done
alive=$(kill -0 "$server" 2>/dev/null && echo yes || echo no)
stop_server
python3 - "$out" "$alive" "$before" "$after" > "$out/overload.txt" <<'PY'
import json, math, sys
out, alive = sys.argv[1], sys.argv[2]
before, after = (list(map(int, counters.split())) for counters in sys.argv[3:5])
for name in ("overload", "recovery"):
    r = json.load(open(f"{out}/{name}.json"))
    # the share served rounded down: 2,999 of 3,000 is 99.9%, never 100.0%
    print(f"{name}: {r['requests']} requests at {r['rate']:.1f} req/s, "
          f"success {math.floor(r['success'] * 1000) / 10:.1f}%, "
          f"p99 {r['latencies']['99th'] / 1e6:.1f} ms, status codes {r['status_codes']}")
log = open(f"{out}/service.log", errors="replace").read()
print(f"OutOfMemoryError in the log: {log.count('OutOfMemoryError')}; alive at the end: {alive}")
overflows, drops, retrans = (a - b for a, b in zip(after, before))
print(f"kernel during the overload: {overflows} accept-queue overflows, {drops} connects dropped, "
      f"{retrans} SYNs retransmitted")
PY
{ echo "service: ${service[*]}"; echo "page: $page"
  vegeta_line
  commit_line; echo "cores: $(nproc)"; } > "$out/environment.txt"
cat "$out/overload.txt"
