// See ExitGuard.h. Everything a handler touches is a static buffer published through an
// atomic state (free → being written → ready): a handler reads only slots that are ready,
// and never allocates, locks or calls anything but async-signal-safe functions.
#define _GNU_SOURCE
#include "ExitGuard.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

enum { FREE = 0, WRITING = 1, READY = 2 };

// MARK: the terminal

static atomic_int terminal_state = FREE;
static int terminal_input = -1;
static int terminal_output = -1;
static struct termios terminal_modes;
static char terminal_leave[1024];
static size_t terminal_leave_length = 0;

int ms_guard_hold_terminal(int input, const struct termios *saved, int output,
                           const char *leave, size_t length) {
  if (length > sizeof terminal_leave) return -1;
  // Taken again after a suspension: the previous hold was restored (state FREE).
  int expected = FREE;
  if (!atomic_compare_exchange_strong(&terminal_state, &expected, WRITING)) return -1;
  terminal_input = input;
  terminal_output = output;
  terminal_modes = *saved;
  memcpy(terminal_leave, leave, length);
  terminal_leave_length = length;
  atomic_store(&terminal_state, READY);
  return 0;
}

static void write_all(int descriptor, const char *bytes, size_t length) {
  while (length > 0) {
    ssize_t written = write(descriptor, bytes, length);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;
    bytes += written;
    length -= (size_t)written;
  }
}

static atomic_int terminal_writers = 0;
static atomic_int terminal_closed = 0;

int ms_guard_begin_terminal_write(void) {
  atomic_fetch_add(&terminal_writers, 1);
  if (atomic_load(&terminal_closed)) {
    atomic_fetch_sub(&terminal_writers, 1);
    return 0;
  }
  return 1;
}

void ms_guard_end_terminal_write(void) { atomic_fetch_sub(&terminal_writers, 1); }

/// Stops the other threads' writes to the terminal: no new one starts, and those under way
/// are waited for — at most 200 ms, as the signal may have come to a thread in the middle of
/// one (its own write then never ends).
static void close_terminal_writes(void) {
  atomic_store(&terminal_closed, 1);
  struct timespec pause = {0, 1000000};
  for (int waited = 0; waited < 200 && atomic_load(&terminal_writers) > 0; waited++) {
    nanosleep(&pause, NULL);
  }
}

int ms_guard_restore_terminal(void) {
  int expected = READY;
  if (!atomic_compare_exchange_strong(&terminal_state, &expected, WRITING)) return 0;
  tcsetattr(terminal_input, TCSAFLUSH, &terminal_modes);
  write_all(terminal_output, terminal_leave, terminal_leave_length);
  atomic_store(&terminal_state, FREE);
  return 1;
}

// MARK: mappings

enum { MAPPINGS = 16 };
static struct {
  atomic_int state;
  uintptr_t start;
  size_t length;
  char message[1024];
  size_t count;
} mappings[MAPPINGS];

int ms_guard_mapping(const void *start, size_t length, const char *message, size_t count) {
  if (count > sizeof mappings[0].message) count = sizeof mappings[0].message;
  for (int slot = 0; slot < MAPPINGS; slot++) {
    int expected = FREE;
    if (!atomic_compare_exchange_strong(&mappings[slot].state, &expected, WRITING)) continue;
    mappings[slot].start = (uintptr_t)start;
    mappings[slot].length = length;
    memcpy(mappings[slot].message, message, count);
    mappings[slot].count = count;
    atomic_store(&mappings[slot].state, READY);
    return slot;
  }
  return -1;
}

void ms_guard_forget_mapping(int slot) {
  if (slot >= 0 && slot < MAPPINGS) atomic_store(&mappings[slot].state, FREE);
}

/// The mapping holding `address`, or -1.
static int mapping_at(const void *address) {
  uintptr_t at = (uintptr_t)address;
  for (int slot = 0; slot < MAPPINGS; slot++) {
    if (atomic_load(&mappings[slot].state) != READY) continue;
    if (at >= mappings[slot].start && at - mappings[slot].start < mappings[slot].length) {
      return slot;
    }
  }
  return -1;
}

// MARK: temporary files

enum { FILES = 8 };
/// A slot whose file is being made: its path is not known yet.
enum { CREATING = 3 };
static struct {
  atomic_int state;
  char path[4096];
} files[FILES];

