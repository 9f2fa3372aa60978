/* modulators_v2.c - the SFZ v2 LFOs (lfoN_*) and flex envelopes (egN_*) of a voice. They are
 * evaluated once per control chunk and add into the same live sums as controller modulations,
 * so the voice applies them with no code of its own; a flex envelope may also stand in for the
 * amplitude envelope (egN_ampeg). */
#include <math.h>

#include "voice/modulators_v2.h"
#include "config.h"
#include "dsp/dsp_math.h"
#include "dsp/random.h"
#include "dsp/segment_shape.h"
#include "instrument/curves.h"
#include "state/engine_state.h"
#include "voice/voice_alloc.h"

/* Slots of both kinds share the per-modulator scratch arrays below. */
_Static_assert(SC_V2_MAX_LFOS == SC_V2_MAX_EGS, "LFO and EG slots are indexed alike");

static uint32_t frames_of(float seconds, double rate) {
  if (!(seconds > 0.0f)) return 0;
  double frames = seconds * rate + 0.5;
  return frames > 4.0e9 ? 4000000000u : (uint32_t)frames;
}

/* The link's amount now: its depth, or the depth scaled by its source through its curve. */
static float link_amount(const sc_engine *engine, const sc_voice *v, const sc_v2_link *link) {
  if (link->source == SC_V2_NO_SOURCE) return link->depth;
  return sc_mod_amount(engine, v, link->source, link->curve, link->depth, link->step);
}

/* The wave at `phase` (periods); `seed` is the voice's and the LFO's for the random wave, whose
 * value is a fixed function of it and of the half period reached, so it needs no state. */
static float wave_value(uint8_t wave, double phase, uint64_t seed) {
  float x = (float)(phase - floor(phase));
  switch (wave) {
    case SC_V2_WAVE_RANDOM:
      return 2.0f * sc_random_hash(seed ^ (uint64_t)(int64_t)floor(2.0 * phase)) - 1.0f;
    case SC_V2_WAVE_TRIANGLE:
      return x < 0.25f ? 4.0f * x : x < 0.75f ? 2.0f - 4.0f * x : 4.0f * x - 4.0f;
    /* unipolar, as ARIA plays them (sc_v2_wave) */
    case SC_V2_WAVE_PULSE_75: return x < 0.75f ? 1.0f : 0.0f;
    case SC_V2_WAVE_SQUARE: return x < 0.5f ? 1.0f : 0.0f;
    case SC_V2_WAVE_PULSE_25: return x < 0.25f ? 1.0f : 0.0f;
    case SC_V2_WAVE_PULSE_12: return x < 0.125f ? 1.0f : 0.0f;
    case SC_V2_WAVE_SAW_UP: return x < 0.5f ? 2.0f * x : 2.0f * x - 2.0f;
    case SC_V2_WAVE_SAW_DOWN: return x < 0.5f ? -2.0f * x : 2.0f - 2.0f * x;
    default: return (float)sin(2.0 * SC_PI * x);
  }
}

/* Whether a link's amount follows its controller while the voice plays (the others are read
 * once, at note start). */
static bool is_continuous(uint8_t kind) {
  return kind <= SC_V2_LINK_LFO_FREQ || kind == SC_V2_LINK_LFO_STEP;
}

/* The step sequencer's value now: the step the period has reached, plus what controllers add to
 * it, within -1...1 (opcodes/lfoN_stepX.md: "both added together will effectively be -100% or
 * 100% if their sum exceeds one of those bounds"). lfoN_phase does not move it
 * (opcodes/lfoN_steps.md: "lfoN_phase can't be used with step sequencers"). */
static float step_value(const sc_region *r, uint32_t slot, double cycles, const float *amounts,
                        uint32_t link_count) {
  const sc_v2_lfo_params *p = &r->v2_lfos[slot];
  uint32_t step = (uint32_t)((cycles - floor(cycles)) * p->step_count);
  if (step >= p->step_count) step = p->step_count - 1u;
  float value = r->v2_lfo_steps[(p->step_first + step) % SC_V2_MAX_LFO_STEPS];
  for (uint32_t i = 0; i < link_count; i++) {
    const sc_v2_link *link = &r->v2_links[i];
    if (link->kind == SC_V2_LINK_LFO_STEP && link->slot == slot && link->index == step)
      value += amounts[i];
  }
  return fminf(1.0f, fmaxf(-1.0f, value));
}

