/* channel_chains.h - an instrument's <effect> chains in a render by channel, an ensemble's
 * (channel_chains.c). A chain works on the whole instrument: it runs on the sum of the channels
 * the engine plays in the span, with the voices' sends on its fx buses, and what it changes goes
 * to one channel's output, the lowest channel playing (or, while the chain rings on after its
 * notes, the channel it went to last). An instrument played on one channel at a time so gets
 * exactly its chained sound in that channel's stem, and the stems still add up to the mix. */
#ifndef SC_CHANNEL_CHAINS_H
#define SC_CHANNEL_CHAINS_H

#include "buses/buses.h"
#include "voice/channel_outputs.h"

/* After the span's voices are rendered into `outputs` at `offset`: joins the voices' sends, runs
 * the instrument's chains and writes their result into the channel taking it (clearing that
 * channel's outputs for the call when it had not sounded yet). `send_left[b]`/`send_right[b]`
 * (at the span's frame; NULL: dropped) get effect1 and effect2 where the instrument puts no
 * chain on fx1 or fx2, zeros otherwise. The engine's instrument has chains and
 * SC_PARAM_EFFECTS is on. [render] */
void sc_channel_chains_end_span(sc_engine *engine, sc_channel_outputs *outputs, uint32_t offset,
                                uint32_t frames, float *const send_left[SC_SEND_BUSES],
                                float *const send_right[SC_SEND_BUSES]);

#endif
