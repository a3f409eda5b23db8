import Foundation

/// One library's time on one case.
struct Measurement {
  var name: String
  var library: String
  var elements: Int
  var nanosecondsPerElement: Double
  var emitted: Int
  var ratio: Double?
  var note = ""
}

/// The middle of `values`.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

/// `duration` in nanoseconds.
func nanoseconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
}

/// `text` padded with spaces to `width` characters, on the left when `right`.
func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
  let padding = String(repeating: " ", count: max(0, width - text.count))
  return right ? padding + text : text + padding
}
