/* modulation.c - controllers and other sources acting on a voice: the value of each source, its
 * curve, depth, step and smoothing, summed per target; and the controller crossfades. */
#include <math.h>

#include "voice/modulation.h"
#include "state/controllers.h"
#include "state/engine_sources.h"
#include "instrument/curves.h"
#include "state/engine_state.h"
#include "voice/voice.h"

float sc_mod_source_value(const sc_engine *engine, const sc_voice *v, uint16_t source) {
  const sc_channel *c = &engine->channels[v->channel];
  if (source < 128) return c->cc_value[source];
  switch (source) {
    case SC_SOURCE_PITCH_BEND: return sc_bend_unit(c->bend);
    /* a note's own pressure counts where it is the larger (note_expression.c) */
    case SC_SOURCE_CHANNEL_PRESSURE: return fmaxf(c->channel_pressure / 127.0f, v->note.pressure);
    case SC_SOURCE_POLY_PRESSURE: return fmaxf(c->poly_pressure[v->key] / 127.0f, v->note.pressure);
    case SC_SOURCE_VELOCITY: return v->velocity / 127.0f;
    case SC_SOURCE_KEY: return v->key / 127.0f;
    case SC_SOURCE_GATE: return v->released ? 0.0f : 1.0f;
    case SC_SOURCE_RANDOM:
    case SC_SOURCE_BIPOLAR_RANDOM: return v->mods.random_unit;
    case SC_SOURCE_ALTERNATE: return v->mods.alternate ? 1.0f : 0.0f;
    case SC_SOURCE_KEY_DELTA: return v->mods.key_delta;
    case SC_SOURCE_ABSOLUTE_KEY_DELTA: return fabsf(v->mods.key_delta);
    default: return sc_engine_source(engine, source);
  }
}

float sc_mod_amount(const sc_engine *engine, const sc_voice *v, uint16_t source, int32_t curve,
                    float depth, float step) {
  /* a bipolar source read through the default curve still swings both ways */
  if (curve < 0 && source == SC_SOURCE_BIPOLAR_RANDOM) curve = 1;
  float x = sc_mod_source_value(engine, v, source);
  /* ARIA's key deltas count half-steps, its engine sources their own units: the depth is per
   * unit, beyond any 0...1 curve */
  bool own_units = source >= SC_SOURCE_KEY_DELTA && source < SC_SOURCE_COUNT;
  float y = (own_units ? x : sc_curve_eval(v->instrument, curve, x)) * depth;
  if (step > 0.0f) y = roundf(y / step) * step;
  return y;
}

static float modulation_value(const sc_engine *engine, const sc_voice *v, const sc_modulation *m) {
  return sc_mod_amount(engine, v, m->source, m->curve, m->depth, m->step);
}

void sc_mods_note_on(const sc_engine *engine, const sc_voice *v, float sums[SC_MOD_TARGET_COUNT]) {
  const sc_modulation *mods = v->instrument->mods + v->mods.first;
  for (uint32_t i = 0; i < v->mods.count; i++)
    if (mods[i].target >= SC_MOD_LIVE_COUNT && mods[i].target < SC_MOD_TARGET_COUNT)
      sums[mods[i].target] += modulation_value(engine, v, &mods[i]);
}

/* Smooths a record's value over `frames` from where it was at the last control point. */
static float smoothed(sc_voice *v, const sc_modulation *m, uint32_t i, float y, uint32_t frames,
                      double rate) {
  if (m->smooth > 0.0f && frames > 0) {
    float a = (float)(frames / (m->smooth * 0.001 * rate));
    y = v->mods.state[i] + (y - v->mods.state[i]) * (a > 1.0f ? 1.0f : a);
  }
  v->mods.state[i] = y;
  return y;
}

static void add_live(sc_live_mods *out, uint16_t target, float y) {
  if (target == SC_MOD_AMPLITUDE)
    out->amplitude *= y / 100.0f;
  else
    out->value[target] += y;
}

