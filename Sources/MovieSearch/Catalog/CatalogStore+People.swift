import Foundation

/// The people of a catalog's films: written in each film's extras as name indices, or — a
/// film's searched people — as runs of its people's words, the name found by them (see
/// ``ExtrasLayout``).
extension CatalogStore {
  /// The term ids of film `film`'s people's words: its searched people's names' words, one
  /// person after the other (at most ``WordIDs/capacity``).
  func peopleWords(of film: Int) -> WordIDs {
    filmWords(film, title: -1, people: true)
  }

  /// Calls `body` with each of film `film`'s people as its extras write them, the film's
  /// people's words (which a run of words is of) and whether they direct it — its directors
  /// first — until `body` says `true` (then returns `true`).
  func forEachCredit(
    of film: Int, _ body: (ExtrasLayout.Credit, WordIDs, _ isDirector: Bool) -> Bool
  ) -> Bool {
    guard let (start, end) = extrasBits(of: film) else { return false }
    let words = peopleWords(of: film)
    return extrasLayout.forEachPerson(
      start: start, end: end, in: base + layout.extras, peopleWords: words.count
    ) { body($0, words, $1) }
  }

  /// Calls `body` with each of film `film`'s people (name indices) and whether they direct
  /// it: its directors, then its cast. A person written by their words is looked up (see
  /// ``person(withWords:_:)``): for a film's page, not for a pass over every film (see
  /// ``PeopleMatcher``). One not found (damage) is left out.
  func forEachPerson(of film: Int, _ body: (Int, _ isDirector: Bool) -> Void) {
    _ = forEachCredit(of: film) { credit, words, isDirector in
      switch credit {
      case .name(let index): body(index, isDirector)
      case .words(let run):
        if let index = person(withWords: words, run) { body(index, isDirector) }
      }
      return false
    }
  }

  /// Calls `body` with each of film `film`'s people that `people` holds (name indices) and
  /// whether they direct it; nothing is looked up.
  func forEachPerson(
    of film: Int, among people: PeopleMatcher, _ body: (Int, _ isDirector: Bool) -> Void
  ) {
    _ = anyCredit(of: film, among: people) { index, isDirector in
      body(index, isDirector)
      return false
    }
  }

  /// Whether one of film `film`'s people is one `people` holds.
  func anyPerson(of film: Int, among people: PeopleMatcher) -> Bool {
    anyCredit(of: film, among: people) { _, _ in true }
  }

  /// Calls `body` with each of film `film`'s people that `people` holds until it says `true`.
  /// The film's people's words are read only when one of `people` may be written by them
  /// (a pass over every film reads each film's credits, and few films' words).
  private func anyCredit(
    of film: Int, among people: PeopleMatcher, _ body: (Int, _ isDirector: Bool) -> Bool
  ) -> Bool {
    guard let (start, end) = extrasBits(of: film) else { return false }
    let byWords = people.mayWriteByWords(film)
    let words = byWords ? peopleWords(of: film) : WordIDs()
    return extrasLayout.forEachPerson(
      start: start, end: end, in: base + layout.extras, peopleWords: byWords ? words.count : .max
    ) { credit, isDirector in
      guard let index = people.person(credit, words) else { return false }
      return body(index, isDirector)
    }
  }

  /// The first name, in the names' order, whose words are `run` of `words`; `nil` when none
  /// is (damage). Names are sorted by their words (see ``CatalogFile/nameKey(_:)``): a binary
  /// search over the first names of the blocks, then at most two blocks read.
  func person(withWords words: WordIDs, _ run: Range<Int>) -> Int? {
    var key: [UInt8] = []
    let trie = self.trie
    for position in run {
      guard position < words.count, trie.spell(words[position], appendingTo: &key) else {
        return nil
      }
      key.append(0)
    }
    // The first block whose first name's words do not sort before `key`.
    var (low, high) = (0, NameBlocks.blocks(layout.names))
    while low < high {
      let middle = (low + high) / 2
      var before = false
      forEachName(inBlocks: middle..<middle + 1, through: 0) { _, name in
        before = CatalogFile.bytewiseLess(CatalogFile.nameKey(bytes: name), key)
      }
      if before { low = middle + 1 } else { high = middle }
    }
    // The name is in the block before that one, or that one's first.
    var found: Int?
    var passed = false
    forEachName(inBlocks: max(0, low - 1)..<low + 1) { index, name in
      guard found == nil, !passed else { return }
      let nameKey = CatalogFile.nameKey(bytes: name)
      if nameKey == key { found = index }
      passed = CatalogFile.bytewiseLess(key, nameKey)
    }
    return found
  }

