#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer, then AddressSanitizer (with LeakSanitizer),
# each in a build folder of its own. The CLI tests run the movie-search binary built with the
# same sanitizer, so it is checked too. About 5 minutes on two cores.
#   scripts/sanitizers.sh [thread|address]
set -euo pipefail
cd "$(dirname "$0")/.."
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
# Any report fails the run (exit code 66), not only a failing test.
export TSAN_OPTIONS="halt_on_error=0:exitcode=66:suppressions=$PWD/scripts/tsan.supp"

for sanitizer in ${1:-thread address}; do
  echo "== swift test --sanitize=$sanitizer"
  swift test --sanitize="$sanitizer" --scratch-path ".build-$sanitizer"
done
echo "sanitizers: clean"