int ms_guard_create_file(char *path_template, int *slot) {
  *slot = -1;
  size_t length = strlen(path_template);
  // Signals wait while the file is made and registered: one that came between the two would
  // find a file it cannot name, and leave it behind.
  sigset_t all, before;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &before);
  // The slot is taken first, so that the file exists only once it is registered.
  int taken = -1;
  for (int index = 0; index < FILES && length < sizeof files[0].path; index++) {
    int expected = FREE;
    if (atomic_compare_exchange_strong(&files[index].state, &expected, CREATING)) {
      taken = index;
      break;
    }
  }
  int descriptor = mkostemp(path_template, O_CLOEXEC);
  if (taken >= 0) {
    if (descriptor >= 0) {
      memcpy(files[taken].path, path_template, length + 1);
      atomic_store(&files[taken].state, READY);
      *slot = taken;
    } else {
      atomic_store(&files[taken].state, FREE);
    }
  }
  int saved_errno = errno;
  pthread_sigmask(SIG_SETMASK, &before, NULL);
  errno = saved_errno;
  return descriptor;
}

void ms_guard_forget_file(int slot) {
  if (slot >= 0 && slot < FILES) atomic_store(&files[slot].state, FREE);
}

static void remove_files(void) {
  for (int slot = 0; slot < FILES; slot++) {
    // A signal sent to the process may be taken by another thread than the one making a
    // file (which blocks signals only for itself): wait for that file to be named — a few
    // system calls — rather than leave it behind (a second at most).
    for (int waits = 0; atomic_load(&files[slot].state) == CREATING && waits < 1000; waits++) {
      struct timespec millisecond = {0, 1000000};
      nanosleep(&millisecond, NULL);
    }
    int expected = READY;
    if (atomic_compare_exchange_strong(&files[slot].state, &expected, WRITING)) {
      unlink(files[slot].path);
    }
  }
}

// MARK: core dumps

int ms_guard_no_core_dumps(void) {
  struct rlimit none = {0, 0};
  int status = setrlimit(RLIMIT_CORE, &none);
#ifdef __linux__
  // Also keeps other processes of the same user from reading this one's memory through
  // /proc or ptrace.
  if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) status = -1;
#endif
  return status;
}

// MARK: the handlers

static struct sigaction previous[NSIG];

/// Signals raised by a fault of the program itself, which the Swift runtime's backtracer
/// explains when the terminal is not in the way.
static int is_crash(int number) {
  switch (number) {
    case SIGSEGV: case SIGBUS: case SIGILL: case SIGTRAP: case SIGFPE: case SIGABRT:
    case SIGSYS: case SIGQUIT:
      return 1;
    default:
      return 0;
  }
}

static void take_default_action(int number) {
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(number, &fallback, NULL);
  // Blocked while this handler runs: delivered, with its default action, when it returns (a
  // fault also happens again at the same instruction).
  raise(number);
}

/// Ends every thread of the process at once with `status`. The system call itself, not
/// `_exit`: a sanitizer's `_exit` first finalizes its reports, and meanwhile the other
/// threads would go on drawing on the terminal just restored.
static void end_process(int status) {
#ifdef SYS_exit_group
  syscall(SYS_exit_group, status);
#endif
  _exit(status);
}

static void on_signal(int number, siginfo_t *info, void *context) {
  int saved_errno = errno;
  if (atomic_load(&terminal_state) == READY) close_terminal_writes();
  int held = ms_guard_restore_terminal();
  remove_files();
  if (number == SIGBUS && info != NULL) {
    int slot = mapping_at(info->si_addr);
    if (slot >= 0) {
      write_all(STDERR_FILENO, mappings[slot].message, mappings[slot].count);
      end_process(1);
    }
  }
  const struct sigaction *before = &previous[number];
  int chained = !held && is_crash(number)
      && ((before->sa_flags & SA_SIGINFO) ? before->sa_sigaction != NULL
                                          : (before->sa_handler != SIG_DFL
                                             && before->sa_handler != SIG_IGN));
  if (chained) {
    // The backtracer's own handler, as if ours were not there.
    sigaction(number, before, NULL);
    if (before->sa_flags & SA_SIGINFO) {
      before->sa_sigaction(number, info, context);
    } else {
      before->sa_handler(number);
    }
  } else {
    take_default_action(number);
  }
  errno = saved_errno;
}

// MARK: stops from outside

