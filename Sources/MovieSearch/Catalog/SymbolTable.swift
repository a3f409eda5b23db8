/// Short texts compressed one by one, and read back one by one: a table of up to 255
/// symbols of one to eight bytes ("The ", "ing", "son"), each written as its code, a byte;
/// any other byte as ``escape`` and itself — the scheme of FSST (Boncz, Neumann and Leis,
/// "FSST: Fast Random Access String Compression", 2020).
///
/// A catalog's titles and names are millions of texts of a few words each, read a few at a
/// time (the films shown): a compressor over blocks would decompress a block to read one, and
/// these codes are read as fast as the bytes they stand for. Titles take about 60 % of their
/// bytes, names less.
///
/// Stored as a byte saying how many symbols, a byte per symbol saying its length, then eight
/// bytes per symbol, its bytes and zeros (``storedSize`` in all).
struct SymbolTable: Equatable {
  /// The code that says the next byte is itself.
  static let escape: UInt8 = 255
  /// The most symbols a table holds.
  static let maxSymbols = 255
  /// The bytes a table takes, whatever its symbols.
  static let storedSize = 1 + maxSymbols + maxSymbols * 8

  /// One to eight bytes, the first in the low byte.
  struct Symbol: Hashable, Comparable {
    var value: UInt64
    var length: Int

    /// The byte at `text[at]` alone.
    init(_ byte: UInt8) {
      value = UInt64(byte)
      length = 1
    }

    init(value: UInt64, length: Int) {
      self.value = value
      self.length = length
    }

    /// This symbol and `next` as one, when they fit in eight bytes.
    func joined(_ next: Symbol) -> Symbol? {
      length + next.length <= 8
        ? Symbol(value: value | next.value << UInt64(8 * length), length: length + next.length)
        : nil
    }

    var bytes: [UInt8] { (0..<length).map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) } }

    static func < (a: Symbol, b: Symbol) -> Bool {
      a.bytes.lexicographicallyPrecedes(b.bytes)
    }
  }

  /// The symbols, by code.
  private(set) var symbols: [Symbol]
  /// The codes of the symbols that start with each byte, longest first (for ``encode(_:)``).
  private var byFirstByte: [[Int]]

  init(symbols: [Symbol]) {
    self.symbols = Array(symbols.filter { (1...8).contains($0.length) }.prefix(Self.maxSymbols))
    byFirstByte = Array(repeating: [], count: 256)
    for (code, symbol) in self.symbols.enumerated() {
      byFirstByte[Int(symbol.value & 0xFF)].append(code)
    }
    for first in byFirstByte.indices {
      byFirstByte[first].sort { self.symbols[$0].length > self.symbols[$1].length }
    }
  }

  /// The table that compresses `sample` best, as FSST makes it: five rounds, each compressing
  /// the sample with the table so far and keeping the symbols — and pairs of neighbouring
  /// symbols, joined — that save the most bytes (how often times how long).
  static func trained(on sample: [[UInt8]]) -> SymbolTable {
    var table = SymbolTable(symbols: [])
    for _ in 0..<5 {
      var gains: [Symbol: Int] = [:]
      for text in sample {
        text.withUnsafeBufferPointer { text in
          var previous: Symbol?
          var at = 0
          while at < text.count {
            let symbol =
              table.longest(in: text, at: at).map { table.symbols[$0] } ?? Symbol(text[at])
            at += symbol.length
            gains[symbol, default: 0] += symbol.length
            if let joined = previous?.joined(symbol) {
              gains[joined, default: 0] += joined.length
            }
            previous = symbol
          }
        }
      }
      // The best first; ties by their bytes, so that the same sample makes the same table.
      let best = gains.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
      table = SymbolTable(symbols: best.prefix(maxSymbols).map(\.key))
    }
    return table
  }

  /// The code of the longest symbol at `at` in `text`, if any.
  @inline(__always) private func longest(in text: UnsafeBufferPointer<UInt8>, at: Int) -> Int? {
    // The (up to) eight bytes from `at`, the first in the low byte.
    var window: UInt64 = 0
    for offset in 0..<min(8, text.count - at) {
      window |= UInt64(text[at + offset]) << UInt64(8 * offset)
    }
    let available = min(8, text.count - at)
    for code in byFirstByte[Int(text[at])] {
      let symbol = symbols[code]
      guard symbol.length <= available else { continue }
      let mask: UInt64 = symbol.length == 8 ? .max : (1 << UInt64(8 * symbol.length)) - 1
      if window & mask == symbol.value { return code }
    }
    return nil
  }

  /// `text` as codes.
  func encode(_ text: [UInt8]) -> [UInt8] {
    var codes: [UInt8] = []
    codes.reserveCapacity(text.count)
    text.withUnsafeBufferPointer { encode($0, into: &codes) }
    return codes
  }

  /// Appends `text` as codes to `codes`.
  func encode(_ text: UnsafeBufferPointer<UInt8>, into codes: inout [UInt8]) {
    var at = 0
    while at < text.count {
      if let code = longest(in: text, at: at) {
        codes.append(UInt8(code))
        at += symbols[code].length
      } else {
        codes.append(Self.escape)
        codes.append(text[at])
        at += 1
      }
    }
  }

  /// The table as a catalog stores it.
  var stored: [UInt8] {
    var bytes = [UInt8(symbols.count)]
    bytes += symbols.map { UInt8($0.length) }
    bytes += repeatElement(0, count: Self.maxSymbols - symbols.count)
    for symbol in symbols { bytes += symbol.bytes + repeatElement(0, count: 8 - symbol.length) }
    bytes += repeatElement(0, count: (Self.maxSymbols - symbols.count) * 8)
    return bytes
  }
}

