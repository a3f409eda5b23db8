// The few calls of libcurl's easy and multi interfaces that movie-search's HTTP transport
// needs, loaded at run time from the libcurl that FoundationNetworking itself links
// (libcurl.so.4): no header or library is needed to build, and where libcurl cannot be
// loaded, ms_curl_load() says so and the transport falls back to URLSession.
#ifndef CURL_SHIM_H
#define CURL_SHIM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Receives a chunk of the body or one header line; returns `size * count` to go on, any
/// other value to abort the transfer.
typedef size_t (*ms_curl_receive)(char *data, size_t size, size_t count, void *context);

/// Loads libcurl once; 1 when every function below can be used, 0 otherwise.
int ms_curl_load(void);

/// A GET of `url` with the header lines of `headers` (an ms_curl_headers list, may be
/// NULL), following up to `redirects` redirects over HTTP(S) only, accepting compressed answers;
/// `body` and `header` receive the answer, with `context`. NULL if it cannot be made.
void *ms_curl_easy(const char *url, void *headers, long redirects, ms_curl_receive body,
                   ms_curl_receive header, void *context);
/// Appends a header line ("Name: value") to a list (NULL for a new one).
void *ms_curl_headers(void *list, const char *line);
void ms_curl_headers_free(void *list);
/// The last HTTP status received by a transfer (0 if none).
long ms_curl_status(void *easy);
/// 1 when the transfer's connection to the server is established (curl's connect time is
/// known), else 0.
int ms_curl_connected(void *easy);
/// The `context` given to ms_curl_easy.
void *ms_curl_context(void *easy);
void ms_curl_easy_free(void *easy);
/// libcurl's text for a result code.
const char *ms_curl_describe(int code);

void *ms_curl_multi(void);
int ms_curl_add(void *multi, void *easy);
int ms_curl_remove(void *multi, void *easy);
/// Moves the transfers on without waiting; `running` is set to how many are unfinished.
int ms_curl_perform(void *multi, int *running);
/// Waits until a transfer can move on, `milliseconds` pass, or ms_curl_wake is called.
int ms_curl_wait(void *multi, int milliseconds);
/// Wakes ms_curl_wait from another thread.
int ms_curl_wake(void *multi);
/// The next finished transfer and its result code; 0 when there is none.
int ms_curl_next_done(void *multi, void **easy, int *result);

#ifdef __cplusplus
}
#endif

#endif
