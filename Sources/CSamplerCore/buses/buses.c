/* buses.c - the engine's effect buses; see buses.h. */
#include "buses/buses.h"
#include "instrument/instrument.h"
#include "instrument/instrument_effects.h"

#include <stdlib.h>
#include <string.h>

_Static_assert(SC_BUS_SENDS == SC_EFFECT_SENDS && SC_SEND_BUSES <= SC_BUS_SENDS &&
                   SC_BUS_REVERB == SC_SEND_REVERB && SC_BUS_CHORUS == SC_SEND_CHORUS,
               "the public bus numbers are the engine's");

sc_buses *sc_buses_create(double rate) {
  sc_buses *b = calloc(1, sizeof *b);
  if (!b) return NULL;
  b->chain_channel = -1;
  if (!sc_reverb_create(&b->reverb, rate)) {
    free(b);
    return NULL;
  }
  if (!sc_chorus_create(&b->chorus, rate)) {
    sc_reverb_destroy(&b->reverb);
    free(b);
    return NULL;
  }
  return b;
}

void sc_buses_destroy(sc_buses *b) {
  if (!b) return;
  sc_reverb_destroy(&b->reverb);
  sc_chorus_destroy(&b->chorus);
  free(b);
}

void sc_buses_drop_span(sc_engine *e) { memset(e->group_sent, 0, sizeof e->group_sent); }

/* The effects' settings as the parameters have them now; taken only when they moved. */
static void follow_parameters(sc_buses *b, const float *value) {
  sc_reverb_settings reverb = {value[SC_PARAM_REVERB_DECAY],    value[SC_PARAM_REVERB_DAMPING],
                               value[SC_PARAM_REVERB_PREDELAY], value[SC_PARAM_REVERB_WIDTH],
                               value[SC_PARAM_REVERB_SIZE],     value[SC_PARAM_REVERB_LEVEL]};
  if (memcmp(&reverb, &b->reverb.settings, sizeof reverb) != 0) sc_reverb_set(&b->reverb, &reverb);
  sc_chorus_settings chorus = {value[SC_PARAM_CHORUS_RATE], value[SC_PARAM_CHORUS_DEPTH],
                               value[SC_PARAM_CHORUS_VOICES], value[SC_PARAM_CHORUS_LEVEL]};
  if (memcmp(&chorus, &b->chorus.settings, sizeof chorus) != 0) sc_chorus_set(&b->chorus, &chorus);
}

bool sc_buses_join_span(sc_engine *e, float *const *left, float *const *right, int buses,
                        uint32_t frames) {
  if (e->parameters.value[SC_PARAM_EFFECTS] < 0.5f) {
    sc_buses_drop_span(e);
    return false;
  }
  bool any = false;
  for (uint32_t g = 0; g < SC_MIX_GROUPS; g++) {
    if (!e->group_sent[g]) continue;
    e->group_sent[g] = false;
    for (int bus = 0; bus < buses; bus++)
      for (int side = 0; side < 2; side++) {
        float *restrict sum = side ? right[bus] : left[bus];
        const float *restrict send = e->group_send[g][bus][side];
        if (!any) {
          memcpy(sum, send, frames * sizeof(float));
          continue;
        }
        for (uint32_t f = 0; f < frames; f++) sum[f] += send[f];
      }
    any = true;
  }
  return any;
}

sc_fx_chains *sc_buses_instrument_chains(const sc_engine *e) {
  return e->current_owned ? e->current_owned->chains : NULL;
}

void sc_buses_end_span(sc_engine *e, float *left, float *right, uint32_t frames) {
  sc_buses *b = e->buses;
  sc_fx_chains *chains = sc_buses_instrument_chains(e);
  if (e->parameters.value[SC_PARAM_EFFECTS] < 0.5f) {
    sc_buses_drop_span(e);
    if (chains) sc_fx_chains_bypass(chains);
    if (sc_reverb_active(&b->reverb)) sc_reverb_clear(&b->reverb);
    if (sc_chorus_active(&b->chorus)) sc_chorus_clear(&b->chorus);
    sc_chorus_process(&b->chorus, NULL, NULL, NULL, NULL, frames);
    return;
  }
  float *inputs_left[SC_BUS_SENDS], *inputs_right[SC_BUS_SENDS];
  for (int bus = 0; bus < SC_BUS_SENDS; bus++) {
    inputs_left[bus] = b->input[bus][0];
    inputs_right[bus] = b->input[bus][1];
  }
  bool sent = sc_buses_join_span(e, inputs_left, inputs_right, SC_BUS_SENDS, frames);
  /* an instrument's fx1 (fx2) chain takes effect1 (effect2) in place of the reverb (chorus) */
  bool to_reverb = sent, to_chorus = sent;
  if (chains) {
    float *const *chain_left = sent ? inputs_left : (float *const[SC_BUS_SENDS]){NULL};
    float *const *chain_right = sent ? inputs_right : (float *const[SC_BUS_SENDS]){NULL};
    sc_fx_chains_run(chains, e->effect_cc, chain_left, chain_right, left, right, frames);
    to_reverb = sent && !chains->on_bus[SC_EFFECT_BUS_FX1];
    to_chorus = sent && !chains->on_bus[SC_EFFECT_BUS_FX2];
  }
  if (!to_reverb && !to_chorus && !sc_reverb_active(&b->reverb) && !sc_chorus_active(&b->chorus)) {
    /* the chorus's modulation runs on, so where it stands depends on the frame alone */
    sc_chorus_process(&b->chorus, NULL, NULL, NULL, NULL, frames);
    return;
  }
  follow_parameters(b, e->parameters.value);
  sc_reverb_process(&b->reverb, to_reverb ? b->input[SC_BUS_REVERB][0] : NULL,
                    to_reverb ? b->input[SC_BUS_REVERB][1] : NULL, left, right, frames);
  sc_chorus_process(&b->chorus, to_chorus ? b->input[SC_BUS_CHORUS][0] : NULL,
                    to_chorus ? b->input[SC_BUS_CHORUS][1] : NULL, left, right, frames);
}

bool sc_engine_effects_ringing(const sc_engine *e) {
  const sc_buses *b = e->buses;
  const sc_fx_chains *chains = sc_buses_instrument_chains(e);
  return (b && (sc_reverb_active(&b->reverb) || sc_chorus_active(&b->chorus))) ||
         (chains && sc_fx_chains_ringing(chains));
}
