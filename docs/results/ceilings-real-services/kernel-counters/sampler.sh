#!/bin/bash
# every second: time, kernel TCP counters (absolute), established connections to 18490
while true; do
  t=$(date -u +%H:%M:%S)
  c=$(nstat -az TcpExtListenOverflows TcpExtListenDrops TcpExtTCPSynRetrans TcpActiveOpens TcpRetransSegs TcpPassiveOpens 2>/dev/null | awk 'NR>1{printf "%s=%s ",$1,$2}')
  e=$(ss -Htn state established '( sport = :18490 )' | wc -l)
  echo "$t $c est=$e"
  sleep 1
done
