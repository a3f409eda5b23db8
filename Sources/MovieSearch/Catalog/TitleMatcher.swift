/// How well a search key matches a query, for ranking. Works on bytes: a search compares
/// every film's key, so this is the hot loop.
struct TitleMatcher {
  /// Match qualities, best first.
  enum Quality: Int, Comparable {
    /// The whole title, e.g. "the matrix" for "Matrix, The".
    case exact
    /// The beginning of the title, e.g. "star wars" for "Star Wars: Episode I".
    case titlePrefix
    /// Each word starts a word of the title, in order, e.g. "matr rel" for
    /// "Matrix Reloaded, The".
    case wordsInOrder
    /// Each word starts a word of the title, in any order.
    case wordsAnyOrder

    static func < (lhs: Quality, rhs: Quality) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// One normalized form of the query: its words and the words joined by spaces.
  private struct Form {
    var joined: [UInt8]
    var words: [[UInt8]]
  }

  private let forms: [Form]

  /// Prepares `text`; `nil` when it has nothing to search for (empty, only punctuation).
  init?(_ text: String) {
    let full = TitleText.searchKey(text, dropArticle: false)
    guard !full.isEmpty else { return nil }
    let stripped = TitleText.searchKey(text, dropArticle: true)
    let unmoved = TitleText.searchKey(TitleText.displayTitle(text).base, dropArticle: false)
    // "the matrix" must find "Matrix, The", whose key has no article; "die hard" must find
    // "Die Hard", whose key keeps it; "matrix, the" is the catalog's own spelling. So every
    // form is tried.
    forms = Set([full, stripped, unmoved]).filter { !$0.isEmpty }.sorted().map { form in
      Form(joined: Array(form.utf8), words: form.split(separator: " ").map { Array($0.utf8) })
    }
  }

  /// The best quality with which `key` matches, or `nil`.
  func quality(of key: UnsafeRawBufferPointer) -> Quality? {
    var best: Quality?
    for form in forms {
      guard let quality = Self.quality(of: key, form) else { continue }
      if best == nil || quality < best! { best = quality }
    }
    return best
  }

  private static func quality(of key: UnsafeRawBufferPointer, _ form: Form) -> Quality? {
    let joined = form.joined
    if key.count >= joined.count, startsWith(key, at: 0, joined) {
      return key.count == joined.count ? .exact : .titlePrefix
    }
    var position = 0
    var inOrder = true
    for word in form.words {
      if inOrder, let start = nextWordStart(in: key, from: position, matching: word) {
        position = start + 1
        continue
      }
      inOrder = false
      guard nextWordStart(in: key, from: 0, matching: word) != nil else { return nil }
    }
    return inOrder ? .wordsInOrder : .wordsAnyOrder
  }

  /// The first position at or after `from` where a word of `key` begins with `word`.
  @inline(__always)
  private static func nextWordStart(
    in key: UnsafeRawBufferPointer, from: Int, matching word: [UInt8]
  ) -> Int? {
    guard let first = word.first, key.count >= word.count else { return nil }
    var index = from
    let last = key.count - word.count
    while index <= last {
      if key[index] == first, index == 0 || key[index - 1] == UInt8(ascii: " "),
        startsWith(key, at: index, word)
      {
        return index
      }
      index += 1
    }
    return nil
  }

  @inline(__always)
  private static func startsWith(_ key: UnsafeRawBufferPointer, at offset: Int, _ prefix: [UInt8])
    -> Bool
  {
    guard key.count - offset >= prefix.count else { return false }
    for index in prefix.indices where key[offset + index] != prefix[index] { return false }
    return true
  }
}
