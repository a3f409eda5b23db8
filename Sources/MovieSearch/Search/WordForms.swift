/// Other ways of writing a search word that mean the same: a number in digits, words, Roman
/// numerals or as an ordinal; a title abbreviation and its long form; an American and a
/// British spelling. A search tries each as the word itself, at the cost of
/// ``Ranking/otherForm`` (only forms that are words of the catalog are looked up).
enum WordForms {
  /// The forms of `word`, each one title word or two (`21` → "twenty one").
  static func forms(of word: [UInt8]) -> [[[UInt8]]] {
    let text = String(decoding: word, as: UTF8.self)
    var forms: [[String]] = []
    if let number = Number(text) { forms += number.spellings }
    forms += abbreviations[text, default: []].map { [$0] }
    forms += spellings(of: text).map { [$0] }
    return forms.filter { $0 != [text] }.map { $0.map { Array($0.utf8) } }
  }

  /// The forms of two neighbouring query words read as one: `twenty one` → "21", "xxi".
  static func forms(of word: [UInt8], _ next: [UInt8]) -> [[UInt8]] {
    let text = String(decoding: word, as: UTF8.self)
    let following = String(decoding: next, as: UTF8.self)
    guard let tens = tensWords.firstIndex(of: text), tens >= 2,
      let unit = Number(following), (1...9).contains(unit.value), unit.kind != .roman
    else { return [] }
    let number = Number(value: tens * 10 + unit.value, kind: unit.kind)
    return number.spellings.filter { $0.count == 1 }.map { Array($0[0].utf8) }
  }

  /// A number as a query or a title writes it.
  struct Number {
    enum Kind { case cardinal, ordinal, roman }
    var value: Int
    var kind: Kind
    /// Whether it was typed as the digit 1, the only "one" written "I" ("Part I").
    var isDigitOne = false

    init(value: Int, kind: Kind) {
      self.value = value
      self.kind = kind
    }

    /// `12`, `twelve`, `xii`, `12th`, `twelfth`; nil for anything else, and for a year.
    init?(_ text: String) {
      if let value = Int(text), text.count <= 3, text == String(value) {
        self.init(value: value, kind: .cardinal)
        isDigitOne = text == "1"
      } else if let value = unitWords.firstIndex(of: text)
        ?? tensWords.firstIndex(of: text)
        .map({ $0 * 10 })
      {
        self.init(value: value, kind: .cardinal)
      } else if text == "hundred" || text == "thousand" {
        self.init(value: text == "hundred" ? 100 : 1000, kind: .cardinal)
      } else if let value = romans.firstIndex(of: text), value > 1 {
        // "i" alone is far more often a word than a numeral.
        self.init(value: value, kind: .roman)
      } else if let value = ordinalWords.firstIndex(of: text)
        ?? ordinalTens.firstIndex(of: text)
        .map({ $0 * 10 }), value > 0
      {
        self.init(value: value, kind: .ordinal)
      } else if text.count > 2, let value = Int(text.dropLast(2)), value > 0, value < 1000,
        text.hasSuffix(Self.suffix(value))
      {
        self.init(value: value, kind: .ordinal)
      } else {
        return nil
      }
    }

    /// Every way to write the number: digits and words for a count, digits and words with
    /// an ordinal ending for an ordinal ("13th", "thirteenth"), and Roman numerals for both
    /// (a sequel's "II", a king's "V") — which in turn stand for either.
    var spellings: [[String]] {
      var forms: [[String]] = []
      if kind != .ordinal {
        forms.append([String(value)])
        forms += Self.words(value, units: unitWords, tens: tensWords)
      }
      if kind != .cardinal {
        forms.append([String(value) + Self.suffix(value)])
        forms += Self.words(value, units: ordinalWords, tens: ordinalTens)
      }
      // "1" is "i" in "Part I", but "first" and "one" are rarely written so.
      if value < romans.count, value > 1 || isDigitOne { forms.append([romans[value]]) }
      return forms
    }

    /// The value in words: one word up to twenty and for whole tens, two above
    /// ("twenty one", "twenty first"); `units` and `tens` say cardinal or ordinal.
    private static func words(_ value: Int, units: [String], tens: [String]) -> [[String]] {
      if value == 100 || value == 1000 {
        return units == unitWords ? [[value == 100 ? "hundred" : "thousand"]] : []
      }
      if value < 20, value < units.count { return [[units[value]]] }
      guard value < 100 else { return [] }
      if value % 10 == 0 { return [[tens[value / 10]]] }
      return [[tensWords[value / 10], units[value % 10]]]
    }

    /// "st", "nd", "rd" or "th".
    static func suffix(_ value: Int) -> String {
      if (11...13).contains(value % 100) { return "th" }
      switch value % 10 {
      case 1: return "st"
      case 2: return "nd"
      case 3: return "rd"
      default: return "th"
      }
    }
  }

