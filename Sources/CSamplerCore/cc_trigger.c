/* cc_trigger.c - regions played by a controller instead of a key (on_loccN/on_hiccN), such as
 * pedal noises. A region sounds when the controller's value enters its range, so a pedal held
 * down and re-sent at the same value does not fire it again. It plays at its own key centre (at
 * the sample's recorded pitch) with full velocity: the controller value is no loudness. */
#include <math.h>

#include "internal.h"

void sc_cc_trigger(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t previous,
                   uint8_t value) {
  const sc_instrument *instrument = engine->current;
  if (!instrument || instrument->cc_region_count == 0) return;
  const sc_channel *c = &engine->channels[channel];
  sc_selection selection = {.kind = SC_SELECT_CC,
                            .channel = c,
                            .channel_index = channel,
                            .velocity = 127,
                            .previous_velocity = c->previous_velocity,
                            .previous_key = c->previous_key,
                            .random = sc_random_unit(&engine->rng_state),
                            .cc = controller,
                            .cc_value = value,
                            .cc_previous = previous,
                            .first_age = engine->note_counter + 1,
                            .timer = sc_channel_timer(engine, c),
                            .tempo = engine->params[SC_PARAM_TEMPO]};
  for (uint32_t i = 0; i < instrument->cc_region_count; i++) {
    const sc_region *r = &instrument->regions[instrument->cc_regions[i]];
    if (r->on_cc.cc != controller) continue;
    long key = lroundf(r->pitch_keycenter);
    selection.key = (uint8_t)(key < 0 ? 0 : key > 127 ? 127 : key);
    sc_start_regions(engine, &instrument->cc_regions[i], 1, &selection, 0.0);
  }
}
