/* voice_alloc.h - finding a voice for a new note, stealing when none is free, and letting voices
 * go (voice_alloc.c). */
#ifndef SC_VOICE_ALLOC_H
#define SC_VOICE_ALLOC_H

#include "voice/voice.h"

/* [render] */
sc_voice *sc_voice_allocate(sc_engine *engine);
/* Fades the voice out over 1/step frames, then frees it; never clicks. */
void sc_voice_fade_out(sc_engine *engine, sc_voice *voice, float step);
void sc_voice_free(sc_engine *engine, sc_voice *voice);
/* The same two from inside sc_voice_render, which may run on several threads at once: they leave
 * the engine's count of playing voices alone, and the engine settles it once the voice has
 * rendered (engine.c). */
void sc_voice_begin_fade(sc_voice *voice, float step);
void sc_voice_end(sc_voice *voice);
/* Fades out the voices beyond the polyphony parameter, those the stealing policy takes first. */
void sc_voice_enforce_polyphony(sc_engine *engine);

#endif
