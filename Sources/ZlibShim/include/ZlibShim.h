// The few calls of zlib that reading a gzipped file needs, loaded at run time from the
// system's libz.so.1 (part of every Linux system, as libcurl is): nothing is needed to build
// it, and where zlib cannot be loaded, ms_zlib_load() says so and a .gz file is refused with
// a note to unzip it first.
#ifndef ZLIB_SHIM_H
#define ZLIB_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

/// Loads zlib once; 1 when every function below can be used, 0 otherwise.
int ms_zlib_load(void);

/// Opens a gzipped file for reading (a plain file is read as it is); NULL on failure, with
/// errno set.
void *ms_gz_open(const char *path);
/// Reads up to `length` uncompressed bytes: their count, 0 at the end, -1 on an error.
int ms_gz_read(void *file, void *buffer, unsigned length);
/// zlib's words for the last error of `file`.
const char *ms_gz_error(void *file);
/// 1 when the gzip stream of `file` ended before its end (zlib's Z_BUF_ERROR, "unexpected
/// end of file": a file cut short, its trailer missing), 0 otherwise. Asked after a read
/// returned 0, as zlib then reports the truncation only there.
int ms_gz_ended_early(void *file);
void ms_gz_close(void *file);

#ifdef __cplusplus
}
#endif

#endif
