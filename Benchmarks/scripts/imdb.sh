#!/usr/bin/env bash
# Issue 26's scale measure, one run, side by side: IMDb's six dataset files at full size
# (generated: `search-eval --imdb`, then gzipped as IMDb serves them), turned into a catalog
# by `movie-search build-catalog` and into a tantivy index by the Python a developer would
# write (scripts/imdb-anchor.py) — time and peak memory of each as a whole process, the
# catalog's and the index's sizes — then one search's p50/p99 in process over each, on the
# evaluation queries, and how often the evaluation's film comes first among the 687,000 (recall@1
# and @3 per category). tantivy (PyPI, in Benchmarks/.venv) is a yardstick installed here if
# missing, never a dependency.
#
#   Benchmarks/scripts/imdb.sh [DIR]    DIR: where the files go (default /tmp/movie-search-imdb,
#                                       ~2.5 GB; generated once, kept for the next run)
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=Benchmarks/.venv
if [ ! -x "$venv/bin/python" ]; then python3 -m venv "$venv"; fi
"$venv/bin/pip" install --quiet tantivy==0.27.0
swift build -c release --product movie-search
swift build -c release --package-path Benchmarks --product search-eval
eval=Benchmarks/.build/release/search-eval
dir=${1:-/tmp/movie-search-imdb}
if [ ! -f "$dir/gz/name.basics.tsv.gz" ]; then
  "$eval" --imdb "$dir/tsv"
  mkdir -p "$dir/gz"
  for file in "$dir"/tsv/*.tsv; do
    gzip -c "$file" > "$dir/gz/$(basename "$file").gz" &
  done
  wait
  rm -rf "$dir/tsv"
fi
queries=Benchmarks/Evaluation/queries.tsv
timed() { /usr/bin/time -f "  %e s wall, %U s user, peak memory %M KB" "$@"; }

echo "== tantivy anchor (Python reads the files, tantivy indexes them)"
timed "$venv/bin/python" Benchmarks/scripts/imdb-anchor.py "$dir/gz" "$dir/tantivy" "$queries"
echo "== movie-search build-catalog"
timed .build/release/movie-search build-catalog "$dir/gz" "$dir/imdb.bin"
echo "== sizes"
du -sb "$dir/imdb.bin" "$dir/tantivy"
echo "== movie-search, in process"
"$eval" --speed --catalog "$dir/imdb.bin"
"$eval" --speed
echo "== movie-search, the evaluation's films found among all of them (recall per category)"
"$eval" --evaluate --no-fzf --imdb-catalog "$dir/imdb.bin"
