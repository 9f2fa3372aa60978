/* voice_render.c - rendering one voice chunk by chunk: pitch and gain at each control point, the
 * sample read through the playhead (playhead.h, where looping is), the filters and EQ, then
 * panning into the mix with the gain ramped between control points so no step is audible
 * (voice_mix.c). The note's own expression (state/voice_note.h) adds to pitch, gain, pan and
 * cutoff. Starting and releasing a voice is voice_start.c. */
#include <math.h>
#include <string.h>

#include "state/controllers.h"
#include "dsp/dsp_math.h"
#include "dsp/fade_curve.h"
#include "state/engine_state.h"
#include "voice/audibility.h"
#include "voice/modulation.h"
#include "voice/playhead.h"
#include "instrument/region.h"
#include "voice/voice_alloc.h"
#include "voice/voice_mix.h"
#include "voice/voice_params.h"

/* Frames to the voice's next control point. The points lie every SC_CONTROL_FRAMES from the
 * voice's first frame, not from the start of the span being rendered: the end of a host's block
 * or an event adds a point where it falls and moves none of the others, so notes struck at
 * different places in blocks whose ends fall on their grids (a note on a multiple of 64 frames
 * into blocks of 64, 128, 256...) sound the same. */
static uint32_t chunk_length(const sc_voice *v, uint32_t remaining) {
  uint32_t grid = SC_CONTROL_FRAMES - v->control_step;
  uint32_t n = remaining < grid ? remaining : grid;
  uint32_t env_left = sc_env_frames_left(&v->amp_env);
  if (env_left > 0 && env_left < n) n = env_left;
  if (v->level.fade_step > 0.0f) {
    uint32_t fade_left = (uint32_t)ceilf(v->level.fade / v->level.fade_step);
    if (fade_left == 0) fade_left = 1;
    if (fade_left < n) n = fade_left;
  }
  return n;
}

/* Recomputes the EQ bands whose settings moved; returns whether any band has gain. */
static bool update_eq(sc_voice *v, const sc_live_mods *live, double rate) {
  bool any = false;
  for (int b = 0; b < 3; b++) {
    float gain = v->eq.bands[b].gain + (live ? live->value[SC_MOD_EQ1_GAIN + b] : 0.0f);
    float freq = v->eq.bands[b].freq + (live ? live->value[SC_MOD_EQ1_FREQ + b] : 0.0f);
    float bw = v->eq.bands[b].bw + (live ? live->value[SC_MOD_EQ1_BW + b] : 0.0f);
    if (gain != v->eq.last[3 * b] || freq != v->eq.last[3 * b + 1] || bw != v->eq.last[3 * b + 2]) {
      sc_eq_coeffs_compute(&v->eq.coeffs[b], freq, bw, gain, rate);
      v->eq.last[3 * b] = gain, v->eq.last[3 * b + 1] = freq, v->eq.last[3 * b + 2] = bw;
    }
    any |= gain != 0.0f;
  }
  return any;
}

/* The pitch in cents for the coming chunk; moves vibrato and glide on by `n` frames. */
static double chunk_cents(const sc_engine *engine, sc_voice *v, const sc_live_mods *live,
                          float pitch_lfo_cents, uint32_t n) {
  double rate = engine->config.sample_rate;
  const sc_region *r = v->region;
  double bend = sc_bend_cents(engine->channels[v->channel].bend, r,
                              engine->parameters.value[SC_PARAM_PITCH_BEND_RANGE]);
  if (r->bend_smooth > 0.0f) {
    /* inertia as a controller's smoothccN has (corpus/spec opcodes/bend_smooth.md) */
    double a = n / (r->bend_smooth * 0.001 * rate);
    v->pitch.bend_cents += (bend - v->pitch.bend_cents) * (a > 1.0 ? 1.0 : a);
    bend = v->pitch.bend_cents;
  }
  double cents =
      v->pitch.base_cents + v->pitch.glide_cents + bend + v->pitch_env.level * v->pitcheg_depth +
      pitch_lfo_cents + live->value[SC_MOD_PITCH] + v->note.pitch_cents +
      engine->parameters.value[SC_PARAM_MASTER_TUNE] + sc_voice_params_cents(engine, &v->params, n);
  /* loop_tune retunes the loop only: from the loop's start on, while the voice loops */
  if (r->loop_tune != 0.0f && v->head.looping &&
      v->head.pos >= v->head.loop_start << SC_FRACTION_BITS)
    cents += r->loop_tune;
  /* the library's own vibrato (vibratoDepth), off by default; SFZ has no implicit mod-wheel
   * vibrato, so an instrument's CC1 means only what its opcodes say */
  float vibrato = engine->parameters.value[SC_PARAM_VIBRATO_DEPTH];
  if (vibrato != 0.0f)
    cents += vibrato * sin(2.0 * SC_PI * sc_lazy_phase_read(&v->pitch.vibrato, rate));
  sc_lazy_phase_advance(&v->pitch.vibrato, engine->parameters.value[SC_PARAM_VIBRATO_RATE], n,
                        rate);
  if (v->pitch.glide_cents != 0.0) {
    float glide_rate = engine->parameters.value[SC_PARAM_GLIDE_RATE];
    double step = glide_rate > 0.0f ? 1200.0 / glide_rate * n / rate : fabs(v->pitch.glide_cents);
    v->pitch.glide_cents = v->pitch.glide_cents > 0.0 ? fmax(0.0, v->pitch.glide_cents - step)
                                                      : fmin(0.0, v->pitch.glide_cents + step);
  }
  return cents;
}

