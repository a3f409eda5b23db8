#include "CurlShim.h"

#include <dlfcn.h>
#include <pthread.h>
#include <sys/socket.h>

// libcurl's ABI: these values are fixed by curl.h and never change between versions.
enum {
  OPT_FOLLOWLOCATION = 52,
  OPT_MAXREDIRS = 68,
  OPT_NOSIGNAL = 99,
  OPT_PROTOCOLS = 181,
  OPT_REDIR_PROTOCOLS = 182,
  OPT_URL = 10002,
  OPT_HTTPHEADER = 10023,
  OPT_ACCEPT_ENCODING = 10102,
  OPT_PRIVATE = 10103,
  OPT_WRITEDATA = 10001,
  OPT_HEADERDATA = 10029,
  OPT_WRITEFUNCTION = 20011,
  OPT_HEADERFUNCTION = 20079,
  OPT_OPENSOCKETFUNCTION = 20163,
  PROTO_HTTP_HTTPS = 1 | 2,
  INFO_RESPONSE_CODE = 0x200002,
  INFO_PRIVATE = 0x100015,
  INFO_CONNECT_TIME = 0x300005,
  MSG_DONE = 1,
  GLOBAL_ALL = 3,
};

// CURLMsg: what curl_multi_info_read returns.
typedef struct {
  int msg;
  void *easy;
  union {
    void *whatever;
    int result;
  } data;
} message;

static int (*global_init)(long);
static void *(*easy_init)(void);
static int (*easy_setopt)(void *, int, ...);
static int (*easy_getinfo)(void *, int, ...);
static void (*easy_cleanup)(void *);
static const char *(*easy_strerror)(int);
static void *(*slist_append)(void *, const char *);
static void (*slist_free_all)(void *);
static void *(*multi_init)(void);
static int (*multi_add_handle)(void *, void *);
static int (*multi_remove_handle)(void *, void *);
static int (*multi_perform)(void *, int *);
static int (*multi_poll)(void *, void *, unsigned int, int, int *);
static int (*multi_wakeup)(void *);
static message *(*multi_info_read)(void *, int *);

// struct curl_sockaddr: what a socket is opened for.
typedef struct {
  int family;
  int socktype;
  int protocol;
  unsigned int addrlen;
  struct sockaddr addr;
} socket_address;

// Every connection's socket is close-on-exec from its creation: libcurl (before 8.x) leaves
// it inheritable, and a command this process starts meanwhile (a finder's `execute`, a
// preview) would hold a connection to TMDb open — past its cancellation, and in its hands.
static int open_socket(void *context, int purpose, socket_address *address) {
  (void)context;
  (void)purpose;
  return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded = 0;

#define LOAD(name, symbol)                            \
  do {                                                \
    *(void **)(&name) = dlsym(library, symbol);       \
    if (!name) return;                                \
  } while (0)

static void load(void) {
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (!library) return;
  LOAD(global_init, "curl_global_init");
  LOAD(easy_init, "curl_easy_init");
  LOAD(easy_setopt, "curl_easy_setopt");
  LOAD(easy_getinfo, "curl_easy_getinfo");
  LOAD(easy_cleanup, "curl_easy_cleanup");
  LOAD(easy_strerror, "curl_easy_strerror");
  LOAD(slist_append, "curl_slist_append");
  LOAD(slist_free_all, "curl_slist_free_all");
  LOAD(multi_init, "curl_multi_init");
  LOAD(multi_add_handle, "curl_multi_add_handle");
  LOAD(multi_remove_handle, "curl_multi_remove_handle");
  LOAD(multi_perform, "curl_multi_perform");
  LOAD(multi_poll, "curl_multi_poll");      // libcurl 7.66
  LOAD(multi_wakeup, "curl_multi_wakeup");  // libcurl 7.68
  LOAD(multi_info_read, "curl_multi_info_read");
  loaded = global_init(GLOBAL_ALL) == 0;
}

int ms_curl_load(void) {
  pthread_once(&once, load);
  return loaded;
}

void *ms_curl_easy(const char *url, void *headers, long redirects, ms_curl_receive body,
                   ms_curl_receive header, void *context) {
  void *easy = easy_init();
  if (!easy) return NULL;
  int failed = 0;
  failed |= easy_setopt(easy, OPT_URL, url);
  failed |= easy_setopt(easy, OPT_NOSIGNAL, 1L);
  failed |= easy_setopt(easy, OPT_PROTOCOLS, (long)PROTO_HTTP_HTTPS);
  failed |= easy_setopt(easy, OPT_REDIR_PROTOCOLS, (long)PROTO_HTTP_HTTPS);
  failed |= easy_setopt(easy, OPT_FOLLOWLOCATION, 1L);
  failed |= easy_setopt(easy, OPT_MAXREDIRS, redirects);
  failed |= easy_setopt(easy, OPT_ACCEPT_ENCODING, "");
  if (headers) failed |= easy_setopt(easy, OPT_HTTPHEADER, headers);
  failed |= easy_setopt(easy, OPT_WRITEFUNCTION, body);
  failed |= easy_setopt(easy, OPT_WRITEDATA, context);
  failed |= easy_setopt(easy, OPT_HEADERFUNCTION, header);
  failed |= easy_setopt(easy, OPT_HEADERDATA, context);
  failed |= easy_setopt(easy, OPT_PRIVATE, context);
  failed |= easy_setopt(easy, OPT_OPENSOCKETFUNCTION, open_socket);
  if (failed) {
    easy_cleanup(easy);
    return NULL;
  }
  return easy;
}

void *ms_curl_headers(void *list, const char *line) { return slist_append(list, line); }
void ms_curl_headers_free(void *list) { slist_free_all(list); }

long ms_curl_status(void *easy) {
  long status = 0;
  if (easy_getinfo(easy, INFO_RESPONSE_CODE, &status) != 0) return 0;
  return status;
}

int ms_curl_connected(void *easy) {
  double seconds = 0;
  if (easy_getinfo(easy, INFO_CONNECT_TIME, &seconds) != 0) return 0;
  return seconds > 0;
}

void *ms_curl_context(void *easy) {
  void *context = NULL;
  if (easy_getinfo(easy, INFO_PRIVATE, &context) != 0) return NULL;
  return context;
}

void ms_curl_easy_free(void *easy) { easy_cleanup(easy); }
const char *ms_curl_describe(int code) { return easy_strerror(code); }

void *ms_curl_multi(void) { return multi_init(); }
int ms_curl_add(void *multi, void *easy) { return multi_add_handle(multi, easy); }
int ms_curl_remove(void *multi, void *easy) { return multi_remove_handle(multi, easy); }
int ms_curl_perform(void *multi, int *running) { return multi_perform(multi, running); }

int ms_curl_wait(void *multi, int milliseconds) {
  return multi_poll(multi, NULL, 0, milliseconds, NULL);
}

int ms_curl_wake(void *multi) { return multi_wakeup(multi); }

int ms_curl_next_done(void *multi, void **easy, int *result) {
  int left = 0;
  message *next;
  while ((next = multi_info_read(multi, &left))) {
    if (next->msg == MSG_DONE) {
      *easy = next->easy;
      *result = next->data.result;
      return 1;
    }
  }
  return 0;
}
