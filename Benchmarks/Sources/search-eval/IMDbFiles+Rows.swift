import Foundation
import MovieSearch

extension IMDbFiles {
  /// One feature film: its basics, other titles, rating, crew and about ten principals.
  mutating func writeFilm(
    _ film: Int, number: Int, _ basics: inout TSVWriter, _ akas: inout TSVWriter,
    _ ratings: inout TSVWriter, _ crew: inout TSVWriter, _ principals: inout TSVWriter
  ) {
    let id = Self.tconst(number)
    var display: String
    var original: String
    var others: [(title: String, region: String)] = []
    var year: Int?
    var runtime: Int?
    var genres: [String]
    var votes: Int
    var rating: Double
    var adult = false
    if film < real.count {
      let movie = real[film]
      let details = realDetails[film]
      (display, original) = (movie.title, movie.title)
      // A foreign film's English title, as IMDb lists it: a US or GB title.
      others = details.alternativeTitles.map { ($0, Bool.random(using: &random) ? "US" : "GB") }
      (year, runtime) = (movie.year, details.runtime)
      genres = details.genres.map(\.name)
      (votes, rating) = (movie.voteCount, movie.voteAverage)
    } else {
      display = title()
      // About a third of films are not in English: their original title is another.
      original = Int.random(in: 0..<3, using: &random) == 0 ? title(foreign: true) : display
      year = 2026 - Int(126 * pow(Double.random(in: 0..<1, using: &random), 2))
      runtime =
        Int.random(in: 0..<7, using: &random) == 0 ? nil : Int.random(in: 60...180, using: &random)
      genres = (0..<Int.random(in: 0...3, using: &random)).map { _ in
        Self.genres[Int.random(in: 0..<Self.genres.count, using: &random)]
      }
      adult = Int.random(in: 0..<50, using: &random) == 0
      // A quarter have no votes; the others as many as a real film drawn at random: the
      // real films' long tail (median 30, a hundredth above 13,000, the most 157,608), so
      // that the generated films are no more popular than those the queries look for. (A
      // draw of 3,000,000 × u⁹ made a fifth of the generated films more voted than any real one.)
      votes =
        Int.random(in: 0..<4, using: &random) == 0
        ? 0 : real[Int.random(in: 0..<real.count, using: &random)].voteCount
      rating = Double(Int.random(in: 10...100, using: &random)) / 10
    }
    basics.line([
      id, "movie", display, original, adult ? "1" : "0", year.map(String.init) ?? "\\N", "\\N",
      runtime.map(String.init) ?? "\\N", genres.isEmpty ? "\\N" : genres.joined(separator: ","),
    ])
    // title.akas: the original, the display title in the US, then others — the same title
    // again in another region, or a title of another region's language.
    var ordering = 1
    func aka(_ title: String, _ region: String, _ types: String, original: Bool = false) {
      let language = region == "XWW" ? "en" : "\\N"
      akas.line([
        id, String(ordering), title, region, language, types, "\\N", original ? "1" : "0",
      ])
      ordering += 1
    }
    aka(original, "\\N", "original", original: true)
    aka(display, "US", "imdbDisplay")
    for other in others { aka(other.title, other.region, "imdbDisplay") }
    if film >= real.count {
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        let region = Self.regions[Int.random(in: 0..<Self.regions.count, using: &random)]
        let english = ["GB", "CA", "AU", "XWW"].contains(region)
        aka(
          english ? (Bool.random(using: &random) ? display : title()) : title(foreign: true),
          region, Bool.random(using: &random) ? "imdbDisplay" : "\\N")
      }
    }
    if votes > 0 {
      ratings.line([id, String(format: "%.1f", rating), String(votes)])
    }
    let directors = (0..<(Int.random(in: 0..<10, using: &random) == 0 ? 2 : 1)).map { _ in
      person()
    }
    let writers = (0..<Int.random(in: 0...3, using: &random)).map { _ in person() }
    crew.line([
      id, directors.map(Self.nconst).joined(separator: ","),
      writers.isEmpty ? "\\N" : writers.map(Self.nconst).joined(separator: ","),
    ])
    // title.principals: the cast first, then the director and the rest of the crew.
    let cast = Int.random(in: 3...6, using: &random)
    for ordering in 1...10 {
      let category: String
      let who: Int
      var job = "\\N"
      var characters = "\\N"
      if ordering <= cast {
        category = Bool.random(using: &random) ? "actor" : "actress"
        who = person()
        characters = "[\"" + name(of: Int.random(in: 1...Self.people, using: &random)) + "\"]"
      } else if ordering == cast + 1 {
        (category, who) = ("director", directors[0])
      } else {
        let crafts = ["writer", "producer", "composer", "cinematographer", "editor"]
        category = crafts[(ordering - cast - 2) % crafts.count]
        who = category == "writer" && !writers.isEmpty ? writers[0] : person()
        if category == "writer" { job = "screenplay" }
      }
      principals.line([id, String(ordering), Self.nconst(who), category, job, characters])
    }
  }

  /// A title that is not a feature film: an episode most often.
  mutating func writeOther(
    number: Int, _ basics: inout TSVWriter, _ akas: inout TSVWriter,
    _ ratings: inout TSVWriter, _ crew: inout TSVWriter, _ principals: inout TSVWriter
  ) {
    let id = Self.tconst(number)
    var draw = Int.random(in: 0..<1000, using: &random)
    var type = "tvEpisode"
    for (candidate, share) in Self.otherTypes {
      if draw < share {
        type = candidate
        break
      }
      draw -= share
    }
    let display =
      type == "tvEpisode" && Int.random(in: 0..<5, using: &random) < 2
      ? "Episode #\(Int.random(in: 1...30, using: &random)).\(Int.random(in: 1...24, using: &random))"
      : title()
    let year = 2026 - Int(80 * pow(Double.random(in: 0..<1, using: &random), 2))
    let ends = type == "tvSeries" && Bool.random(using: &random)
    basics.line([
      id, type, display, display, Int.random(in: 0..<40, using: &random) == 0 ? "1" : "0",
      String(year), ends ? String(min(2026, year + Int.random(in: 1...10, using: &random))) : "\\N",
      Bool.random(using: &random) ? String(Int.random(in: 5...60, using: &random)) : "\\N",
      Self.genres[Int.random(in: 0..<Self.genres.count, using: &random)],
    ])
    if Int.random(in: 0..<1000, using: &random) < 86 {
      let region = Self.regions[Int.random(in: 0..<Self.regions.count, using: &random)]
      akas.line([id, "1", title(foreign: true), region, "\\N", "\\N", "\\N", "0"])
    }
    if Int.random(in: 0..<10, using: &random) == 0 {
      ratings.line([
        id, String(format: "%.1f", Double(Int.random(in: 10...100, using: &random)) / 10),
        String(5 + Int(20_000 * pow(Double.random(in: 0..<1, using: &random), 6))),
      ])
    }
    let director = Bool.random(using: &random) ? Self.nconst(person()) : "\\N"
    crew.line([id, director, Bool.random(using: &random) ? Self.nconst(person()) : "\\N"])
    if Int.random(in: 0..<7, using: &random) == 0 {
      principals.line([id, "1", Self.nconst(person()), "actor", "\\N", "\\N"])
      principals.line([id, "2", Self.nconst(person()), "self", "\\N", "\\N"])
    }
  }

  /// Shares per thousand of the titles that are not feature films (the rest are episodes).
  static let otherTypes = [
    ("short", 97), ("video", 30), ("tvSeries", 26), ("tvMovie", 15), ("tvMiniSeries", 6),
    ("videoGame", 5), ("tvSpecial", 5), ("tvShort", 1),
  ]
  static let regions = ["GB", "CA", "AU", "XWW"] + otherRegions

  /// A person: a few people are in very many titles, most in one or two.
  mutating func person() -> Int {
    1 + Int(Double(Self.people - 1) * pow(Double.random(in: 0..<1, using: &random), 2.5))
  }

  /// As long as a random real title, each word from another random real title; one word in
  /// eight new (a name, a word of another language). A foreign title changes half its words.
  mutating func title(foreign: Bool = false) -> String {
    let length = words[Int.random(in: 0..<words.count, using: &random)].count
    return (0..<max(1, length)).map { _ in
      let source = words[Int.random(in: 0..<words.count, using: &random)]
      let word = source.isEmpty ? "film" : source[Int.random(in: 0..<source.count, using: &random)]
      let change = Int.random(in: 0..<(foreign ? 2 : 8), using: &random) == 0
      return change ? typo(word, &random) + (foreign ? "o" : "s") : word
    }.joined(separator: " ")
  }

  /// A person's name, the same for the same number: a common first name and a surname of
  /// one to three syllables, sometimes a middle initial or a particle.
  func name(of person: Int) -> String {
    var generator = SeededRandom(seed: UInt64(person) &* 0x2545_F491_4F6C_DD1D)
    let first = Self.firstNames[Int.random(in: 0..<Self.firstNames.count, using: &generator)]
    var surname = ""
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      surname += Self.onsets[Int.random(in: 0..<Self.onsets.count, using: &generator)]
      surname += Self.vowels[Int.random(in: 0..<Self.vowels.count, using: &generator)]
    }
    surname += Self.endings[Int.random(in: 0..<Self.endings.count, using: &generator)]
    surname = surname.prefix(1).uppercased() + surname.dropFirst()
    switch Int.random(in: 0..<20, using: &generator) {
    case 0:
      return first + " " + String(Self.onsets[person % 20].prefix(1).uppercased()) + ". " + surname
    case 1: return first + " de " + surname
    case 2: return first + " van " + surname
    default: return first + " " + surname
    }
  }

  static let firstNames = [
    "James", "John", "Robert", "Michael", "William", "David", "Richard", "Joseph", "Thomas",
    "Charles", "Mary", "Patricia", "Jennifer", "Linda", "Elizabeth", "Barbara", "Susan",
    "Jessica", "Sarah", "Karen", "Anna", "Maria", "Sofia", "Laura", "Julia", "Marie", "Emma",
    "Olga", "Yuki", "Akira", "Hiroshi", "Kenji", "Mei", "Li", "Wei", "Raj", "Priya", "Amit",
    "Ahmed", "Fatima", "Omar", "Ali", "Carlos", "José", "Luis", "Juan", "Pedro", "Ana",
    "Isabel", "Lucía", "Giovanni", "Marco", "Luca", "Francesca", "Giulia", "Pierre", "Jean",
    "Michel", "Claire", "Camille", "Hans", "Klaus", "Jürgen", "Petra", "Ingrid", "Lars",
    "Sven", "Astrid", "Nils", "Ivan", "Dmitri", "Sergei", "Natasha", "Jan", "Piotr", "Agnieszka",
    "Kim", "Min-jun", "Ji-woo", "Tomás", "Mateus", "Beatriz", "Chloé", "Zoë", "Noah", "Liam",
    "Olivia", "Ava", "Mia", "Ethan", "Lucas", "Grace", "Jack", "Harry", "George", "Emily",
  ]
  static let onsets = [
    "b", "br", "c", "ch", "d", "f", "g", "gr", "h", "j", "k", "kr", "l", "m", "n", "p", "r",
    "s", "sch", "sh", "st", "t", "tr", "v", "w", "z", "",
  ]
  static let vowels = ["a", "e", "i", "o", "u", "ai", "ea", "ie", "ou", "y"]
  static let endings = [
    "", "n", "r", "l", "s", "t", "m", "rd", "ng", "ck", "ns", "ski", "son", "berg", "man",
    "ez", "ini", "ova", "ley", "ton", "sen", "ov", "elli",
  ]
}

