#!/usr/bin/env python3
"""How many of a category's misses name other films: the queries whose every word (articles
aside) other films' titles hold as typed.

    held-words.py TITLES RESULTS [CATEGORY…]

TITLES is `search-eval --titles FILE` (id, title, year, votes, akas), RESULTS
`search-eval --evaluate --results FILE`. For each category (all when none is named) prints
its queries, those whose film is not among movie-search's first three, and how many of
those have three films or more besides the one meant holding every word of the query in a
title or an other title: a search that ranks the words as typed before slips lists those
first, so no such engine finds the film meant in its first three. Each such miss is listed
with the films holding its words.

A word is a run of letters and digits, lower-cased, apostrophes dropped; the articles are
the ones the catalog moves to a title's end ("The", "Les", "Il"…), which a query may add.
"""
import collections
import csv
import re
import sys

from realword_parts import ARTICLES as TITLE_ARTICLES

# The articles as words() spells them (apostrophes dropped: "l'" is "l").
ARTICLES = {article.replace("'", "") for article in TITLE_ARTICLES}
# Three or more other films holding the words: more than a page's first three can pass.
HOLDERS_THAT_FILL_THE_FIRST_THREE = 3


def words(text):
    return re.findall(r"[a-z0-9]+", text.lower().replace("'", ""))


def main(titles_path, results_path, categories):
    films = []  # (id, [word sets of its titles], display title)
    with open(titles_path, newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            texts = [row["title"]] + [aka for aka in row["akas"].split("|") if aka]
            films.append((row["id"], [set(words(text)) for text in texts], row["title"]))
    by_word = collections.defaultdict(set)  # word -> indices of films with it in some title
    for index, (_, sets, _) in enumerate(films):
        for word in set().union(*sets):
            by_word[word].add(index)
    totals = collections.defaultdict(lambda: [0, 0, 0])
    named = collections.defaultdict(list)
    with open(results_path, newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            category = row["category"]
            if categories and category not in categories:
                continue
            ranked = row["ours"].split(",") if row["ours"] else []
            totals[category][0] += 1
            if row["id"] in ranked[:3]:
                continue
            totals[category][1] += 1
            wanted = [w for w in words(row["query"]) if w not in ARTICLES] or words(row["query"])
            candidates = set.intersection(*(by_word.get(w, set()) for w in wanted))
            holders = [
                films[i][2] for i in sorted(candidates)
                if films[i][0] != row["id"] and any(set(wanted) <= s for s in films[i][1])
            ]
            if len(holders) >= HOLDERS_THAT_FILL_THE_FIRST_THREE:
                totals[category][2] += 1
                named[category].append((row["query"], holders))
    print("| category | queries | misses (not in the first three) | of them naming 3+ other films |")
    print("|---|---:|---:|---:|")
    for category, (count, misses, held) in totals.items():
        print(f"| {category} | {count} | {misses} | {held} |")
    for category, cases in named.items():
        for query, holders in cases:
            shown = "; ".join(holders[:4]) + (" …" if len(holders) > 4 else "")
            print(f"{category}: {query!r} — {len(holders)} films: {shown}")


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    main(sys.argv[1], sys.argv[2], set(sys.argv[3:]))