/* The sub-waves of LFO `slot` at its ratio-1 position `base` (lfoN_waveX: each at the LFO's
 * frequency times its own ratio, from the LFO's start phase). */
static float subwaves(const sc_region *r, uint32_t slot, float start_phase, double base,
                      uint64_t seed) {
  float sum = 0.0f;
  for (uint32_t i = 0; i < r->v2_lfo_subwave_count && i < SC_V2_MAX_LFO_SUBWAVES; i++) {
    const sc_v2_lfo_subwave *w = &r->v2_lfo_subwaves[i];
    if (w->slot == slot)
      sum +=
          wave_value(w->wave, start_phase + base * w->ratio, seed + i + 1) * w->scale + w->offset;
  }
  return sum;
}

/* LFO `slot`'s output now (faded in, scaled and offset), then advanced by `frames`. */
static float lfo_step(const sc_region *r, uint32_t slot, sc_v2_lfo *lfo, uint32_t frames,
                      float freq_offset, const float *amounts, uint32_t link_count, double rate) {
  const sc_v2_lfo_params *p = &r->v2_lfos[slot];
  float value = 0.0f;
  if (lfo->elapsed >= lfo->delay_frames) {
    uint32_t since = lfo->elapsed - lfo->delay_frames;
    float fade = 1.0f;
    if (lfo->fade_frames > 0 && since < lfo->fade_frames) fade = (float)since / lfo->fade_frames;
    float main = p->step_count > 0 ? step_value(r, slot, lfo->cycles, amounts, link_count)
                                   : wave_value(p->wave, lfo->start_phase + lfo->cycles, lfo->seed);
    value = fade * (main * p->scale + p->offset);
    if (r->v2_lfo_subwave_count > 0)
      value += fade * subwaves(r, slot, lfo->start_phase, lfo->base_cycles, lfo->seed);
    bool resting = p->count > 0 && lfo->cycles >= p->count;
    double freq = p->freq * p->ratio + freq_offset;
    if (freq > 0.0) lfo->cycles += freq * frames / rate;
    double base = p->freq + freq_offset;
    if (!resting && base > 0.0) lfo->base_cycles += base * frames / rate;
    /* count: after that many periods the LFO rests where it started */
    if (p->count > 0 && lfo->cycles > p->count) lfo->cycles = p->count;
  }
  if (lfo->elapsed < UINT32_MAX - frames) lfo->elapsed += frames;
  return value;
}

/* Curvature of a flex segment at x (0...1), 0 at x = 0 and 1 at x = 1. */
static float shaped(float x, float shape) { return (float)sc_segment_shape(x, shape); }

/* Heads for `point`, jumping over segments of no length, and stopping at the sustain point
 * while the key is held. */
static void eg_enter(sc_v2_eg *eg, const sc_v2_eg_params *p, uint8_t point) {
  eg->point = point;
  eg->elapsed = 0;
  while (eg->point < p->point_count) {
    if (eg->frames[eg->point] > 0) {
      eg->from = eg->level;
      eg->length = eg->frames[eg->point];
      eg->curve = -1;
      for (uint32_t i = 0; i < p->curve_count && i < SC_V2_MAX_EG_CURVES; i++)
        if (p->curves[i].point == eg->point) eg->curve = p->curves[i].curve;
      return;
    }
    eg->level = eg->levels[eg->point];
    if (eg->point == p->sustain && !eg->released) {
      eg->holding = true;
      return;
    }
    eg->point++;
  }
}

static void eg_advance(sc_v2_eg *eg, const sc_v2_eg_params *p, const sc_instrument *instrument,
                       uint32_t frames) {
  while (frames > 0 && !eg->holding && eg->point < p->point_count) {
    uint32_t take = eg->length - eg->elapsed;
    if (take > frames) take = frames;
    eg->elapsed += take;
    frames -= take;
    float to = eg->levels[eg->point];
    if (eg->elapsed < eg->length) {
      float x = (float)eg->elapsed / (float)eg->length;
      float along =
          eg->curve >= 0 ? sc_curve_eval(instrument, eg->curve, x) : shaped(x, p->shape[eg->point]);
      eg->level = eg->from + (to - eg->from) * along;
      return;
    }
    eg->level = to;
    if (eg->point == p->sustain && !eg->released) {
      eg->holding = true;
      return;
    }
    eg_enter(eg, p, (uint8_t)(eg->point + 1));
  }
}