/// 1 after a stop by a SIGTSTP from outside that gave the held terminal back, until
/// ms_guard_take_continued() is asked.
static atomic_int continued_after_stop = 0;

static void on_stop_request(int number);

static void install_stop_handler(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = on_stop_request;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  sigaction(SIGTSTP, &action, NULL);
}

void ms_guard_stop(void) {
  struct sigaction fallback;
  memset(&fallback, 0, sizeof fallback);
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(SIGTSTP, &fallback, NULL);
  // Unblocked for this thread (a handler runs with its signal blocked; the runtime's threads
  // may block it too), so that the stop takes this thread inside raise: it returns once the
  // process is continued — or at once, when the system ignores the stop (an orphaned
  // process group's).
  sigset_t stop, before;
  sigemptyset(&stop);
  sigaddset(&stop, SIGTSTP);
  pthread_sigmask(SIG_UNBLOCK, &stop, &before);
  raise(SIGTSTP);
  pthread_sigmask(SIG_SETMASK, &before, NULL);
  install_stop_handler();
}

/// A SIGTSTP that is not the finder's own Ctrl-Z (raw mode reads that as a key): the
/// terminal is given back as it was before the process stops — a stopped program must not
/// leave the shell in raw mode on the alternate screen — keeping the hold, and taken again
/// by the caller (ms_guard_take_continued) once the process goes on.
static void on_stop_request(int number) {
  (void)number;
  int saved_errno = errno;
  int held = atomic_load(&terminal_state) == READY;
  if (held) {
    close_terminal_writes();
    tcsetattr(terminal_input, TCSADRAIN, &terminal_modes);
    write_all(terminal_output, terminal_leave, terminal_leave_length);
  }
  ms_guard_stop();
  if (held) {
    atomic_store(&terminal_closed, 0);
    atomic_store(&continued_after_stop, 1);
  }
  errno = saved_errno;
}

int ms_guard_take_continued(void) { return atomic_exchange(&continued_after_stop, 0); }

// MARK: the standard descriptors

void ms_guard_open_standard_descriptors(void) {
  for (int descriptor = 0; descriptor <= 2; descriptor++) {
    if (fcntl(descriptor, F_GETFD) != -1 || errno != EBADF) continue;
    // The lowest free descriptor is this one: those below it are open.
    int opened = open("/dev/null", O_RDWR);
    if (opened != descriptor && opened >= 0) close(opened);
  }
}

/// SIGINT's and SIGQUIT's actions while a command runs in the process's place.
static struct sigaction paused_interrupt, paused_quit;

void ms_guard_pause_interrupts(void) {
  struct sigaction ignore;
  memset(&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGINT, &ignore, &paused_interrupt);
  sigaction(SIGQUIT, &ignore, &paused_quit);
}

void ms_guard_resume_interrupts(void) {
  sigaction(SIGINT, &paused_interrupt, NULL);
  sigaction(SIGQUIT, &paused_quit, NULL);
}

void ms_guard_install(void) {
  static atomic_int installed = 0;
  if (atomic_exchange(&installed, 1)) return;
  static const int fatal[] = {
      SIGHUP,  SIGINT,  SIGQUIT, SIGILL,  SIGTRAP,   SIGABRT, SIGBUS,  SIGFPE,  SIGUSR1,
      SIGSEGV, SIGUSR2, SIGALRM, SIGTERM, SIGXCPU,   SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,
#ifdef SIGSTKFLT
      SIGSTKFLT,
#endif
#ifdef SIGPWR
      SIGPWR,
#endif
#ifdef SIGIO
      SIGIO,
#endif
  };
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_signal;
  // SA_ONSTACK: a stack overflow's SIGSEGV runs on the alternate stack where there is one.
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (size_t index = 0; index < sizeof fatal / sizeof fatal[0]; index++) {
    int number = fatal[index];
    if (sigaction(number, NULL, &previous[number]) != 0) continue;
    // A signal the process was started with ignored (nohup) stays ignored.
    if (!(previous[number].sa_flags & SA_SIGINFO) && previous[number].sa_handler == SIG_IGN) {
      continue;
    }
    sigaction(number, &action, NULL);
  }
  // A stop from outside, unless the process was started with stops ignored (an orphaned
  // process group's, or nohup's).
  struct sigaction stop;
  if (sigaction(SIGTSTP, NULL, &stop) == 0 && stop.sa_handler != SIG_IGN) {
    install_stop_handler();
  }
}
