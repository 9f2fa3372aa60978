/* pedals.c - the sustain and sostenuto pedals, as each region defines them (sustain_cc,
 * sustain_lo, sustain_sw and the sostenuto equivalents). A key let go while its region's
 * sustain pedal is down keeps sounding; the sostenuto pedal holds only the keys that were down
 * when it went down, so notes played after it release as usual. Release regions wait for the
 * same sustain pedal (triggers.c), so a note and its release sample always agree. */
#include "state/busy_slots.h"
#include "performance/pedals.h"

#include "state/engine_state.h"
#include "instrument/region.h"
#include "performance/triggers.h"

bool sc_pedal_holds(const sc_engine *engine, const sc_voice *v) {
  return v->sostenuto_latched || sc_region_sustain_down(v->region, &engine->channels[v->channel]);
}

void sc_pedals_changed(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t previous,
                       uint8_t value) {
  const sc_channel *c = &engine->channels[channel];
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    sc_voice *v = &engine->voices[i];
    if (v->state != SC_VOICE_PLAYING || v->channel != channel) continue;
    const sc_region *r = v->region;
    if (r->sostenuto_sw && r->sostenuto_cc == controller) {
      bool was = previous >= r->sostenuto_lo, is = value >= r->sostenuto_lo;
      /* only keys still down are caught, not notes the sustain pedal already holds */
      if (!was && is && !v->released && !v->sustained && c->key_down[v->key])
        v->sostenuto_latched = true;
      if (!is) v->sostenuto_latched = false;
    }
    if (v->sustained && !sc_pedal_holds(engine, v)) sc_voice_release(engine, v);
  }
  if (value < previous) sc_trigger_pedal_up(engine, channel, controller, previous, value);
}
