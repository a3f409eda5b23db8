import Foundation
import MovieSearchBuiltInCatalog
import Testing

@testable import MovieSearch
@testable import TestSupport

/// Words spelt by ear (``Phonetic``): one key for two spellings of one sound, a second chance
/// below the edit distance, and never for short or real words.
@Suite(.onOwnThreads) struct ByEarTests {
  func key(_ word: String) -> String {
    String(decoding: Phonetic.key(Array(word.utf8)), as: UTF8.self)
  }

  @Test(arguments: [
    ("frekwenci", "frequency"), ("helboi", "hellboy"), ("ekskalibur", "excalibur"),
    ("rebeka", "rebecca"), ("aleksandur", "alexander"), ("hakurs", "hackers"),
    ("konversashun", "conversation"), ("vakashun", "vacation"), ("mishun", "mission"),
    ("roksane", "roxanne"), ("glitur", "glitter"), ("profeci", "prophecy"),
    ("nite", "night"), ("filosofer", "philosopher"), ("nees", "knees"),
  ])
  func twoSpellingsOfOneSoundHaveOneKey(_ heard: String, _ written: String) {
    #expect(key(heard) == key(written), "\(heard) \(key(heard)) \(written) \(key(written))")
  }

  @Test(arguments: [("vacation", "fiction"), ("alexander", "alexandra"), ("glitter", "gutter")])
  func differentWordsKeepDifferentKeys(_ one: String, _ other: String) {
    #expect(key(one) != key(other))
  }

  @Test func aWordSpeltByEarFindsTheTitleAboveNothingButATypoWins() throws {
    let catalog = try smallCatalog([
      ("Frequency", 2000, 40_000), ("Conversation, The", 1974, 30_000),
      ("Vacation", 1983, 30_000), ("Fiction", 1990, 900_000), ("Heat", 1995, 50_000),
      ("Hear", 1990, 10),
    ])
    #expect(try catalog.titles("frekwenci") == ["Frequency (2000)"])
    #expect(try catalog.titles("the konversashun") == ["The Conversation (1974)"])
    #expect(try catalog.titles("vakashun").first == "Vacation (1983)")
    // Short words are never read by ear; a real word is itself.
    #expect(try catalog.titles("heer").first == "Hear (1990)")
    #expect(try catalog.titles("heat") == ["Heat (1995)"])
    // The sound costs more than a typo: "frequensy" is a typo of Frequency, scored as one.
    let typo = try #require(catalog.searcher.explain("frequensy", filmID: 1)?.score)
    let heard = try #require(catalog.searcher.explain("frekwenci", filmID: 1)?.score)
    #expect(typo < heard)
  }

  /// The catalog's sound order finds, by a binary search, exactly the words a scan of the
  /// whole vocabulary finds for a key — whatever is typed, a word of the catalog or not.
  @Test func theSoundOrderFindsEveryWordOfAKeyAndNoOther() throws {
    let store = try OfflineCatalog.builtIn().searcher.store
    var byKey: [[UInt8]: [Int]] = [:]
    for id in 0..<store.termCount where store.term(id).count >= Phonetic.shortest {
      byKey[Phonetic.key(Array(store.term(id))), default: []].append(id)
    }
    #expect(store.layout.soundOrderCount == byKey.values.reduce(0) { $0 + $1.count })
    let index = PhoneticIndex(store: store)
    for word in ["frekwenci", "konversashun", "aaaaa", "zzzzzzz", "matrix", "qqqqq", "x"] {
      let typed = Array(word.utf8)
      #expect(index.terms(soundingLike: typed) == byKey[Phonetic.key(typed)] ?? [], "\(word)")
    }
    // Every key of the vocabulary, the first word of each looked up.
    for (key, ids) in byKey.prefix(2_000) {
      #expect(index.terms(soundingLike: Array(store.term(ids[0]))) == ids, "\(key)")
    }
  }

  /// Only the titles' words are read by ear: a word of people's names alone is found as
  /// typed or with typos, and its sound order entry is not stored.
  @Test func aWordOfPeoplesNamesAloneIsNotReadByEar() throws {
    func entry(_ id: Int, _ title: String, director: String) -> CatalogFile.Entry {
      var entry = CatalogFile.Entry(
        id: id, title: title, year: 1974, votes: 100 * id, popularity: Double(id))
      entry.directors = [director]
      return entry
    }
    let entries = [
      entry(1, "The Conversation", director: "Ann Vacation"),
      entry(2, "Other Business", director: "Jo Conversation"),
    ]
    let catalog = OfflineCatalog(store: try CatalogStore(bytes: CatalogFile.encode(entries)))
    let store = catalog.searcher.store
    let index = PhoneticIndex(store: store)
    let (conversation, vacation) = (
      store.exactAndPrefix(Array("conversation".utf8)).exact,
      store.exactAndPrefix(Array("vacation".utf8)).exact
    )
    #expect(conversation.count == 1 && vacation.count == 1)
    // "conversation" is a title's word (and a person's): heard; "vacation" a person's alone.
    #expect(index.terms(soundingLike: Array("konversashun".utf8)) == Array(conversation))
    #expect(index.terms(soundingLike: Array("vakashun".utf8)).isEmpty)
    #expect(store.layout.soundOrderCount == 3)  // "conversation", "other", "business"
    #expect(try catalog.titles("konversashun").first == "The Conversation (1974)")
    // As typed, or with a typo, the person's word finds their film.
    #expect(try catalog.titles("vacation") == ["The Conversation (1974)"])
    #expect(try catalog.titles("vacatoin") == ["The Conversation (1974)"])
  }
}