/* Flex envelope `k`'s times and levels from point `first` on, with the modulation its
 * controllers give them now. */
static void eg_points(const sc_engine *engine, sc_voice *v, uint32_t k, uint32_t first) {
  const sc_region *r = v->region;
  const sc_v2_eg_params *p = &r->v2_egs[k];
  sc_v2_eg *eg = &v->v2.egs[k];
  float times[SC_V2_MAX_EG_POINTS] = {0}, levels[SC_V2_MAX_EG_POINTS] = {0};
  for (uint32_t i = 0; i < r->v2_link_count && i < SC_V2_MAX_LINKS; i++) {
    const sc_v2_link *link = &r->v2_links[i];
    if (link->slot % SC_V2_MAX_EGS != k) continue;
    uint8_t point = link->index % SC_V2_MAX_EG_POINTS;
    if (link->kind == SC_V2_LINK_EG_TIME) times[point] += link_amount(engine, v, link);
    if (link->kind == SC_V2_LINK_EG_LEVEL) levels[point] += link_amount(engine, v, link);
  }
  for (uint32_t i = first; i < p->point_count && i < SC_V2_MAX_EG_POINTS; i++) {
    eg->frames[i] = frames_of(p->time[i] + times[i], engine->config.sample_rate);
    eg->levels[i] = p->level[i] + levels[i];
  }
}

void sc_v2_follow(const sc_engine *engine, sc_voice *v) {
  const sc_region *r = v->region;
  for (uint32_t k = 0; k < r->v2_eg_count && k < SC_V2_MAX_EGS; k++) {
    const sc_v2_eg_params *p = &r->v2_egs[k];
    sc_v2_eg *eg = &v->v2.egs[k];
    if (eg->point >= p->point_count) continue;
    /* egN_dynamic.md: at 0 "levels are calculated only at the start of the particular envelope
     * segment", so only the segments to come; at 1 the one under way too, keeping the frames
     * it has run and at least one still to go, and a held sustain level moves */
    if (!p->dynamic) {
      eg_points(engine, v, k, eg->point + 1u);
      continue;
    }
    eg_points(engine, v, k, eg->point);
    if (eg->holding) {
      eg->level = eg->levels[eg->point];
    } else {
      uint32_t length = eg->frames[eg->point];
      eg->length = length > eg->elapsed ? length : eg->elapsed + 1;
    }
  }
}

void sc_v2_start(const sc_engine *engine, sc_voice *v) {
  const sc_region *r = v->region;
  sc_v2_voice *s = &v->v2;
  s->active = r->v2_lfo_count > 0 || r->v2_eg_count > 0;
  s->amp_eg = -1;
  if (!s->active) return;
  double rate = engine->config.sample_rate;
  float delay[SC_V2_MAX_LFOS] = {0}, fade[SC_V2_MAX_LFOS] = {0}, phase[SC_V2_MAX_LFOS] = {0};
  for (uint32_t i = 0; i < r->v2_link_count && i < SC_V2_MAX_LINKS; i++) {
    const sc_v2_link *link = &r->v2_links[i];
    uint8_t slot = link->slot % SC_V2_MAX_LFOS;
    switch (link->kind) {
      case SC_V2_LINK_LFO_DELAY: delay[slot] += link_amount(engine, v, link); break;
      case SC_V2_LINK_LFO_FADE: fade[slot] += link_amount(engine, v, link); break;
      case SC_V2_LINK_LFO_PHASE: phase[slot] += link_amount(engine, v, link); break;
      case SC_V2_LINK_EG_TIME:
      case SC_V2_LINK_EG_LEVEL: break;
      default: s->link_state[i] = link_amount(engine, v, link); break;
    }
  }
  for (uint32_t k = 0; k < r->v2_lfo_count && k < SC_V2_MAX_LFOS; k++) {
    const sc_v2_lfo_params *p = &r->v2_lfos[k];
    s->lfos[k] = (sc_v2_lfo){0};
    s->lfos[k].start_phase = p->phase + phase[k];
    /* the random wave's sequence: the voice's own (its random source and age), per LFO */
    s->lfos[k].seed = ((uint64_t)(v->mods.random_unit * 16777216.0f) << 40) ^ (v->age << 8) ^ k;
    s->lfos[k].delay_frames = frames_of(p->delay + delay[k], rate);
    s->lfos[k].fade_frames = frames_of(p->fade + fade[k], rate);
  }
  for (uint32_t k = 0; k < r->v2_eg_count && k < SC_V2_MAX_EGS; k++) {
    const sc_v2_eg_params *p = &r->v2_egs[k];
    sc_v2_eg *eg = &s->egs[k];
    *eg = (sc_v2_eg){0};
    eg_points(engine, v, k, 0);
    eg_enter(eg, p, 0);
    if (p->ampeg && s->amp_eg < 0) s->amp_eg = (int8_t)k;
  }
  if (s->amp_eg >= 0) {
    /* The plain envelope only stands by: it sustains at the flex level, is never advanced or
     * released, and its stage turns done when the flex envelope has ended. */
    sc_envelope_params hold = {.sustain = 1.0f};
    sc_env_start(&v->amp_env, &hold, rate);
    v->amp_env.level = fmaxf(0.0f, s->egs[s->amp_eg].level);
  }
}