/* Advances the envelopes, the channel's smoothed volume and pan and the fade by `n` frames and
 * returns the gain at the end of the chunk; `fade_end` gets the fade there. */
static float chunk_end_gain(sc_engine *engine, sc_voice *v, const sc_live_mods *live,
                            bool live_mods, float amp_lfo_db, float target_gain, float target_pan,
                            uint32_t n, float *fade_end) {
  const sc_region *r = v->region;
  float env_end =
      v->v2.amp_eg >= 0 ? sc_v2_amp_advance(engine, v, n) : sc_env_advance(&v->amp_env, n);
  /* an envelope of depth 0 is read by nothing (the depths are fixed at note-on), and a General
   * MIDI conversion gives every region both: not moving it saves an exp() per chunk */
  if (v->fileg_depth != 0.0f) {
    uint32_t fil_left = sc_env_frames_left(&v->fil_env);
    sc_env_advance(&v->fil_env, n < fil_left ? n : fil_left);
  }
  if (v->pitcheg_depth != 0.0f) {
    uint32_t pitch_left = sc_env_frames_left(&v->pitch_env);
    sc_env_advance(&v->pitch_env, n < pitch_left ? n : pitch_left);
  }
  float smoothing = engine->smoothing * n;
  if (smoothing > 1.0f) smoothing = 1.0f;
  v->level.channel_gain += (target_gain - v->level.channel_gain) * smoothing;
  v->level.channel_pan += (target_pan - v->level.channel_pan) * smoothing;
  *fade_end = v->level.fade - v->level.fade_step * n;
  if (*fade_end < 0.0f) *fade_end = 0.0f;
  float fade = *fade_end;
  if (v->level.fade_shaped)
    fade = sc_fade_curve_level(v->region->off_curve, v->region->off_shape, 1.0f - fade);
  float g1 = env_end * v->level.static_gain * v->level.channel_gain * v->note.gain * fade;
  if (amp_lfo_db != 0.0f) g1 *= powf(10.0f, amp_lfo_db / 20.0f);
  if (live_mods) {
    g1 *= live->amplitude;
    if (live->value[SC_MOD_VOLUME] != 0.0f) g1 *= powf(10.0f, live->value[SC_MOD_VOLUME] / 20.0f);
  }
  if (r->cc_crossfade_count) g1 *= sc_cc_crossfade_gain(engine, v);
  return g1;
}

/* The region's filters and EQ, then the engine filter stage, in place. */
static void shape_chunk(const sc_engine *engine, sc_voice *v, const sc_live_mods *live,
                        bool live_mods, bool filtered, const double filter_offset[SC_FILTER_COUNT],
                        float *bl, float *br, uint32_t got) {
  double rate = engine->config.sample_rate;
  if (filtered)
    sc_voice_filters_process(&v->filters, v->comb_line, v->region, live, filter_offset, rate,
                             engine->filter, bl, br, got);
  if ((v->eq.active || live_mods) && update_eq(v, live_mods ? live : NULL, rate))
    for (int b = 0; b < 3; b++)
      if (v->eq.last[3 * b] != 0.0f)
        sc_eq_process(&v->eq.coeffs[b], v->eq.z1[b], v->eq.z2[b], bl, br, got);
  if (engine->parameters.value[SC_PARAM_FILTER_ENABLE] > 0.5f)
    sc_engine_filter_process(engine, &v->engine_filter, v->key, v->velocity, bl, br, got);
  else
    sc_engine_filter_idle(&v->engine_filter, got);
}

