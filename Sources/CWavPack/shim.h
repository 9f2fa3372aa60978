#include <wavpack/wavpack.h>
