/* voice_params.h - what the engine-wide parameters (sc_param) do to each voice (voice_params.c):
 * the amplitude envelope settings laid over the region's, the pitch envelope and the voice's own
 * vibrato. The engine filter stage is engine_filter.h's. */
#ifndef SC_VOICE_PARAMS_H
#define SC_VOICE_PARAMS_H

#include "dsp/envelope.h"
#include "dsp/lazy_phase.h"

/* A voice's share of the engine's pitch parameters. */
typedef struct sc_voice_params {
  sc_lazy_env pitch_env; /* SC_PARAM_PITCH_ATTACK...RELEASE, read while its semitones are not 0 */
  sc_lazy_phase vibrato; /* of SC_PARAM_VOICE_VIBRATO_* */
} sc_voice_params;

/* Adds the engine's amplitude envelope times to a note's `ampeg` (already shaped by velocity and
 * note-on modulation) and scales its sustain. [render] */
void sc_voice_params_amp_envelope(const sc_engine *engine, sc_envelope_params *ampeg);
/* At note-on: the pitch envelope and the vibrato's starting phase. [render] */
void sc_voice_params_start(const sc_engine *engine, sc_voice_params *params);
/* Cents the pitch envelope and the vibrato add for a chunk of `frames` frames starting now; moves
 * them on by `frames`. [render] */
double sc_voice_params_cents(const sc_engine *engine, sc_voice_params *params, uint32_t frames);
/* At the note's release. [render] */
void sc_voice_params_release(sc_voice_params *params);

#endif
