#include "state/parameters.h"

#include <math.h>
#include <string.h>

#include "config.h"

_Static_assert(SC_PARAM_COUNT <= 64, "one bit per parameter in the change mask");

typedef struct range {
  float minimum, maximum, default_value;
  bool can_ramp;
} range;

/* The parameters whose range or default does not depend on the engine's configuration. */
static range fixed_range(sc_param p) {
  switch (p) {
    case SC_PARAM_MASTER_GAIN: return (range){0.0f, SC_PARAM_MAX_GAIN, 1.0f, true};
    case SC_PARAM_LOOP_THRU_RELEASE:
    case SC_PARAM_MONOPHONIC:
    case SC_PARAM_LEGATO:
    case SC_PARAM_FILTER_ENABLE:
    case SC_PARAM_RESTART_VOICE_LFO: return (range){0.0f, 1.0f, 0.0f, false};
    case SC_PARAM_GLIDE_RATE: return (range){0.0f, SC_PARAM_MAX_GLIDE_SECONDS, 0.0f, false};
    case SC_PARAM_VIBRATO_DEPTH:
      return (range){0.0f, SC_PARAM_MAX_VIBRATO_CENTS, SC_DEFAULT_VIBRATO_DEPTH, true};
    case SC_PARAM_VIBRATO_RATE:
      return (range){0.0f, SC_PARAM_MAX_VIBRATO_HZ, SC_DEFAULT_VIBRATO_RATE, true};
    case SC_PARAM_PITCH_BEND_RANGE: return (range){0.0f, SC_PARAM_MAX_BEND_CENTS, 0.0f, false};
    case SC_PARAM_TEMPO: return (range){SC_PARAM_MIN_TEMPO, SC_PARAM_MAX_TEMPO, 120.0f, false};
    case SC_PARAM_AMP_ATTACK:
    case SC_PARAM_AMP_HOLD:
    case SC_PARAM_AMP_DECAY:
    case SC_PARAM_AMP_RELEASE:
    case SC_PARAM_FILTER_ATTACK:
    case SC_PARAM_FILTER_DECAY:
    case SC_PARAM_FILTER_RELEASE:
    case SC_PARAM_PITCH_ATTACK:
    case SC_PARAM_PITCH_DECAY:
    case SC_PARAM_PITCH_RELEASE: return (range){0.0f, SC_PARAM_MAX_ENVELOPE_SECONDS, 0.0f, false};
    case SC_PARAM_AMP_SUSTAIN:
    case SC_PARAM_FILTER_SUSTAIN: return (range){0.0f, 1.0f, 1.0f, false};
    case SC_PARAM_PITCH_SUSTAIN: return (range){0.0f, 1.0f, 0.0f, false};
    case SC_PARAM_FILTER_CUTOFF:
      return (range){SC_PARAM_MIN_CUTOFF_MULTIPLE, SC_PARAM_MAX_CUTOFF_MULTIPLE,
                     SC_PARAM_DEFAULT_CUTOFF_MULTIPLE, true};
    case SC_PARAM_FILTER_STRENGTH: return (range){0.0f, SC_PARAM_MAX_CUTOFF_MULTIPLE, 0.0f, true};
    case SC_PARAM_FILTER_RESONANCE: return (range){0.0f, SC_PARAM_MAX_RESONANCE_DB, 0.0f, true};
    case SC_PARAM_FILTER_KEY_TRACKING: return (range){0.0f, 1.0f, 1.0f, false};
    case SC_PARAM_FILTER_ENVELOPE_VELOCITY: return (range){0.0f, 1.0f, 0.0f, false};
    case SC_PARAM_PITCH_ENVELOPE_SEMITONES:
      return (range){-SC_PARAM_MAX_PITCH_ENVELOPE_SEMITONES, SC_PARAM_MAX_PITCH_ENVELOPE_SEMITONES,
                     0.0f, true};
    case SC_PARAM_VOICE_VIBRATO_DEPTH: return (range){0.0f, SC_PARAM_MAX_VIBRATO_CENTS, 0.0f, true};
    case SC_PARAM_VOICE_VIBRATO_RATE:
      return (range){0.0f, SC_PARAM_MAX_VIBRATO_HZ, SC_DEFAULT_VIBRATO_RATE, true};
    case SC_PARAM_MASTER_TUNE:
      return (range){-SC_PARAM_MAX_MASTER_TUNE_CENTS, SC_PARAM_MAX_MASTER_TUNE_CENTS, 0.0f, true};
    case SC_PARAM_EFFECTS: return (range){0.0f, 1.0f, 1.0f, false};
    case SC_PARAM_CHANNEL_SENDS: return (range){0.0f, 1.0f, 0.0f, false};
    case SC_PARAM_REVERB_LEVEL:
      return (range){0.0f, SC_EFFECT_MAX_LEVEL, SC_REVERB_DEFAULT_LEVEL, false};
    case SC_PARAM_REVERB_DECAY:
      return (range){SC_REVERB_MIN_DECAY, SC_REVERB_MAX_DECAY, SC_REVERB_DEFAULT_DECAY, false};
    case SC_PARAM_REVERB_DAMPING:
      return (range){SC_REVERB_MIN_DAMPING, 1.0f, SC_REVERB_DEFAULT_DAMPING, false};
    case SC_PARAM_REVERB_PREDELAY:
      return (range){0.0f, SC_REVERB_MAX_PREDELAY, SC_REVERB_DEFAULT_PREDELAY, false};
    case SC_PARAM_REVERB_SIZE: return (range){0.0f, 1.0f, SC_REVERB_DEFAULT_SIZE, false};
    case SC_PARAM_REVERB_WIDTH: return (range){0.0f, 1.0f, SC_REVERB_DEFAULT_WIDTH, false};
    case SC_PARAM_CHORUS_LEVEL:
      return (range){0.0f, SC_EFFECT_MAX_LEVEL, SC_CHORUS_DEFAULT_LEVEL, false};
    case SC_PARAM_CHORUS_RATE:
      return (range){0.0f, SC_CHORUS_MAX_RATE, SC_CHORUS_DEFAULT_RATE, false};
    case SC_PARAM_CHORUS_DEPTH:
      return (range){0.0f, SC_CHORUS_MAX_DEPTH_MS, SC_CHORUS_DEFAULT_DEPTH_MS, false};
    case SC_PARAM_CHORUS_VOICES:
      return (range){1.0f, SC_CHORUS_MAX_VOICES, SC_CHORUS_DEFAULT_VOICES, false};
    case SC_PARAM_QUALITY:
    case SC_PARAM_POLYPHONY:
    case SC_PARAM_COUNT: break;
  }
  return (range){0.0f, 0.0f, 0.0f, false};
}

