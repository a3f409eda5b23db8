import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `Mutex` from Synchronization, made visible to ThreadSanitizer.
///
/// On Linux, `Mutex` locks with futex system calls that ThreadSanitizer cannot see, so it
/// reports every access to the protected value as a race — even in a two-thread counter that
/// counts right. In a debug build running under ThreadSanitizer, `Lock` tells it about the
/// lock (an acquire after locking, a release before unlocking); a release build locks the
/// `Mutex` and nothing more.
@usableFromInline package struct Lock<Value: ~Copyable>: ~Copyable, Sendable {
  @usableFromInline let mutex: Mutex<Value>

  /// A lock protecting `value`.
  @inlinable package init(_ value: consuming sending Value) {
    mutex = Mutex(value)
  }

  /// Runs `body` with exclusive access to the value.
  @inlinable package func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    #if !DEBUG
      // Sanitizer runs are debug builds: a release build locks with nothing around it.
      return try mutex.withLock(body)
    #else
      return try annotatedWithLock(body)
    #endif
  }

  @inlinable func annotatedWithLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    guard let sanitizer = threadSanitizer else { return try mutex.withLock(body) }
    // The mutex's own address names the lock; taking it only reads, before the value is
    // touched.
    let address = withUnsafePointer(to: mutex) { UnsafeMutableRawPointer(mutating: $0) }
    return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
      sanitizer.acquire(address)
      defer { sanitizer.release(address) }
      return try body(&value)
    }
  }
}

/// ThreadSanitizer's annotation functions, when its runtime is loaded.
@usableFromInline struct ThreadSanitizerHooks: Sendable {
  @usableFromInline let acquire: @convention(c) (UnsafeMutableRawPointer?) -> Void
  @usableFromInline let release: @convention(c) (UnsafeMutableRawPointer?) -> Void
}

/// Looked up once: `nil` in a process without ThreadSanitizer.
@usableFromInline let threadSanitizer: ThreadSanitizerHooks? = {
  typealias Annotation = @convention(c) (UnsafeMutableRawPointer?) -> Void
  let process = dlopen(nil, RTLD_NOW)
  guard let acquire = dlsym(process, "__tsan_acquire"),
    let release = dlsym(process, "__tsan_release")
  else { return nil }
  return ThreadSanitizerHooks(
    acquire: unsafeBitCast(acquire, to: Annotation.self),
    release: unsafeBitCast(release, to: Annotation.self))
}()
