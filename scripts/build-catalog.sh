#!/usr/bin/env bash
# Converts the catalog CSV (ggplot2movies' movies.csv, see ../shared/data/README.md) into
# the compact file the binary embeds: Sources/CatalogData/catalog.bin.
#   scripts/build-catalog.sh [path/to/imdb-movies.csv]
set -euo pipefail
cd "$(dirname "$0")/.."
csv=${1:-../shared/data/imdb-movies.csv}
out=Sources/CatalogData/catalog.bin
swift build -c release --product movie-search >/dev/null
.build/release/movie-search build-catalog "$csv" "$out.new"
mv "$out.new" "$out"
# catalog.c embeds the file with .incbin, which the build does not track: touch it.
touch Sources/CatalogData/catalog.c
