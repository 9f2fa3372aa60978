/* engine_sources.h - ARIA's engine sources, controllers 142 to 154 (engine_sources.c). */
#ifndef SC_ENGINE_SOURCES_H
#define SC_ENGINE_SOURCES_H

#include "sampler_core.h"

/* The value of SC_SOURCE_HOST_TEMPO ... SC_SOURCE_ACTIVE_VOICES now, in its own units; 0 for
 * any other source. */
float sc_engine_source(const sc_engine *engine, uint16_t source);

#endif
