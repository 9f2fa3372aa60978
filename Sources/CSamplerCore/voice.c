/* voice.c - one voice: reads its sample at pitch (looping without a click at the seam), shapes it
 * with envelopes, LFOs and the filter, and adds it to the mix with a gain ramped between control
 * points so no step is ever audible. */
#include <math.h>

#include "internal.h"

static float velocity_gain(float veltrack_percent, uint8_t velocity) {
  /* Full tracking follows (velocity/127)^2, the usual MIDI velocity-to-amplitude curve. */
  float v = velocity / 127.0f;
  float t = veltrack_percent / 100.0f;
  if (t >= 0.0f) return 1.0f - t + t * v * v;
  float inverse = 1.0f - v;
  return 1.0f + t - t * inverse * inverse;
}

static float channel_gain(const sc_channel *c) {
  float volume = c->cc[7] / 127.0f, expression = c->cc[11] / 127.0f;
  return volume * volume * expression * expression;
}

static float channel_pan(const sc_channel *c) {
  float pan = (c->cc[10] - 64.0f) / 63.0f;
  return pan < -1.0f ? -1.0f : pan > 1.0f ? 1.0f : pan;
}

/* The sample is taken to sound at the 12-TET pitch of its key centre, and the played key at the
 * pitch the tuning table gives it, so a retuned key sounds at exactly its table frequency. */
double sc_voice_key_cents(const sc_engine *engine, const sc_voice *voice, double key) {
  const sc_region *r = voice->region;
  double relative = sc_tuning_cents(engine->note_cents, key) - 100.0 * r->pitch_keycenter;
  return relative * r->pitch_keytrack / 100.0;
}

void sc_voice_start(sc_engine *engine, sc_voice *v, const sc_instrument *instrument,
                    uint32_t region_index, uint8_t channel, uint8_t key, uint8_t velocity,
                    float gain_db) {
  const sc_region *r = &instrument->regions[region_index];
  const sc_region_play *play = &instrument->play[region_index];
  double rate = engine->config.sample_rate;
  const sc_channel *c = &engine->channels[channel];
  *v = (sc_voice){0};
  v->state = SC_VOICE_PLAYING;
  v->instrument = instrument;
  v->region = r;
  v->play = play;
  v->sample = &instrument->samples[r->sample_index];
  v->channel = channel;
  v->key = key;
  v->velocity = velocity;
  v->age = ++engine->note_counter;
  v->pos = play->start << SC_FRACTION_BITS;
  v->loop_mode = r->loop_mode;
  if (v->loop_mode == SC_LOOP_ENGINE)
    v->loop_mode =
        engine->params[SC_PARAM_LOOP_THRU_RELEASE] > 0.5f ? SC_LOOP_CONTINUOUS : SC_LOOP_SUSTAIN;
  v->looping = v->loop_mode == SC_LOOP_CONTINUOUS || v->loop_mode == SC_LOOP_SUSTAIN;
  bool release_trigger = r->trigger == SC_TRIGGER_RELEASE || r->trigger == SC_TRIGGER_RELEASE_KEY;
  v->one_shot = v->loop_mode == SC_LOOP_ONE_SHOT || release_trigger;
  v->released = release_trigger;
  sc_env_start(&v->amp_env, &r->ampeg, rate);
  sc_env_start(&v->fil_env, &r->fileg, rate);
  sc_env_start(&v->pitch_env, &r->pitcheg, rate);
  sc_lfo_start(&v->amp_lfo, &r->amplfo, rate);
  sc_lfo_start(&v->fil_lfo, &r->fillfo, rate);
  sc_lfo_start(&v->pitch_lfo, &r->pitchlfo, rate);
  v->base_cents = sc_voice_key_cents(engine, v, key) + r->tune;
  v->rate_log2 = play->rate_ratio_log2 - log2(rate);
  v->static_gain =
      powf(10.0f, (r->volume_db + gain_db) / 20.0f) * velocity_gain(r->amp_veltrack, velocity);
  v->base_pan = r->pan / 100.0f;
  v->cutoff_cents =
      r->fil_keytrack * (key - r->fil_keycenter) + r->fil_veltrack * velocity / 127.0f;
  v->channel_gain = channel_gain(c);
  v->channel_pan = channel_pan(c);
  v->fade = 1.0f;
  v->gain = v->amp_env.level * v->static_gain * v->channel_gain;
  v->last_cents = NAN;
  v->last_pan = NAN;
  v->last_cutoff = NAN;
  v->damping = sc_filter_damping(r->resonance);
  engine->playing++;
}

void sc_voice_release(sc_engine *engine, sc_voice *v) {
  (void)engine;
  if (v->state != SC_VOICE_PLAYING) return;
  v->sustained = false;
  if (v->released) return;
  v->released = true;
  if (v->one_shot) return;
  sc_env_release(&v->amp_env);
  sc_env_release(&v->fil_env);
  sc_env_release(&v->pitch_env);
  if (v->loop_mode == SC_LOOP_SUSTAIN) v->looping = false;
}

