#!/usr/bin/env python3
"""What a developer would otherwise do with IMDb's dataset files: read them with Python and
index every film's titles and people in tantivy.

    imdb-anchor.py DIR INDEX QUERIES [--stored]

DIR holds the six files (`.tsv.gz`), INDEX is the folder the index is written to (made
anew), QUERIES the evaluation set. With `--stored` the index holds what the catalog holds
too, so that it alone could show a result and a film's details as `movie-search` does: the
titles and people stored, and the year, votes, rating, minutes and genres of title.basics and
title.ratings stored and as fast fields (what a ranking by popularity and year reads).

As `movie-search build-catalog DIR` does: feature films (`movie`) that are not adult; their
display and original titles and their titles in English or an English-speaking region; their
directors (title.crew) and first six actors (title.principals), named from name.basics. One document per film: `title` holds its
titles, `people` its people's names (lower-cased, ASCII-folded), `row` the film.

Prints the time spent reading and indexing, the index's size on disk, and p50/p99 of one
query in process: each query word a term query OR-ed with a fuzzy term (Lucene's distances:
one edit from 3 letters, two from 6; the last word a fuzzy prefix) over both fields, the
words OR-ed, the best 20 collected — and how often the evaluation's film is first, and among
the first three, of all 687,000 (the queries name the built-in catalog's films, generated
under known numbers). Run it under `/usr/bin/time -v` for its peak memory.
"""
import csv
import gzip
import os
import shutil
import sys
import time

from realword_parts import realword_part

import tantivy

ENGLISH_REGIONS = {"US", "GB", "CA", "AU", "NZ", "IE", "XWW"}
MAX_CAST = 6


def rows(directory, name):
    """The rows of one file as lists of fields, the header skipped."""
    path = os.path.join(directory, name + ".tsv.gz")
    with gzip.open(path, "rt", encoding="utf-8", newline="\n") as handle:
        next(handle)
        for line in handle:
            yield line.rstrip("\n").split("\t")


