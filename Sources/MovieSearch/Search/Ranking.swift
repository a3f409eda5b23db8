import Foundation

/// How the offline catalog ranks the films that match a query. Lower is better:
///
///     score = match cost − 6 × log10(1 + popularity) − year bonus
///
/// **Match cost.** Each query word matches a different word of the title, or is missed; the
/// cost adds up how:
/// - exactly: 0; as the beginning of a longer word (a word being typed): 2 — but a number
///   that is a title word as typed, as the beginning of a longer number, costs a typo: numbers
///   are typed whole ("300" → The 300 Spartans before 3000 Miles to Graceland);
/// - with typos (insert, delete, substitute, swap two neighbours): 12 per edit, and 2 more if
///   only the word's beginning matched. Up to 1 edit from 3 letters, 2 from 7 (a word with a
///   typo matches the beginning of a longer word from 5 letters, from 4 in the last query
///   word); shorter words must be exact or beginnings. A query word that is a title word as
///   typed (or, from 6 letters, the beginning of one) is looked up with typos only when
///   reading it as a typo could rank a film first ("the ting" → "The Thing");
/// - spelt by ear ("frekwenci" → "Frequency", "the konversashun"), a word of five letters or
///   more that is no title word and begins none, matching a title word of its sound (see
///   ``Phonetic``) that no typo reaches: 18 — a typo and a half, so that a word the edit
///   distance finds wins;
/// - a space typed a letter early or late ("ther unner" → "The Runner"): 12 for the query, a
///   typo's cost, looked for when a film so found could come first;
/// - as a synonym ("the large sleep" → "The Big Sleep", a pair of ``Synonyms``): 12, a typo's
///   cost — the title as typed wins unless the other is a hundred times more popular — looked
///   for when a film so found could come first;
/// - written otherwise: 1 — a number in digits, words, Roman numerals or as an ordinal ("rocky
///   two" → "Rocky II", "oceans 11" → "Ocean's Eleven", "13th" → "Thirteenth"), an
///   abbreviation or its long form ("mister deeds" → "Mr. Deeds"), an American or British
///   spelling ("colours" → "Colors"), 2 from or to a single letter ("10" → "X"); words
///   joined or split ("spiderman" → "Spider-Man", "day light" → "Daylight"): 1 (plus 2 when
///   the last word's second half is the beginning of a title word: only the last word is
///   being typed — a finished "dead" is not "Dea D…"); three words
///   or more typed together, when nothing matches them as typed ("backtothefuture"): 1 per
///   join (see ``Segmentation``);
/// - a leading or trailing article of the query ("the", "das", "o", …) that the title lacks:
///   12 — so a literal title wins ("o brother" → "O Brother, Where Art Thou?" before
///   "Brother") but dropping the article still finds it;
/// - a word people add after a title ("movie", "movies", "film", "films", "dvd"), last in the
///   query, that the title lacks: 12, as an article ("maze movie" → "Maze");
/// - a query word the title does not match at all: 1,000 once (so films that match every
///   word always come first), plus 6 + 12 × log10(films / films the word reaches) for each
///   such word — missing a rare word costs more than missing a common one ("the matrix
///   movie" still finds The Matrix first, "the shining kubrick" The Shining). A film must
///   match one query word at least, and one that matches only words in more than one title
///   in fifty ("the", "of") is no answer when the query has rarer words (when it has none,
///   one without the least common of them is no answer); a query of six
///   such rarer words or more needs a third of them matched, when some film does;
/// - each title word no query word matched (a leading article excepted): 2 — shorter,
///   closer titles first; 12 when each query word matched a whole title word and one of four
///   letters or more only through a typo or as a synonym ("finla" → "Final" before "Final
///   Destination", "past summer" → "Last Summer" before "I Know What You Did Last Summer"):
///   people who type a title's words, one slipped, mean the film called that; a one-word
///   title so matched by a one-word query of five letters or more (four, a letter dropped)
///   gets −6 back ("seten" → "Seven", "jsus" → "Jesus");
/// - query words matched out of order: 4; the first query word matching the title's first
///   word: −2;
/// - the whole title and nothing else, each word as typed or written otherwise (at 1), in
///   order: −8 — a literal title wins ("10" or "ten" → the film "10" before "X-Men");
///
/// **Initials.** A query of one word of 2–8 letters that is no title word and begins none is
/// also read as the initials of a title's words ("bttf", "gwtw", "potc"; a leading article
/// optional; from three letters the initials of a longer title's first words: "lotr"): 14,
/// more for initials that only begin the title's (2 more) — below any real word matched with
/// a typo at equal popularity.
///
/// **Popularity** is the vote count in the built-in catalog, and TMDb's popularity × 100 in
/// a catalog built from TMDb's export. Each factor of ten is worth 6: a typo (12) is
/// outweighed only by a film a hundred times more popular, so exact and prefix matches always
/// rank above typo matches of equal popularity.
///
/// **A year** typed first or last ("king kong 1933", "1999 matrix") is not title text: a film
/// of that year gets −40, one a year off −36, two years off −32 — a year half-remembered
/// costs less than a typo, so a film of the year typed never wins with a weaker title
/// ("grease 1977" → Grease, 1978, before Greased Lightning, 1977). A decade ("70s", "'70s",
/// "1970s", "the 90s") gives all its films −40. (If the title contains the word, it matches
/// as a title word too: "the goddess of 1967".) A year outweighs popularity: a film a million
/// times more voted is still ranked after one of the year typed.
enum Ranking {
  /// What each factor of ten of popularity is worth.
  static let popularity: Float = 6
  /// How many times more popular a film must be to outweigh a typo.
  static let typoOutweighedBy: Float = 100
  /// A typo: the worth of a film ``typoOutweighedBy`` times more popular (12).
  static let typo = popularity * log10(typoOutweighedBy)
  /// A word being typed (a beginning): well below a typo, so that exact and prefix matches
  /// rank above typo matches of equal popularity.
  static let typedPrefix: Float = 2
  /// A word matched by its sound alone: a typo and a half.
  static let phonetic = typo * 1.5
  /// A film found by its title's initials ("bttf"): a typo and a word being typed, so that a
  /// real word matched with a typo ranks above it at equal popularity; a famous title still
  /// comes first by its popularity.
  static let initials = typo + typedPrefix
  /// A number that is a title word, as the beginning of a longer one: a typo.
  static let numberPrefix = typo
  static let otherForm: Float = 1
  static let letterForm = 2 * otherForm
  static let compound = otherForm
  /// A space typed a letter early or late ("ther unner" for "the runner", see ``SpaceShift``):
  /// one slip, a typo's cost.
  static let spaceShift = typo
  /// A word remembered as a synonym ("large" for "Big", see ``Synonyms``): what a typo costs,
  /// so that the title as typed wins over its synonym at equal popularity.
  static let synonym = typo
  /// A query article the title lacks costs what a typo costs: a literal title wins, and a
  /// dropped article still finds the film (a title that is the query but for it gets most of
  /// it back: ``literalButForAnAddedWord``).
  static let missingArticle = typo
  /// A word people add after a title ("movie", "film", "dvd") that the title lacks: what a
  /// typo costs, as a missing article does — a title that has the word wins at equal
  /// popularity ("scary movie" → "Scary Movie" before "Scary"), and "maze movie" finds
  /// "Maze" before a title that has "movie" but needs a typo for "maze" (and pays for its
  /// other words).
  static let missingMediaWord = typo
  static let partialMatch: Float = 1_000
  static let missedWord: Float = 6
  /// What each factor of ten of a missed word's rarity adds: as much as a typo.
  static let rarity = typo
  /// A title word no query word matched: a third of a factor of ten in votes, so that among
  /// many titles sharing the query's words the closest wins unless far more popular (at 1.5,
  /// a catalog of IMDb's size ranked "Anzio The Tale Surcos" above "Anzio" for "the anzio";
  /// Benchmarks/README, round ten).
  static let extraWord: Float = 2
  /// A query word matching a word of the film's people (a director's, a first-billed
  /// actor's) rather than of its title: more than a word being typed, so that a title word
  /// matched always wins over a person's of the same cost. A query word typed for two
  /// (``compound``) matches two words of a title only: a name is typed with its space, and
  /// the initials in names would otherwise make a candidate of every film whose people have
  /// one.
  static let personWord = typedPrefix + 1
  static let outOfOrder: Float = 4
  static let titleStart: Float = -2
  static let literalTitle: Float = -8
  /// A title that is the query but for an article or a media word typed that it lacks (and
  /// that has no article of its own: "La Story" is not "Story"): back all of what that word
  /// costs (``missingArticle``, ``missingMediaWord``) but one ``extraWord``, in place of the
  /// ``literalTitle`` bonus — it ranks as a title one word longer than the query would, as a
  /// search engine that gives "the" almost no weight ranks it: "the anzio" and "honest dvd"
  /// find Anzio and Honest before The Anzio Beach Head and Honest Letio Most (two words more),
  /// among titles of one word more by popularity, and after the title as typed ("scary
  /// movie" → Scary Movie before Scary unless Scary is far more popular). Once: a title
  /// lacking two such words pays the second in full (Benchmarks/README, round eleven).
  static let literalButForAnAddedWord = extraWord - missingArticle
  /// A one-word title matched whole with one slip (a typo or a synonym) by a query of one
  /// word of ``Forgiveness/slippedTitleFrom`` letters or more (of four, a letter dropped: see
  /// ``Forgiveness/slippedShortTitleFrom``): half a typo back, a film ten
  /// times more popular's worth — people who type one word mean the film called that
  /// ("seten" → Seven, "fatto" → Fatso before "Ecco fatto"); a far more popular film still
  /// comes first ("fatto" → Patton).
  static let slippedTitle = -typo / 2
  /// Each title word the query does not match, when each query word matched a whole title
  /// word and one of them only through a typo (or as a synonym): a typo's cost instead of
  /// ``extraWord`` — people who type a title's words, one slipped, mean the film called that
  /// ("finla" → "Final" before "Final Destination", "past summer" → "Last Summer" before "I
  /// Know What You Did Last Summer", unless that is a hundred times more popular).
  static let extraWordAfterTypo = typo
  /// How many times more popular a film of another year may be and still rank after one
  /// of the year typed.
  static let yearOutweighs: Float = 1_000_000
  /// A film of the year typed: more than the worth of a film ``yearOutweighs`` times more
  /// popular (−40 against 36).
  static let sameYear = -(popularity * log10(yearOutweighs) + 4)
  /// What each year off the year typed gives back (two at most): a third of a typo, so that
  /// two years off still keep more than a typo's worth of the bonus.
  static let yearOff = typo / 3