/* Adds the region's noise generator to a chunk the playhead just read: `right` is NULL for a
 * mono chunk; a mono sample with stereo noise was made a stereo chunk by the caller. */
static void add_noise(sc_voice *v, const sc_live_mods *live, double rate, float *bl, float *br,
                      uint32_t got) {
  const sc_noise_params *p = &v->region->noise;
  float gain = powf(10.0f, (p->level + live->value[SC_MOD_NOISE_LEVEL]) / 20.0f);
  sc_noise_add(&v->noise, gain, p->step + live->value[SC_MOD_NOISE_STEP],
               p->tone + live->value[SC_MOD_NOISE_TONE], p->stereo, rate, bl, br, got);
}

/* The first channel of frame `i` of the voice's sample. */
static float cycle_frame(const sc_sample *s, uint64_t i) {
  if (s->format == SC_SAMPLE_INT16)
    return ((const int16_t *)s->frames)[i * s->channels] * SC_INT16_SCALE;
  return ((const float *)s->frames)[i * s->channels];
}

/* oscillator_multi=2 (oscillator_multi.md: "the region operates in ring modulation mode"): each
 * frame the playhead read is multiplied by the region's own cycle, read by a second phase
 * `ring_cents` away from the playhead's pitch (the unison table's second oscillator), with
 * linear interpolation. The page says no more; the product of two oscillators is what ring
 * modulation means. */
static void ring_modulate(sc_voice *v, float *bl, float *br, uint32_t got) {
  const sc_region_play *p = v->play;
  uint64_t length = p->loop_end - p->loop_start + 1;
  double inc =
      (double)v->head.increment / (double)SC_FRACTION_ONE * exp2(v->region->ring_cents / 1200.0);
  for (uint32_t i = 0; i < got; i++) {
    uint64_t at = (uint64_t)v->ring_phase;
    float frac = (float)(v->ring_phase - (double)at);
    float a = cycle_frame(v->sample, p->loop_start + at);
    float b = cycle_frame(v->sample, p->loop_start + (at + 1 < length ? at + 1 : 0));
    float m = a + (b - a) * frac;
    bl[i] *= m;
    if (br) br[i] *= m;
    v->ring_phase += inc;
    while (v->ring_phase >= (double)length) v->ring_phase -= (double)length;
  }
}

/* Renders the voice's next `frames` frames into `left` and `right`, added to what they hold, or
 * with `store` written over it; returns how many frames from the first it reached (all of them
 * unless the voice ended), so a caller that stored knows which frames are left as they were. */
