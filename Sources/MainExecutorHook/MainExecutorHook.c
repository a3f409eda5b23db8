// See MainExecutorHook.h.
#include "MainExecutorHook.h"

#include <stdatomic.h>
#include <stddef.h>

#define SWIFT_CC __attribute__((swiftcall))

typedef SWIFT_CC ms_executor_ref (*get_main_original)(void);
typedef SWIFT_CC ms_executor_ref (*get_main_hook)(get_main_original original);

// The runtime's global (libswift_Concurrency); weak, so that a runtime without it leaves its
// address NULL rather than failing to load.
extern get_main_hook swift_task_getMainExecutor_hook __attribute__((weak));

static _Atomic(ms_main_executor_for_task) lookup_function = NULL;
static get_main_hook previous_hook = NULL;

static SWIFT_CC ms_executor_ref hook(get_main_original original) {
  ms_main_executor_for_task lookup = atomic_load(&lookup_function);
  ms_executor_ref stand_in;
  if (lookup != NULL && lookup(&stand_in)) return stand_in;
  return previous_hook != NULL ? previous_hook(original) : original();
}

int ms_main_hook_available(void) { return &swift_task_getMainExecutor_hook != NULL; }

int ms_main_hook_install(ms_main_executor_for_task lookup) {
  if (!ms_main_hook_available()) return -1;
  ms_main_executor_for_task expected = NULL;
  if (!atomic_compare_exchange_strong(&lookup_function, &expected, lookup)) return 0;
  previous_hook = swift_task_getMainExecutor_hook;
  swift_task_getMainExecutor_hook = hook;
  return 0;
}