def main():
    directory, index_path, queries_path = sys.argv[1:4]
    stored = "--stored" in sys.argv[4:]
    start = time.perf_counter()
    films = {}  # tconst → [titles, people numbers, year, minutes, genres, rating, votes]
    for fields in rows(directory, "title.basics"):
        if fields[1] == "movie" and fields[4] != "1":
            titles = [fields[2]]
            if fields[3] != fields[2]:
                titles.append(fields[3])
            year = int(fields[5]) if fields[5].isdigit() else 0
            minutes = int(fields[7]) if fields[7].isdigit() else 0
            genres = [] if fields[8] == "\\N" else fields[8].split(",")
            films[fields[0]] = [titles, [], year, minutes, genres, 0.0, 0]
    if stored:
        for fields in rows(directory, "title.ratings"):
            film = films.get(fields[0])
            if film:
                film[5], film[6] = float(fields[1]), int(fields[2])
    for fields in rows(directory, "title.akas"):
        film = films.get(fields[0])
        if film and (fields[4] == "en" or fields[3] in ENGLISH_REGIONS):
            if fields[2] not in film[0]:
                film[0].append(fields[2])
    for fields in rows(directory, "title.crew"):
        film = films.get(fields[0])
        if film and fields[1] != "\\N":
            film[1].extend(fields[1].split(","))
    cast = {}
    for fields in rows(directory, "title.principals"):
        if fields[0] in films and fields[3] in ("actor", "actress", "self"):
            people = cast.setdefault(fields[0], [])
            if len(people) < MAX_CAST:
                people.append(fields[2])
    for tconst, people in cast.items():
        films[tconst][1].extend(people)
    wanted = {person for film in films.values() for person in film[1]}
    names = {}
    for fields in rows(directory, "name.basics"):
        if fields[0] in wanted:
            names[fields[0]] = fields[1]
    read = time.perf_counter() - start

    start = time.perf_counter()
    analyzer = (tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
                .filter(tantivy.Filter.lowercase()).filter(tantivy.Filter.ascii_fold()).build())
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("title", stored=stored, tokenizer_name="folded")
    builder.add_text_field("people", stored=stored, tokenizer_name="folded")
    builder.add_integer_field("row", stored=True, indexed=False, fast=True)
    if stored:
        for field in ("year", "minutes", "votes"):
            builder.add_integer_field(field, stored=True, indexed=False, fast=True)
        builder.add_float_field("rating", stored=True, indexed=False, fast=True)
        builder.add_text_field("genres", stored=True, index_option="basic")
    schema = builder.build()
    shutil.rmtree(index_path, ignore_errors=True)
    os.makedirs(index_path)
    index = tantivy.Index(schema, path=index_path)
    index.register_tokenizer("folded", analyzer)
    writer = index.writer(heap_size=400_000_000, num_threads=2)
    for row, (titles, people, year, minutes, genres, rating, votes) in enumerate(films.values()):
        document = tantivy.Document(
            title=titles, people=[names[p] for p in people if p in names], row=row)
        if stored:
            document.add_integer("year", year)
            document.add_integer("minutes", minutes)
            document.add_integer("votes", votes)
            document.add_float("rating", rating)
            for genre in genres:
                document.add_text("genres", genre)
        writer.add_document(document)
    writer.commit()
    writer.wait_merging_threads()
    indexed = time.perf_counter() - start
    size = sum(os.path.getsize(os.path.join(index_path, f)) for f in os.listdir(index_path))
    print(f"tantivy anchor: {len(films):,} films; read {read:.1f} s, indexed {indexed:.1f} s, "
          f"total {read + indexed:.1f} s; index {size / 1e6:.1f} MB"
          + (" (the catalog's data stored)" if stored else ""))

    index.reload()
    searcher = index.searcher()
    with open(queries_path, newline="", encoding="utf-8") as handle:
        table = list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))
    queries = [row["query"] for row in table]
    # The evaluation's film among all: the built-in catalog's film `id` (its row, from 1) is
    # generated as number ⌈id × 11,000,000 / 700,000⌉ (`IMDbFiles.number(ofFilm:)`).
    wanted = ["tt%07d" % ((int(row["id"]) * 11_000_000 + 700_000 - 1) // 700_000) for row in table]
    tconsts = list(films)
    found = {}  # category → [queries, first, top three]
    parts = {}  # realword's parts, the same
    times = []
    for query, row, film in zip(queries, table, wanted):
        category = row["category"]
        start = time.perf_counter()
        words = analyzer.analyze(query)
        clauses = []
        for position, word in enumerate(words):
            last = position == len(words) - 1
            distance = 0 if len(word) < 3 else 1 if len(word) < 6 else 2
            for field in ("title", "people"):
                clauses.append((tantivy.Occur.Should, tantivy.Query.term_query(schema, field, word)))
                clauses.append((tantivy.Occur.Should, tantivy.Query.fuzzy_term_query(
                    schema, field, word, distance=distance, transposition_cost_one=True,
                    prefix=last)))
        hits = []
        if clauses:
            hits = searcher.search(tantivy.Query.boolean_query(clauses), limit=20).hits
        times.append(time.perf_counter() - start)
        top = [tconsts[searcher.doc(address)["row"][0]] for _, address in hits[:3]]
        part = realword_part(row)
        for counts in [found.setdefault(category, [0, 0, 0])] + (
                [parts.setdefault(part, [0, 0, 0])] if part else []):
            counts[0] += 1
            counts[1] += top[:1] == [film]
            counts[2] += film in top
    times.sort()
    p50 = 1e3 * times[len(times) // 2]
    p99 = 1e3 * times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"tantivy anchor: {len(queries)} queries in process: p50 {p50:.2f} ms, p99 {p99:.2f} ms")
    total = [sum(counts[i] for counts in found.values()) for i in range(3)]
    print(f"tantivy anchor: the evaluation's film among all, @1 {100 * total[1] / total[0]:.1f} %, "
          f"@3 {100 * total[2] / total[0]:.1f} %; @3 by category: "
          + ", ".join(f"{category} {100 * counts[2] / counts[0]:.1f}"
                      for category, counts in list(found.items()) + sorted(parts.items())))


if __name__ == "__main__":
    main()