bool sc_param_get_info(sc_param p, const sc_engine_config *config, sc_param_info *info) {
  if ((unsigned)p >= SC_PARAM_COUNT || !config || !info) return false;
  range r = fixed_range(p);
  if (p == SC_PARAM_QUALITY)
    r = (range){SC_QUALITY_LINEAR, SC_QUALITY_SINC, config->quality, false};
  if (p == SC_PARAM_POLYPHONY)
    r = (range){1.0f, (float)config->max_voices, config->max_voices, false};
  *info = (sc_param_info){r.minimum, r.maximum, r.default_value, r.can_ramp};
  return true;
}

static uint32_t bits_of(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof bits);
  return bits;
}

/* A value's float bits with the next stamp above them: stamps order every value set or applied,
 * from any thread. */
static uint64_t stamped(sc_parameters *ps, float value) {
  uint64_t stamp = atomic_fetch_add_explicit(&ps->stamp, 1, memory_order_relaxed) + 1u;
  return (uint64_t)(uint32_t)stamp << 32 | bits_of(value);
}

/* Whether stamped `a` came after stamped `b` (stamps wrap around). */
static bool newer(uint64_t a, uint64_t b) {
  return (int32_t)((uint32_t)(a >> 32) - (uint32_t)(b >> 32)) > 0;
}

/* Makes `word` the value readers see, unless a newer one is there already: the render thread
 * may publish a value it took just before another thread set a newer one. */
