/* controllers.h - a channel's controller state and where controller events arrive
 * (controllers.c): continuous controllers, pitch bend, channel and polyphonic pressure, the
 * channel mode messages, and what the engine itself does with volume, expression and pan. */
#ifndef SC_CONTROLLERS_H
#define SC_CONTROLLERS_H

#include <math.h>

#include "config.h"
#include "sampler_core.h"

/* One MIDI channel: its controllers, and the key state notes.c and the triggers keep. */
typedef struct sc_channel {
  uint8_t cc[128];     /* MIDI values, for conditions, pedals and the implicit controllers */
  float cc_value[128]; /* the same, 0...1, as modulation sources: set_hdccN keeps its precision */
  int32_t bend;        /* SC_BEND_MIN...SC_BEND_MAX */
  uint8_t channel_pressure;
  uint8_t program;
  bool key_down[128];
  uint8_t key_velocity[128];
  uint64_t key_on_frame[128];
  uint8_t poly_pressure[128];
  /* key up while a pedal holds release regions of it: they wait for that pedal (triggers.c) */
  bool release_pending[128];
  int16_t last_keyswitch;   /* SC_NO_KEY until one is played (or the instrument's default) */
  int16_t previous_key;     /* the key of the last note-on, SC_NO_KEY before any */
  uint64_t last_note_frame; /* engine frame of the last note-on, valid when any_note */
  bool any_note;
  uint8_t previous_velocity;
  /* CC91 and CC93 as the General MIDI channel sends read them: the power-on values until
   * either is set (SC_PARAM_CHANNEL_SENDS) */
  uint8_t effect_send[SC_BUS_SENDS];
  /* keys held in mono mode, oldest first */
  uint8_t held[128];
  uint32_t held_count;
} sc_channel;

/* The General MIDI power-on state. [control/render] */
void sc_channel_reset(sc_channel *channel);

/* Sets controller `cc` to `value` (0...1): exactly for modulation, rounded for the MIDI value. */
static inline void sc_channel_set_cc(sc_channel *c, uint8_t cc, float value) {
  c->cc_value[cc] = value;
  c->cc[cc] = (uint8_t)(value * 127.0f + 0.5f);
  if (cc == SC_CC_REVERB_SEND) c->effect_send[SC_BUS_REVERB] = c->cc[cc];
  if (cc == SC_CC_CHORUS_SEND) c->effect_send[SC_BUS_CHORUS] = c->cc[cc];
}

/* Pitch bend as a 0...1 modulation source (centre 0.5). */
float sc_bend_unit(int32_t bend);
/* Pitch bend on the 0...127 scale of controller conditions and triggers (centre 64). */
uint8_t sc_bend_7bit(int32_t bend);
/* Cents of pitch bend: `range_override` cents (> 0) or the region's bend_up/bend_down at full
 * bend, in steps of the region's bend_step. */
static inline double sc_bend_cents(int32_t bend, const sc_region *r, float range_override) {
  /* inline: every chunk of every voice asks */
  if (bend == 0) return 0.0;
  double range = range_override;
  double cents = bend > 0 ? (double)bend / SC_BEND_MAX * (range > 0.0 ? range : r->bend_up)
                          : (double)bend / -SC_BEND_MIN * (range > 0.0 ? range : -r->bend_down);
  float step = bend < 0 && r->bend_step_down > 0.0f ? r->bend_step_down : r->bend_step;
  return step > 1.0f ? step * round(cents / step) : cents;
}

/* Gain of channel volume and expression, unless the region maps those controllers itself. */
float sc_channel_gain(const sc_channel *channel, uint8_t implicit);
/* Pan -1...1 of the channel's pan controller, unless the region maps it itself. */
float sc_channel_pan(const sc_channel *channel, uint8_t implicit);

#endif