  /// The films people read before retyping: a film that matches every query word only
  /// through a slip is looked for when films that miss a word are among them.
  static let firstFew = 3

  static func cost(distance: Int, prefix: Bool) -> Float {
    Float(distance) * typo + (prefix ? typedPrefix : 0)
  }

  // MARK: Thresholds, derived from the costs

  /// The score from which a film is a partial match: half of ``partialMatch``. A partial
  /// match's score carries the ``partialMatch`` of a missed word; a full match's is far below
  /// half of it (every other cost together is a few dozen).
  static let partialBelow = partialMatch / 2

  /// Whether `score` is a partial match's (see ``partialBelow``).
  static func isPartial(_ score: Float) -> Bool { score >= partialBelow }

  /// The best score a film found only through a typo can have: a ``typo``, the ``titleStart``
  /// (its first word typed first), the ``sameYear`` of a year typed, the ``slippedTitle``
  /// when the plan gives it (`givesSlippedTitle`), and the most popularity
  /// any film of the catalog has (`maxPopularity`, its log). A film found better than this
  /// needs no look at more typos (``SearchPass/typos``).
  static func bestWithTypo(
    yearHinted: Bool, givesSlippedTitle: Bool, maxPopularity: Float
  ) -> Float {
    typo + titleStart + (yearHinted ? sameYear : 0) + (givesSlippedTitle ? slippedTitle : 0)
      - popularity * maxPopularity
  }
}

