#!/usr/bin/env bash
# The main job's matrix on Netty (Spring WebFlux): every flag combination of sync, async and wrapped at the
# article's sizes (callable has no WebFlux form and is left out), the report beside the Tomcat one in
# docs/results/seed-2cores. Run from the repository's root after ./mvnw -q package -DskipTests, nothing else running:
#   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java docs/results/matrix-netty/measure.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/../../.."
source docs/results/common.sh
OUT=${1:-docs/results/matrix-netty}
record_loadgen "${JAVA:-java}" "$OUT" matrix --profile seed --web-server netty --out "$OUT"