  static let unitWords = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen",
  ]
  static let tensWords = [
    "", "ten", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
  ]
  static let ordinalWords = [
    "", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
    "seventeenth", "eighteenth", "nineteenth",
  ]
  static let ordinalTens = [
    "", "tenth", "twentieth", "thirtieth", "fortieth", "fiftieth", "sixtieth", "seventieth",
    "eightieth", "ninetieth",
  ]
  /// Roman numerals to 39, as sequels and kings use them.
  static let romans: [String] = {
    let ones = ["", "i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix"]
    let tens = ["", "x", "xx", "xxx"]
    return (0..<40).map { tens[$0 / 10] + ones[$0 % 10] }
  }()

  /// Abbreviations common in titles, both ways ("Mr. Deeds", "Saint Elmo's Fire").
  static let abbreviations: [String: [String]] = {
    let pairs = [
      ("mr", "mister"), ("mrs", "missus"), ("dr", "doctor"), ("st", "saint"), ("st", "street"),
      ("vs", "versus"), ("jr", "junior"), ("sr", "senior"), ("no", "number"), ("pt", "part"),
      ("mt", "mount"), ("ft", "fort"), ("sgt", "sergeant"), ("capt", "captain"),
      ("lt", "lieutenant"), ("prof", "professor"), ("gen", "general"), ("vol", "volume"),
      ("ep", "episode"), ("bros", "brothers"), ("n", "and"), ("xmas", "christmas"),
      ("ok", "okay"), ("ave", "avenue"),
    ]
    var table: [String: [String]] = [:]
    for (short, long) in pairs {
      table[short, default: []].append(long)
      table[long, default: []].append(short)
    }
    return table
  }()

  /// American and British spellings that no rule of ``spellings(of:)`` covers.
  static let spellingPairs: [String: String] = {
    let pairs = [
      ("gray", "grey"), ("mom", "mum"), ("mommy", "mummy"), ("airplane", "aeroplane"),
      ("pajamas", "pyjamas"), ("jewelry", "jewellery"), ("program", "programme"),
      ("whiskey", "whisky"), ("plow", "plough"), ("skeptic", "sceptic"), ("mold", "mould"),
      ("mustache", "moustache"), ("donut", "doughnut"), ("draft", "draught"), ("cozy", "cosy"),
      ("judgment", "judgement"), ("aging", "ageing"), ("ax", "axe"), ("maneuver", "manoeuvre"),
      ("medieval", "mediaeval"), ("encyclopedia", "encyclopaedia"), ("artifact", "artefact"),
      ("tire", "tyre"), ("fetus", "foetus"), ("aluminum", "aluminium"),
    ]
    var table: [String: String] = [:]
    for (american, british) in pairs {
      table[american] = british
      table[british] = american
    }
    return table
  }()

  /// The other spellings of `word`: "-our"/"-or" (colour), "-re"/"-er" (theatre), "-ise"/
  /// "-ize" (realise), "-ogue"/"-og" (catalogue), "-ence"/"-ense" (defence), "-lled"/"-led"
  /// (travelled), and the pairs no rule covers. Rules make candidates only; the search keeps
  /// those that are words of its catalog.
  static func spellings(of word: String) -> [String] {
    if let pair = spellingPairs[word] { return [pair] }
    guard word.count >= 4 else { return [] }
    var found: [String] = []
    func swap(_ from: String, _ to: String, endings: [String], stem: Int) {
      for ending in endings where word.hasSuffix(from + ending) {
        let base = word.dropLast(from.count + ending.count)
        if base.count >= stem { found.append(base + to + ending) }
      }
    }
    let afterOr = ["", "s", "ed", "ing", "ite", "ites", "able", "ful", "less", "er", "ers"]
    swap("our", "or", endings: afterOr, stem: 2)
    swap("or", "our", endings: afterOr, stem: 2)
    for (british, american) in [("re", "er"), ("res", "ers"), ("red", "ered")]
    where word.count >= 5 {
      swap(british, american, endings: [""], stem: 3)
      swap(american, british, endings: [""], stem: 3)
    }
    let afterIse = ["e", "es", "ed", "ing", "ation", "ations", "er", "ers"]
    swap("is", "iz", endings: afterIse, stem: 3)
    swap("iz", "is", endings: afterIse, stem: 3)
    swap("ogue", "og", endings: ["", "s"], stem: 3)
    swap("og", "ogue", endings: ["", "s"], stem: 3)
    swap("ence", "ense", endings: ["", "s"], stem: 3)
    swap("ense", "ence", endings: ["", "s"], stem: 3)
    for vowel in ["e", "a"] {
      let endings = ["ed", "ing", "er", "ers", "or", "ors", "ous"]
      swap(vowel + "ll", vowel + "l", endings: endings, stem: 2)
      swap(vowel + "l", vowel + "ll", endings: endings, stem: 2)
    }
    return found
  }
}