void sc_voice_release_forced(sc_engine *engine, sc_voice *v) {
  (void)engine;
  if (v->state != SC_VOICE_PLAYING) return;
  v->sustained = false;
  v->released = true;
  v->one_shot = false;
  sc_env_release(&v->amp_env);
  sc_env_release(&v->fil_env);
  sc_env_release(&v->pitch_env);
  if (v->loop_mode == SC_LOOP_SUSTAIN) v->looping = false;
}

static uint64_t increment_for(double rate_log2, double cents) {
  double ratio = exp2(rate_log2 + cents / 1200.0);
  /* beyond 12 octaves up nothing is left to hear; the cap keeps positions far from overflow */
  if (ratio > 4096.0) ratio = 4096.0;
  uint64_t inc = (uint64_t)(ratio * (double)SC_FRACTION_ONE + 0.5);
  return inc ? inc : 1;
}

static double bend_cents(const sc_engine *engine, const sc_voice *v) {
  int32_t bend = engine->channels[v->channel].bend;
  if (bend == 0) return 0.0;
  double range = engine->params[SC_PARAM_PITCH_BEND_RANGE];
  if (bend > 0) return bend / 8191.0 * (range > 0.0 ? range : v->region->bend_up);
  return bend / 8192.0 * (range > 0.0 ? range : -v->region->bend_down);
}

/* Reads `count` frames, looping as the voice says; returns fewer when the sample ends. */
static uint32_t read_frames(sc_engine *engine, sc_voice *v, uint64_t inc, float *left, float *right,
                            uint32_t count) {
  const sc_sample *s = v->sample;
  const sc_region_play *p = v->play;
  sc_quality quality = engine->config.quality;
  uint32_t reach_left, reach_right;
  sc_interpolation_reach(quality, &reach_left, &reach_right);
  uint32_t produced = 0;
  while (produced < count) {
    uint64_t fast;
    if (v->looping) {
      uint64_t loop_start = p->loop_start << SC_FRACTION_BITS;
      if (v->pos >= (p->loop_end + 1) << SC_FRACTION_BITS) {
        uint64_t length = (p->loop_end - p->loop_start + 1) << SC_FRACTION_BITS;
        v->pos = loop_start + (v->pos - loop_start) % length;
        v->wrapped = true;
      }
      uint64_t index = v->pos >> SC_FRACTION_BITS;
      bool near_end = index + reach_right > p->loop_end;
      bool near_start = v->wrapped && index < p->loop_start + reach_left;
      if (near_end || near_start) {
        /* taps straddle the seam: fetch them folded into the loop, one frame at a time */
        sc_loop_fold fold = {(int64_t)p->loop_start, (int64_t)p->loop_end, v->wrapped};
        sc_interpolate_folded(quality, &engine->sinc, s->frames, s->channels, v->pos, &fold,
                              &left[produced], &right[produced]);
        v->pos += inc;
        produced++;
        continue;
      }
      uint64_t limit = (p->loop_end - reach_right + 1) << SC_FRACTION_BITS;
      fast = (limit - v->pos + inc - 1) / inc;
    } else {
      uint64_t end = (p->last + 1) << SC_FRACTION_BITS;
      if (v->pos >= end) return produced;
      fast = (end - v->pos + inc - 1) / inc;
    }
    uint32_t n = count - produced;
    if (fast < n) n = (uint32_t)fast;
    engine->interpolate(quality, &engine->sinc, s->frames, s->channels, v->pos, inc, n,
                        &left[produced], &right[produced]);
    v->pos += inc * n;
    produced += n;
  }
  return produced;
}

/* Equal-power pan normalised to unity at the centre, so a centred mono sample keeps its level. */
static void pan_gains(float pan, float *gl, float *gr) {
  float angle = (pan + 1.0f) * (float)(SC_PI / 4.0);
  *gl = (float)SC_SQRT2 * cosf(angle);
  *gr = (float)SC_SQRT2 * sinf(angle);
}

static uint32_t chunk_length(const sc_voice *v, uint32_t remaining) {
  uint32_t n = remaining < SC_CONTROL_FRAMES ? remaining : SC_CONTROL_FRAMES;
  uint32_t env_left = sc_env_frames_left(&v->amp_env);
  if (env_left > 0 && env_left < n) n = env_left;
  if (v->fade_step > 0.0f) {
    uint32_t fade_left = (uint32_t)ceilf(v->fade / v->fade_step);
    if (fade_left == 0) fade_left = 1;
    if (fade_left < n) n = fade_left;
  }
  return n;
}

