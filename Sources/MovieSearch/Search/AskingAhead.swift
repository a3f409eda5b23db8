extension RandomAccessCollection where Index == Int {
  /// Calls `body` with each element in order, having called `ask` with the element
  /// `distance` places further on — and, before the first, with the first `distance`: a
  /// loop that reads something of each element at random asks for it ahead (see CacheHints),
  /// so that its cache misses overlap.
  @inline(__always) func forEach(
    askingAhead distance: Int, ask: (Element) -> Void, then body: (Element) -> Void
  ) {
    var asked = startIndex
    let firstEnd = Swift.min(endIndex, startIndex + distance)
    while asked < firstEnd {
      ask(self[asked])
      asked += 1
    }
    for at in indices {
      if asked < endIndex {
        ask(self[asked])
        asked += 1
      }
      body(self[at])
    }
  }
}
