/* fx_unit.c - the effects of an instrument's chains; see fx_unit.h. Algorithms: lofi is a
 * sample-and-hold decimator with a fractional clock followed by a mid-tread quantiser; gain a
 * plain multiply; filter the voices' state-variable filters (filter.c); eq the voices' peaking
 * biquad (eq.c); delay a line per side with feedback through a one-pole low-pass; reverb the
 * engine's feedback delay network (reverb.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dsp/fx_unit.h"

static float percent(float p) { return p / 100.0f; }

static void setup_lofi(sc_fx_unit *u, const sc_effect *e) {
  u->step = 0.0f;
  if (e->bitred > 0.0f) {
    float bits = SC_LOFI_MAX_BITS - (SC_LOFI_MAX_BITS - SC_LOFI_MIN_BITS) * percent(e->bitred);
    u->step = 2.0f / exp2f(bits);
  }
  float rate = 1.0f - percent(e->decim);
  u->hold_rate = rate < SC_LOFI_MIN_RATE ? SC_LOFI_MIN_RATE : rate;
  u->hold_phase = 1.0f;
}

static bool setup_delay(sc_fx_unit *u, const sc_effect *e, double rate) {
  for (int side = 0; side < 2; side++) {
    double seconds = fmin(fmax(e->delay_time[side], 0.0), SC_DELAY_MAX_SECONDS);
    uint32_t frames = (uint32_t)lround(seconds * rate);
    u->length[side] = frames < 1 ? 1 : frames;
    u->line[side] = calloc(u->length[side], sizeof(float));
    if (!u->line[side]) return false;
    u->since_loud[side] = u->length[side];
  }
  u->feedback = percent(e->delay_feedback);
  u->damping = percent(e->delay_damping);
  return true;
}

static bool setup_reverb(sc_fx_unit *u, const sc_effect *e, double rate) {
  u->reverb = calloc(1, sizeof *u->reverb);
  if (!u->reverb || !sc_reverb_create(u->reverb, rate)) {
    free(u->reverb);
    u->reverb = NULL;
    return false;
  }
  float size = fminf(fmaxf(percent(e->reverb_size), 0.0f), 1.0f);
  float damp = fminf(fmaxf(percent(e->reverb_damp), 0.0f), 1.0f);
  sc_reverb_settings s = {
      .decay = SC_FX_REVERB_MIN_DECAY + size * (SC_FX_REVERB_MAX_DECAY - SC_FX_REVERB_MIN_DECAY),
      /* reverb_damp 100 shortens the highs' decay as far as the reverb goes */
      .damping = 1.0f - damp * (1.0f - SC_REVERB_MIN_DAMPING),
      .predelay = fminf(fmaxf(e->reverb_predelay, 0.0f), SC_REVERB_MAX_PREDELAY),
      .width = SC_REVERB_DEFAULT_WIDTH,
      .size = size,
      .level = u->wet,
  };
  sc_reverb_set(u->reverb, &s);
  return true;
}

bool sc_fx_unit_create(sc_fx_unit *u, const sc_effect *e, double rate) {
  memset(u, 0, sizeof *u);
  u->effect = *e;
  u->input = percent(e->input);
  u->dry = percent(e->dry);
  u->wet = percent(e->wet);
  switch (e->type) {
    case SC_EFFECT_LOFI: setup_lofi(u, e); return true;
    case SC_EFFECT_GAIN: u->gain = powf(10.0f, e->gain_db / 20.0f); return true;
    case SC_EFFECT_FILTER:
      sc_filter_coeffs_compute(&u->filter, e->filter_type, e->filter_cutoff,
                               sc_filter_damping(e->filter_resonance), rate);
      return true;
    case SC_EFFECT_EQ:
      sc_eq_coeffs_compute(&u->eq, e->eq_freq, e->eq_bw, e->eq_gain, rate);
      return true;
    case SC_EFFECT_DELAY:
      if (setup_delay(u, e, rate)) return true;
      break;
    case SC_EFFECT_REVERB:
      if (setup_reverb(u, e, rate)) return true;
      break;
  }
  sc_fx_unit_destroy(u);
  return false;
}

void sc_fx_unit_destroy(sc_fx_unit *u) {
  free(u->line[0]);
  free(u->line[1]);
  if (u->reverb) sc_reverb_destroy(u->reverb);
  free(u->reverb);
  memset(u, 0, sizeof *u);
}

