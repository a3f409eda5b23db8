// See ZlibShim.h.
#include "ZlibShim.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>

typedef void *(*open_function)(const char *, const char *);
typedef int (*read_function)(void *, void *, unsigned);
typedef const char *(*error_function)(void *, int *);
typedef int (*close_function)(void *);
typedef int (*buffer_function)(void *, unsigned);

static open_function gz_open;
static read_function gz_read;
static error_function gz_error;
static close_function gz_close;
static buffer_function gz_buffer;
static int loaded = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *library = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) library = dlopen("libz.so", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
  gz_open = (open_function)dlsym(library, "gzopen");
  gz_read = (read_function)dlsym(library, "gzread");
  gz_error = (error_function)dlsym(library, "gzerror");
  gz_close = (close_function)dlsym(library, "gzclose");
  gz_buffer = (buffer_function)dlsym(library, "gzbuffer");
  loaded = gz_open && gz_read && gz_error && gz_close;
}

int ms_zlib_load(void) {
  pthread_once(&once, load);
  return loaded;
}

void *ms_gz_open(const char *path) {
  if (!ms_zlib_load()) {
    errno = ENOSYS;
    return NULL;
  }
  void *file = gz_open(path, "rb");
  // A larger buffer: the IMDb files are read whole, hundreds of megabytes each.
  if (file != NULL && gz_buffer != NULL) gz_buffer(file, 1 << 18);
  return file;
}

int ms_gz_read(void *file, void *buffer, unsigned length) {
  return gz_read(file, buffer, length);
}

const char *ms_gz_error(void *file) {
  int code = 0;
  const char *text = gz_error(file, &code);
  return text != NULL ? text : "unknown error";
}

int ms_gz_ended_early(void *file) {
  int code = 0;
  (void)gz_error(file, &code);
  // Z_BUF_ERROR in zlib.h: what gzread leaves when the input ends inside a gzip member.
  return code == -5;
}

void ms_gz_close(void *file) { gz_close(file); }