void sc_v2_release(sc_voice *v) {
  const sc_region *r = v->region;
  sc_v2_voice *s = &v->v2;
  if (!s->active) return;
  for (uint32_t k = 0; k < r->v2_eg_count && k < SC_V2_MAX_EGS; k++) {
    const sc_v2_eg_params *p = &r->v2_egs[k];
    sc_v2_eg *eg = &s->egs[k];
    if (eg->released) continue;
    eg->released = true;
    eg->holding = false;
    /* what follows the sustain point plays from wherever the envelope is now */
    if (p->sustain >= 0 && eg->point <= p->sustain) eg_enter(eg, p, (uint8_t)(p->sustain + 1));
  }
}

/* Applies one link's output to the live sums. Amplitude outputs are gathered per modulator and
 * applied once, since their depths add before they become a gain factor. */
static void add_output(sc_live_mods *live, const sc_v2_link *link, float out, float amount,
                       float amplitude[2][SC_V2_MAX_LFOS], bool used[2][SC_V2_MAX_LFOS]) {
  if (link->index == SC_MOD_AMPLITUDE) {
    uint8_t from = link->kind == SC_V2_LINK_EG ? 1 : 0;
    amplitude[from][link->slot] += amount;
    used[from][link->slot] = true;
  } else if (link->index < SC_MOD_LIVE_COUNT) {
    live->value[link->index] += out * amount;
  }
}

/* How LFOs and envelopes move LFOs this step (corpus/spec modulations/lfo.md: freq_lfoX,
 * depth_lfoX, depthadd_lfoX; opcodes/egN_depth_lfoX.md: "scales lfo1's effect from 0 to
 * 200%"). A moving LFO's output is the one of the last step, so LFOs may move each other, even
 * in a loop (which lfo.md allows), in any order, one control interval late. */
typedef struct lfo_scale {
  float depth[SC_V2_MAX_LFOS], depth_add[SC_V2_MAX_LFOS]; /* fractions of full output */
  bool depth_set[SC_V2_MAX_LFOS], moved[SC_V2_MAX_LFOS];
} lfo_scale;

static bool lfos_moved(const sc_v2_voice *s, const sc_region *r, const float *amounts,
                       uint32_t link_count, float freq_offset[SC_V2_MAX_LFOS], lfo_scale *scale) {
  bool any = false;
  for (uint32_t i = 0; i < link_count; i++) {
    const sc_v2_link *link = &r->v2_links[i];
    bool from_lfo = link->kind == SC_V2_LINK_LFO;
    if ((!from_lfo && link->kind != SC_V2_LINK_EG) || link->index < SC_V2_TARGET_LFO_FREQ) continue;
    if (!any) *scale = (lfo_scale){{0}};
    any = true;
    uint8_t slot = link->slot % SC_V2_MAX_LFOS;
    float y = (from_lfo ? s->lfo_last[slot] : s->egs[slot].level) * amounts[i];
    uint32_t target = link->index - SC_V2_TARGET_LFO_FREQ, k = target % SC_V2_MAX_LFOS;
    if (target < SC_V2_MAX_LFOS) {
      freq_offset[k] += y;
    } else if (target < 2 * SC_V2_MAX_LFOS) {
      scale->depth[k] += y / 100.0f;
      scale->depth_set[k] = scale->moved[k] = true;
    } else {
      scale->depth_add[k] += y / 100.0f;
      scale->moved[k] = true;
    }
  }
  return any;
}

