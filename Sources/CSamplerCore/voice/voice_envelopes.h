/* voice_envelopes.h - a voice's three SFZ v1 envelopes (ampeg, fileg, pitcheg) worked out from
 * its region, its velocity and the controllers: at note start, and again whenever a controller
 * moves (voice_envelopes.c). */
#ifndef SC_VOICE_ENVELOPES_H
#define SC_VOICE_ENVELOPES_H

#include "sampler_core.h"

struct sc_voice;

/* An envelope's parameters for one note: velocity tracking and modulation sums added. The sums
 * come in the order delay, start, attack, hold, decay, sustain, release, depth. */
sc_envelope_params sc_voice_envelope(const sc_envelope_params *params, const float *mods,
                                     float velocity);
/* A controller of the voice's channel moved: its envelopes, flex ones included, take their new
 * times and levels (ampeg_dynamic.md, egN_dynamic.md). For voices whose region's envelopes
 * follow controllers (sc_region_play.envelopes_follow). */
void sc_voice_envelopes_follow(const sc_engine *engine, struct sc_voice *voice);

#endif
