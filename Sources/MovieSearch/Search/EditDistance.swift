/// Edits between two short words — insert, delete, substitute, swap two neighbours — as the
/// vocabulary's typo walk counts them (optimal string alignment, ``FuzzyWalk``): for the
/// few pairs a search compares one by one, and the command line's "did you mean".
package enum EditDistance {
  /// The edits between `a` and `b`.
  package static func between<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    // Three rows of the table: the one before the previous is the swap's.
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let substitute = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
        var best = min(previous[j] + 1, current[j - 1] + 1, substitute)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          best = min(best, beforePrevious[j - 2] + 1)
        }
        current[j] = best
      }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    return previous[b.count]
  }
}
