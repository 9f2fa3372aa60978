/* The LV2 specification's headers (header-only: nothing to link). */
#include <lv2/atom/atom.h>
#include <lv2/core/lv2.h>
#include <lv2/urid/urid.h>
