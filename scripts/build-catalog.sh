#!/usr/bin/env bash
# Converts the catalog CSV (ggplot2movies' movies.csv, see data/README.md) into the compact
# file the binary embeds: Sources/CatalogData/catalog.bin, with the English titles of the
# foreign-language films from data/english-titles.tsv.
#   scripts/build-catalog.sh [path/to/movies.csv or .csv.gz]   (default: data/imdb-movies.csv.gz)
set -euo pipefail
cd "$(dirname "$0")/.."
source=${1:-data/imdb-movies.csv.gz}
out=Sources/CatalogData/catalog.bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
case "$source" in
  *.gz) gzip -dc "$source" > "$work/movies.csv"; csv=$work/movies.csv ;;
  *) csv=$source ;;
esac
swift build -c release --product movie-search >/dev/null
.build/release/movie-search build-catalog --titles data/english-titles.tsv "$csv" "$work/catalog.bin"
mv "$work/catalog.bin" "$out"
# catalog.c embeds the file with .incbin, which the build does not track: touch it.
touch Sources/CatalogData/catalog.c
