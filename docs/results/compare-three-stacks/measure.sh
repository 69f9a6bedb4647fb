#!/usr/bin/env bash
# The article's three systems at vtlab's sizes, in one run (docs/web-servers.md, "Three stacks side by side"):
# vtlab on Tomcat (T on), on Jetty (T on), on Netty with its blocking /sync on virtual threads (T on) and with
# /wrapped on virtual threads (W on), and the reactive reference, bursts of 4,000 to 20,000 at -Xmx512m, two rounds,
# the order rotating. Run from the repository's root after ./mvnw -q package -DskipTests, nothing else running:
#   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java docs/results/compare-three-stacks/measure.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/../../.."
source docs/results/common.sh
OUT=${1:-docs/results/compare-three-stacks}
record_loadgen "${JAVA:-java}" "$OUT" compare --web-server tomcat,jetty,netty,netty-wrapped \
    --bursts 4000,8000,10000,20000 --rounds 2 --out "$OUT"
