/* fx_unit.c - the effects of an instrument's chains; see fx_unit.h. Algorithms: lofi is a
 * sample-and-hold decimator with a fractional clock followed by a mid-tread quantiser; gain a
 * plain multiply; filter the voices' state-variable filters (filter.c); eq the voices' peaking
 * biquad (eq.c); delay a line per side with feedback through a one-pole low-pass; reverb the
 * engine's feedback delay network (reverb.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dsp/fx_unit.h"
#include "dsp/delay_read.h"

static float percent(float p) { return p / 100.0f; }

/* the grid and the hold clock's rate; the clock's phase runs on */
static void set_lofi(sc_fx_unit *u, const sc_effect *e) {
  u->step = 0.0f;
  if (e->bitred > 0.0f) {
    float bits = SC_LOFI_MAX_BITS - (SC_LOFI_MAX_BITS - SC_LOFI_MIN_BITS) * percent(e->bitred);
    u->step = 2.0f / exp2f(bits);
  }
  float rate = 1.0f - percent(e->decim);
  u->hold_rate = rate < SC_LOFI_MIN_RATE ? SC_LOFI_MIN_RATE : rate;
}

static uint32_t delay_frames(double seconds, double rate) {
  uint32_t frames = (uint32_t)lround(fmin(fmax(seconds, 0.0), SC_DELAY_MAX_SECONDS) * rate);
  return frames < 1 ? 1 : frames;
}

/* The longest a side's delay can be: its time plus every positive amount of its controllers. */
static double longest_delay(const sc_effect *e, int side) {
  double seconds = e->delay_time[side];
  sc_effect_param p = side ? SC_EFFECT_PARAM_DELAY_TIME_RIGHT : SC_EFFECT_PARAM_DELAY_TIME_LEFT;
  for (uint32_t i = 0; i < e->cc_count; i++)
    if (e->cc[i].parameter == p && e->cc[i].amount > 0.0f) seconds += e->cc[i].amount;
  return seconds;
}

/* `glide`: a controller moved the time, and the taps glide to it over SC_EFFECT_DELAY_GLIDE_SECONDS
 * instead of jumping, which would click */
static void set_delay(sc_fx_unit *u, const sc_effect *e, bool glide) {
  for (int side = 0; side < 2; side++) {
    uint32_t frames = delay_frames(e->delay_time[side], u->rate);
    u->delay[side] = frames > u->length[side] ? u->length[side] : frames;
    sc_linear_ramp_to(&u->tap[side], (float)u->delay[side], u->glide_frames, !glide);
  }
  u->feedback = percent(e->delay_feedback);
  u->damping = percent(e->delay_damping);
}

static bool setup_delay(sc_fx_unit *u, const sc_effect *e) {
  for (int side = 0; side < 2; side++) {
    u->length[side] = delay_frames(longest_delay(e, side), u->rate);
    u->line[side] = calloc(u->length[side], sizeof(float));
    if (!u->line[side]) return false;
    u->since_loud[side] = u->length[side];
  }
  u->glide_frames = (uint32_t)fmax(1.0, round(SC_EFFECT_DELAY_GLIDE_SECONDS * u->rate));
  set_delay(u, e, false);
  return true;
}

static void set_reverb(sc_fx_unit *u, const sc_effect *e) {
  float size = fminf(fmaxf(percent(e->reverb_size), 0.0f), 1.0f);
  float damp = fminf(fmaxf(percent(e->reverb_damp), 0.0f), 1.0f);
  sc_reverb_settings s = {
      .decay = SC_FX_REVERB_MIN_DECAY + size * (SC_FX_REVERB_MAX_DECAY - SC_FX_REVERB_MIN_DECAY),
      /* reverb_damp 100 shortens the highs' decay as far as the reverb goes */
      .damping = 1.0f - damp * (1.0f - SC_REVERB_MIN_DAMPING),
      .predelay = fminf(fmaxf(e->reverb_predelay, 0.0f), SC_REVERB_MAX_PREDELAY),
      .width = SC_REVERB_DEFAULT_WIDTH,
      .size = size,
      .level = u->wet_outside ? 1.0f : u->wet.to,
  };
  sc_reverb_set(u->reverb, &s);
}

