#!/usr/bin/env python3
"""The search engines a developer would reach for instead, on the same films and queries.

    anchors.py TITLES QUERIES RESULTS

TITLES is `search-eval --titles FILE` (id, title, year, votes, and akas: the film's other
titles, `|`-separated, which both index beside its title, as a developer indexing a
catalog's display, original and alternative titles would), QUERIES the evaluation set,
RESULTS `search-eval --evaluate --results FILE` (movie-search's and fzf's three best ids per
query). Prints recall@1 and @3 per category for all four (and realword's two parts, as
search-eval gives them), and the time per query:

- rapidfuzz: `fuzz.token_set_ratio` over every title and aka (its default processor: lower
  case, punctuation to spaces), a film scored by its best, best score first, ties broken by
  votes;
- tantivy: one BM25 index of the titles and akas (one document per film, the field holding
  each of them; words lower-cased and ASCII-folded), a query per
  word as Lucene's fuzzy matching does it (a term query, or a fuzzy term: one edit from 3
  letters, two from 6, transpositions one edit; the last word a fuzzy prefix), the words
  OR-ed; best score first, ties broken by votes.

Both are yardsticks installed by Benchmarks/scripts/search.sh from PyPI, never dependencies.
"""
import csv
import statistics
import sys
import time

import numpy
import tantivy
from rapidfuzz import fuzz, process, utils

from realword_parts import realword_part


def read_tsv(path):
    with open(path, newline="", encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def top_by_votes(scores, votes, count=3):
    """The indices of the best `count` scores, ties broken by more votes."""
    order = numpy.lexsort((-votes, -scores))
    return [int(i) for i in order[:count] if scores[i] > 0]


def main():
    titles_path, queries_path, results_path = sys.argv[1:4]
    films = read_tsv(titles_path)
    ids = [int(film["id"]) for film in films]
    titles = [film["title"] for film in films]
    names = [[film["title"]] + [aka for aka in (film.get("akas") or "").split("|") if aka]
             for film in films]
    # Every title and aka, and the film (row) each belongs to.
    texts = [name for row in names for name in row]
    owners = numpy.array([row for row, row_names in enumerate(names) for _ in row_names])
    votes = numpy.array([int(film["votes"]) for film in films], dtype=numpy.int64)
    queries = read_tsv(queries_path)
    ours = {row["query"] + "\t" + row["id"]: row for row in read_tsv(results_path)}

    # rapidfuzz: every title scored, as process.extract would, then ties by votes.
    processed = [utils.default_process(text) for text in texts]
    rapidfuzz_found, rapidfuzz_times = [], []
    for query in queries:
        start = time.perf_counter()
        text_scores = process.cdist(
            [utils.default_process(query["query"])], processed, scorer=fuzz.token_set_ratio,
            dtype=numpy.float32, workers=1)[0]
        scores = numpy.zeros(len(titles), dtype=numpy.float32)
        numpy.maximum.at(scores, owners, text_scores)
        rapidfuzz_found.append([ids[i] for i in top_by_votes(scores, votes)])
        rapidfuzz_times.append(time.perf_counter() - start)

    # tantivy: BM25 over the titles, fuzzy terms per word.
    analyzer = (tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
                .filter(tantivy.Filter.lowercase()).filter(tantivy.Filter.ascii_fold()).build())
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("title", stored=False, tokenizer_name="folded")
    builder.add_integer_field("row", stored=True, indexed=False, fast=True)
    schema = builder.build()
    index = tantivy.Index(schema)
    index.register_tokenizer("folded", analyzer)
    writer = index.writer(heap_size=200_000_000, num_threads=1)
    for row, row_names in enumerate(names):
        writer.add_document(tantivy.Document(title=row_names, row=row))
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    searcher = index.searcher()
    tantivy_found, tantivy_times = [], []
    for query in queries:
        start = time.perf_counter()
        words = analyzer.analyze(query["query"])
        clauses = []
        for position, word in enumerate(words):
            last = position == len(words) - 1
            distance = 0 if len(word) < 3 else 1 if len(word) < 6 else 2
            exact = tantivy.Query.term_query(schema, "title", word)
            fuzzy = tantivy.Query.fuzzy_term_query(
                schema, "title", word, distance=distance, transposition_cost_one=True,
                prefix=last)
            clauses.append((tantivy.Occur.Should, tantivy.Query.boolean_query(
                [(tantivy.Occur.Should, exact), (tantivy.Occur.Should, fuzzy)])))
        found = []
        if clauses:
            hits = searcher.search(tantivy.Query.boolean_query(clauses), limit=100).hits
            rows = [(round(score, 4), searcher.doc(address)["row"][0]) for score, address in hits]
            rows.sort(key=lambda hit: (-hit[0], -votes[hit[1]]))
            found = [ids[row] for _, row in rows[:3]]
        tantivy_found.append(found)
        tantivy_times.append(time.perf_counter() - start)

    engines = ["movie-search", "fzf", "rapidfuzz", "tantivy"]
    tally = {}
    categories = []
    for query, fuzzy_ids, bm25_ids in zip(queries, rapidfuzz_found, tantivy_found):
        category, wanted = query["category"], int(query["id"])
        part = realword_part(query)
        for name in (category, part):
            if name is not None and name not in categories:
                categories.append(name)
        row = ours.get(query["query"] + "\t" + query["id"], {})
        found = {
            "movie-search": [int(i) for i in row.get("ours", "").split(",") if i],
            "fzf": [int(i) for i in row.get("fzf", "").split(",") if i],
            "rapidfuzz": fuzzy_ids,
            "tantivy": bm25_ids,
        }
        for key in (category, part, "all"):
            if key is None:
                continue
            for engine in engines:
                counts = tally.setdefault((key, engine), [0, 0, 0])
                counts[0] += found[engine][:1] == [wanted]
                counts[1] += wanted in found[engine]
                counts[2] += 1

    # realword's parts under it.
    parts = [name for name in categories if name.startswith("… ")]
    categories = [name for name in categories if name not in parts]
    if "realword" in categories:
        at = categories.index("realword") + 1
        categories[at:at] = sorted(parts, reverse=True)

    def percent(part, whole):
        return f"{100 * part / whole:.1f}" if whole else "-"

    print("| category | queries | " + " | ".join(f"{e} @1 | {e} @3" for e in engines) + " |")
    print("|---|---:|" + "---:|" * (2 * len(engines)))
    for category in categories + ["all"]:
        cells = []
        for engine in engines:
            first, top3, total = tally[(category, engine)]
            cells += [percent(first, total), percent(top3, total)]
        name = f"**{category}**" if category == "all" else category
        print(f"| {name} | {tally[(category, engines[0])][2]} | " + " | ".join(cells) + " |")

    def micros(values, fraction):
        values = sorted(values)
        return 1e6 * values[min(len(values) - 1, int(len(values) * fraction))]

    our_times = [float(row["ours_us"]) / 1e6 for row in ours.values()]
    print()
    print("time per query (in process, one core): p50 / p99")
    for name, values in [("movie-search", our_times), ("rapidfuzz", rapidfuzz_times),
                         ("tantivy", tantivy_times)]:
        print(f"  {name:13} {micros(values, 0.5):9.0f} µs / {micros(values, 0.99):9.0f} µs")
    print("  fzf           a process per query (see --million for process times)")


if __name__ == "__main__":
    main()