void sc_v2_step(const sc_engine *engine, sc_voice *v, uint32_t frames, sc_live_mods *live) {
  const sc_region *r = v->region;
  sc_v2_voice *s = &v->v2;
  double rate = engine->config.sample_rate;
  float freq_offset[SC_V2_MAX_LFOS] = {0};
  float amounts[SC_V2_MAX_LINKS];
  uint32_t link_count = r->v2_link_count < SC_V2_MAX_LINKS ? r->v2_link_count : SC_V2_MAX_LINKS;
  for (uint32_t i = 0; i < link_count; i++) {
    const sc_v2_link *link = &r->v2_links[i];
    if (!is_continuous(link->kind)) continue;
    float y = link_amount(engine, v, link);
    if (link->smooth > 0.0f && frames > 0) {
      float a = (float)(frames / (link->smooth * 0.001 * rate));
      y = s->link_state[i] + (y - s->link_state[i]) * (a > 1.0f ? 1.0f : a);
    }
    s->link_state[i] = y;
    amounts[i] = y;
    if (link->kind == SC_V2_LINK_LFO_FREQ) freq_offset[link->slot % SC_V2_MAX_LFOS] += y;
  }
  lfo_scale scale;
  bool scaled = lfos_moved(s, r, amounts, link_count, freq_offset, &scale);
  float lfo_out[SC_V2_MAX_LFOS] = {0}, eg_out[SC_V2_MAX_EGS] = {0};
  for (uint32_t k = 0; k < r->v2_lfo_count && k < SC_V2_MAX_LFOS; k++) {
    lfo_out[k] = lfo_step(r, k, &s->lfos[k], frames, freq_offset[k], amounts, link_count, rate);
    if (scaled && scale.moved[k])
      lfo_out[k] *= (scale.depth_set[k] ? scale.depth[k] : 1.0f) + scale.depth_add[k];
    s->lfo_last[k] = lfo_out[k];
  }
  for (uint32_t k = 0; k < r->v2_eg_count && k < SC_V2_MAX_EGS; k++) {
    eg_out[k] = s->egs[k].level;
    if ((int8_t)k != s->amp_eg) eg_advance(&s->egs[k], &r->v2_egs[k], v->instrument, frames);
  }
  float amplitude[2][SC_V2_MAX_LFOS] = {{0}};
  bool used[2][SC_V2_MAX_LFOS] = {{false}};
  for (uint32_t i = 0; i < link_count; i++) {
    const sc_v2_link *link = &r->v2_links[i];
    uint8_t slot = link->slot % SC_V2_MAX_LFOS;
    if (link->kind == SC_V2_LINK_LFO)
      add_output(live, link, lfo_out[slot], amounts[i], amplitude, used);
    else if (link->kind == SC_V2_LINK_EG)
      add_output(live, link, eg_out[slot], amounts[i], amplitude, used);
  }
  /* An LFO swings the gain around unity by its depth in percent; an envelope scales it, as
   * egN_amplitude=100 multiplies the amplitude envelope by the flex one. */
  for (uint32_t k = 0; k < SC_V2_MAX_LFOS; k++) {
    if (used[0][k]) live->amplitude *= fmaxf(0.0f, 1.0f + lfo_out[k] * amplitude[0][k] / 100.0f);
    if (used[1][k]) live->amplitude *= eg_out[k] * amplitude[1][k] / 100.0f;
  }
}

float sc_v2_amp_advance(const sc_engine *engine, sc_voice *v, uint32_t frames) {
  sc_v2_voice *s = &v->v2;
  const sc_v2_eg_params *p = &v->region->v2_egs[s->amp_eg];
  sc_v2_eg *eg = &s->egs[s->amp_eg];
  eg_advance(eg, p, v->instrument, frames);
  float level = fmaxf(0.0f, eg->level);
  v->amp_env.level = level;
  bool ended = eg->point >= p->point_count;
  if (ended && level <= SC_SILENCE_LEVEL) {
    v->amp_env.stage = SC_ENV_DONE;
  } else if (v->released && !v->one_shot && (ended || eg->holding) && v->level.fade_step <= 0.0f) {
    float step = (float)(1.0 / (SC_V2_AMP_END_FADE_SECONDS * engine->config.sample_rate));
    sc_voice_begin_fade(v, step);
  }
  return level;
}
