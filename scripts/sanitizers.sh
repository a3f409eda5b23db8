#!/usr/bin/env bash
# Runs the whole test suite under ThreadSanitizer, then AddressSanitizer (with LeakSanitizer),
# each in a build folder of its own. The CLI tests run the movie-search binary built with the
# same sanitizer, so it is checked too. About 8 minutes for ThreadSanitizer on two cores.
#   scripts/sanitizers.sh [thread|address] [--races] [--build] [--typecheck-limit MS]
# --races runs only the suites where threads meet (Streams, the view models, the TMDb client,
# the finder's loop, stream, the misbehaving servers): what CI runs, in under a minute.
# --build only builds.
# --typecheck-limit MS: any function or expression that takes the type checker longer fails
# the build (CI's check: a function that took 21 s was compiled in each of CI's five builds).
# Give it to the run too: the build's flags must be the same, or the run builds again.
set -euo pipefail
cd "$(dirname "$0")/.."
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp:print_suppressions=0"
# Any report fails the run (exit code 66), not only a failing test.
export TSAN_OPTIONS="halt_on_error=0:exitcode=66:suppressions=$PWD/scripts/tsan.supp"
# At most four tests at a time. Swift Testing otherwise starts every test at once; under a
# sanitizer, which slows computing tenfold, the tests waiting for the concurrency pool (an
# operator on the real executor, a server's answer) then queue behind hundreds of others
# and outrun their time limits — and each test's time is the whole suite's.
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=${SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH:-4}

races="StreamsTests|ViewModelTests|TMDbClient|FinderSearchTests|FinderHabits|ReliabilityTests"
races+="|WaitingTests|MisbehavingServerTests|StreamLimitsTests|ImageLoaderTests"
sanitizers=()
filter=()
build_only=0
limit=
usage="usage: $0 [thread|address] [--races] [--build] [--typecheck-limit MS]"
while [ $# -gt 0 ]; do
  case "$1" in
    --races) filter=(--filter "$races") ;;
    --build) build_only=1 ;;
    --typecheck-limit)
      limit=${2:-}
      case "$limit" in '' | *[!0-9]*) echo "$usage" >&2; exit 2 ;; esac
      shift ;;
    thread | address) sanitizers+=("$1") ;;
    *) echo "$usage" >&2; exit 2 ;;
  esac
  shift
done
# The type checker's own warnings past the limit, then a search of the build's output for them.
timing=()
if [ -n "$limit" ]; then
  for flag in -warn-long-function-bodies="$limit" -warn-long-expression-type-checking="$limit"; do
    timing+=(-Xswiftc -Xfrontend -Xswiftc "$flag")
  done
fi
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(thread address)

for sanitizer in "${sanitizers[@]}"; do
  if [ "$build_only" -eq 1 ]; then
    # What `swift test` builds, so that it finds nothing left to build (CI builds this
    # beside its other builds).
    log=$(mktemp)
    status=0
    swift build --build-tests --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" \
      "${timing[@]}" 2>&1 | tee "$log" || status=$?
    slow=$(grep -oE '[^ ]*(Sources|Tests)/[^ ]*: warning: .* took [0-9]+ms to type-check' "$log" \
      | sort -u || true)
    rm -f "$log"
    [ "$status" -eq 0 ] || exit "$status"
    if [ -n "$slow" ]; then
      echo "$slow" >&2
      echo "sanitizers: the type checker took over $limit ms on the above (spell out types)" >&2
      exit 1
    fi
    continue
  fi
  echo "== swift test --sanitize=$sanitizer ${filter[*]:-}"
  swift test --sanitize="$sanitizer" --scratch-path ".build-$sanitizer" "${timing[@]}" \
    "${filter[@]}"
done
[ "$build_only" -eq 1 ] || echo "sanitizers: clean"
