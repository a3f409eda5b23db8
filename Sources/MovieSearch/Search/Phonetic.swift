/// Words spelt by ear ("frekwenci" for "frequency", "the konversashun", "helboi"): a
/// phonetic key per word, of the Metaphone family, written for film titles — mostly English,
/// with the French, Italian, Spanish and German spellings titles carry — so that two
/// spellings of one sound have one key.
///
/// The key keeps consonant sounds, one letter each: `sh`, `ch`, the `ti`/`si`/`ssi`/`ci` of
/// `-tion`, `-sion`, `-ssion`, `-cian` → X; `th` → 0; `ph`, `v` → F; `c` before e, i, y → S,
/// else (and `ck`, `q`, `qu`, `kw`) → K; `x` → KS; `g` before e, i, y → J; `z` → S; `d` → T;
/// a silent `k`, `g`, `w`, `p` first (`kn`, `gn`, `wr`, `ps`), `gh`, a final `e` after a
/// consonant, and `w` or `h` not before a vowel are dropped; a run of vowels, whatever they are, is one V (people mishear vowels,
/// not where they are); doubled sounds are one. Two words of one key sound alike: "rebeka"
/// and "rebecca" are RVBVKV, "vakashun" and "vacation" FVKVXVN — not "fiction", FVKXVN.
///
/// It is a second chance, for a word of five letters or more that is no title word and
/// begins none: the title words of its key match it at ``Ranking/phonetic``, above a typo, so
/// that where the edit distance finds a word it wins; a title word that both reach is the
/// edit distance's.
enum Phonetic {
  /// The shortest word read by ear: a shorter one has too many words of its key.
  static let shortest = 5

  /// The phonetic key of a folded word (ASCII letters; other bytes are dropped).
  static func key(_ word: [UInt8]) -> [UInt8] {
    var letters = word.filter { (0x61...0x7A).contains($0) }
    // A final "e" after a consonant is silent ("nite", "roxanne").
    if letters.count > 3, letters.last == UInt8(ascii: "e"),
      !"aeiouy".utf8.contains(letters[letters.count - 2])
    {
      letters.removeLast()
    }
    var key: [UInt8] = []
    func at(_ index: Int) -> UInt8 { index >= 0 && index < letters.count ? letters[index] : 0 }
    func isVowel(_ byte: UInt8) -> Bool { "aeiouy".utf8.contains(byte) }
    func soft(_ byte: UInt8) -> Bool { "eiy".utf8.contains(byte) }
    func emit(_ sound: Character) {
      let byte = UInt8(ascii: sound.unicodeScalars.first ?? "V")
      if key.last != byte { key.append(byte) }
    }
    var index = 0
    // Silent first letters: "knight", "gnome", "wrath", "psycho".
    let start = String(decoding: letters.prefix(2), as: UTF8.self)
    if letters.count > 2, ["kn", "gn", "wr", "ps"].contains(start) { index = 1 }
    while index < letters.count {
      let letter = letters[index]
      let next = at(index + 1)
      var step = 1
      switch Character(Unicode.Scalar(letter)) {
      case _ where isVowel(letter): emit("V")
      // -tion, -sion, -ssion, -cian, -tial: "sh" before the vowel.
      case "t" where next == UInt8(ascii: "i") && isVowel(at(index + 2)),
        "c" where next == UInt8(ascii: "i") && isVowel(at(index + 2)):
        emit("X")
        step = 2
      case "s"
      where next == UInt8(ascii: "i") && isVowel(at(index + 2))
        && at(index + 2) != UInt8(ascii: "i"):
        emit("X")
        step = 2
      case "s"
      where next == UInt8(ascii: "s") && at(index + 2) == UInt8(ascii: "i")
        && isVowel(at(index + 3)):
        emit("X")
        step = 3
      case "s" where next == UInt8(ascii: "h"), "c" where next == UInt8(ascii: "h"):
        emit("X")
        step = 2
      case "t" where next == UInt8(ascii: "h"):
        emit("0")
        step = 2
      case "p" where next == UInt8(ascii: "h"):
        emit("F")
        step = 2
      case "g" where next == UInt8(ascii: "h"):
        step = 2  // "night", "though"
      case "c":
        if soft(next) {
          emit("S")
        } else {
          emit("K")
          if next == UInt8(ascii: "k") || next == UInt8(ascii: "q") { step = 2 }
        }
      case "q":
        emit("K")
        if next == UInt8(ascii: "u") { step = 2 }
      case "k":
        emit("K")
        // "kw" is "qu".
        if next == UInt8(ascii: "w") { step = 2 }
      case "x":
        emit("K")
        key.append(UInt8(ascii: "S"))
      case "g": emit(soft(next) ? "J" : "K")
      case "v", "f": emit("F")
      case "z", "s": emit("S")
      case "d", "t": emit("T")
      case "j": emit("J")
      case "w", "h":
        // Sounded only before a vowel ("war", "hell", "always"); else silent or a vowel's.
        if isVowel(next) { emit(letter == UInt8(ascii: "w") ? "W" : "H") }
      default: key.append(letter - 32)  // b, l, m, n, p, r
      }
      index += step
    }
    // Doubled letters are one sound: "ll", "tt" (a vowel between keeps two apart).
    return key.reduce(into: []) { result, byte in
      if result.last != byte { result.append(byte) }
    }
  }
}

/// The catalog's words by phonetic key (see ``Phonetic``): the words of five letters or more,
/// stored by key in the catalog's sound order (see ``CatalogFile``), so that those of one key
/// are neighbours found by a binary search — nothing is built when a catalog is opened or a
/// word first read by ear.
struct PhoneticIndex {
  let store: CatalogStore

  /// The words of `word`'s key.
  func terms(soundingLike word: [UInt8]) -> [Int] {
    let sought = Phonetic.key(word)
    let count = store.layout.soundOrderCount
    // A damaged entry has no key: it sorts first, and is never one of the words found.
    func key(at position: Int) -> [UInt8]? {
      let id = store.soundOrderTerm(position)
      return id < 0 ? nil : Phonetic.key(Array(store.term(id)))
    }
    var low = SortedPositions.first(in: 0..<count) {
      key(at: $0).map { $0.lexicographicallyPrecedes(sought) } ?? true
    }
    var found: [Int] = []
    while low < count, key(at: low) == sought {
      found.append(store.soundOrderTerm(low))
      low += 1
    }
    return found
  }
}
