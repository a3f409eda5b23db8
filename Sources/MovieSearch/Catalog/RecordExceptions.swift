/// The values of records' escaped fields that their bits do not hold (see ``RecordLayout``):
/// each as its film times 16 plus its field (eight bytes) and its value (four), sorted by film
/// and field — found by a binary search when a field's bits say so, as the header says how
/// many (``CatalogFile/recordExceptionsCountOffset``).
///
/// At IMDb's size 82 films run 255 minutes or longer: the minutes take 8 bits instead of 13.
/// Built in, the 5,183 budgets are all kept apart (their field takes a bit instead of 28), and
/// minutes take 8 bits too.
struct RecordExceptions {
  /// The bytes of a value kept apart.
  static let entrySize = 12
  /// Its bits, as the cost of keeping a value apart is weighed against a field's width.
  static let entryBits = entrySize * 8

  /// Where they are, and how many.
  let base: UnsafeRawPointer
  let count: Int

  /// The values `apart` (in film order, each film's fields in order) as the section holds
  /// them.
  static func encode(_ apart: [(film: Int, field: RecordLayout.Field, value: UInt32)]) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(apart.count * entrySize)
    for entry in apart {
      let key = entry.film << 4 | entry.field.rawValue
      bytes.append(uint32: key & Int(UInt32.max))
      bytes.append(uint32: key >> 32)
      bytes.append(uint32: Int(entry.value))
    }
    return bytes
  }

  /// Field `field` of film `film` kept apart; `nil` when it is not (damage: the field's bits
  /// say it is). Not inlined: a listing reads a field of every film, and few are apart.
  @inline(never) func value(film: Int, field: RecordLayout.Field) -> Int? {
    let key = UInt64(film) << 4 | UInt64(field.rawValue)
    var (low, high) = (0, count)
    while low < high {
      let middle = (low + high) / 2
      let at = middle * Self.entrySize
      let found = base.loadUnaligned(fromByteOffset: at, as: UInt64.self).littleEndian
      if found == key {
        return Int(base.loadUnaligned(fromByteOffset: at + 8, as: UInt32.self).littleEndian)
      }
      if found < key { low = middle + 1 } else { high = middle }
    }
    return nil
  }
}