static void publish(sc_parameters *ps, sc_param p, uint64_t word) {
  uint64_t seen = atomic_load_explicit(&ps->published[p], memory_order_relaxed);
  while (newer(word, seen) &&
         !atomic_compare_exchange_weak_explicit(&ps->published[p], &seen, word,
                                                memory_order_relaxed, memory_order_relaxed)) {
  }
}

/* A value the parameter can take: within its range, and whole where it counts something. */
static float sanitize(sc_param p, float value, const sc_engine_config *config) {
  sc_param_info info;
  sc_param_get_info(p, config, &info);
  value = fminf(fmaxf(value, info.minimum), info.maximum);
  if (p == SC_PARAM_QUALITY || p == SC_PARAM_POLYPHONY || p == SC_PARAM_CHORUS_VOICES)
    value = roundf(value);
  return value;
}

void sc_parameters_init(sc_parameters *ps, const sc_engine_config *config) {
  for (int p = 0; p < SC_PARAM_COUNT; p++) {
    sc_param_info info;
    sc_param_get_info((sc_param)p, config, &info);
    ps->value[p] = info.default_value;
    ps->ramp[p] = (sc_ramp){info.default_value, info.default_value, 0, 0};
    atomic_init(&ps->published[p], (uint64_t)bits_of(info.default_value));
    atomic_init(&ps->requested[p], (uint64_t)bits_of(info.default_value));
  }
  atomic_init(&ps->stamp, 0);
  ps->ramping = 0;
  atomic_init(&ps->changed, 0);
  atomic_init(&ps->pending, 0);
}

/* The ramp's value on its frame `i`, in double so that the line is exact to float precision. */
static float ramp_value(const sc_ramp *r, uint32_t i) {
  if (i + 1 >= r->length) return r->target;
  return (float)(r->start + ((double)r->target - r->start) * (double)(i + 1) / (double)r->length);
}

/* Applies a parameter event and publishes its value: `word` when the value was set from another
 * thread (stamped when set), otherwise stamped now. Returns whether the polyphony changed. */
static bool apply(sc_parameters *ps, const sc_engine_config *config, const sc_event *ev,
                  uint64_t word) {
  if (ev->data1 >= SC_PARAM_COUNT || !isfinite(ev->number)) return false;
  sc_param p = (sc_param)ev->data1;
  sc_param_info info;
  sc_param_get_info(p, config, &info);
  float target = sanitize(p, ev->number, config);
  uint64_t bit = UINT64_C(1) << p;
  bool ramps = info.can_ramp && ev->value > 1;
  if (ramps) {
    /* from the value reached, so that a newer ramp never jumps */
    ps->ramp[p] = (sc_ramp){ps->value[p], target, (uint32_t)ev->value, 0};
    ps->ramping |= bit;
  } else {
    ps->ramping &= ~bit;
    ps->value[p] = target;
  }
  publish(ps, p, word ? word : stamped(ps, target));
  if (!(ev->data2 & SC_PARAMETER_FROM_CONTROL))
    atomic_fetch_or_explicit(&ps->changed, bit, memory_order_relaxed);
  return !ramps && p == SC_PARAM_POLYPHONY;
}

bool sc_parameters_apply_event(sc_parameters *ps, const sc_engine_config *config,
                               const sc_event *ev) {
  return apply(ps, config, ev, 0);
}

#define GAIN_BIT (UINT64_C(1) << SC_PARAM_MASTER_GAIN)

uint32_t sc_parameters_begin_span(sc_parameters *ps, uint32_t frames) {
  /* the master gain ramps frame by frame in sc_parameters_end_span; the others step here, at
   * every SC_CONTROL_FRAMES-th frame of their ramp and on its last */
  uint64_t mask = ps->ramping & ~GAIN_BIT;
  while (mask) {
    int p = __builtin_ctzll(mask);
    mask &= mask - 1;
    const sc_ramp *r = &ps->ramp[p];
    uint32_t i = r->elapsed, last = r->length - 1;
    if (i % SC_CONTROL_FRAMES == 0 || i == last) ps->value[p] = ramp_value(r, i);
    if (i >= last) continue;
    uint32_t next = (i / SC_CONTROL_FRAMES + 1) * SC_CONTROL_FRAMES;
    if (last < next) next = last;
    if (next - i < frames) frames = next - i;
  }
  return frames;
}

