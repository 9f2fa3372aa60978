/* voice.c - one voice: reads its sample at pitch (looping without a click at the seam), shapes it
 * with envelopes, LFOs and the filter, and adds it to the mix with a gain ramped between control
 * points so no step is ever audible. */
#include <math.h>
#include <string.h>

#include "internal.h"

static float velocity_gain(float veltrack_percent, uint8_t velocity) {
  /* Full tracking follows (velocity/127)^2, the usual MIDI velocity-to-amplitude curve. */
  float v = velocity / 127.0f;
  float t = veltrack_percent / 100.0f;
  if (t >= 0.0f) return 1.0f - t + t * v * v;
  float inverse = 1.0f - v;
  return 1.0f + t - t * inverse * inverse;
}

/* Channel volume, expression and pan apply unless the region maps those controllers itself
 * (an instrument's own amplitude_oncc7 replaces the default, it does not add to it). */
static float channel_gain(const sc_channel *c, uint8_t implicit) {
  float gain = 1.0f;
  if (implicit & SC_IMPLICIT_VOLUME) gain *= (c->cc[7] / 127.0f) * (c->cc[7] / 127.0f);
  if (implicit & SC_IMPLICIT_EXPRESSION) gain *= (c->cc[11] / 127.0f) * (c->cc[11] / 127.0f);
  return gain;
}

static float channel_pan(const sc_channel *c, uint8_t implicit) {
  if (!(implicit & SC_IMPLICIT_PAN)) return 0.0f;
  float pan = (c->cc[10] - 64.0f) / 63.0f;
  return pan < -1.0f ? -1.0f : pan > 1.0f ? 1.0f : pan;
}

static float clamp_unit(float x, float lo, float hi) { return x < lo ? lo : x > hi ? hi : x; }

/* An envelope's parameters for one note: velocity tracking and note-on modulations added. The
 * modulation sums come in the order delay, start, attack, hold, decay, sustain, release, depth. */
