/* instrument_effects.c - an instrument's <effect> chains; see instrument_effects.h and
 * sampler_core.h (sc_instrument_add_effect, sc_effect_levels) for the routing. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "instrument/curves.h"
#include "instrument/instrument.h"
#include "instrument/instrument_effects.h"

void sc_effect_init(sc_effect *e, sc_effect_type type) {
  memset(e, 0, sizeof *e);
  e->type = type;
  e->bus = SC_EFFECT_BUS_MAIN;
  e->filter_type = SC_FILTER_LPF_2P;
  e->filter_cutoff = SC_EFFECT_DEFAULT_FILTER_CUTOFF;
  e->eq_freq = SC_EFFECT_DEFAULT_EQ_FREQ;
  e->eq_bw = SC_EFFECT_DEFAULT_EQ_BW;
  e->delay_time[0] = e->delay_time[1] = SC_EFFECT_DEFAULT_DELAY_SECONDS;
  e->reverb_size = 100.0f * SC_REVERB_DEFAULT_SIZE;
  e->input = e->dry = e->wet = 100.0f;
}

static bool finite_fields(const sc_effect *e) {
  const float values[] = {
      e->bitred,         e->decim,         e->gain_db,     e->filter_cutoff, e->filter_resonance,
      e->eq_freq,        e->eq_bw,         e->eq_gain,     e->delay_time[0], e->delay_time[1],
      e->delay_feedback, e->delay_damping, e->reverb_size, e->reverb_damp,   e->reverb_predelay,
      e->input,          e->dry,           e->wet};
  for (size_t i = 0; i < sizeof values / sizeof values[0]; i++)
    if (!isfinite(values[i])) return false;
  return true;
}

static bool valid_controllers(const sc_effect *e) {
  if (e->cc_count > SC_EFFECT_MAX_CCS || !isfinite(e->bypass) || e->bypass < 0.0f ||
      e->bypass_controller > 127)
    return false;
  for (uint32_t i = 0; i < e->cc_count; i++)
    if ((uint32_t)e->cc[i].parameter >= SC_EFFECT_PARAM_COUNT || e->cc[i].controller > 127 ||
        !isfinite(e->cc[i].amount) || !isfinite(e->cc[i].smooth) || !isfinite(e->cc[i].step) ||
        e->cc[i].smooth < 0.0f || e->cc[i].step < 0.0f)
      return false;
  return true;
}

/* The filter types fx_unit runs: one state of two per channel (sc_filter_state). */
static bool chain_filter(sc_filter_type t) {
  return t == SC_FILTER_LPF_1P || t == SC_FILTER_HPF_1P || t == SC_FILTER_LPF_2P ||
         t == SC_FILTER_HPF_2P || t == SC_FILTER_BPF_2P || t == SC_FILTER_BRF_2P;
}

bool sc_instrument_add_effect(sc_instrument *instrument, const sc_effect *effect) {
  if (!instrument || instrument->finalized || !effect) return false;
  if (effect->type < SC_EFFECT_LOFI || effect->type > SC_EFFECT_REVERB) return false;
  if ((uint32_t)effect->bus >= SC_EFFECT_BUSES || !finite_fields(effect)) return false;
  if (!valid_controllers(effect)) return false;
  if (effect->type == SC_EFFECT_FILTER && !chain_filter(effect->filter_type)) return false;
  if (instrument->effect_count == instrument->effect_capacity) {
    uint32_t capacity = instrument->effect_capacity ? 2 * instrument->effect_capacity : 4;
    sc_effect *grown = realloc(instrument->effects, capacity * sizeof *grown);
    if (!grown) return false;
    instrument->effects = grown;
    instrument->effect_capacity = capacity;
  }
  instrument->effects[instrument->effect_count++] = *effect;
  instrument->effect_on_bus[effect->bus] = true;
  return true;
}

bool sc_instrument_set_effect_levels(sc_instrument *instrument, const sc_effect_levels *levels) {
  if (!instrument || instrument->finalized || !levels) return false;
  if (!isfinite(levels->direct_to_main)) return false;
  for (int b = 0; b < SC_EFFECT_SENDS; b++)
    if (!isfinite(levels->to_main[b]) || !isfinite(levels->to_mix[b])) return false;
  instrument->effect_levels = *levels;
  return true;
}

static float level(float percent) { return fminf(fmaxf(percent, 0.0f), 100.0f) / 100.0f; }

bool sc_instrument_prepare_effects(sc_instrument *instrument, double rate) {
  if (instrument->effect_count == 0 || instrument->chains) return true;
  sc_fx_chains *c = calloc(1, sizeof *c);
  if (!c) return false;
  c->units = calloc(instrument->effect_count, sizeof *c->units);
  if (!c->units) {
    free(c);
    return false;
  }
  instrument->chains = c;
  c->instrument = instrument;
  for (uint32_t i = 0; i < instrument->effect_count; i++) {
    if (!sc_fx_unit_create(&c->units[i], &instrument->effects[i], rate)) {
      sc_instrument_free_effects(instrument);
      return false;
    }
    c->count++;
    c->on_bus[instrument->effects[i].bus] = true;
  }
  const sc_effect_levels *l = &instrument->effect_levels;
  c->direct = level(l->direct_to_main);
  for (int b = 0; b < SC_EFFECT_SENDS; b++) {
    c->to_main[b] = level(l->to_main[b]);
    c->to_mix[b] = level(l->to_mix[b]);
  }
  return true;
}

