// What must happen on every way out of movie-search, fatal signals included: the terminal
// put back as it was, temporary files removed, and a catalog file that shrinks while it is
// mapped reported in one line instead of a crash (SIGBUS).
//
// A signal handler can only reach process-wide memory, and may only make async-signal-safe
// calls: so this state is global by nature, kept here in C, in fixed-size static buffers
// filled before they are needed (a handler must not allocate: the signal may arrive while
// malloc holds its lock). Every function below is safe to call from any thread.
#ifndef EXIT_GUARD_H
#define EXIT_GUARD_H

#include <stddef.h>
#include <termios.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Installs the handlers, once: for every signal whose default action ends the process
/// (SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGSEGV, SIGBUS, SIGILL, SIGABRT, …), except
/// those the process was started with ignored (nohup). A handler restores the terminal,
/// removes the temporary files, and then lets the signal take its default action — or, for
/// a crash while the terminal is not held, hands it to the handler that was there before
/// (the Swift runtime's backtracer). A SIGBUS inside a registered mapping ends the process
/// with that mapping's message and status 1.
void ms_guard_install(void);

/// Opens `/dev/null` on each of descriptors 0, 1 and 2 that is closed (`movie-search >&-`),
/// so that no file the program opens later takes one of them: output meant for a closed
/// stdout is then discarded, not written into a catalog or a socket. movie-search runs it
/// when the program is loaded, before anything can open a file (ExitGuardStartup's
/// constructor, which only the tool links); calling it again does nothing.
void ms_guard_open_standard_descriptors(void);

/// The terminal to restore on the way out: the descriptor whose modes were changed and
/// their values before, and the descriptor the screen is drawn on with the bytes that leave
/// the screen mode (at most 1,024; copied). 0 on success; -1 when a terminal is held.
int ms_guard_hold_terminal(int input, const struct termios *saved, int output,
                           const char *leave, size_t length);
/// Puts the held terminal back (its modes, then the leaving bytes), once; returns 1 if it
/// did, 0 if no terminal was held. Async-signal-safe.
int ms_guard_restore_terminal(void);

/// Brackets a write to the held terminal from any thread: ms_guard_begin_terminal_write
/// returns 0 when the process is ending on a signal (write nothing then), 1 otherwise — and
/// then ms_guard_end_terminal_write must follow the write. A handler waits for the writes
/// under way (briefly) before it restores the terminal, so that no frame lands after it.
int ms_guard_begin_terminal_write(void);
void ms_guard_end_terminal_write(void);

/// Registers a read-only file mapping: a SIGBUS at an address inside it (the file was
/// truncated under it) writes `message` (at most 1,024 bytes; copied) on stderr and ends the
/// process with status 1. Returns a slot for ms_guard_forget_mapping, or -1 when all 16
/// slots are taken (the mapping is then unguarded).
int ms_guard_mapping(const void *start, size_t length, const char *message, size_t count);
void ms_guard_forget_mapping(int slot);

/// Creates a temporary file from `path_template` (ending in "XXXXXX", which is replaced by
/// an unpredictable name: mkostemp, O_CREAT | O_EXCL | O_CLOEXEC, mode 0600) and registers
/// it in one step (signals wait meanwhile) to be removed if a signal ends the process.
/// Returns its descriptor and sets `slot` (for ms_guard_forget_file; -1 when all 8 are
/// taken or the path is longer than 4,095 bytes: the file is then not removed by a signal),
/// or -1 with errno set.
int ms_guard_create_file(char *path_template, int *slot);
void ms_guard_forget_file(int slot);

/// 1 once after the process, stopped by a SIGTSTP from outside while it held the terminal,
/// went on (SIGCONT, or the system ignored the stop): the stop gave the terminal back as it
/// was, keeping the hold, so the caller takes raw mode and draws the whole screen again. 0
/// otherwise. (ms_guard_install handles SIGTSTP for this, unless it was ignored at start.)
int ms_guard_take_continued(void);

/// Stops the process as SIGTSTP's default action does and returns once it goes on, the
/// handler of ms_guard_install back in place. For Ctrl-Z, once the terminal is given back.
void ms_guard_stop(void);

/// While a command the user gave runs on the terminal in the process's place (`execute`):
/// SIGINT and SIGQUIT — Ctrl-C and Ctrl-\ there reach the command and this process alike —
/// ignored, as system(3) ignores them, so that they end the command and not the finder;
/// ms_guard_resume_interrupts puts back what was there before. Not nested.
void ms_guard_pause_interrupts(void);
void ms_guard_resume_interrupts(void);

/// Turns core dumps off for the rest of the process (a secret is held in memory). 0 on
/// success.
int ms_guard_no_core_dumps(void);

#ifdef __cplusplus
}
#endif

#endif
