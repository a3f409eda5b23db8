#!/usr/bin/env bash
# Typechecks Tests/DropInProbe (code written for swift-async-algorithms 1.1.4) against
# Streams in the Swift 6 and Swift 5 language modes, and, when the Benchmarks package has
# been built, against AsyncAlgorithms itself (-D PEER): the probe must be honest AA code.
#   scripts/check-drop-in.sh        (after `swift build`; CI runs it after the tests)
set -euo pipefail
cd "$(dirname "$0")/.."
probe=Tests/DropInProbe/AsyncAlgorithmsCode.swift
modules=$(swift build --show-bin-path)/Modules
status=0

check() {
  local name=$1
  shift
  if out=$(swiftc -typecheck "$@" "$probe" 2>&1) && ! grep -q 'warning:' <<<"$out"; then
    echo "drop-in: $name OK"
  else
    echo "$out" >&2
    echo "drop-in: $name FAILED" >&2
    status=1
  fi
}

check "Streams, Swift 6 mode" -swift-version 6 -I "$modules"
check "Streams, Swift 5 mode" -swift-version 5 -I "$modules"
peer=Benchmarks/.build/debug/Modules
if [ -d "$peer" ] && [ -e "$peer/AsyncAlgorithms.swiftmodule" ]; then
  check "the probe itself against AsyncAlgorithms 1.1.4" -swift-version 6 -D PEER -I "$peer"
else
  echo "drop-in: AsyncAlgorithms not built (swift build --package-path Benchmarks); peer check skipped"
fi
exit $status
