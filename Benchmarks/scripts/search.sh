#!/usr/bin/env bash
# The offline search measured as issues 12 and 18 ask: quality on the evaluation set beside
# `fzf --filter`, rapidfuzz and tantivy; speed in process on the built-in catalog and on a
# generated catalog of a million films; movie-search against fzf as whole processes over
# that million. fzf (Debian) and rapidfuzz and tantivy (PyPI, in Benchmarks/.venv) are
# yardsticks installed here if missing; none is ever a dependency of the package.
#
#   Benchmarks/scripts/search.sh [DIR]    DIR: where the million-film files go
#                                         (default /tmp/movie-search-million, ~220 MB)
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v fzf > /dev/null; then
  if [ "$(id -u)" = 0 ]; then apt-get install -y fzf; else sudo apt-get install -y fzf; fi
fi
venv=Benchmarks/.venv
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
"$venv/bin/pip" install --quiet rapidfuzz==3.14.6 tantivy==0.27.0 numpy
swift build -c release --product movie-search
swift build -c release --package-path Benchmarks --product search-eval
eval=Benchmarks/.build/release/search-eval
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fzf --version
"$eval" --titles "$work/titles.tsv"
"$eval" --evaluate --results "$work/results.tsv"
"$venv/bin/python" Benchmarks/scripts/anchors.py "$work/titles.tsv" \
  Benchmarks/Evaluation/queries.tsv "$work/results.tsv"
"$eval" --speed
"$eval" --million "${1:-/tmp/movie-search-million}" --binary .build/release/movie-search
