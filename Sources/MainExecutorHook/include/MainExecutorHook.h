// The Swift runtime's hook for "which executor is the main actor's", for withVirtualTime:
// asked from a task of a virtual-time run, the answer is the run's stand-in for the main
// actor, so that `@MainActor` code the test calls runs on the test executor, one job at a
// time with the rest of the test, on virtual time.
//
// Why this hook: the runtime asks `swift_task_getMainExecutor` each time a task hops to the
// main actor or checks its isolation (`MainActor.assertIsolated`), on the task's own thread;
// `swift_task_enqueueMainExecutor_hook` is not called for those hops on this runtime
// (swiftlang/swift#63104). The hook is process-wide by nature (there is one main actor): its
// state is here, beside the runtime's own global, and the callback decides per task.
#ifndef MAIN_EXECUTOR_HOOK_H
#define MAIN_EXECUTOR_HOOK_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// An executor reference as the runtime passes it: identity and implementation words.
typedef struct {
  void *identity;
  uintptr_t implementation;
} ms_executor_ref;

/// Fills `executor` with the main actor's stand-in for the current task and returns 1, or
/// returns 0 to answer with the real main executor. Called on the asking task's thread.
typedef int (*ms_main_executor_for_task)(ms_executor_ref *executor);

/// Whether the running Swift runtime has the hook (libswift_Concurrency exports it).
int ms_main_hook_available(void);

/// Installs the hook with `lookup`, once (later calls do nothing); 0, or -1 when the
/// runtime lacks the hook.
int ms_main_hook_install(ms_main_executor_for_task lookup);

#ifdef __cplusplus
}
#endif

#endif
