/// Every title's popularity tier: the titles split by their films' popularity into
/// ``count`` tiers of about as many titles each, the least popular first, with each tier's
/// greatest popularity.
///
/// A search bounds the films it met a bucket at a time (``SearchEngine/Buckets``), and the
/// bound of a bucket takes its films to be as popular as the catalog's most popular film —
/// so a bucket of a hundred thousand films ("the st": every title with a word beginning
/// "st") is opened, and each film's summary read (a cache miss) to learn that it cannot
/// enter a page that popular films filled. Bucketed by tier as well, the films of the
/// unpopular tiers are bounded by their tier's greatest popularity, and once the page is
/// better than that bound they are never read.
struct PopularityTiers: Sendable {
  /// How many tiers: each an eighth of the titles, so that a page filled by popular films
  /// leaves the films below them unread in steps of an eighth, while a search's buckets are
  /// at most eight times as many (most of them empty, and skipped).
  static let count = 8

  /// Each title's tier, from 0 (the least popular) to `count - 1`: a byte per title, 1.3 MB
  /// at IMDb's size.
  let tiers: [UInt8]
  /// Each tier's greatest popularity (`summary(_:).popularity`); minus infinity for a tier
  /// with no title.
  let ceilings: [Float]

  /// How popularities are counted to find the tiers' bounds: in steps of a 256th from 0 to
  /// ``greatestCounted``, the rest in the first or last step. Titles of one step share a
  /// tier; the steps only balance the tiers — each tier's ceiling is its titles' greatest
  /// popularity, whatever the steps.
  static let stepsPerUnit: Float = 256
  /// The greatest popularity counted apart (log10(1 + popularity): IMDb's most voted film,
  /// some 3 million votes, is at 6.5).
  static let greatestCounted: Float = 16
  /// How many steps are counted.
  static let steps = Int(greatestCounted * stepsPerUnit)

  /// The step a popularity is counted in.
  @inline(__always) static func step(_ popularity: Float) -> Int {
    let scaled = popularity * stepsPerUnit
    // Below nothing, or not a number (which no ceiling counts): the first step.
    guard scaled >= 0 else { return 0 }
    return scaled < Float(steps) ? Int(scaled) : steps - 1
  }

  /// The tiers of `store`'s titles, from two reads of their summaries (in order, a few
  /// milliseconds at IMDb's size). A popularity that is not a number (a damaged file) is put
  /// in the lowest tier and in no ceiling: such a title's scores are not numbers either, and
  /// never enter a page.
  init(store: CatalogStore) {
    var counts = [Int](repeating: 0, count: Self.steps)
    var greatest = [Float](repeating: -.infinity, count: Self.steps)
    for title in 0..<store.titleCount {
      let popularity = store.summary(title).popularity
      guard !popularity.isNaN else { continue }
      let step = Self.step(popularity)
      counts[step] += 1
      greatest[step] = max(greatest[step], popularity)
    }
    // A step's tier: how many titles come below it, in eighths of them all.
    var tierOfStep = [UInt8](repeating: 0, count: Self.steps)
    var ceilings = [Float](repeating: -.infinity, count: Self.count)
    var below = 0
    let total = max(1, counts.reduce(0, +))
    for step in counts.indices {
      let tier = min(Self.count - 1, below * Self.count / total)
      tierOfStep[step] = UInt8(tier)
      ceilings[tier] = max(ceilings[tier], greatest[step])
      below += counts[step]
    }
    tiers = (0..<store.titleCount).map { title in
      let popularity = store.summary(title).popularity
      return popularity.isNaN ? 0 : tierOfStep[Self.step(popularity)]
    }
    self.ceilings = ceilings
  }
}
