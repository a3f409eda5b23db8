#ifndef CATALOG_DATA_H
#define CATALOG_DATA_H

#include <stddef.h>

/// The bytes of the offline movie catalog built into the binary (catalog.bin).
const unsigned char *movie_catalog_bytes(void);

/// The number of bytes at `movie_catalog_bytes()`.
size_t movie_catalog_size(void);

#endif
