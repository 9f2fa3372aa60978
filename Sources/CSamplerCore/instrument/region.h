/* region.h - a region's conditions (region.c): whether an event's selection answers its trigger
 * and meets its conditions, the velocity it plays with, and whether its pedal is down.
 * sc_region_init, the SFZ defaults, is public (sampler_core.h) and lives in region.c too. */
#ifndef SC_REGION_H
#define SC_REGION_H

#include "state/controllers.h"

/* What an event offers the regions it may start. */
typedef enum sc_select_kind {
  SC_SELECT_NOTE_ON,  /* attack, first and legato regions */
  SC_SELECT_NOTE_OFF, /* release_key regions, and release regions their sustain pedal does not hold
                       */
  SC_SELECT_PEDAL_UP, /* release regions whose sustain pedal (`cc`) just came up */
  SC_SELECT_RESTRUCK, /* release regions still held by their pedal, for a key struck again */
  SC_SELECT_CC        /* regions triggered by the controller `cc` */
} sc_select_kind;

typedef struct sc_selection {
  sc_select_kind kind;
  const sc_channel *channel;
  uint8_t channel_index;
  uint8_t key;
  uint8_t velocity, previous_velocity;
  int16_t previous_key;
  bool other_keys_held;
  float random;       /* 0...1, one draw per event */
  uint64_t first_age; /* age the event's first voice gets: its voices never stop each other */
  uint8_t cc, cc_value, cc_previous; /* SC_SELECT_CC and SC_SELECT_PEDAL_UP */
  float timer; /* seconds since the channel's previous note-on; INFINITY before the first */
  float tempo; /* host tempo, beats per minute */
  const struct sc_engine *engine; /* for ARIA's engine sources (state/engine_sources.h) */
  /* a release selection: whether a voice the key's note-on started still plays (rt_dead) */
  bool attack_sounding;
} sc_selection;

/* Whether the region's trigger answers this kind of event. */
bool sc_region_answers(const sc_region *region, const sc_selection *selection);
/* Every other condition but the round robin step. */
bool sc_region_matches(const sc_region *region, const sc_selection *selection);
/* The velocity a region plays with (sw_vel). */
uint8_t sc_region_velocity(const sc_region *region, const sc_selection *selection);
/* Whether the region's own sustain pedal is down on the channel. */
bool sc_region_sustain_down(const sc_region *region, const sc_channel *channel);
/* trigger=release or trigger=release_key. */
bool sc_region_is_release(const sc_region *region);
/* Whether a voice of the region may loop (loop_continuous, loop_sustain, or the engine's
 * choice of the two). */
bool sc_region_may_loop(const sc_region *region);

#endif