void sc_voice_render(sc_engine *engine, sc_voice *v, float *left, float *right, uint32_t frames) {
  const sc_region *r = v->region;
  const sc_channel *c = &engine->channels[v->channel];
  double rate = engine->config.sample_rate;
  float target_gain = channel_gain(c), target_pan = channel_pan(c);
  float *bl = engine->scratch_left, *br = engine->scratch_right;
  uint32_t done = 0;
  while (done < frames) {
    uint32_t n = chunk_length(v, frames - done);

    /* control values at the start of the chunk */
    float amp_lfo_db = sc_lfo_step(&v->amp_lfo, n);
    float pitch_lfo = sc_lfo_step(&v->pitch_lfo, n);
    float fil_lfo = sc_lfo_step(&v->fil_lfo, n);
    double cents = v->base_cents + v->glide_cents + bend_cents(engine, v) +
                   v->pitch_env.level * r->pitcheg.depth + pitch_lfo;
    uint8_t wheel = c->cc[1];
    if (wheel > 0)
      cents += engine->params[SC_PARAM_VIBRATO_DEPTH] * (wheel / 127.0) *
               sin(2.0 * SC_PI * v->vibrato_phase);
    v->vibrato_phase += engine->params[SC_PARAM_VIBRATO_RATE] * n / rate;
    v->vibrato_phase -= floor(v->vibrato_phase);
    if (v->glide_cents != 0.0) {
      float glide_rate = engine->params[SC_PARAM_GLIDE_RATE];
      double step = glide_rate > 0.0f ? 1200.0 / glide_rate * n / rate : fabs(v->glide_cents);
      v->glide_cents = v->glide_cents > 0.0 ? fmax(0.0, v->glide_cents - step)
                                            : fmin(0.0, v->glide_cents + step);
    }
    if (cents != v->last_cents) {
      v->increment = increment_for(v->rate_log2, cents);
      v->last_cents = cents;
    }
    uint64_t inc = v->increment;
    float fil_level = v->fil_env.level;

    /* control values at the end of the chunk */
    float env_end = sc_env_advance(&v->amp_env, n);
    uint32_t fil_left = sc_env_frames_left(&v->fil_env);
    sc_env_advance(&v->fil_env, n < fil_left ? n : fil_left);
    uint32_t pitch_left = sc_env_frames_left(&v->pitch_env);
    sc_env_advance(&v->pitch_env, n < pitch_left ? n : pitch_left);
    float smoothing = engine->smoothing * n;
    if (smoothing > 1.0f) smoothing = 1.0f;
    v->channel_gain += (target_gain - v->channel_gain) * smoothing;
    v->channel_pan += (target_pan - v->channel_pan) * smoothing;
    float fade_end = v->fade - v->fade_step * n;
    if (fade_end < 0.0f) fade_end = 0.0f;
    float g1 = env_end * v->static_gain * v->channel_gain * fade_end;
    if (amp_lfo_db != 0.0f) g1 *= powf(10.0f, amp_lfo_db / 20.0f);

    uint32_t got = read_frames(engine, v, inc, bl, br, n);
    if (r->fil_type != SC_FILTER_NONE) {
      double cutoff_cents = v->cutoff_cents + fil_level * r->fileg.depth + fil_lfo;
      if (cutoff_cents != v->last_cutoff) {
        sc_filter_coeffs_compute(&v->filter_coeffs, r->fil_type,
                                 r->cutoff * exp2(cutoff_cents / 1200.0), v->damping, rate);
        v->last_cutoff = cutoff_cents;
      }
      sc_filter_process(r->fil_type, &v->filter_coeffs, &v->filter, bl,
                        v->sample->channels == 2 ? br : NULL, got);
    }
    float pan = v->base_pan + v->channel_pan;
    pan = pan < -1.0f ? -1.0f : pan > 1.0f ? 1.0f : pan;
    if (pan != v->last_pan) {
      pan_gains(pan, &v->pan_left, &v->pan_right);
      v->last_pan = pan;
    }
    float gl = v->pan_left, gr = v->pan_right;
    float g = v->gain, step = (g1 - v->gain) / (float)n;
    float *ol = left + done, * or = right + done;
    if (v->sample->channels == 2) {
      for (uint32_t i = 0; i < got; i++, g += step) {
        ol[i] += bl[i] * g * gl;
        or [i] += br[i] * g * gr;
      }
    } else {
      for (uint32_t i = 0; i < got; i++, g += step) {
        float x = bl[i] * g;
        ol[i] += x * gl;
        or [i] += x * gr;
      }
    }
    v->gain = g1;
    v->fade = fade_end;
    done += got;
    bool finished =
        got < n || v->amp_env.stage == SC_ENV_DONE || (v->fade_step > 0.0f && fade_end <= 0.0f);
    if (finished) {
      sc_voice_free(engine, v);
      return;
    }
  }
}
