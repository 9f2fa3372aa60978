/* buses.h - the engine's effect buses (buses.c): the voices' sends, which each mix group sums on
 * its own (voice/voice_render.c), joined in group order; the instrument's <effect> chains and
 * the engine's reverb and chorus run on them and their returns join the engine's output. */
#ifndef SC_BUSES_H
#define SC_BUSES_H

#include "dsp/chorus.h"
#include "dsp/reverb.h"
#include "state/engine_state.h"

typedef struct sc_buses {
  sc_reverb reverb;
  sc_chorus chorus;
  /* the span's sends, all groups joined: per bus, left then right */
  float input[SC_BUS_SENDS][2][SC_SPAN_FRAMES];
  /* a render by channel (channel_chains.c): the span's channels summed, run through the
   * instrument's chains, and the channel that takes what the chains change (-1: none yet) */
  float mix[2][SC_SPAN_FRAMES];
  int chain_channel;
} sc_buses;

/* The buses of an engine at `sample_rate`, effects at their defaults; NULL when out of memory.
 * [control] */
sc_buses *sc_buses_create(double sample_rate);
void sc_buses_destroy(sc_buses *buses);

/* After the span's voices are rendered into `left` and `right`: joins the groups' sends, runs
 * the effects (settings from the engine's parameters) and adds their returns. With nothing sent
 * and the effects idle it touches nothing; with SC_PARAM_EFFECTS off it drops the sends and
 * empties the effects. [render] */
void sc_buses_end_span(sc_engine *engine, float *left, float *right, uint32_t frames);

/* Sums the groups' sends of the span to the first `buses` buses into `left[bus]` and
 * `right[bus]` in group order, as the dry mix is summed; false, writing nothing, when no voice
 * sent (or SC_PARAM_EFFECTS is off, which drops the sends). [render] */
bool sc_buses_join_span(sc_engine *engine, float *const *left, float *const *right, int buses,
                        uint32_t frames);

/* The chains of the engine's instrument, or NULL when it has none. [render] */
struct sc_fx_chains *sc_buses_instrument_chains(const sc_engine *engine);

/* Drops the span's sends unheard (the per-channel render, which has no output for them).
 * [render] */
void sc_buses_drop_span(sc_engine *engine);

#endif