/// A ``SymbolTable`` read in place, to decode texts with.
struct StoredSymbolTable {
  /// The table's ``SymbolTable/storedSize`` bytes.
  let base: UnsafeRawPointer

  /// How many bytes `codes` stand for at most.
  static func decodedLimit(_ codes: Int) -> Int { codes * 8 }

  /// The text `codes` stand for, written at `output` (which has room for
  /// ``decodedLimit(_:)`` bytes and eight more, or `limit` and eight more); returns its
  /// length. A code past the table's symbols, or an escape at the end, ends the text
  /// (damage); so does reaching `limit` (the text is then `limit` bytes or a few more).
  @inline(__always) func decode(
    _ codes: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer, limit: Int = .max
  ) -> Int {
    let count = Int(base.load(as: UInt8.self))
    let symbols = base + 1 + SymbolTable.maxSymbols
    var written = 0
    var at = 0
    while at < codes.count, written < limit {
      let code = codes[at]
      at += 1
      if code == SymbolTable.escape {
        guard at < codes.count else { break }
        output.storeBytes(of: codes[at], toByteOffset: written, as: UInt8.self)
        written += 1
        at += 1
        continue
      }
      guard Int(code) < count else { break }
      // Eight bytes at once: the output has room past what is written.
      let symbol = symbols.loadUnaligned(fromByteOffset: Int(code) * 8, as: UInt64.self)
      output.storeBytes(of: symbol, toByteOffset: written, as: UInt64.self)
      written += min(8, max(1, Int(base.load(fromByteOffset: 1 + Int(code), as: UInt8.self))))
    }
    return written
  }

  /// Calls `body` with the text `codes` stand for.
  func withDecoded<T>(_ codes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> T)
    -> T
  {
    withUnsafeTemporaryAllocation(
      byteCount: Self.decodedLimit(codes.count) + 8, alignment: 8
    ) { output in
      let length = decode(codes, into: output.baseAddress!)
      return body(UnsafeRawBufferPointer(start: output.baseAddress, count: length))
    }
  }
}