/* A variable's inputs first, its outputs once every input is in: the records come in any order. */
static void variables_live(sc_voice *v, const sc_modulation *mods, const sc_engine *engine,
                           uint32_t frames, sc_live_mods *out) {
  float sum[SC_MAX_VARIABLES] = {0}, product[SC_MAX_VARIABLES];
  bool multiplied[SC_MAX_VARIABLES] = {false};
  for (int n = 0; n < SC_MAX_VARIABLES; n++) product[n] = 1.0f;
  for (uint32_t i = 0; i < v->mods.count; i++) {
    const sc_modulation *m = &mods[i];
    if (m->target < SC_MOD_VARIABLE_SUM) continue;
    float y = modulation_value(engine, v, m);
    if (m->target < SC_MOD_VARIABLE_PRODUCT) {
      sum[m->target - SC_MOD_VARIABLE_SUM] += y;
    } else {
      product[m->target - SC_MOD_VARIABLE_PRODUCT] *= y;
      multiplied[m->target - SC_MOD_VARIABLE_PRODUCT] = true;
    }
  }
  double rate = engine->config.sample_rate;
  for (uint32_t i = 0; i < v->mods.count; i++) {
    const sc_modulation *m = &mods[i];
    if (m->source < SC_SOURCE_VARIABLE) continue;
    uint16_t n = m->source - SC_SOURCE_VARIABLE;
    float value = (multiplied[n] ? product[n] : 0.0f) + sum[n];
    add_live(out, m->target, smoothed(v, m, i, value * m->depth, frames, rate));
  }
}

void sc_mods_live(const sc_engine *engine, sc_voice *v, uint32_t frames, sc_live_mods *out) {
  for (int t = 0; t < SC_MOD_LIVE_COUNT; t++) out->value[t] = 0.0f;
  out->amplitude = 1.0f;
  const sc_modulation *mods = v->instrument->mods + v->mods.first;
  double rate = engine->config.sample_rate;
  bool variables = false;
  for (uint32_t i = 0; i < v->mods.count; i++) {
    const sc_modulation *m = &mods[i];
    if (m->target >= SC_MOD_LIVE_COUNT || m->source >= SC_SOURCE_VARIABLE) {
      variables |= m->target >= SC_MOD_VARIABLE_SUM;
      continue;
    }
    add_live(out, m->target, smoothed(v, m, i, modulation_value(engine, v, m), frames, rate));
  }
  if (variables) variables_live(v, mods, engine, frames, out);
}

static float ramp(float x, bool power, bool fade_out) {
  x = x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
  if (fade_out) x = 1.0f - x;
  return power ? sqrtf(x) : x;
}

float sc_crossfade_gain(const sc_crossfade *xf, uint8_t value) {
  float in = 1.0f, out = 1.0f;
  if (xf->in_hi > xf->in_lo)
    in = ramp((float)(value - xf->in_lo) / (xf->in_hi - xf->in_lo), xf->power, false);
  else if (value < xf->in_lo)
    in = 0.0f;
  if (xf->out_hi > xf->out_lo)
    out = ramp((float)(value - xf->out_lo) / (xf->out_hi - xf->out_lo), xf->power, true);
  else if (value > xf->out_hi)
    out = 0.0f;
  return in * out;
}

float sc_cc_crossfade_gain(const sc_engine *engine, const sc_voice *v) {
  const sc_region *r = v->region;
  const sc_channel *c = &engine->channels[v->channel];
  float gain = 1.0f;
  for (uint32_t i = 0; i < r->cc_crossfade_count && i < SC_MAX_CC_CROSSFADES; i++) {
    const sc_cc_crossfade *xf = &r->cc_crossfades[i];
    uint8_t value = c->cc[xf->cc & 127];
    if (xf->hi > xf->lo)
      gain *=
          ramp((float)(value - xf->lo) / (xf->hi - xf->lo), r->cc_crossfade_power, xf->fade_out);
    else if (xf->fade_out ? value > xf->hi : value < xf->lo)
      gain = 0.0f;
  }
  return gain;
}
