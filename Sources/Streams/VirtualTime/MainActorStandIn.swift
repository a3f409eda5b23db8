import MainExecutorHook

/// The main actor of a virtual-time run: for the tasks of the run, the Swift runtime's
/// question "which executor is the main actor's?" is answered with this one (through the
/// runtime's `swift_task_getMainExecutor_hook`, see `Sources/MainExecutorHook`), so that
/// `@MainActor` code — a view model's methods, `MainActor.run`, `MainActor.assertIsolated()`
/// — runs on the run's driver, one job at a time and in order with the test's other jobs,
/// on virtual time. Tasks that are not the run's see the real main actor.
///
/// So a `@MainActor` view model is tested on virtual time exactly as other code, from a test
/// on the main actor or not; the real main thread is not involved. What the stand-in cannot
/// be is the main *thread*: code that asks for it by thread (`Thread.isMainThread`,
/// `DispatchQueue.main`) sees the driver's thread, not the main one.
final class MainActorStandIn: SerialExecutor {
  unowned let runtime: VirtualRuntime

  init(runtime: VirtualRuntime) {
    self.runtime = runtime
  }

  func enqueue(_ job: consuming ExecutorJob) {
    runtime.enqueue(UnownedJob(job), main: true)
  }

  /// Installs the runtime's hook, once for the process.
  static func installHook() {
    _ = installed
  }

  private static let installed: Bool = ms_main_hook_install(lookup) == 0

  /// The hook's callback: the stand-in of the current task's run, while that run goes on.
  private static let lookup: @convention(c) (UnsafeMutablePointer<ms_executor_ref>?) -> Int32 = {
    reference in
    guard let reference, let runtime = VirtualRuntime.current, !runtime.isFinished else {
      return 0
    }
    // An `UnownedSerialExecutor` is the runtime's executor reference: two words.
    let (identity, implementation) = unsafeBitCast(
      runtime.mainActor.asUnownedSerialExecutor(), to: (UnsafeMutableRawPointer?, UInt).self)
    reference.pointee = ms_executor_ref(identity: identity, implementation: implementation)
    return 1
  }
}
