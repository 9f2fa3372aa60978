/* round_robin.h - sequential round robins (round_robin.c). */
#ifndef SC_ROUND_ROBIN_H
#define SC_ROUND_ROBIN_H

#include "sampler_core.h"

/* Advances the region's counter; true when this is its step. [render] */
bool sc_round_robin_step(sc_engine *engine, uint32_t region_index);

#endif
