/* instrument_effects.h - an instrument's <effect> chains (instrument_effects.c): the effects as
 * declared, and the running chains an engine makes of them when it is given the instrument. */
#ifndef SC_INSTRUMENT_EFFECTS_H
#define SC_INSTRUMENT_EFFECTS_H

#include "config.h"
#include "dsp/fx_unit.h"
#include "sampler_core.h"

typedef struct sc_fx_chains {
  sc_fx_unit *units; /* in the order declared; each runs on its effect's bus */
  uint32_t count;
  bool on_bus[SC_EFFECT_BUSES];                                    /* buses with a chain */
  float direct, to_main[SC_EFFECT_SENDS], to_mix[SC_EFFECT_SENDS]; /* linear */
  float bus[SC_EFFECT_SENDS][2][SC_SPAN_FRAMES];
  float scratch[4][SC_SPAN_FRAMES];
  float through[2][SC_SPAN_FRAMES]; /* an effect's input while its bypass fades */
  bool stale;                       /* bypassed since it last ran: cleared before it runs again */
  const sc_instrument *instrument;  /* whose curves the controllers are read through */
} sc_fx_chains;

/* Makes the running chains of the instrument's effects at `sample_rate`, once; true when it has
 * none or they were made. [control] */
bool sc_instrument_prepare_effects(sc_instrument *instrument, double sample_rate);
void sc_instrument_free_effects(sc_instrument *instrument);

/* Runs the chains on a span: `send_left[b]`/`send_right[b]` (NULL: silence) feed bus fx(b+1),
 * whose chain's output returns at the levels; `left` and `right` hold the dry mix and receive the
 * instrument's mix. `cc` (0...1 by controller number) moves the effects' parameters
 * (sc_effect_cc) from this span on; a bypass that changes fades (SC_EFFECT_RAMP_SECONDS). [render]
 */
void sc_fx_chains_run(sc_fx_chains *chains, const float cc[128],
                      float *const send_left[SC_EFFECT_SENDS],
                      float *const send_right[SC_EFFECT_SENDS], float *left, float *right,
                      uint32_t frames);

/* Whether some effect of the chains still holds sound (sc_fx_unit_ringing). [render] */
bool sc_fx_chains_ringing(const sc_fx_chains *chains);

/* Marks the chains bypassed (SC_PARAM_EFFECTS off): their contents are dropped before they run
 * again. [render] */
static inline void sc_fx_chains_bypass(sc_fx_chains *chains) { chains->stale = true; }

#endif
