"""realword's two parts, as `search-eval --evaluate` gives them (its `realWordPart`), for the
scripts that score the yardsticks on the evaluation set (`anchors.py`, `imdb-anchor.py`)."""

# The articles the catalog moves to a title's end, as a title's tokens (search-eval's
# `titleArticles`).
ARTICLES = {
    "the", "a", "an", "la", "le", "les", "l'", "il", "el", "der", "die", "das", "o", "i", "de",
    "los", "un", "una", "une", "las", "den", "gli", "het", "os", "en", "ein", "det", "lo", "ta",
    "oi", "eine", "een", "as", "un'", "to", "ang",
}


def realword_part(query):
    """realword's part of a query, as search-eval's `realWordPart` gives it: "the rest typed"
    when its title has a word beside the one replaced (articles aside), "the only word" when
    it has none; None for another category."""
    if query["category"] != "realword":
        return None
    title, typed = query["title"].lower().split(" "), query["query"].split(" ")
    if len(title) != len(typed):
        return None
    rest = [word for word, was in zip(title, typed) if word == was and word not in ARTICLES]
    return "… realword, the rest typed" if rest else "… realword, the only word"
