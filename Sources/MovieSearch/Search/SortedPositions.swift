/// Binary search over positions whose items are not stored as a collection but read one at a
/// time (a catalog's terms, its sound and initials orders).
enum SortedPositions {
  /// The first position of `range` that is not `before` the sought item — `range.upperBound`
  /// when all are — given that the positions `before` it all come first.
  @inline(__always) static func first(
    in range: Range<Int>, notBefore before: (Int) -> Bool
  ) -> Int {
    var low = range.lowerBound
    var high = range.upperBound
    while low < high {
      let middle = low + (high - low) / 2
      if before(middle) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