/// A tab-separated file written through a large buffer: one `line` per row.
struct TSVWriter {
  private let file: UnsafeMutablePointer<FILE>
  private var buffer: [UInt8] = []
  private(set) var rows = 0
  let path: String

  init(_ directory: String, _ name: String, header: String) throws {
    path = directory + "/" + name + ".tsv"
    guard let file = fopen(path, "w") else {
      throw NSError(
        domain: "imdb", code: Int(errno),
        userInfo: [NSLocalizedDescriptionKey: "cannot write \(path)"])
    }
    self.file = file
    buffer.reserveCapacity(1 << 21)
    buffer.append(contentsOf: header.utf8)
    buffer.append(UInt8(ascii: "\n"))
  }

  mutating func line(_ fields: [String]) {
    for (index, field) in fields.enumerated() {
      if index > 0 { buffer.append(UInt8(ascii: "\t")) }
      buffer.append(contentsOf: field.utf8)
    }
    buffer.append(UInt8(ascii: "\n"))
    rows += 1
    if buffer.count >= 1 << 20 { flush() }
  }

  private mutating func flush() {
    _ = buffer.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes what is left and closes the file; its rows are printed.
  mutating func close() throws {
    flush()
    guard fclose(file) == 0 else {
      throw NSError(
        domain: "imdb", code: Int(errno),
        userInfo: [NSLocalizedDescriptionKey: "cannot write \(path)"])
    }
    print("wrote \(path): \(rows) rows")
  }
}