  /// The term ids of name `index`'s words, when it is the first name whose words they are
  /// (only such a name is written by its words) and each is a term; else `nil`.
  func wordsFinding(person index: Int) -> [Int32]? {
    var names: [Int: [UInt8]] = [:]
    func read(_ block: Int, through last: Int) {
      forEachName(inBlocks: block..<block + 1, through: last) {
        if $0 == index || $0 == index - 1 { names[$0] = CatalogFile.nameKey(bytes: $1) }
      }
    }
    // Its block up to it (and the block before, when it is a block's first).
    let (block, position) = index.quotientAndRemainder(dividingBy: NameBlocks.size)
    if position == 0, block > 0 { read(block - 1, through: NameBlocks.size - 1) }
    read(block, through: position)
    guard let key = names[index] else { return nil }
    return wordsFinding(key: key, before: names[index - 1])
  }

  /// The term ids of the words of a name whose ``CatalogFile/nameKey(_:)`` is `key`, when it
  /// has some, the name before it (`before`'s) has other words, and each is a term; else
  /// `nil`.
  func wordsFinding(key: [UInt8], before: [UInt8]?) -> [Int32]? {
    guard !key.isEmpty, before != key else { return nil }
    var ids: [Int32] = []
    for word in key.split(separator: 0, omittingEmptySubsequences: false).dropLast() {
      let exact = exactAndPrefix(Array(word)).exact
      guard exact.count == 1 else { return nil }
      ids.append(Int32(exact.lowerBound))
    }
    return ids
  }
}

extension CatalogFile {
  /// ``nameKey(_:)`` of a name's bytes.
  static func nameKey(bytes name: UnsafeRawBufferPointer) -> [UInt8] {
    nameKey(String(decoding: name, as: UTF8.self))
  }
}

/// People of a catalog to find among films' people in a pass over every film (a listing by
/// person, a person's films): by their indices, and — a person whose name is the first with
/// its words — by those words' term ids, as a film's searched people are written (see
/// ``ExtrasLayout``), so that no name is looked up.
struct PeopleMatcher {
  /// The people, by index.
  let names: Set<Int>
  /// Those found by their words: their words' term ids.
  private let byWords: [[Int32]: Int]
  /// The first term of each of those: most runs of words are rejected by it.
  private let firstWords: Set<Int32>

  /// The films whose people's words hold a word of those found by words — one they all have,
  /// else each one's rarest — a bit each: only these can write one of them by words.
  private let filmsByWords: [UInt64]

  /// A matcher of `names` (indices) in `store`: each name's words read from its block.
  init(_ names: Set<Int>, in store: CatalogStore) {
    self.init(names.map { ($0, store.wordsFinding(person: $0)) }, in: store)
  }

  /// A matcher of `people` in `store`: each one's index, and its words' term ids when it is
  /// found by them (see ``CatalogStore/wordsFinding(key:before:)``).
  init(_ people: [(index: Int, words: [Int32]?)], in store: CatalogStore) {
    names = Set(people.map(\.index))
    var byWords: [[Int32]: Int] = [:]
    for (index, words) in people {
      if let words { byWords[words] = index }
    }
    self.byWords = byWords
    firstWords = Set(byWords.keys.compactMap(\.first))
    // The postings of a word say which films' words to read: of a word all of them have
    // (people called "maria": one list), else of each one's rarest.
    var films = [UInt64](repeating: 0, count: (store.filmCount + 63) / 64)
    let starts = store.postingStarts
    func rarest(_ terms: some Sequence<Int32>) -> Int? {
      terms.map(Int.init).min { starts[$0 + 1] - starts[$0] < starts[$1 + 1] - starts[$1] }
    }
    let shared = byWords.keys.dropFirst().reduce(Set(byWords.keys.first ?? [])) {
      $0.intersection($1)
    }
    for term in rarest(shared).map({ [$0] }) ?? byWords.keys.compactMap({ rarest($0) }) {
      store.postings(term..<term + 1).visit { title, _ in
        let film = store.film(ofTitle: title)
        if film >= 0, film < store.filmCount { films[film / 64] |= 1 << UInt64(film % 64) }
      }
    }
    filmsByWords = films
  }

  /// Whether film `film` may write one of ``names`` by words.
  @inline(__always) func mayWriteByWords(_ film: Int) -> Bool {
    film >= 0 && film / 64 < filmsByWords.count
      && filmsByWords[film / 64] >> UInt64(film % 64) & 1 != 0
  }

  /// The person of ``names`` that `credit` (of a film whose people's words are `words`) is;
  /// `nil` when none.
  @inline(__always) func person(
    _ credit: ExtrasLayout.Credit, _ words: CatalogStore.WordIDs
  ) -> Int? {
    switch credit {
    case .name(let index): return names.contains(index) ? index : nil
    case .words(let run):
      guard !run.isEmpty, run.upperBound <= words.count,
        firstWords.contains(words.ids[run.lowerBound])
      else { return nil }
      var ids: [Int32] = []
      ids.reserveCapacity(run.count)
      for position in run { ids.append(words.ids[position]) }
      return byWords[ids]
    }
  }
}
