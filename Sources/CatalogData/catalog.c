// Embeds catalog.bin (made by scripts/build-catalog.sh) into the binary's read-only data, so
// the offline catalog needs no file at run time and costs nothing to load: its pages are
// mapped on first use. CATALOG_FILE, the absolute path of catalog.bin, comes from
// Package.swift. Touch this file after rebuilding catalog.bin so that it is recompiled.
#include "CatalogData.h"

#define CATALOG_STRING2(x) #x
#define CATALOG_STRING(x) CATALOG_STRING2(x)

#if defined(__APPLE__)
#define CATALOG_SECTION ".section __TEXT,__const\n"
#define CATALOG_SYMBOL(name) "_" #name
#else
#define CATALOG_SECTION ".section .rodata\n"
#define CATALOG_SYMBOL(name) #name
#endif

__asm__(CATALOG_SECTION
        ".balign 16\n"
        CATALOG_SYMBOL(movie_catalog_start) ":\n"
        ".incbin " CATALOG_STRING(CATALOG_FILE) "\n"
        CATALOG_SYMBOL(movie_catalog_end) ":\n"
        ".byte 0\n"
        ".text\n");

extern const unsigned char movie_catalog_start[];
extern const unsigned char movie_catalog_end[];

const unsigned char *movie_catalog_bytes(void) { return movie_catalog_start; }

size_t movie_catalog_size(void) { return (size_t)(movie_catalog_end - movie_catalog_start); }