static sc_envelope_params shaped_envelope(const sc_envelope_params *p, const float *mods,
                                          float velocity) {
  sc_envelope_params e = *p;
  e.delay = fmaxf(0.0f, p->delay + p->vel2delay * velocity + mods[0]);
  e.start = clamp_unit(p->start + mods[1] / 100.0f, 0.0f, 1.0f);
  e.attack = fmaxf(0.0f, p->attack + p->vel2attack * velocity + mods[2]);
  e.hold = fmaxf(0.0f, p->hold + p->vel2hold * velocity + mods[3]);
  e.decay = fmaxf(0.0f, p->decay + p->vel2decay * velocity + mods[4]);
  e.sustain = clamp_unit(p->sustain + p->vel2sustain * velocity + mods[5] / 100.0f, 0.0f, 1.0f);
  e.release = fmaxf(0.0f, p->release + p->vel2release * velocity + mods[6]);
  e.depth = p->depth + p->vel2depth * velocity + mods[7];
  return e;
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
  v->loop_mode = r->loop_mode;
  if (v->loop_mode == SC_LOOP_ENGINE)
    v->loop_mode =
        engine->params[SC_PARAM_LOOP_THRU_RELEASE] > 0.5f ? SC_LOOP_CONTINUOUS : SC_LOOP_SUSTAIN;
  v->looping = v->loop_mode == SC_LOOP_CONTINUOUS || v->loop_mode == SC_LOOP_SUSTAIN;
  bool release_trigger = r->trigger == SC_TRIGGER_RELEASE || r->trigger == SC_TRIGGER_RELEASE_KEY;
  v->one_shot = v->loop_mode == SC_LOOP_ONE_SHOT || release_trigger;
  v->released = release_trigger;
  v->mod_first = play->mod_first;
  v->mod_count =
      play->mod_count < SC_MAX_VOICE_MODULATIONS ? play->mod_count : SC_MAX_VOICE_MODULATIONS;
  v->random_unit = sc_random_unit(&engine->rng_state);
  v->alternate = (v->age & 1) != 0;
  float bipolar = 2.0f * sc_random_unit(&engine->rng_state) - 1.0f;
  float unipolar = sc_random_unit(&engine->rng_state);
  float vel = velocity / 127.0f;
  v->key_delta = c->previous_key == SC_NO_KEY ? 0.0f : (float)(key - c->previous_key);
  float mods[SC_MOD_TARGET_COUNT] = {0};
  if (v->mod_count) sc_mods_note_on(engine, v, mods);
  sc_envelope_params ampeg = shaped_envelope(&r->ampeg, mods + SC_MOD_AMPEG_DELAY, vel);
  sc_envelope_params fileg = shaped_envelope(&r->fileg, mods + SC_MOD_FILEG_DELAY, vel);
  sc_envelope_params pitcheg = shaped_envelope(&r->pitcheg, mods + SC_MOD_PITCHEG_DELAY, vel);
  v->fileg_depth = fileg.depth;
  v->pitcheg_depth = pitcheg.depth;
  sc_env_start(&v->amp_env, &ampeg, rate);
  sc_env_start(&v->fil_env, &fileg, rate);
  sc_env_start(&v->pitch_env, &pitcheg, rate);
  sc_v2_start(engine, v);

  uint64_t start =
      play->start + (uint64_t)fmaxf(0.0f, r->offset_random * unipolar + mods[SC_MOD_OFFSET]);
  if (start > play->last) start = play->last;
  v->pos = start << SC_FRACTION_BITS;
  float delay =
      r->delay + r->delay_random * sc_random_unit(&engine->rng_state) + mods[SC_MOD_DELAY];
  if (r->sync_beats > 0.0f) {
    /* wait for the next multiple of sync_beats (plus sync_offset) of the song position */
    double beats = engine->beat - r->sync_offset;
    double target = beats <= 0.0 ? 0.0 : ceil(beats / r->sync_beats) * r->sync_beats;
    delay += (float)((target - beats) * 60.0 / engine->params[SC_PARAM_TEMPO]);
  }
  v->delay_frames = delay > 0.0f ? (uint32_t)(delay * rate + 0.5) : 0;
  if (r->count > 0) v->one_shot = true;
  v->plays_left = r->count > 1 ? r->count - 1 : 0;
  if (v->looping && r->loop_crossfade > 0.0f) {
    uint64_t frames = (uint64_t)(r->loop_crossfade * v->sample->sample_rate);
    uint64_t length = play->loop_end - play->loop_start + 1;
    if (frames > play->loop_start) frames = play->loop_start;
    if (frames > length) frames = length;
    v->crossfade_frames = (uint32_t)frames;
  }
  v->width = r->width / 100.0f;
  v->position = r->position / 100.0f;
  v->xfade_gain = sc_crossfade_gain(&r->key_crossfade, key) *
                  sc_crossfade_gain(&r->velocity_crossfade, velocity);
  v->resonance_db = r->resonance;
  v->last_resonance = r->resonance;
  for (int b = 0; b < 3; b++) {
    v->eq[b] = r->eq[b];
    v->eq[b].freq += r->eq[b].vel2freq * vel;
    v->eq[b].gain += r->eq[b].vel2gain * vel;
    if (v->eq[b].gain != 0.0f) v->eq_active = true;
  }
  for (int i = 0; i < 9; i++) v->last_eq[i] = NAN;
  sc_lfo_start(&v->amp_lfo, &r->amplfo, rate);
  sc_lfo_start(&v->fil_lfo, &r->fillfo, rate);
  sc_lfo_start(&v->pitch_lfo, &r->pitchlfo, rate);
  v->base_cents = sc_voice_key_cents(engine, v, key) + r->tune + r->pitch_veltrack * vel +
                  r->pitch_random * bipolar;
  v->rate_log2 = play->rate_ratio_log2 - log2(rate);
  float volume_db =
      r->volume_db + gain_db + r->amp_keytrack * (key - r->amp_keycenter) + r->amp_random * bipolar;
  /* the documented range, -100...100, holds for the sum too (corpus/spec amp_veltrack.md): past
   * it the gain would cross zero at some velocity and soft notes would be louder */
  float veltrack = fminf(fmaxf(r->amp_veltrack + mods[SC_MOD_AMP_VELTRACK], -100.0f), 100.0f);
  float velocity_curve = r->amp_velcurve >= 0 ? sc_curve_eval(instrument, r->amp_velcurve, vel)
                                              : velocity_gain(veltrack, velocity);
  v->static_gain = powf(10.0f, volume_db / 20.0f) * velocity_curve * v->xfade_gain;
  v->base_pan = (r->pan + r->pan_keytrack * (key - r->pan_keycenter)) / 100.0f;
  v->cutoff_cents = r->fil_keytrack * (key - r->fil_keycenter) +
                    r->fil_veltrack * velocity / 127.0f + r->fil_random * unipolar;
  v->channel_gain = channel_gain(c, r->implicit_controllers);
  v->channel_pan = channel_pan(c, r->implicit_controllers);
  v->fade = 1.0f;
  /* the first chunk ramps from here; with live modulations it starts from their values */
  float live_gain = 1.0f;
  if (play->has_live_mods) {
    sc_live_mods live;
    sc_mods_live(engine, v, 0, &live);
    live_gain = powf(10.0f, live.value[SC_MOD_VOLUME] / 20.0f) * live.amplitude *
                sc_cc_crossfade_gain(engine, v);
  } else if (r->cc_crossfade_count) {
    live_gain = sc_cc_crossfade_gain(engine, v);
  }
  v->gain =
      v->delay_frames ? 0.0f : v->amp_env.level * v->static_gain * v->channel_gain * live_gain;
  v->last_cents = NAN;
  v->last_pan = NAN;
  v->last_cutoff = NAN;
  v->damping = sc_filter_damping(r->resonance);
  if (r->fil2_type != SC_FILTER_NONE) sc_filter2_start(v, key, velocity);
  engine->playing++;
}

