#!/usr/bin/env python3
"""How many of the built-in catalog's most-voted non-English titles data/english-titles.tsv
gives an English title (issue 48).

The catalog's source (ggplot2movies, data/imdb-movies.csv.gz) says nothing of a film's
language, so a title's language is read from its words: each word leans to English or to
another language by how common it is in each (wordfreq's frequencies: English against the
commonest of sixteen other languages written in Latin letters); a word common in none
(romanised Japanese, Chinese, Korean…) leans away from English, unless it is two English
words written as one ("Windtalkers"). A title whose words lean away from English on average
(by 1.5 on wordfreq's Zipf scale, a factor of about 30) is taken for non-English. The word
test takes some English titles for foreign ones (Se7en, Con Air, Gunga Din): those were
reviewed by hand and are listed in ENGLISH below, by catalog id.

Prints the count covered among the N most-voted non-English titles (default 500), and the
titles not covered, most-voted first — many of which are known in English by their own
title (Amores perros, La Dolce Vita, Persona, Z).

wordfreq is a yardstick here (pip install wordfreq), never a dependency.

usage: Benchmarks/scripts/english-titles-coverage.py [N] [--uncovered]
"""
import csv, gzip, os, re, sys

from wordfreq import zipf_frequency

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OTHER_LANGUAGES = ["fr", "de", "es", "it", "pt", "nl", "sv", "da", "nb", "fi", "pl", "cs",
                   "hu", "tr", "ro", "id"]
# Zipf 1.5 is about one word in 30 million: rarer than that in every language, a word is
# none of theirs. A title leaning 1.5 or more away from English is taken for another's.
UNKNOWN_BELOW = 1.5
AWAY_FROM_ENGLISH = 1.5
# The lean a word unknown everywhere is given, and the bounds of any word's lean (so that one
# very common word does not decide a long title).
UNKNOWN_LEAN, LEAN_BOUNDS = 3.0, (-3.0, 5.0)

# English titles (English-language films, or known in English by that title) that the word
# test takes for another language's — reviewed by hand.
ENGLISH = {
    45331, 10909, 5099, 9904, 54891, 17094, 58779, 20150, 2252, 20961, 57237, 45305, 16600,
    27255, 54894, 44326, 17480, 17098, 38203, 17387, 37228, 1592, 48685, 27477, 24336, 13729,
    28621, 11903, 10409, 57147, 15672, 12079, 28614, 27149, 21585, 25736, 20149, 43394, 39574,
    41224, 15671, 13868, 12077, 31884, 57472, 54724, 23485, 3683, 2362, 54874, 27570, 46965,
    11907, 45132, 27151, 5128, 5098, 26104, 38800, 23666, 29308, 41964, 4756, 51068, 50844,
    47911, 3090, 10938, 4305, 8765, 8869, 21672, 58403, 2479, 24899, 11286, 31886, 50038, 56200,
    2842, 54627, 19414,
}


def words(title):
    return re.findall(r"[^\W\d_]+", title.lower())


def lean(word):
    english = zipf_frequency(word, "en")
    other = max(zipf_frequency(word, language) for language in OTHER_LANGUAGES)
    if max(english, other) < UNKNOWN_BELOW:
        halves = ((word[:i], word[i:]) for i in range(2, len(word) - 1))
        if any(min(zipf_frequency(a, "en"), zipf_frequency(b, "en")) >= 3 for a, b in halves):
            return -1.0
        return UNKNOWN_LEAN
    return max(LEAN_BOUNDS[0], min(LEAN_BOUNDS[1], other - english))


def non_english(film_id, title):
    found = words(title)
    if film_id in ENGLISH or not found:
        return False
    return sum(lean(word) for word in found) / len(found) >= AWAY_FROM_ENGLISH


def main():
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    wanted = int(arguments[0]) if arguments else 500
    with gzip.open(os.path.join(ROOT, "data/imdb-movies.csv.gz"), "rt") as source:
        films = list(csv.DictReader(source))
    films.sort(key=lambda film: (-int(film["votes"]), int(film[""])))
    listed = set()
    with open(os.path.join(ROOT, "data/english-titles.tsv")) as titles:
        for line in titles:
            if not line.startswith("#") and not line.startswith("id\t"):
                listed.add(int(line.split("\t")[0]))
    picked = [f for f in films if non_english(int(f[""]), f["title"])][:wanted]
    covered = [f for f in picked if int(f[""]) in listed]
    least = int(picked[-1]["votes"]) if picked else 0
    print(f"{len(covered)} of the {len(picked)} most-voted non-English titles "
          f"({least:,} votes or more) have an English title in data/english-titles.tsv "
          f"({100 * len(covered) / max(1, len(picked)):.1f} %)")
    if "--uncovered" in sys.argv:
        for film in picked:
            if int(film[""]) not in listed:
                print(film[""], film["votes"], film["year"], film["title"], sep="\t")


if __name__ == "__main__":
    main()
