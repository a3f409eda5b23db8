import Foundation
import Streams

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The main actor of a virtual-time run: for the tasks of the run, the Swift runtime's
/// question "which executor is the main actor's?" is answered with this one, so that
/// `@MainActor` code — a view model's methods, `MainActor.run`, `MainActor.assertIsolated()`
/// — runs on the run's driver, one job at a time and in order with the test's other jobs,
/// on virtual time. Tasks that are not the run's see the real main actor.
///
/// **For tests only.** The question is the runtime's `swift_task_getMainExecutor`, which it
/// asks on every hop to the main actor and every isolation check, on the asking task's
/// thread; its hook is a process-wide global of `libswift_Concurrency` (found with `dlsym`;
/// there is one main actor). It is installed while runs are under way only — by the first
/// run to start, which saves the hook that was there, and restored by the last to end, as
/// swift-concurrency-extras does with its own hook — and it chains: a task that is not a
/// run's is answered by the saved hook, or by the runtime. It is not installed (main-actor
/// work then escapes the run, and is reported as such) when the runtime has no such hook,
/// or when the symbol is not the concurrency library's. `swift_task_enqueueMainExecutor_hook`
/// would be the natural one, but this runtime does not call it for hops to the main actor
/// (swiftlang/swift#63104). The hook's signature — a thin function given the runtime's own
/// answer — is the runtime's private contract: checked on this toolchain (Swift 6.3.1), it
/// is why the stand-in belongs in tests, never in a program that ships.
///
/// What the stand-in cannot be is the main *thread*: code that asks by thread
/// (`Thread.isMainThread`, `DispatchQueue.main`) sees the driver's thread and the real main
/// queue.
final class MainActorStandIn: SerialExecutor {
  unowned let runtime: VirtualRuntime

  init(runtime: VirtualRuntime) {
    self.runtime = runtime
  }

  func enqueue(_ job: consuming ExecutorJob) {
    runtime.enqueue(UnownedJob(job), main: true)
  }

  /// The runtime's answer, and the hook that may replace it (Swift calling convention).
  typealias Original = @convention(thin) () -> UnownedSerialExecutor
  typealias Hook = @convention(thin) (Original) -> UnownedSerialExecutor

  /// The hook's slot (`nil`: the runtime has none this stand-in can use), and its
  /// bookkeeping.
  private static let installation = Lock((slot: findSlot(), state: HookInstallation()))

  /// Whether the runtime has a hook the stand-in can use (it is installed while runs are
  /// under way).
  static var isAvailable: Bool { installation.withLock { $0.slot != nil } }

  /// Whether the stand-in's hook is in the runtime's slot now.
  static var isInstalled: Bool {
    installation.withLock { installation in
      installation.slot.map { UnsafeMutablePointer<UInt>(bitPattern: $0)!.pointee == ownHookBits }
        ?? false
    }
  }

  /// A run starts (see ``HookInstallation/runStarted(slot:own:)``).
  static func runStarted() {
    installation.withLock { installation in
      guard let slot = installation.slot.flatMap({ UnsafeMutablePointer<UInt>(bitPattern: $0) })
      else { return }
      installation.state.runStarted(slot: slot, own: ownHookBits)
    }
  }

  /// A run ends (see ``HookInstallation/runEnded(slot:own:)``).
  static func runEnded() {
    installation.withLock { installation in
      guard let slot = installation.slot.flatMap({ UnsafeMutablePointer<UInt>(bitPattern: $0) })
      else { return }
      installation.state.runEnded(slot: slot, own: ownHookBits)
    }
  }

  /// The stand-in's hook: a run's task gets its run's stand-in; any other task what the
  /// hook before it (or the runtime) answers.
  private static let ownHook: Hook = { original in
    if let runtime = VirtualRuntime.current, !runtime.isFinished {
      return runtime.mainActor.asUnownedSerialExecutor()
    }
    let previous = MainActorStandIn.installation.withLock { $0.state.previous }
    return answer(original, previous: previous)
  }

  /// The answer for a task that is not a run's: the hook there before the stand-in's (its
  /// bits; 0: none), or the runtime's own.
  static func answer(_ original: Original, previous: UInt) -> UnownedSerialExecutor {
    previous == 0 ? original() : unsafeBitCast(previous, to: Hook.self)(original)
  }

  private static var ownHookBits: UInt { unsafeBitCast(ownHook, to: UInt.self) }

  /// The runtime's hook slot, when it is what the stand-in expects: a pointer-sized global
  /// named `swift_task_getMainExecutor_hook`, defined by the concurrency library beside the
  /// `swift_task_getMainExecutor` it hooks.
  private static func findSlot() -> UInt? {
    guard MemoryLayout<Hook?>.size == MemoryLayout<UInt>.size,
      let program = dlopen(nil, RTLD_NOW),
      let symbol = dlsym(program, "swift_task_getMainExecutor_hook"),
      let hooked = dlsym(program, "swift_task_getMainExecutor"),
      Int(bitPattern: symbol) % MemoryLayout<UInt>.alignment == 0
    else { return nil }
    guard let library = mappedFile(holding: UInt(bitPattern: symbol)),
      library == mappedFile(holding: UInt(bitPattern: hooked)),
      library.contains("swift_Concurrency")
    else { return nil }
    return UInt(bitPattern: symbol)
  }

  /// The file mapped at `address` in this process, or whose globals are there (from
  /// `/proc/self/maps`), if any.
  private static func mappedFile(holding address: UInt) -> String? {
    // Read to its end with read(2): a file of /proc says its size is 0.
    let descriptor = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      bytes += chunk[..<count]
    }
    // A library's zero-filled globals (its .bss) are an unnamed mapping right after its
    // last named one: such a mapping is that library's.
    var previous: (end: UInt, file: String)?
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      let bounds = fields.first?.split(separator: "-") ?? []
      guard fields.count >= 5, bounds.count == 2, let low = UInt(bounds[0], radix: 16),
        let high = UInt(bounds[1], radix: 16)
      else { continue }
      var file = fields.count >= 6 ? fields[5...].joined(separator: " ") : ""
      if file.isEmpty, let previous, previous.end == low { file = previous.file }
      if (low..<high).contains(address) { return file.isEmpty ? nil : file }
      previous = (high, file)
    }
    return nil
  }
}

/// The bookkeeping of a process-wide hook that overlapping runs share: the first run to
/// start saves what is in the slot and puts its own hook there; the last to end puts back
/// what it saved — unless something replaced its hook meanwhile, which is then left alone.
/// Hooks are handled as their bits, as the slot holds them.
struct HookInstallation {
  /// What was in the slot when the first run started (0: nothing).
  private(set) var previous: UInt = 0
  /// The runs under way.
  private(set) var runs = 0

  mutating func runStarted(slot: UnsafeMutablePointer<UInt>, own: UInt) {
    runs += 1
    guard runs == 1 else { return }
    previous = slot.pointee
    slot.pointee = own
  }

  mutating func runEnded(slot: UnsafeMutablePointer<UInt>, own: UInt) {
    guard runs > 0 else { return }
    runs -= 1
    guard runs == 0 else { return }
    if slot.pointee == own { slot.pointee = previous }
    previous = 0
  }
}