void sc_fx_unit_clear(sc_fx_unit *u) {
  u->hold_phase = 1.0f;
  u->held[0] = u->held[1] = 0.0f;
  memset(&u->filter_state, 0, sizeof u->filter_state);
  memset(u->eq_z1, 0, sizeof u->eq_z1);
  memset(u->eq_z2, 0, sizeof u->eq_z2);
  for (int side = 0; side < 2; side++) {
    if (u->line[side]) memset(u->line[side], 0, u->length[side] * sizeof(float));
    u->pos[side] = 0;
    u->low[side] = 0.0f;
    u->since_loud[side] = u->length[side];
  }
  if (u->reverb && sc_reverb_active(u->reverb)) sc_reverb_clear(u->reverb);
}

static void process_lofi(sc_fx_unit *u, float *left, float *right, uint32_t frames) {
  if (u->hold_rate < 1.0f) {
    float phase = u->hold_phase;
    for (uint32_t f = 0; f < frames; f++) {
      if (phase >= 1.0f) {
        phase -= 1.0f;
        u->held[0] = left[f];
        u->held[1] = right[f];
      }
      phase += u->hold_rate;
      left[f] = u->held[0];
      right[f] = u->held[1];
    }
    u->hold_phase = phase;
  }
  if (u->step > 0.0f) {
    float step = u->step, inverse = 1.0f / u->step;
    for (uint32_t f = 0; f < frames; f++) {
      left[f] = step * floorf(left[f] * inverse + 0.5f);
      right[f] = step * floorf(right[f] * inverse + 0.5f);
    }
  }
}

static void process_delay(sc_fx_unit *u, float *left, float *right, uint32_t frames) {
  float *channels[2] = {left, right};
  for (int side = 0; side < 2; side++) {
    float *x = channels[side], *line = u->line[side];
    uint32_t pos = u->pos[side], length = u->length[side];
    float low = u->low[side];
    uint32_t since_loud = u->since_loud[side];
    for (uint32_t f = 0; f < frames; f++) {
      float delayed = line[pos];
      low += (1.0f - u->damping) * (delayed - low);
      float written = u->input * x[f] + u->feedback * low;
      line[pos] = written;
      since_loud =
          fabsf(written) > SC_EFFECT_SILENCE_LEVEL ? 0 : since_loud + (since_loud < length);
      if (++pos == length) pos = 0;
      x[f] = u->dry * x[f] + u->wet * delayed;
    }
    u->pos[side] = pos;
    u->low[side] = low;
    u->since_loud[side] = since_loud;
  }
}

bool sc_fx_unit_ringing(const sc_fx_unit *u) {
  if (u->reverb) return sc_reverb_active(u->reverb);
  if (!u->line[0]) return false;
  return u->since_loud[0] < u->length[0] || u->since_loud[1] < u->length[1];
}

static void process_reverb(sc_fx_unit *u, float *left, float *right, float *in_left,
                           float *in_right, uint32_t frames) {
  for (uint32_t f = 0; f < frames; f++) {
    in_left[f] = u->input * left[f];
    in_right[f] = u->input * right[f];
    left[f] *= u->dry;
    right[f] *= u->dry;
  }
  sc_reverb_process(u->reverb, in_left, in_right, left, right, frames);
}

void sc_fx_unit_process(sc_fx_unit *u, float *left, float *right, float *scratch_left,
                        float *scratch_right, uint32_t frames) {
  switch (u->effect.type) {
    case SC_EFFECT_LOFI: process_lofi(u, left, right, frames); break;
    case SC_EFFECT_GAIN:
      for (uint32_t f = 0; f < frames; f++) {
        left[f] *= u->gain;
        right[f] *= u->gain;
      }
      break;
    case SC_EFFECT_FILTER:
      /* a frame at a time: the filter's paired steps round otherwise than its single ones, and
       * where spans are cut (a block size) must not change the output */
      for (uint32_t f = 0; f < frames; f++)
        sc_filter_process(u->effect.filter_type, &u->filter, &u->filter_state, left + f, right + f,
                          1);
      break;
    case SC_EFFECT_EQ: sc_eq_process(&u->eq, u->eq_z1, u->eq_z2, left, right, frames); break;
    case SC_EFFECT_DELAY: process_delay(u, left, right, frames); break;
    case SC_EFFECT_REVERB:
      process_reverb(u, left, right, scratch_left, scratch_right, frames);
      break;
  }
}
