#!/bin/bash
# Every second until stopped: the time, the kernel's TCP counters named (absolute, from nstat), the packets the
# kernel dropped and the times its receive softirq ran out of budget, summed over the cores (/proc/net/softnet_stat's
# second and third columns: on loopback every packet passes a core's backlog of net.core.netdev_max_backlog packets,
# and a packet dropped there is one TCP must send again), and the connections established to port 18490
# (spring-petclinic's), one line a second; deltas.py reads the lines as what each counter gained in each second.
#
#   sampler.sh COUNTER... > FILE
#
# The pair in deltas.txt ran it twice. During the search, into kernel.txt:
#   sampler.sh TcpExtListenOverflows TcpExtListenDrops TcpExtTCPSynRetrans TcpActiveOpens TcpRetransSegs TcpPassiveOpens
# and during vegeta's knee, into kernel2.txt:
#   sampler.sh TcpRetransSegs TcpExtTCPBacklogDrop TcpExtTCPRcvQDrop TcpExtTCPLossProbes TcpExtTCPTimeouts \
#       TcpExtTCPSlowStartRetrans TcpExtTCPFastRetrans TcpExtTCPSpuriousRTOs TcpExtTCPDSACKRecv \
#       TcpExtTCPZeroWindowDrop TcpExtPruneCalled TcpExtTCPMemoryPressures TcpActiveOpens
# The pairs in ../connections ran it once through each run of pairs.sh, read by connections.py:
#   sampler.sh TcpRetransSegs TcpExtTCPTimeouts TcpExtTCPLossProbes TcpExtTCPDSACKRecv TcpExtTCPSpuriousRTOs \
#       TcpActiveOpens
[ $# -ge 1 ] || { echo "usage: $0 COUNTER... (nstat's names, such as TcpRetransSegs)" >&2; exit 2; }
while true; do
  t=$(date -u +%H:%M:%S)
  c=$(nstat -az "$@" 2>/dev/null | awk 'NR>1{printf "%s=%s ",$1,$2}')
  dropped=0 squeezed=0
  while read -r _ d q _; do dropped=$((dropped + 16#$d)) squeezed=$((squeezed + 16#$q)); done < /proc/net/softnet_stat
  s="SoftnetDropped=$dropped SoftnetSqueezed=$squeezed "
  e=$(ss -Htn state established '( sport = :18490 )' | wc -l)
  echo "$t $c${s}est=$e"
  sleep 1
done