static uint32_t render_voice(sc_engine *engine, sc_render_lane *lane, sc_voice *v, float *left,
                             float *right, uint32_t frames, bool store) {
  double rate = engine->config.sample_rate;
  const sc_noise_params *noise = &v->region->noise;
  /* stereo noise on a mono sample makes the voice's chunks stereo: both sides read the sample */
  bool widened = noise->on && noise->stereo && v->sample->channels == 1;
  bool stereo = v->sample->channels == 2 || widened;
  bool live_mods = v->play->has_live_mods || v->v2.active;
  bool filtered = sc_voice_filters_any(v->region);
  /* events fall between the spans the engine renders, so the channel holds still within one */
  const sc_channel *c = &engine->channels[v->channel];
  float target_gain = sc_channel_gain(c, v->region->implicit_controllers);
  float target_pan = sc_channel_pan(c, v->region->implicit_controllers);
  float *bl = lane->left, *br = lane->right;
  sc_playhead_prefetch(v, frames);
  uint32_t done = 0;
  while (done < frames) {
    if (v->delay_frames > 0) {
      /* a delayed voice waits silently; its envelopes start when it does */
      uint32_t wait = frames - done < v->delay_frames ? frames - done : v->delay_frames;
      if (store) {
        memset(left + done, 0, wait * sizeof *left);
        memset(right + done, 0, wait * sizeof *right);
      }
      v->delay_frames -= wait;
      done += wait;
      continue;
    }
    uint32_t n = chunk_length(v, frames - done);
    float note_smoothing = engine->smoothing * n;
    sc_note_smooth(&v->note, note_smoothing < 1.0f ? note_smoothing : 1.0f);
    v->note.fresh = false;

    /* control values at the start of the chunk */
    sc_live_mods live = {{0}, 1.0f};
    if (live_mods) sc_mods_live(engine, v, n, &live);
    if (v->v2.active) sc_v2_step(engine, v, n, &live);
    float amp_depth = v->amp_lfo.depth + live.value[SC_MOD_AMPLFO_DEPTH];
    float pitch_depth = v->pitch_lfo.depth + live.value[SC_MOD_PITCHLFO_DEPTH];
    float fil_depth = v->fil_lfo.depth + live.value[SC_MOD_FILLFO_DEPTH];
    /* without live modulations an LFO's depth is its region's for the whole note: at 0 (an SF2
     * conversion gives every region three LFOs with a rate and no depth) it is never heard, and
     * its phase, kept in step for a depth that may come, can never matter */
    float amp_lfo =
        amp_depth != 0.0f || live_mods
            ? sc_lfo_step(&v->amp_lfo, n, live.value[SC_MOD_AMPLFO_FREQ], rate, amp_depth != 0.0f)
            : 0.0f;
    float pitch_lfo = pitch_depth != 0.0f || live_mods
                          ? sc_lfo_step(&v->pitch_lfo, n, live.value[SC_MOD_PITCHLFO_FREQ], rate,
                                        pitch_depth != 0.0f)
                          : 0.0f;
    float fil_lfo =
        fil_depth != 0.0f || live_mods
            ? sc_lfo_step(&v->fil_lfo, n, live.value[SC_MOD_FILLFO_FREQ], rate, fil_depth != 0.0f)
            : 0.0f;
    float amp_lfo_db = amp_lfo * amp_depth;
    double cents = chunk_cents(engine, v, &live, pitch_lfo * pitch_depth, n);
    if (cents != v->pitch.last_cents) {
      v->head.increment = sc_playhead_increment(v->pitch.rate_log2, cents);
      v->pitch.last_cents = cents;
    }
    /* the SFZ v1 filter envelope and LFO move the first filter only; the note's brightness
     * moves both */
    double filter_offset[SC_FILTER_COUNT] = {
        v->fil_env.level * v->fileg_depth + fil_lfo * fil_depth + v->note.brightness,
        v->note.brightness};

    float fade_end;
    float g1 = chunk_end_gain(engine, v, &live, live_mods, amp_lfo_db, target_gain, target_pan, n,
                              &fade_end);
    if (sc_voice_inaudible(engine, v)) {
      sc_voice_end(v);
      return done;
    }
    uint32_t got = sc_playhead_read(engine, v, v->head.increment, bl, br, n);
    if (widened) memcpy(br, bl, got * sizeof *br);
    if (v->region->ring) ring_modulate(v, bl, stereo ? br : NULL, got);
    if (noise->on && noise->filtered) add_noise(v, &live, rate, bl, stereo ? br : NULL, got);
    shape_chunk(engine, v, &live, live_mods, filtered, filter_offset, bl, stereo ? br : NULL, got);
    if (noise->on && !noise->filtered) add_noise(v, &live, rate, bl, stereo ? br : NULL, got);
    if (!sc_voice_mix_chunk(engine, v, &live, stereo, g1, bl, br, left + done, right + done, got, n,
                            store))
      return done;
    v->level.gain = g1;
    v->level.fade = fade_end;
    v->control_step = (v->control_step + got) % SC_CONTROL_FRAMES;
    done += got;
    bool finished = got < n || v->amp_env.stage == SC_ENV_DONE ||
                    (v->level.fade_step > 0.0f && fade_end <= 0.0f);
    if (finished) {
      sc_voice_end(v);
      return done;
    }
  }
  return done;
}

void sc_voice_render(sc_engine *engine, sc_render_lane *lane, sc_voice *v, float *left,
                     float *right, uint32_t frames) {
  /* decided per voice: one without sends renders straight into the mix, as it always did */
  if (!v->level.sends) {
    render_voice(engine, lane, v, left, right, frames, false);
    return;
  }
  /* written rather than added to a cleared buffer: +0 plus each of the voice's terms is that
   * term exactly, so the mix gets the same sums, and only frames the voice did not reach need
   * clearing */
  float *dry_left = lane->dry_left, *dry_right = lane->dry_right;
  uint32_t reached = render_voice(engine, lane, v, dry_left, dry_right, frames, true);
  memset(dry_left + reached, 0, (frames - reached) * sizeof(float));
  memset(dry_right + reached, 0, (frames - reached) * sizeof(float));
  sc_voice_add_dry_and_sends(engine, v, left, right, dry_left, dry_right, frames);
}
