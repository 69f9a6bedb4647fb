#!/bin/bash
# Every second until stopped: the time, the kernel's TCP counters named (absolute, from nstat) and the connections
# established to port 18490 (spring-petclinic's), one line a second; deltas.py reads the lines as what each counter
# gained in each second.
#
#   sampler.sh COUNTER... > FILE
#
# The pair in deltas.txt ran it twice. During the search, into kernel.txt:
#   sampler.sh TcpExtListenOverflows TcpExtListenDrops TcpExtTCPSynRetrans TcpActiveOpens TcpRetransSegs TcpPassiveOpens
# and during vegeta's knee, into kernel2.txt:
#   sampler.sh TcpRetransSegs TcpExtTCPBacklogDrop TcpExtTCPRcvQDrop TcpExtTCPLossProbes TcpExtTCPTimeouts \
#       TcpExtTCPSlowStartRetrans TcpExtTCPFastRetrans TcpExtTCPSpuriousRTOs TcpExtTCPDSACKRecv TcpExtTCPZeroWindowDrop \
#       TcpExtPruneCalled TcpExtTCPMemoryPressures TcpActiveOpens
[ $# -ge 1 ] || { echo "usage: $0 COUNTER... (nstat's names, such as TcpRetransSegs)" >&2; exit 2; }
while true; do
  t=$(date -u +%H:%M:%S)
  c=$(nstat -az "$@" 2>/dev/null | awk 'NR>1{printf "%s=%s ",$1,$2}')
  e=$(ss -Htn state established '( sport = :18490 )' | wc -l)
  echo "$t $c est=$e"
  sleep 1
done
