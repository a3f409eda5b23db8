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

/// Values remembered by key, under a lock, at most ``capacity`` of them: when full, all are
/// forgotten at once (what searches of one catalog share: the choices and typo walks of
/// recently searched words, the titles read lately — a bound on memory, not a cache that must
/// keep the best).
struct RememberedByKey<Key: Hashable & Sendable, Value: Sendable>: ~Copyable, Sendable {
  private let stored = Lock<[Key: Value]>([:])

  /// How many values are kept at most.
  let capacity: Int

  /// Values to be remembered, at most `capacity` of them.
  init(capacity: Int = 8_192) {
    self.capacity = max(1, capacity)
  }

  /// The value remembered for `key`.
  func value(for key: Key) -> Value? {
    stored.withLock { $0[key] }
  }

  /// Remembers `value` for `key`; forgets everything first when full.
  func remember(_ value: Value, for key: Key) {
    stored.withLock { stored in
      if stored.count >= capacity { stored.removeAll(keepingCapacity: true) }
      stored[key] = value
    }
  }
}
