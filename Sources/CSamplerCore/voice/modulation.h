/* modulation.h - sources acting on a voice (modulation.c): controllers, aftertouch, velocity,
 * random... through curves, summed per target, and the key, velocity and controller
 * crossfades. */
#ifndef SC_MODULATION_H
#define SC_MODULATION_H

#include "sampler_core.h"

struct sc_voice;

/* The sums of a voice's live modulations for one control interval. */
typedef struct sc_live_mods {
  float value[SC_MOD_LIVE_COUNT];
  float amplitude; /* product of the amplitude factors, 1 without any */
} sc_live_mods;

/* Adds the note-on modulations of the voice's region to `sums` (indexed by target). */
void sc_mods_note_on(const sc_engine *engine, const struct sc_voice *voice,
                     float sums[SC_MOD_TARGET_COUNT]);
/* Evaluates the live modulations, smoothing over `frames`. */
void sc_mods_live(const sc_engine *engine, struct sc_voice *voice, uint32_t frames,
                  sc_live_mods *out);
/* A source's value now, 0...1. */
float sc_mod_source_value(const sc_engine *engine, const struct sc_voice *voice, uint16_t source);
/* A source's value through a curve, times depth, in steps of `step` (0: smooth). */
float sc_mod_amount(const sc_engine *engine, const struct sc_voice *voice, uint16_t source,
                    int32_t curve, float depth, float step);
/* Gain 0...1 of the region's controller crossfades now. */
float sc_cc_crossfade_gain(const sc_engine *engine, const struct sc_voice *voice);
/* Gain 0...1 of a key or velocity crossfade at `value`. */
float sc_crossfade_gain(const sc_crossfade *xf, uint8_t value);

#endif
