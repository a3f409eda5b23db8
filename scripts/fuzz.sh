#!/usr/bin/env bash
# Coverage-guided fuzzing of every reader of outside bytes (Tests/Fuzz): builds
# `movie-search-fuzz` with libFuzzer and AddressSanitizer, then runs each harness for a
# chosen time, starting from its committed inputs (Tests/Fuzz/Corpus/<harness>/).
#
#   scripts/fuzz.sh [SECONDS] [HARNESS…]     # default: 60 s each, every harness
#   FUZZ_CONFIGURATION=debug scripts/fuzz.sh 5    # as CI runs it: a build a minute long
#   scripts/fuzz.sh --build                       # only the build
#
# The harnesses run one per processor at a time (FUZZ_JOBS sets how many).
#
# What the fuzzer learns (new inputs that reach new code) stays in .build-fuzz/corpus, for
# the next run. An input that crashes a harness, leaks or takes longer than 10 s is copied
# into Tests/Fuzz/Corpus/<harness>/ as regression-<hash> (commit it, fix the reader: the tests
# replay it from then on) and the script fails. Each harness's line says how many inputs it
# ran, how fast, and the coverage it reached (libFuzzer's `cov`: edges; `ft`: features).
set -uo pipefail
cd "$(dirname "$0")/.."

# --build: only build the harnesses (CI builds them beside its other builds).
build_only=0
if [ "${1:-}" = "--build" ]; then build_only=1; shift; fi
seconds=${1:-60}
shift || true
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(catalog imdb csv stream-lines keys tmdb-json preview-output)
case "$seconds" in '' | *[!0-9]*) echo "usage: $0 [SECONDS] [HARNESS…]" >&2; exit 2 ;; esac

# Release by default, for speed (its build takes three minutes, debug's one); -parse-as-library:
# libFuzzer has the program's main.
configuration=${FUZZ_CONFIGURATION:-release}
# No index: nothing reads it here, and it is a tenth of the build's work.
if ! swift build -c "$configuration" --scratch-path .build-fuzz --product movie-search-fuzz \
  --disable-index-store -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING \
  >.build-fuzz.log 2>&1; then
  grep -v 'Cannot export local symbol' .build-fuzz.log | tail -20 >&2
  echo "fuzz: the build failed" >&2
  exit 1
fi
binary=.build-fuzz/$configuration/movie-search-fuzz
rm -f .build-fuzz.log
[ "$build_only" -eq 0 ] || exit 0

# One harness's run: its line, its findings kept; fails when it found something.
fuzz_one() {
  local harness=$1
  local seeds=Tests/Fuzz/Corpus/$harness
  local learnt=.build-fuzz/corpus/$harness
  local findings=.build-fuzz/findings/$harness
  mkdir -p "$learnt" "$findings"
  local log=.build-fuzz/$harness.log
  # -timeout: an input that takes longer is a hang; -rss_limit_mb: one that takes more
  # memory is a finding too. The whole run has a wall-clock limit beside libFuzzer's own.
  FUZZ_HARNESS=$harness timeout $((seconds + 120)) "$binary" "$learnt" "$seeds" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=262144 \
    -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1
  local status=$?
  local runs speed coverage found
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  speed=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$')
  coverage=$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -1)
  printf '%-13s %9s inputs  %6s/s  %s\n' "$harness" "${runs:-?}" "${speed:-?}" "${coverage:-}"
  found=$(find "$findings" -type f 2>/dev/null | head -1)
  if [ $status -ne 0 ] || [ -n "$found" ]; then
    grep -E 'ERROR|SUMMARY|Fatal error|panic' "$log" | head -5 >&2
    for file in "$findings"/*; do
      [ -f "$file" ] || continue
      local name
      name="regression-$(sha1sum "$file" | cut -c1-12)"
      cp "$file" "$seeds/$name"
      echo "fuzz: $harness: $(basename "$file") kept as $seeds/$name" >&2
      rm -f "$file"
    done
    [ -n "$found" ] || echo "fuzz: $harness ended with status $status (see $log)" >&2
    return 1
  fi
}

for harness in "${harnesses[@]}"; do
  if [ ! -d "Tests/Fuzz/Corpus/$harness" ]; then
    echo "fuzz: no harness '$harness' (Tests/Fuzz/Corpus has no such folder)" >&2
    exit 2
  fi
done
# The harnesses run side by side, one per processor (each fuzzes on one thread): as many
# seconds each in a fraction of the time. Each one's output is printed as it ends.
jobs_at_once=${FUZZ_JOBS:-$(nproc)}
failed=0
running=0
for harness in "${harnesses[@]}"; do
  if [ "$running" -ge "$jobs_at_once" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  fuzz_one "$harness" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
exit $failed
