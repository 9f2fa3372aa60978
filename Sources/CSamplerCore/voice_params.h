/* voice_params.h - what the engine-wide parameters (sc_param) do to each voice (voice_params.c):
 * the amplitude envelope settings laid over the region's. The engine filter stage is
 * engine_filter.h's. */
#ifndef SC_VOICE_PARAMS_H
#define SC_VOICE_PARAMS_H

#include "sampler_core.h"

/* Adds the engine's amplitude envelope times to a note's `ampeg` (already shaped by velocity and
 * note-on modulation) and scales its sustain. [render] */
void sc_voice_params_amp_envelope(const sc_engine *engine, sc_envelope_params *ampeg);

#endif
