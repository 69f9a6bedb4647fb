#!/usr/bin/env bash
# The capacity of /sync on Netty (docs/web-servers.md, "The capacity of /sync on each server"): T off (the event
# loop), T on, and Spring Boot's switch alone, at the article's sizes. Run from the repository's root after
# ./mvnw -q package -DskipTests, nothing else running:
#   JAVA=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java docs/results/capacity-netty/measure.sh [OUT]
set -euo pipefail
cd "$(dirname "$0")/../../.."
source docs/results/common.sh
OUT=${1:-docs/results/capacity-netty}
record_loadgen "${JAVA:-java}" "$OUT" capacity --profile seed --modes sync --flags T --web-server netty,netty-boot \
    --out "$OUT"