void sc_instrument_free_effects(sc_instrument *instrument) {
  sc_fx_chains *c = instrument->chains;
  if (c) {
    for (uint32_t i = 0; i < c->count; i++) sc_fx_unit_destroy(&c->units[i]);
    free(c->units);
    free(c);
  }
  instrument->chains = NULL;
  free(instrument->effects);
  instrument->effects = NULL;
  instrument->effect_count = instrument->effect_capacity = 0;
}

/* An effect whose bypass is fading: its input and its output mixed as the fade stands. */
static void fade_bypass(sc_fx_chains *c, sc_fx_unit *u, float *left, float *right,
                        uint32_t frames) {
  memcpy(c->through[0], left, frames * sizeof(float));
  memcpy(c->through[1], right, frames * sizeof(float));
  sc_fx_unit_process(u, left, right, c->scratch, frames);
  for (uint32_t f = 0; f < frames; f++) {
    float effect = sc_linear_ramp_at(&u->mix, f);
    left[f] = c->through[0][f] + effect * (left[f] - c->through[0][f]);
    right[f] = c->through[1][f] + effect * (right[f] - c->through[1][f]);
  }
  sc_fx_unit_faded(u, frames);
}

/* Reads an effect's controllers through their curves. */
static void follow(const sc_fx_chains *c, sc_fx_unit *u, const float cc[128], uint32_t frames) {
  float shaped[SC_EFFECT_MAX_CCS];
  for (uint32_t i = 0; i < u->effect.cc_count; i++)
    shaped[i] = sc_curve_eval(c->instrument, u->effect.cc[i].curve, cc[u->effect.cc[i].controller]);
  sc_fx_unit_follow(u, cc, shaped, frames);
}

static void run_bus(sc_fx_chains *c, sc_effect_bus bus, const float cc[128], float *left,
                    float *right, uint32_t frames) {
  for (uint32_t i = 0; i < c->count; i++) {
    sc_fx_unit *u = &c->units[i];
    if (u->effect.bus != bus) continue;
    if (sc_fx_unit_follows(u)) follow(c, u, cc, frames);
    if (u->mix.left > 0)
      fade_bypass(c, u, left, right, frames);
    else if (u->mix.to > 0.0f)
      sc_fx_unit_process(u, left, right, c->scratch, frames);
  }
}

/* left += gain x, right likewise */
static void add_scaled(float *left, float *right, float (*from)[SC_SPAN_FRAMES], float gain,
                       uint32_t frames) {
  if (gain == 0.0f) return;
  for (uint32_t f = 0; f < frames; f++) {
    left[f] += gain * from[0][f];
    right[f] += gain * from[1][f];
  }
}

void sc_fx_chains_run(sc_fx_chains *c, const float cc[128], float *const send_left[SC_EFFECT_SENDS],
                      float *const send_right[SC_EFFECT_SENDS], float *left, float *right,
                      uint32_t frames) {
  if (c->stale) {
    for (uint32_t i = 0; i < c->count; i++) sc_fx_unit_clear(&c->units[i]);
    c->stale = false;
  }
  const bool *on_bus = c->on_bus;
  for (int b = 0; b < SC_EFFECT_SENDS; b++) {
    if (!on_bus[SC_EFFECT_BUS_FX1 + b]) continue;
    for (int side = 0; side < 2; side++) {
      const float *send = side ? send_right[b] : send_left[b];
      if (send)
        memcpy(c->bus[b][side], send, frames * sizeof(float));
      else
        memset(c->bus[b][side], 0, frames * sizeof(float));
    }
    run_bus(c, (sc_effect_bus)(SC_EFFECT_BUS_FX1 + b), cc, c->bus[b][0], c->bus[b][1], frames);
  }
  for (uint32_t f = 0; f < frames; f++) {
    left[f] *= c->direct;
    right[f] *= c->direct;
  }
  for (int b = 0; b < SC_EFFECT_SENDS; b++)
    if (on_bus[SC_EFFECT_BUS_FX1 + b]) add_scaled(left, right, c->bus[b], c->to_main[b], frames);
  run_bus(c, SC_EFFECT_BUS_MAIN, cc, left, right, frames);
  for (int b = 0; b < SC_EFFECT_SENDS; b++)
    if (on_bus[SC_EFFECT_BUS_FX1 + b]) add_scaled(left, right, c->bus[b], c->to_mix[b], frames);
}

bool sc_fx_chains_ringing(const sc_fx_chains *c) {
  if (c->stale) return false;
  for (uint32_t i = 0; i < c->count; i++)
    if (sc_fx_unit_ringing(&c->units[i])) return true;
  return false;
}
