#!/bin/bash
while true; do
  t=$(date -u +%H:%M:%S)
  c=$(nstat -az TcpRetransSegs TcpExtTCPBacklogDrop TcpExtTCPRcvQDrop TcpExtTCPLossProbes TcpExtTCPTimeouts TcpExtTCPSlowStartRetrans TcpExtTCPFastRetrans TcpExtTCPSpuriousRTOs TcpExtTCPDSACKRecv TcpExtTCPZeroWindowDrop TcpExtPruneCalled TcpExtTCPMemoryPressures TcpActiveOpens 2>/dev/null | awk 'NR>1{printf "%s=%s ",$1,$2}')
  e=$(ss -Htn state established '( sport = :18490 )' | wc -l)
  echo "$t $c est=$e"
  sleep 1
done
