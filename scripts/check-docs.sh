#!/usr/bin/env bash
# Builds the DocC documentation of the library targets without any plugin and fails on any
# DocC warning (a broken symbol link, a doc that drifted from the code), internal
# declarations included. Every library target has a DocC catalog.
#   scripts/check-docs.sh [output-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build/docs}
mkdir -p "$out"

# Internal declarations too: their doc comments link to each other, and a link that drifted
# from the code is as wrong there as in a public one.
swift package dump-symbol-graph --minimum-access-level internal >/dev/null 2>&1
graphs=$(find .build -type d -name symbolgraph -path '*/.build/*' | head -n 1)
if [ -z "$graphs" ]; then graphs=$(find .build -type d -name symbolgraph | head -n 1); fi

for module in Streams StreamsTesting MovieSearch MovieSearchBuiltInCatalog; do
  catalog=Sources/$module/$module.docc
  if [ ! -d "$catalog" ]; then echo "docs: $module has no DocC catalog ($catalog)" >&2; exit 1; fi
  staged=$(mktemp -d)
  cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$staged"/ 2>/dev/null || true
  if ! log=$(docc convert "$catalog" \
    --additional-symbol-graph-dir "$staged" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "$module" \
    --output-path "$out/$module.doccarchive" \
    --warnings-as-errors 2>&1); then
    echo "$log" >&2
    echo "docs: $module has DocC errors or warnings" >&2
    exit 1
  fi
  rm -rf "$staged"
  echo "docs: $module OK"
done
