// What movie-search does before its main runs: a constructor that opens /dev/null on any of
// descriptors 0, 1 and 2 that is closed (see ms_guard_open_standard_descriptors in
// ExitGuard.h), so that no file opened later — by the runtime or by the program — takes one of
// them. Only the tool links this target: a library user's program keeps its descriptors as
// its own code leaves them.
#ifndef EXIT_GUARD_STARTUP_H
#define EXIT_GUARD_STARTUP_H

/// 1 once the constructor has run (for tests).
int ms_guard_startup_ran(void);

#endif