/// Which words are forgiven what, by their length in bytes: the thresholds the search's
/// passes decide by, named beside the costs they go with (``Ranking``).
enum Forgiveness {
  /// One typo is forgiven from three letters (a shorter word has too many neighbours)…
  static let oneTypoFrom = 3
  /// …two from seven: a typed word is often a letter short of the word it means ("rlvaded"
  /// for "reloaded").
  static let twoTyposFrom = 7
  /// A typo at the beginning of a longer title word is read from five letters, four in the
  /// last word (being typed): shorter, a typo'd beginning begins too many words.
  static let typoInBeginningFrom = (elsewhere: 5, last: 4)
  /// A word that begins a title word is taken as typed from six letters (its typos are looked
  /// up only when a better film may come of them) — at any length when it is the last word
  /// of a query being typed (``MovieQuery/isBeingTyped``), and its typos are never looked up.
  static let beginningTakenAsTypedFrom = 6
  /// A word taken as typed is read with typos from four letters, when a better film is looked
  /// for (``SearchPass/typos``).
  static let typosOfTypedWordsFrom = 4
  /// A shorter word taken as typed is read from three letters as a title word with a letter
  /// it dropped ("god" for "good", "tie" for "time"), when the words as typed leave some
  /// word unmatched in a query of fewer than ``longQueryWords`` (``SearchPass/typos``).
  static let droppedLetterOfTypedWordsFrom = 3
  /// A query of this many words or more (not counting the commonest) needs a third of them
  /// matched by a film, when some film does: one that matches one or two words of a long
  /// query is no answer.
  static let longQueryWords = 6
  /// A query whose words are a title's, one matched only through a typo, weighs the title's
  /// other words more (``Ranking/extraWordAfterTypo``) when that word has four letters or
  /// more ("gtor" → Gator before Gator Bait): shorter, it is as likely a title's initials
  /// ("fgm") or another word one key away.
  static let throughTypoFrom = 4
  /// A real word is read as a slip for a longer title word (``SearchPass/realWords``) in a
  /// query of two words: there one word that found nothing is the slip; a longer query that
  /// leaves a word out most often holds a word people add ("hellboy action movie"), and the
  /// pass's wider look-up would cost every such query.
  static let realWordSlipsUpTo = 2
  /// A one-word query is read as a one-word title with one slip (``Ranking/slippedTitle``)
  /// from five letters…
  static let slippedTitleFrom = 5
  /// …and from four when the title's word is a letter longer, one the query dropped ("jsus"
  /// → Jesus): any other slip of four letters is one from too many short titles, and as
  /// likely a typo in a longer title's beginning or a title's initials ("flec" → Fled before
  /// Fletch, "rfad" → Rad before Requiem for a Dream).
  static let slippedShortTitleFrom = 4
  /// The most titles read word by word for a title one real word's slip from the query
  /// (``SearchPass/realWords``), those of its rarest other word: each costs about a
  /// microsecond at IMDb's size, and at 4,096 the searches that read them were 4 % slower in
  /// all; beyond, the other words say too little to name a film (Benchmarks/README).
  static let slipLookAlikesReadUpTo = 1_024

  /// The share of a long query's words a film must match.
  static let longQueryShare = 3

  /// The most typos forgiven in a word of `length` bytes.
  static func maxTypos(_ length: Int) -> Int {
    length >= twoTyposFrom ? 2 : length >= oneTypoFrom ? 1 : 0
  }
}
