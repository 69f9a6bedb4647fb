#!/usr/bin/env bash
# What the benchmark scripts beside the results share. Sourced, not run.

# Where a benchmark ran, for its environment.txt: the commit (and "with changes" when the code differed from it),
# the cores and the JDK.   environment_lines /path/to/java
environment_lines() {
  echo "commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . ':!docs' || echo ' (with changes)')"
  echo "cores: $(nproc)"
  "$1" -version 2>&1 | head -1
}

# Waits up to 60 s for URL to answer 2xx; fails the script (set -e) if it never does.   wait_for URL
wait_for() {
  for _ in $(seq 1 120); do curl -sf -o /dev/null "$1" && return 0; sleep 0.5; done
  echo "no answer from $1 within 60 s" >&2
  return 1
}
