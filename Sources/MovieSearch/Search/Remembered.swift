import Streams

/// A value made the first time it is asked for — under a lock, so only once however many
/// searches ask at the same time — then remembered (what searches of one catalog share:
/// its highest popularity, its years).
struct Remembered<Value: Sendable>: ~Copyable, Sendable {
  private let stored = Lock<Value?>(nil)

  /// The value, made by `make` if it is the first time.
  func value(_ make: () -> Value) -> Value {
    stored.withLock { stored in
      if let stored { return stored }
      let made = make()
      stored = made
      return made
    }
  }
}