/* Starts the release of every envelope. With a flex amplitude envelope (egN_ampeg) the plain one
 * only stands by at the flex level and is left sustaining. */
static void release_envelopes(sc_voice *v) {
  if (v->v2.amp_eg < 0) sc_env_release(&v->amp_env);
  sc_env_release(&v->fil_env);
  sc_env_release(&v->pitch_env);
  sc_v2_release(v);
  if (v->loop_mode == SC_LOOP_SUSTAIN) v->looping = false;
}

void sc_voice_release(sc_engine *engine, sc_voice *v) {
  if (v->state != SC_VOICE_PLAYING) return;
  v->sustained = false;
  if (v->released) return;
  v->released = true;
  if (v->one_shot) return;
  if (v->delay_frames > 0) {
    /* released before it was heard: it never starts */
    sc_voice_free(engine, v);
    return;
  }
  release_envelopes(v);
}

void sc_voice_release_forced(sc_engine *engine, sc_voice *v) {
  (void)engine;
  if (v->state != SC_VOICE_PLAYING) return;
  v->sustained = false;
  v->released = true;
  v->one_shot = false;
  release_envelopes(v);
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
  double cents = bend > 0 ? bend / 8191.0 * (range > 0.0 ? range : v->region->bend_up)
                          : bend / 8192.0 * (range > 0.0 ? range : -v->region->bend_down);
  float step = v->region->bend_step;
  return step > 1.0f ? step * round(cents / step) : cents;
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
      uint64_t crossfade_start = p->loop_end + 1 - v->crossfade_frames;
      bool near_end = index + reach_right > p->loop_end;
      bool near_start = v->wrapped && index < p->loop_start + reach_left;
      bool in_crossfade = v->crossfade_frames > 0 && index >= crossfade_start;
      if (near_end || near_start || in_crossfade) {
        /* taps straddle the seam: fetch them folded into the loop, one frame at a time */
        sc_loop_fold fold = {(int64_t)p->loop_start, (int64_t)p->loop_end, v->wrapped};
        float *l = &left[produced], *r = &right[produced];
        sc_interpolate_folded(quality, &engine->sinc, s->frames, s->channels, v->pos, &fold, l, r);
        if (in_crossfade) {
          /* blend in what precedes the loop start, so the seam joins audio that belongs
           * together; raised-cosine weights that always sum to one */
          uint64_t before = v->pos - ((p->loop_end - p->loop_start + 1) << SC_FRACTION_BITS);
          sc_loop_fold plain = {0, (int64_t)s->frame_count + SC_SAMPLE_PADDING - 1, false};
          float bl, br;
          sc_interpolate_folded(quality, &engine->sinc, s->frames, s->channels, before, &plain, &bl,
                                &br);
          double x = ((double)(v->pos - (crossfade_start << SC_FRACTION_BITS)) / SC_FRACTION_ONE) /
                     v->crossfade_frames;
          float in = (float)((1.0 - cos(SC_PI * x)) / 2.0);
          *l = *l * (1.0f - in) + bl * in;
          *r = *r * (1.0f - in) + br * in;
        }
        v->pos += inc;
        produced++;
        continue;
      }
      uint64_t limit = (p->loop_end - reach_right + 1);
      if (v->crossfade_frames > 0 && crossfade_start < limit) limit = crossfade_start;
      fast = ((limit << SC_FRACTION_BITS) - v->pos + inc - 1) / inc;
    } else {
      uint64_t end = (p->last + 1) << SC_FRACTION_BITS;
      if (v->pos >= end && v->plays_left > 0) {
        /* count: the sample starts over, the envelopes carry on */
        v->plays_left--;
        v->pos = p->start << SC_FRACTION_BITS;
        continue;
      }
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

/* Recomputes the EQ bands whose settings moved; returns whether any band has gain. */
static bool update_eq(sc_voice *v, const sc_live_mods *live, double rate) {
  bool any = false;
  for (int b = 0; b < 3; b++) {
    float gain = v->eq[b].gain + (live ? live->value[SC_MOD_EQ1_GAIN + b] : 0.0f);
    float freq = v->eq[b].freq + (live ? live->value[SC_MOD_EQ1_FREQ + b] : 0.0f);
    float bw = v->eq[b].bw + (live ? live->value[SC_MOD_EQ1_BW + b] : 0.0f);
    if (gain != v->last_eq[3 * b] || freq != v->last_eq[3 * b + 1] || bw != v->last_eq[3 * b + 2]) {
      sc_eq_coeffs_compute(&v->eq_coeffs[b], freq, bw, gain, rate);
      v->last_eq[3 * b] = gain, v->last_eq[3 * b + 1] = freq, v->last_eq[3 * b + 2] = bw;
    }
    any |= gain != 0.0f;
  }
  return any;
}

/* Whether every value lies within ±SC_BROKEN_VOICE_LEVEL; NaN and infinity do not. Compares the
 * magnitude's bits as integers, which the compiler vectorises, so the check costs little next to
 * interpolation. */
static bool chunk_is_sane(const float *x, uint32_t n) {
  float limit_value = SC_BROKEN_VOICE_LEVEL;
  uint32_t limit, worst = 0;
  memcpy(&limit, &limit_value, sizeof limit);
  for (uint32_t i = 0; i < n; i++) {
    uint32_t bits;
    memcpy(&bits, &x[i], sizeof bits);
    bits &= 0x7fffffffu;
    worst = bits > worst ? bits : worst;
  }
  return worst <= limit;
}

static bool gain_is_sane(float g) { return fabsf(g) <= SC_BROKEN_VOICE_LEVEL; }

void sc_voice_render(sc_engine *engine, sc_voice *v, float *left, float *right, uint32_t frames) {
  const sc_region *r = v->region;
  const sc_channel *c = &engine->channels[v->channel];
  double rate = engine->config.sample_rate;
  bool stereo = v->sample->channels == 2;
  bool live_mods = v->play->has_live_mods || v->v2.active;
  float target_gain = channel_gain(c, r->implicit_controllers);
  float target_pan = channel_pan(c, r->implicit_controllers);
  float *bl = engine->scratch_left, *br = engine->scratch_right;
  uint32_t done = 0;
  while (done < frames) {
    if (v->delay_frames > 0) {
      /* a delayed voice waits silently; its envelopes start when it does */
      uint32_t wait = frames - done < v->delay_frames ? frames - done : v->delay_frames;
      v->delay_frames -= wait;
      done += wait;
      continue;
    }
    uint32_t n = chunk_length(v, frames - done);

    /* control values at the start of the chunk */
    sc_live_mods live = {{0}, 1.0f};
    if (live_mods) sc_mods_live(engine, v, n, &live);
    if (v->v2.active) sc_v2_step(engine, v, n, &live);
    float amp_lfo = sc_lfo_step(&v->amp_lfo, n, live.value[SC_MOD_AMPLFO_FREQ], rate);
    float pitch_lfo = sc_lfo_step(&v->pitch_lfo, n, live.value[SC_MOD_PITCHLFO_FREQ], rate);
    float fil_lfo = sc_lfo_step(&v->fil_lfo, n, live.value[SC_MOD_FILLFO_FREQ], rate);
    float amp_lfo_db = amp_lfo * (v->amp_lfo.depth + live.value[SC_MOD_AMPLFO_DEPTH]);
    double cents = v->base_cents + v->glide_cents + bend_cents(engine, v) +
                   v->pitch_env.level * v->pitcheg_depth +
                   pitch_lfo * (v->pitch_lfo.depth + live.value[SC_MOD_PITCHLFO_DEPTH]) +
                   live.value[SC_MOD_PITCH];
    /* the library's own vibrato (vibratoDepth), off by default; SFZ has no implicit mod-wheel
     * vibrato, so an instrument's CC1 means only what its opcodes say */
    float vibrato = engine->params[SC_PARAM_VIBRATO_DEPTH];
    if (vibrato != 0.0f) cents += vibrato * sin(2.0 * SC_PI * v->vibrato_phase);
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
    float env_end =
        v->v2.amp_eg >= 0 ? sc_v2_amp_advance(engine, v, n) : sc_env_advance(&v->amp_env, n);
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
    if (live_mods) {
      g1 *= live.amplitude;
      if (live.value[SC_MOD_VOLUME] != 0.0f) g1 *= powf(10.0f, live.value[SC_MOD_VOLUME] / 20.0f);
    }
    if (r->cc_crossfade_count) g1 *= sc_cc_crossfade_gain(engine, v);

    uint32_t got = read_frames(engine, v, inc, bl, br, n);
    if (r->fil_type != SC_FILTER_NONE) {
      float resonance = v->resonance_db + live.value[SC_MOD_RESONANCE];
      if (resonance != v->last_resonance) {
        v->damping = sc_filter_damping(resonance);
        v->last_resonance = resonance;
        v->last_cutoff = NAN;
      }
      double cutoff_cents = v->cutoff_cents + fil_level * v->fileg_depth +
                            fil_lfo * (v->fil_lfo.depth + live.value[SC_MOD_FILLFO_DEPTH]) +
                            live.value[SC_MOD_CUTOFF];
      if (cutoff_cents != v->last_cutoff) {
        sc_filter_coeffs_compute(&v->filter_coeffs, r->fil_type,
                                 r->cutoff * exp2(cutoff_cents / 1200.0), v->damping, rate);
        v->last_cutoff = cutoff_cents;
      }
      sc_filter_process(r->fil_type, &v->filter_coeffs, &v->filter, bl, stereo ? br : NULL, got);
    }
    if (r->fil2_type != SC_FILTER_NONE)
      sc_filter2_process(v, &live, rate, bl, stereo ? br : NULL, got);
    if (v->eq_active || live_mods) {
      if (update_eq(v, live_mods ? &live : NULL, rate))
        for (int b = 0; b < 3; b++)
          if (v->last_eq[3 * b] != 0.0f)
            sc_eq_process(&v->eq_coeffs[b], v->eq_state.z1[b], v->eq_state.z2[b], bl,
                          stereo ? br : NULL, got);
    }
    /* a mono sample is placed by pan and position alike; a stereo one is narrowed by width,
     * then its image is moved by both */
    float pan = v->base_pan + v->channel_pan +
                (live.value[SC_MOD_PAN] + live.value[SC_MOD_POSITION]) / 100.0f + v->position;
    pan = pan < -1.0f ? -1.0f : pan > 1.0f ? 1.0f : pan;
    if (pan != v->last_pan) {
      pan_gains(pan, &v->pan_left, &v->pan_right);
      v->last_pan = pan;
    }
    float gl = v->pan_left, gr = v->pan_right;
    /* one bad voice must not poison the mix: checked once per chunk, before it is added */
    if (!chunk_is_sane(bl, got) || (stereo && !chunk_is_sane(br, got)) || !gain_is_sane(g1) ||
        !gain_is_sane(v->gain) || !gain_is_sane(gl) || !gain_is_sane(gr)) {
      atomic_fetch_add_explicit(&engine->stat_silenced, 1, memory_order_relaxed);
      sc_voice_free(engine, v);
      return;
    }
    float g = v->gain, step = (g1 - v->gain) / (float)n;
    float *ol = left + done, *out_r = right + done;
    if (stereo) {
      float width = v->width + live.value[SC_MOD_WIDTH] / 100.0f;
      if (width != 1.0f) {
        float same = (1.0f + width) / 2.0f, other = (1.0f - width) / 2.0f;
        for (uint32_t i = 0; i < got; i++) {
          float l = bl[i], rr = br[i];
          bl[i] = same * l + other * rr;
          br[i] = same * rr + other * l;
        }
      }
      for (uint32_t i = 0; i < got; i++, g += step) {
        ol[i] += bl[i] * g * gl;
        out_r[i] += br[i] * g * gr;
      }
    } else {
      for (uint32_t i = 0; i < got; i++, g += step) {
        float x = bl[i] * g;
        ol[i] += x * gl;
        out_r[i] += x * gr;
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
