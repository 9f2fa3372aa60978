/* engine_filter.c - the engine filter stage. The cutoff is multiple x the tracked frequency,
 * where multiple = SC_PARAM_FILTER_CUTOFF + SC_PARAM_FILTER_STRENGTH x envelope x velocity factor,
 * and the tracked frequency is the reference key's (SC_FILTER_TRACKING_REFERENCE_KEY, in the
 * tuning in force) moved by SC_PARAM_FILTER_KEY_TRACKING of the key's distance from it. It runs
 * on the voices' own filter code (filter.c), as a two-pole low-pass whose resonance is the height
 * of its peak over the pass band. */
#include <math.h>

#include "voice/engine_filter.h"
#include "config.h"
#include "state/engine_state.h"
#include "state/key_tuning.h"

void sc_engine_filter_start(const sc_engine *engine, sc_engine_filter *f) {
  const float *value = engine->parameters.value;
  sc_envelope_params p = {0};
  p.attack = value[SC_PARAM_FILTER_ATTACK];
  p.decay = value[SC_PARAM_FILTER_DECAY];
  p.sustain = value[SC_PARAM_FILTER_SUSTAIN];
  p.release = value[SC_PARAM_FILTER_RELEASE];
  sc_lazy_env_start(&f->env, &p, engine->config.sample_rate);
  f->on = false;
}

void sc_engine_filter_process(const sc_engine *engine, sc_engine_filter *f, uint8_t key,
                              uint8_t velocity, float *left, float *right, uint32_t frames) {
  const float *value = engine->parameters.value;
  if (!f->on) {
    /* turned on (or first heard): no state left over from an earlier signal */
    f->state = (sc_filter_state){{0}};
    f->last_multiple = NAN;
    f->last_resonance = NAN;
    f->on = true;
  }
  float amount = value[SC_PARAM_FILTER_ENVELOPE_VELOCITY];
  float velocity_factor = 1.0f - amount + amount * velocity / 127.0f;
  float multiple = value[SC_PARAM_FILTER_CUTOFF] +
                   value[SC_PARAM_FILTER_STRENGTH] * sc_lazy_env_level(&f->env) * velocity_factor;
  double reference = sc_tuning_cents(engine->note_cents, SC_FILTER_TRACKING_REFERENCE_KEY);
  double tracked = reference + value[SC_PARAM_FILTER_KEY_TRACKING] *
                                   (sc_tuning_cents(engine->note_cents, key) - reference);
  float resonance = value[SC_PARAM_FILTER_RESONANCE];
  if (resonance != f->last_resonance) {
    f->damping = sc_filter_damping_peak(resonance);
    f->last_resonance = resonance;
    f->last_multiple = NAN;
  }
  if (multiple != f->last_multiple || tracked != f->last_tracked) {
    double hz = multiple * SC_A4_HZ * exp2((tracked - SC_A4_CENTS) / 1200.0);
    sc_filter_coeffs_compute(&f->coeffs, SC_FILTER_LPF_2P, hz, f->damping,
                             engine->config.sample_rate);
    f->last_multiple = multiple;
    f->last_tracked = tracked;
  }
  engine->filter(SC_FILTER_LPF_2P, &f->coeffs, &f->state, left, right, frames);
  f->env.lag += frames;
}
