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
/// The question is the runtime's `swift_task_getMainExecutor`, which it asks on every hop to
/// the main actor and every isolation check, on the asking task's thread; its hook is a
/// process-wide global of `libswift_Concurrency` (found with `dlsym`; there is one main
/// actor), installed once and answering per task. `swift_task_enqueueMainExecutor_hook`
/// would be the natural one, but this runtime does not call it for hops to the main actor
/// (swiftlang/swift#63104).
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

  /// Whether the runtime's hook is installed (once for the process; `false` when this
  /// runtime has none: then main-actor work escapes the run, as it did before).
  static var isInstalled: Bool { installed }

  /// Installs the runtime's hook, once for the process.
  static func installHook() {
    _ = installed
  }

  private static let installed: Bool = {
    guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "swift_task_getMainExecutor_hook") else {
      return false
    }
    let hook = symbol.assumingMemoryBound(to: Hook?.self)
    // Another hook would be replaced: none is expected in a test process.
    hook.pointee = { original in
      guard let runtime = VirtualRuntime.current, !runtime.isFinished else { return original() }
      return runtime.mainActor.asUnownedSerialExecutor()
    }
    return true
  }()
}
