/// The keys a catalog file stores beside its words, owned by the file format: the phonetic
/// key of each long word (which orders the sound index) and the initials of each title (which
/// order the initials index). The search computes the same keys for what is typed and looks
/// them up; a change to either function changes what every file holds, so it goes with a new
/// ``CatalogFile/version`` — `StoredKeysTests` fails until the version and the recorded
/// fingerprint of the keys (``CatalogFile/storedKeysFingerprint``) are moved together.

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

/// The initials order's keys (see `InitialsIndex`, which reads them): each title of two words
/// or more under the initials of its first ``depth`` words — and, after a leading article,
/// under those after it too — six bits a letter from the left, so that a prefix's keys are one
/// range.
enum InitialsKey {
  /// The most initials kept per title.
  static let depth = 8
  /// An entry's top bit: its key starts after the title's leading article.
  static let skipsArticle: UInt32 = 1 << 31

  /// The entries of one title whose words begin with `initials` (up to ``depth`` + 1 of
  /// them), keyed: from its first word, and from its second after a leading article.
  static func entries(title: Int, initials: [UInt8], article: Bool) -> [(
    key: UInt64, entry: UInt32
  )] {
    guard initials.count >= 2 else { return [] }
    var entries = [(key(initials.map(code)), UInt32(title))]
    if article, initials.count >= 3 {
      entries.append((key(initials.dropFirst().map(code)), UInt32(title) | skipsArticle))
    }
    return entries
  }

  /// A byte's place in a key: letters 1–26, digits 27–36, anything else 37 (never typed).
  static func code(_ byte: UInt8) -> UInt64 {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt64(byte - UInt8(ascii: "a") + 1)
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0") + 27)
    default: 37
    }
  }

  /// The first ``depth`` codes, six bits each from the top: a prefix's keys are a range.
  static func key(_ codes: [UInt64]) -> UInt64 {
    var key: UInt64 = 0
    for (index, code) in codes.prefix(depth).enumerated() {
      key |= code << UInt64(6 * (depth - 1 - index))
    }
    return key
  }

}
