// The hints are inline functions of the header (include/CacheHints.h): nothing to compile
// here, but a C target needs a source file.
#include "CacheHints.h"
