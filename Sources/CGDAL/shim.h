// GDAL's C API (Debian's libgdal-dev): datasets, OGR layers, features and geometries, spatial
// references, configuration options and errors.
#include <gdal.h>
#include <ogr_api.h>
#include <ogr_srs_api.h>
#include <cpl_conv.h>
#include <cpl_error.h>
#include <cpl_string.h>
#include <cpl_vsi.h>
