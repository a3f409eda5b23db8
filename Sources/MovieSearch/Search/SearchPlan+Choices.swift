extension SearchPlan {
  /// The choice of `choices` (sorted, disjoint) that term `id` falls in: a binary search.
  @inline(__always) static func choice(containing id: Int, in choices: Choices) -> Choice? {
    var low = 0
    var high = choices.count
    while low < high {
      let middle = (low + high) / 2
      if id < choices[middle].terms.lowerBound {
        high = middle
      } else if id >= choices[middle].terms.upperBound {
        low = middle + 1
      } else {
        return choices[middle]
      }
    }
    return nil
  }

  /// Sorts choices by term and merges neighbours of equal cost.
  static func coalesced(_ choices: Choices) -> Choices {
    var merged: Choices = []
    for choice in choices.sorted(by: { $0.terms.lowerBound < $1.terms.lowerBound })
    where !choice.terms.isEmpty {
      if var last = merged.last, last.terms.upperBound == choice.terms.lowerBound,
        last.cost == choice.cost, last.prefix == choice.prefix
      {
        last.terms = last.terms.lowerBound..<choice.terms.upperBound
        merged[merged.count - 1] = last
      } else {
        merged.append(choice)
      }
    }
    return merged
  }
}
