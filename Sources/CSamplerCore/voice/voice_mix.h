/* voice_mix.h - a voice's rendered chunk into the mix and its sends (voice_mix.c); the chunk
 * itself is voice_render.c's. */
#ifndef SC_VOICE_MIX_H
#define SC_VOICE_MIX_H

#include "voice/modulation.h"
#include "voice/voice.h"

/* [render] Pans and adds the chunk `bl`/`br` (`got` of the chunk's `n` frames; `br` unused for a
 * mono voice) to the output, written over it with `store`, with the gain ramped from the last
 * chunk's to `g1` and each side's pan gain from the last chunk's; a chunk that is not finite or
 * absurdly loud is dropped instead and the voice ended: false then. */
bool sc_voice_mix_chunk(sc_engine *engine, sc_voice *v, const sc_live_mods *live, bool stereo,
                        float g1, float *bl, float *br, float *out_left, float *out_right,
                        uint32_t got, uint32_t n, bool store);
/* [render] Adds a voice's span rendered into `dry_left`/`dry_right` to the mix and, each at its
 * gain, to its mix group's sends. */
void sc_voice_add_dry_and_sends(sc_engine *engine, const sc_voice *v, float *restrict left,
                                float *restrict right, const float *restrict dry_left,
                                const float *restrict dry_right, uint32_t frames);

#endif