/* Scales a span of each output by the master gain: per frame on the ramp's line while it runs,
 * then by the value in force, which unity leaves untouched. Every output gets the same gains. */
static void apply_gain(sc_parameters *ps, float *const *left, float *const *right, uint32_t count,
                       uint32_t offset, uint32_t frames) {
  uint32_t j = 0;
  if (ps->ramping & GAIN_BIT) {
    sc_ramp *r = &ps->ramp[SC_PARAM_MASTER_GAIN];
    float g = ps->value[SC_PARAM_MASTER_GAIN];
    for (; j < frames && r->elapsed < r->length; j++, r->elapsed++) {
      g = ramp_value(r, r->elapsed);
      for (uint32_t o = 0; o < count; o++) {
        left[o][offset + j] *= g;
        right[o][offset + j] *= g;
      }
    }
    ps->value[SC_PARAM_MASTER_GAIN] = g;
    if (r->elapsed >= r->length) ps->ramping &= ~GAIN_BIT;
  }
  float g = ps->value[SC_PARAM_MASTER_GAIN];
  if (g == 1.0f) return;
  for (uint32_t o = 0; o < count; o++) {
    float *l = left[o] + offset, *rt = right[o] + offset;
    for (uint32_t k = j; k < frames; k++) {
      l[k] *= g;
      rt[k] *= g;
    }
  }
}

void sc_parameters_end_span(sc_parameters *ps, float *const *left, float *const *right,
                            uint32_t count, uint32_t offset, uint32_t frames) {
  apply_gain(ps, left, right, count, offset, frames);
  uint64_t mask = ps->ramping & ~GAIN_BIT;
  while (mask) {
    int p = __builtin_ctzll(mask);
    mask &= mask - 1;
    sc_ramp *r = &ps->ramp[p];
    r->elapsed = r->length - r->elapsed > frames ? r->elapsed + frames : r->length;
    if (r->elapsed >= r->length) {
      ps->value[p] = r->target;
      ps->ramping &= ~(UINT64_C(1) << p);
    }
  }
}

bool sc_parameters_request(sc_parameters *ps, const sc_engine_config *config, sc_param p,
                           float value) {
  if ((unsigned)p >= SC_PARAM_COUNT || !isfinite(value)) return false;
  uint64_t word = stamped(ps, sanitize(p, value, config));
  atomic_store_explicit(&ps->requested[p], word, memory_order_relaxed);
  /* readers see the value at once, before the render thread takes it */
  publish(ps, p, word);
  atomic_fetch_or_explicit(&ps->pending, UINT64_C(1) << p, memory_order_release);
  return true;
}

bool sc_parameters_adopt(sc_parameters *ps, const sc_engine_config *config) {
  bool polyphony = false;
  uint64_t mask = atomic_exchange_explicit(&ps->pending, 0, memory_order_acquire);
  while (mask) {
    int p = __builtin_ctzll(mask);
    mask &= mask - 1;
    uint64_t word = atomic_load_explicit(&ps->requested[p], memory_order_relaxed);
    uint32_t bits = (uint32_t)word;
    float value;
    memcpy(&value, &bits, sizeof value);
    sc_event ev = {.type = SC_EVENT_PARAMETER,
                   .data1 = (uint8_t)p,
                   .data2 = SC_PARAMETER_FROM_CONTROL,
                   .number = value};
    if (apply(ps, config, &ev, word)) polyphony = true;
  }
  return polyphony;
}

float sc_parameters_published(const sc_parameters *ps, sc_param p) {
  if ((unsigned)p >= SC_PARAM_COUNT) return 0.0f;
  uint32_t bits =
      (uint32_t)atomic_load_explicit(&((sc_parameters *)ps)->published[p], memory_order_relaxed);
  float value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

uint64_t sc_parameters_take_changes(sc_parameters *ps) {
  return atomic_exchange_explicit(&ps->changed, 0, memory_order_relaxed);
}
