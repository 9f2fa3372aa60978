/* channel_outputs.h - a render call's voices summed by MIDI channel instead of into one output
 * (channel_outputs.c): the stems of a song, which add up to its mix. */
#ifndef SC_CHANNEL_OUTPUTS_H
#define SC_CHANNEL_OUTPUTS_H

#include "voice/voice.h"

/* The caller's 16 pairs of outputs for one render call, and which of them it has written. */
typedef struct sc_channel_outputs {
  float *const *left;
  float *const *right;
  uint32_t frames;       /* the render call's */
  uint16_t touched;      /* bit c: channel c's outputs are cleared and hold its voices so far */
  uint16_t span_touched; /* bit c: a voice of channel c sounded in the last span rendered */
} sc_channel_outputs;

/* Renders the span's voices on the calling thread, in slot order, each added into its channel's
 * outputs at `offset`; a channel's outputs are cleared for the whole call the first time one of
 * its voices sounds in it. Settles the engine's count of playing voices. [render] */
void sc_channel_outputs_render_span(sc_engine *engine, sc_channel_outputs *outputs, uint32_t offset,
                                    uint32_t frames);

/* The touched outputs, as arrays of pointers for the master gain; returns how many. [render] */
uint32_t sc_channel_outputs_touched(const sc_channel_outputs *outputs, float *left[16],
                                    float *right[16]);

#endif
