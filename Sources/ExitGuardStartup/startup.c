// See ExitGuardStartup.h.
#include "ExitGuardStartup.h"

#include "ExitGuard.h"

static int ran = 0;

__attribute__((constructor)) static void open_standard_descriptors_at_load(void) {
  ms_guard_open_standard_descriptors();
  ran = 1;
}

int ms_guard_startup_ran(void) { return ran; }
