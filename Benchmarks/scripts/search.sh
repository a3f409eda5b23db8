#!/usr/bin/env bash
# The offline search measured as issue 12 asks: quality on the evaluation set beside
# `fzf --filter`, speed in process on the built-in catalog and on a generated catalog of a
# million films, and movie-search against fzf as whole processes over that million.
# fzf is a yardstick, installed here if missing; it is never a dependency of the package.
#
#   Benchmarks/scripts/search.sh [DIR]    DIR: where the million-film files go
#                                         (default /tmp/movie-search-million, ~220 MB)
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v fzf > /dev/null; then
  if [ "$(id -u)" = 0 ]; then apt-get install -y fzf; else sudo apt-get install -y fzf; fi
fi
swift build -c release --product movie-search
swift build -c release --package-path Benchmarks --product search-eval
eval=Benchmarks/.build/release/search-eval
fzf --version
"$eval" --evaluate
"$eval" --speed
"$eval" --million "${1:-/tmp/movie-search-million}" --binary .build/release/movie-search