static bool setup_reverb(sc_fx_unit *u, const sc_effect *e) {
  u->reverb = calloc(1, sizeof *u->reverb);
  if (!u->reverb || !sc_reverb_create(u->reverb, u->rate)) {
    free(u->reverb);
    u->reverb = NULL;
    return false;
  }
  for (uint32_t i = 0; i < e->cc_count; i++)
    if (e->cc[i].parameter == SC_EFFECT_PARAM_WET) u->wet_outside = true;
  set_reverb(u, e);
  return true;
}

static void set_filter(sc_fx_unit *u, const sc_effect *e) {
  sc_filter_coeffs_compute(&u->filter, e->filter_type, e->filter_cutoff,
                           sc_filter_damping(e->filter_resonance), u->rate);
}

static void set_eq(sc_fx_unit *u, const sc_effect *e) {
  sc_eq_coeffs_compute(&u->eq, e->eq_freq, e->eq_bw, e->eq_gain, u->rate);
}

bool sc_fx_unit_create(sc_fx_unit *u, const sc_effect *e, double rate) {
  memset(u, 0, sizeof *u);
  u->effect = u->now = *e;
  u->rate = rate;
  u->ramp_frames = (uint32_t)fmax(1.0, round(SC_EFFECT_RAMP_SECONDS * rate));
  u->mix.to = 1.0f;
  u->input.to = percent(e->input);
  u->dry.to = percent(e->dry);
  u->wet.to = percent(e->wet);
  switch (e->type) {
    case SC_EFFECT_LOFI:
      set_lofi(u, e);
      u->hold_phase = 1.0f;
      return true;
    case SC_EFFECT_GAIN: u->gain = powf(10.0f, e->gain_db / 20.0f); return true;
    case SC_EFFECT_FILTER: set_filter(u, e); return true;
    case SC_EFFECT_EQ: set_eq(u, e); return true;
    case SC_EFFECT_DELAY:
      if (setup_delay(u, e)) return true;
      break;
    case SC_EFFECT_REVERB:
      if (setup_reverb(u, e)) return true;
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

static void advance_levels(sc_fx_unit *u, uint32_t frames) {
  sc_linear_ramp_advance(&u->input, frames);
  sc_linear_ramp_advance(&u->dry, frames);
  sc_linear_ramp_advance(&u->wet, frames);
}

/* A side whose tap glides to a new time: the read moves frame by frame, between frames. */
static void process_delay_gliding(sc_fx_unit *u, int side, float *x, uint32_t frames) {
  float *line = u->line[side];
  uint32_t pos = u->pos[side], length = u->length[side];
  float low = u->low[side];
  uint32_t since_loud = u->since_loud[side];
  for (uint32_t f = 0; f < frames; f++) {
    float input = sc_linear_ramp_at(&u->input, f), dry = sc_linear_ramp_at(&u->dry, f);
    float wet = sc_linear_ramp_at(&u->wet, f);
    float delayed = sc_delay_read_behind(line, length, pos, sc_linear_ramp_at(&u->tap[side], f));
    low += (1.0f - u->damping) * (delayed - low);
    float written = input * x[f] + u->feedback * low;
    line[pos] = written;
    since_loud = fabsf(written) > SC_EFFECT_SILENCE_LEVEL ? 0 : since_loud + (since_loud < length);
    if (++pos == length) pos = 0;
    x[f] = dry * x[f] + wet * delayed;
  }
  u->pos[side] = pos;
  u->low[side] = low;
  u->since_loud[side] = since_loud;
}

static void process_delay(sc_fx_unit *u, float *left, float *right, uint32_t frames) {
  float *channels[2] = {left, right};
  for (int side = 0; side < 2; side++) {
    if (u->tap[side].left > 0) {
      process_delay_gliding(u, side, channels[side], frames);
      sc_linear_ramp_advance(&u->tap[side], frames);
      continue;
    }
    float *x = channels[side], *line = u->line[side];
    uint32_t pos = u->pos[side], length = u->length[side], delay = u->delay[side];
    /* a delay as long as the line reads where it writes */
    uint32_t read = pos >= delay ? pos - delay : pos + length - delay;
    float low = u->low[side];
    uint32_t since_loud = u->since_loud[side];
    for (uint32_t f = 0; f < frames; f++) {
      float input = sc_linear_ramp_at(&u->input, f), dry = sc_linear_ramp_at(&u->dry, f);
      float wet = sc_linear_ramp_at(&u->wet, f);
      float delayed = line[read];
      low += (1.0f - u->damping) * (delayed - low);
      float written = input * x[f] + u->feedback * low;
      line[pos] = written;
      since_loud =
          fabsf(written) > SC_EFFECT_SILENCE_LEVEL ? 0 : since_loud + (since_loud < length);
      if (++pos == length) pos = 0;
      if (++read == length) read = 0;
      x[f] = dry * x[f] + wet * delayed;
    }
    u->pos[side] = pos;
    u->low[side] = low;
    u->since_loud[side] = since_loud;
  }
  advance_levels(u, frames);
}

bool sc_fx_unit_ringing(const sc_fx_unit *u) {
  if (u->mix.to == 0.0f && u->mix.left == 0) return false;
  if (u->reverb) return sc_reverb_active(u->reverb);
  if (!u->line[0]) return false;
  return u->since_loud[0] < u->length[0] || u->since_loud[1] < u->length[1];
}

static void process_reverb(sc_fx_unit *u, float *left, float *right,
                           float (*scratch)[SC_SPAN_FRAMES], uint32_t frames) {
  float *in_left = scratch[0], *in_right = scratch[1];
  for (uint32_t f = 0; f < frames; f++) {
    float input = sc_linear_ramp_at(&u->input, f), dry = sc_linear_ramp_at(&u->dry, f);
    in_left[f] = input * left[f];
    in_right[f] = input * right[f];
    left[f] *= dry;
    right[f] *= dry;
  }
  if (!u->wet_outside) {
    sc_reverb_process(u->reverb, in_left, in_right, left, right, frames);
  } else {
    float *wet_left = scratch[2], *wet_right = scratch[3];
    memset(wet_left, 0, frames * sizeof(float));
    memset(wet_right, 0, frames * sizeof(float));
    sc_reverb_process(u->reverb, in_left, in_right, wet_left, wet_right, frames);
    for (uint32_t f = 0; f < frames; f++) {
      float wet = sc_linear_ramp_at(&u->wet, f);
      left[f] += wet * wet_left[f];
      right[f] += wet * wet_right[f];
    }
  }
  advance_levels(u, frames);
}

void sc_fx_unit_process(sc_fx_unit *u, float *left, float *right, float (*scratch)[SC_SPAN_FRAMES],
                        uint32_t frames) {
  if (frames == 0) return;
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
    case SC_EFFECT_REVERB: process_reverb(u, left, right, scratch, frames); break;
  }
}

/* The field `p` names. */
static float *field(sc_effect *e, sc_effect_param p) {
  switch (p) {
    case SC_EFFECT_PARAM_BITRED: return &e->bitred;
    case SC_EFFECT_PARAM_DECIM: return &e->decim;
    case SC_EFFECT_PARAM_FILTER_CUTOFF: return &e->filter_cutoff;
    case SC_EFFECT_PARAM_FILTER_RESONANCE: return &e->filter_resonance;
    case SC_EFFECT_PARAM_EQ_FREQ: return &e->eq_freq;
    case SC_EFFECT_PARAM_EQ_BW: return &e->eq_bw;
    case SC_EFFECT_PARAM_EQ_GAIN: return &e->eq_gain;
    case SC_EFFECT_PARAM_DELAY_TIME_LEFT: return &e->delay_time[0];
    case SC_EFFECT_PARAM_DELAY_TIME_RIGHT: return &e->delay_time[1];
    case SC_EFFECT_PARAM_DELAY_FEEDBACK: return &e->delay_feedback;
    case SC_EFFECT_PARAM_DELAY_DAMPING: return &e->delay_damping;
    case SC_EFFECT_PARAM_REVERB_SIZE: return &e->reverb_size;
    case SC_EFFECT_PARAM_REVERB_DAMP: return &e->reverb_damp;
    case SC_EFFECT_PARAM_REVERB_PREDELAY: return &e->reverb_predelay;
    case SC_EFFECT_PARAM_INPUT: return &e->input;
    case SC_EFFECT_PARAM_DRY: return &e->dry;
    case SC_EFFECT_PARAM_WET:
    case SC_EFFECT_PARAM_COUNT: break;
  }
  return &e->wet;
}

/* Keeps a moved parameter in the range its opcode allows (syntax.yml: percentages 0...100;
 * frequencies and bandwidths not negative; delays up to the longest line). */
static void limit(sc_effect *e, sc_effect_param p) {
  float *v = field(e, p);
  switch (p) {
    case SC_EFFECT_PARAM_FILTER_RESONANCE:
    case SC_EFFECT_PARAM_EQ_GAIN: return;
    case SC_EFFECT_PARAM_FILTER_CUTOFF:
    case SC_EFFECT_PARAM_EQ_FREQ:
    case SC_EFFECT_PARAM_EQ_BW: *v = fmaxf(*v, 0.0f); return;
    case SC_EFFECT_PARAM_DELAY_TIME_LEFT:
    case SC_EFFECT_PARAM_DELAY_TIME_RIGHT:
      *v = fminf(fmaxf(*v, 0.0f), SC_DELAY_MAX_SECONDS);
      return;
    case SC_EFFECT_PARAM_REVERB_PREDELAY: *v = fmaxf(*v, 0.0f); return;
    default: *v = fminf(fmaxf(*v, 0.0f), 100.0f); return;
  }
}

static bool moved(sc_effect *a, sc_effect *b, sc_effect_param first, sc_effect_param last) {
  for (int p = first; p <= last; p++)
    if (*field(a, (sc_effect_param)p) != *field(b, (sc_effect_param)p)) return true;
  return false;
}

/* A controller's share of its parameter: stepped, then smoothed as a region's modulation is
 * (voice/modulation.c), span by span; at once on the first reading. */
static float share(sc_fx_unit *u, uint32_t i, float shaped, uint32_t frames, bool first) {
  const sc_effect_cc *m = &u->effect.cc[i];
  float y = m->amount * shaped;
  if (m->step > 0.0f) y = roundf(y / m->step) * m->step;
  if (m->smooth > 0.0f && !first) {
    float a = (float)(frames / (m->smooth * 0.001 * u->rate));
    y = u->moved_by[i] + (y - u->moved_by[i]) * (a > 1.0f ? 1.0f : a);
  }
  u->moved_by[i] = y;
  return y;
}

void sc_fx_unit_follow(sc_fx_unit *u, const float cc[128], const float shaped[SC_EFFECT_MAX_CCS],
                       uint32_t frames) {
  const sc_effect *e = &u->effect;
  bool first = !u->followed;
  u->followed = true;
  sc_effect next = *e;
  for (uint32_t i = 0; i < e->cc_count; i++)
    *field(&next, e->cc[i].parameter) += share(u, i, shaped[i], frames, first);
  for (uint32_t i = 0; i < e->cc_count; i++) limit(&next, e->cc[i].parameter);
  /* the page's threshold is on the 0...127 scale; the controller arrives divided by 127 */
  bool on = e->bypass <= 0.0f ||
            cc[e->bypass_controller] >= SC_EFFECT_BYPASS_THRESHOLD / e->bypass / 127.0f;
  bool bypassed = u->mix.to == 0.0f && u->mix.left == 0;
  if (on && bypassed) sc_fx_unit_clear(u);
  sc_linear_ramp_to(&u->mix, on ? 1.0f : 0.0f, u->ramp_frames, first);
  sc_effect *now = &u->now;
  switch (e->type) {
    case SC_EFFECT_LOFI:
      if (moved(&next, now, SC_EFFECT_PARAM_BITRED, SC_EFFECT_PARAM_DECIM)) set_lofi(u, &next);
      break;
    case SC_EFFECT_GAIN: break;
    case SC_EFFECT_FILTER:
      if (moved(&next, now, SC_EFFECT_PARAM_FILTER_CUTOFF, SC_EFFECT_PARAM_FILTER_RESONANCE))
        set_filter(u, &next);
      break;
    case SC_EFFECT_EQ:
      if (moved(&next, now, SC_EFFECT_PARAM_EQ_FREQ, SC_EFFECT_PARAM_EQ_GAIN)) set_eq(u, &next);
      break;
    case SC_EFFECT_DELAY:
      if (moved(&next, now, SC_EFFECT_PARAM_DELAY_TIME_LEFT, SC_EFFECT_PARAM_DELAY_DAMPING))
        set_delay(u, &next, !first);
      break;
    case SC_EFFECT_REVERB:
      if (moved(&next, now, SC_EFFECT_PARAM_REVERB_SIZE, SC_EFFECT_PARAM_REVERB_PREDELAY))
        set_reverb(u, &next);
      break;
  }
  sc_linear_ramp_to(&u->input, percent(next.input), u->ramp_frames, first);
  sc_linear_ramp_to(&u->dry, percent(next.dry), u->ramp_frames, first);
  sc_linear_ramp_to(&u->wet, percent(next.wet), u->ramp_frames, first);
  u->now = next;
}
