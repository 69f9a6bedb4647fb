#!/usr/bin/env bash
# The cold overload of issue 47 on a freshly started service: vegeta offers 400 req/s for 60 s, then 100 req/s for
# 30 s, to one page; what share was served in each part, and whether the service's log has an OutOfMemoryError.
#
#   docs/results/ceilings-real-services/overload.sh OUT_DIR PAGE_URL READY_URL -- SERVICE_COMMAND...
#
# Writes OUT_DIR/overload.json and recovery.json (vegeta's reports), overload.txt (one line each, the errors in the
# log, and the kernel's counters of connects it dropped or retried during the overload: nstat's ListenOverflows,
# ListenDrops and TCPSynRetrans, the machine's, so nothing else may run), service.log and environment.txt. Needs
# vegeta (or VEGETA=path), python3, and a JDK for the service.
set -euo pipefail
here=$(dirname "$0")
source "$here/../common.sh"
page_and_service "$@"
find_vegeta
mkdir -p "$out"
kernel_counters() { nstat -az TcpExtListenOverflows TcpExtListenDrops TcpExtTCPSynRetrans | awk 'NR > 1 {print $2}' \
    | paste -sd ' '; }
start_server "$out/service.log" "$ready" "${service[@]}"
for part in overload:400:60 recovery:100:30; do
  IFS=: read -r name rate seconds <<< "$part"
  [ "$name" = overload ] && before=$(kernel_counters)
  echo "GET $page" | "$vegeta" attack -rate="$rate" -duration="${seconds}s" -timeout=30s \
      | "$vegeta" report -type=json > "$out/$name.json"
  [ "$name" = overload ] && after=$(kernel_counters)
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
