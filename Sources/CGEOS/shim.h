// The reentrant (_r) C API of GEOS, from Debian's libgeos-dev.
#define USE_UNSTABLE_GEOS_CPP_API 0
#include <geos_c.h>
