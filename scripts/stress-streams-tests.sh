#!/usr/bin/env bash
# Runs the StreamsTests suite N times in a row (default 50) while two busy processes keep
# both cores loaded, and fails at the first failing run. Proof that the virtual-time tests
# do not depend on the machine's speed or load.
#   scripts/stress-streams-tests.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-50}

swift build --build-tests >/dev/null
load() { while :; do :; done; }
load & l1=$!
load & l2=$!
trap 'kill $l1 $l2 2>/dev/null' EXIT

start=$(date +%s.%N)
for i in $(seq 1 "$runs"); do
  t0=$(date +%s.%N)
  if ! out=$(swift test --skip-build --filter StreamsTests 2>&1); then
    echo "$out" | grep -E '✘|error' | head -20
    echo "run $i of $runs FAILED"
    exit 1
  fi
  t1=$(date +%s.%N)
  printf 'run %2d ok  %.2f s\n' "$i" "$(echo "$t1 - $t0" | bc)"
done
end=$(date +%s.%N)
printf 'all %d runs passed under load, %.1f s in all\n' "$runs" "$(echo "$end - $start" | bc)"
