#!/usr/bin/env bash
# Typechecks Tests/DropInProbe (code written for swift-async-algorithms 1.1.4) against
# Streams in the Swift 6 and Swift 5 language modes. The same files are typechecked against
# AsyncAlgorithms itself (-D PEER, from the Benchmarks build) to prove it is honest AA code,
# and Streams must not produce a single diagnostic that AA does not produce for it (Swift 5
# mode warns about passing `==` to a `@Sendable` parameter — with either library).
#   scripts/check-drop-in.sh        (after `swift build` and `swift build --package-path Benchmarks`)
set -euo pipefail
cd "$(dirname "$0")/.."
probe=(Tests/DropInProbe/*.swift)
ours=$(swift build --show-bin-path)/Modules
peer=Benchmarks/.build/debug/Modules
if [ ! -e "$peer/AsyncAlgorithms.swiftmodule" ]; then
  echo "drop-in: build the Benchmarks package first (swift build --package-path Benchmarks)" >&2
  exit 1
fi
status=0

# The probe's diagnostics, one line each ("file:line:col: kind: message").
diagnostics() {
  swiftc -typecheck "$@" "${probe[@]}" 2>&1 | grep -E '^[^ ]+:[0-9]+:[0-9]+: (error|warning):' | sort -u || true
}

for mode in 6 5; do
  theirs=$(diagnostics -swift-version "$mode" -D PEER -I "$peer")
  if grep -q ': error:' <<<"$theirs"; then
    echo "$theirs" >&2
    echo "drop-in: the probe is not valid swift-async-algorithms code in Swift $mode mode" >&2
    status=1
    continue
  fi
  mine=$(diagnostics -swift-version "$mode" -I "$ours")
  extra=$(comm -23 <(echo "$mine") <(echo "$theirs") | sed '/^$/d')
  if [ -n "$extra" ]; then
    echo "$extra" >&2
    echo "drop-in: Swift $mode mode: Streams differs from AsyncAlgorithms 1.1.4 (above)" >&2
    status=1
  else
    echo "drop-in: Swift $mode mode OK ($(grep -c . <<<"$theirs" || true) diagnostics, the same as AsyncAlgorithms')"
  fi
done
exit $status
