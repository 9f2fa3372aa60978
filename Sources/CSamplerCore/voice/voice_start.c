/* voice_start.c - starting one voice from its region (identity, modulators, playhead, pitch,
 * level, filters) and releasing it. Rendering it is voice_render.c. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "state/controllers.h"
#include "instrument/curves.h"
#include "state/engine_state.h"
#include "dsp/interpolate.h"
#include "voice/modulation.h"
#include "voice/playhead.h"
#include "dsp/random.h"
#include "instrument/region.h"
#include "state/key_tuning.h"
#include "voice/voice_alloc.h"
#include "voice/voice_envelopes.h"
#include "voice/voice_params.h"

static float velocity_gain(float veltrack_percent, uint8_t velocity) {
  /* Full tracking follows (velocity/127)^2, the usual MIDI velocity-to-amplitude curve. */
  float v = velocity / 127.0f;
  float t = veltrack_percent / 100.0f;
  if (t >= 0.0f) return 1.0f - t + t * v * v;
  float inverse = 1.0f - v;
  return 1.0f + t - t * inverse * inverse;
}

/* The sample is taken to sound at the 12-TET pitch of its key centre, and the played key at the
 * pitch the tuning table gives it, so a retuned key sounds at exactly its table frequency. */
double sc_voice_key_cents(const sc_engine *engine, const sc_voice *voice, double key) {
  const sc_region *r = voice->region;
  double relative = sc_tuning_cents(engine->note_cents, key) - 100.0 * r->pitch_keycenter;
  return relative * r->pitch_keytrack / 100.0;
}

/* Who the voice is, how its region's trigger and loop mode make it end, and what its
 * modulations read. */
static void start_identity(sc_engine *engine, sc_voice *v, const sc_instrument *instrument,
                           uint32_t region_index, uint8_t channel, uint8_t key, uint8_t velocity) {
  const sc_region *r = &instrument->regions[region_index];
  const sc_region_play *play = &instrument->play[region_index];
  const sc_channel *c = &engine->channels[channel];
  /* the slot's, not the voice's */
  struct sc_stream *stream = v->stream;
  uint32_t slot = (uint32_t)(v - engine->voices);
  memset(v, 0, offsetof(sc_voice, comb_line));
  v->stream = stream;
  v->busy_word = &engine->busy[slot / 64];
  v->busy_bit = 1ull << (slot % 64);
  v->state = SC_VOICE_PLAYING;
  atomic_fetch_or_explicit(v->busy_word, v->busy_bit, memory_order_relaxed);
  v->instrument = instrument;
  v->region = r;
  v->play = play;
  v->sample = &instrument->samples[r->sample_index];
  v->channel = channel;
  v->key = key;
  v->velocity = velocity;
  v->age = ++engine->note_counter;
  v->head.loop_mode = r->loop_mode;
  v->head.quality = (sc_quality)engine->parameters.value[SC_PARAM_QUALITY];
  if (v->head.loop_mode == SC_LOOP_ENGINE)
    v->head.loop_mode = engine->parameters.value[SC_PARAM_LOOP_THRU_RELEASE] > 0.5f
                            ? SC_LOOP_CONTINUOUS
                            : SC_LOOP_SUSTAIN;
  v->head.looping =
      (v->head.loop_mode == SC_LOOP_CONTINUOUS || v->head.loop_mode == SC_LOOP_SUSTAIN) &&
      play->loop_resident;
  v->head.repeats_left = r->loop_count;
  bool release_trigger = sc_region_is_release(r);
  v->one_shot = v->head.loop_mode == SC_LOOP_ONE_SHOT || release_trigger || r->count > 0;
  v->released = release_trigger;
  v->mods.first = play->mod_first;
  v->mods.count =
      play->mod_count < SC_MAX_VOICE_MODULATIONS ? play->mod_count : SC_MAX_VOICE_MODULATIONS;
  v->mods.random_unit = sc_random_unit(&engine->rng_state);
  v->mods.alternate = (v->age & 1) != 0;
  v->mods.key_delta = c->previous_key == SC_NO_KEY ? 0.0f : (float)(key - c->previous_key);
  v->note = engine->note_start;
}

/* The three envelopes with velocity and note-on modulation, the LFOs, and the v2 modulators. */
static void start_modulators(const sc_engine *engine, sc_voice *v, const float *mods, float vel) {
  const sc_region *r = v->region;
  double rate = engine->config.sample_rate;
  sc_envelope_params ampeg = sc_voice_envelope(&r->ampeg, mods + SC_MOD_AMPEG_DELAY, vel);
  sc_voice_params_amp_envelope(engine, &ampeg);
  sc_envelope_params fileg = sc_voice_envelope(&r->fileg, mods + SC_MOD_FILEG_DELAY, vel);
  sc_envelope_params pitcheg = sc_voice_envelope(&r->pitcheg, mods + SC_MOD_PITCHEG_DELAY, vel);
  v->fileg_depth = fileg.depth;
  v->pitcheg_depth = pitcheg.depth;
  sc_env_start(&v->amp_env, &ampeg, rate);
  sc_env_start(&v->fil_env, &fileg, rate);
  sc_env_start(&v->pitch_env, &pitcheg, rate);
  sc_v2_start(engine, v);
  sc_lfo_start(&v->amp_lfo, &r->amplfo, rate);
  sc_lfo_start(&v->fil_lfo, &r->fillfo, rate);
  sc_lfo_start(&v->pitch_lfo, &r->pitchlfo, rate);
  sc_engine_filter_start(engine, &v->engine_filter);
  sc_voice_params_start(engine, &v->params);
}

/* A loop point moved by `frames` (rounded), kept within 0...last. */
static uint64_t moved_frame(uint64_t frame, float frames, uint64_t last) {
  double moved = (double)frame + round((double)frames);
  return moved <= 0.0 ? 0 : moved >= (double)last ? last : (uint64_t)moved;
}

/* The loop this voice plays: the region's, with loop_start_onccN and loop_length_onccN read once
 * here, at note start, as offset_onccN is (the docs do not say when they are read; a loop that
 * moved under a sounding voice would throw its playhead elsewhere in the sample). The moved
 * points stay within the region's frames and, for a streamed sample, within its resident
 * frames; points that cross are swapped as the loader swaps written ones, and a loop left with a
 * single frame to turn at loops forwards. */
static void start_loop(sc_voice *v, const float *mods) {
  const sc_region_play *play = v->play;
  const sc_sample *s = v->sample;
  uint64_t start = play->loop_start, end = play->loop_end;
  if (mods[SC_MOD_LOOP_START] != 0.0f || mods[SC_MOD_LOOP_LENGTH] != 0.0f) {
    uint64_t last = play->last;
    if (s->resident_frames < s->frame_count && s->resident_frames > SC_SAMPLE_PADDING + 1 &&
        last > s->resident_frames - SC_SAMPLE_PADDING - 2)
      last = s->resident_frames - SC_SAMPLE_PADDING - 2;
    start = moved_frame(start, mods[SC_MOD_LOOP_START], last);
    end = moved_frame(end, mods[SC_MOD_LOOP_LENGTH], last);
    if (start > end) {
      uint64_t earlier = end;
      end = start;
      start = earlier;
    }
  }
  v->head.loop_start = start;
  v->head.loop_end = end;
  v->head.loop_type = v->region->loop_type;
  if (v->head.loop_type == SC_LOOP_ALTERNATE && end == start) v->head.loop_type = SC_LOOP_FORWARD;
}

/* Where the sample starts (offset, offset_random), how long the voice waits (delay, sync), how
 * often it plays (count) and how its loop seam is blended. */
static void start_playhead(sc_engine *engine, sc_voice *v, const float *mods, float unipolar) {
  const sc_region *r = v->region;
  const sc_region_play *play = v->play;
  uint64_t start =
      play->start + (uint64_t)fmaxf(0.0f, r->offset_random * unipolar + mods[SC_MOD_OFFSET]);
  if (start > play->last) start = play->last;
  v->head.pos = start << SC_FRACTION_BITS;
  /* the ring modulator's cycle starts where the playhead does (oscillator_phase included) */
  if (r->ring && start >= play->loop_start && start <= play->loop_end)
    v->ring_phase = (double)(start - play->loop_start);
  float delay =
      r->delay + r->delay_random * sc_random_unit(&engine->rng_state) + mods[SC_MOD_DELAY];
  if (r->delay_beats > 0.0f)
    delay += (float)(r->delay_beats * 60.0 / engine->parameters.value[SC_PARAM_TEMPO]);
  if (r->sync_beats > 0.0f) {
    /* wait for the next multiple of sync_beats (plus sync_offset) of the song position */
    double beats = engine->beat - r->sync_offset;
    double target = beats <= 0.0 ? 0.0 : ceil(beats / r->sync_beats) * r->sync_beats;
    delay += (float)((target - beats) * 60.0 / engine->parameters.value[SC_PARAM_TEMPO]);
  }
  /* beats at a slow tempo can ask for more frames than a count holds: such a voice never starts */
  double delay_frames = delay > 0.0f ? delay * engine->config.sample_rate + 0.5 : 0.0;
  v->delay_frames = delay_frames < (double)UINT32_MAX ? (uint32_t)delay_frames : UINT32_MAX;
  v->head.plays_left = r->count > 1 ? r->count - 1 : 0;
  start_loop(v, mods);
  if (v->head.looping && r->loop_crossfade > 0.0f && v->head.loop_type == SC_LOOP_FORWARD) {
    uint64_t frames = (uint64_t)(r->loop_crossfade * v->sample->sample_rate);
    uint64_t length = v->head.loop_end - v->head.loop_start + 1;
    if (frames > v->head.loop_start) frames = v->head.loop_start;
    if (frames > length) frames = length;
    v->head.crossfade_frames = (uint32_t)frames;
  }
}

/* The EQ bands with velocity applied. */
static void start_eq(sc_voice *v, float vel) {
  const sc_region *r = v->region;
  for (int b = 0; b < 3; b++) {
    v->eq.bands[b] = r->eq[b];
    v->eq.bands[b].freq += r->eq[b].vel2freq * vel;
    v->eq.bands[b].gain += r->eq[b].vel2gain * vel;
    if (v->eq.bands[b].gain != 0.0f) v->eq.active = true;
  }
  for (int i = 0; i < 9; i++) v->eq.last[i] = NAN;
}

/* The fixed part of the pitch: key, tune, velocity and random. */
static void start_pitch(const sc_engine *engine, sc_voice *v, float vel, float draw) {
  const sc_region *r = v->region;
  v->pitch.base_cents = sc_voice_key_cents(engine, v, v->key) + r->tune + r->pitch_veltrack * vel +
                        r->pitch_random * draw;
  v->pitch.rate_log2 = v->play->rate_ratio_log2 - log2(engine->config.sample_rate);
  v->pitch.last_cents = NAN;
  /* a smoothed bend starts where the wheel is, so the note does not glide in from the centre */
  v->pitch.bend_cents = sc_bend_cents(engine->channels[v->channel].bend, r,
                                      engine->parameters.value[SC_PARAM_PITCH_BEND_RANGE]);
}

/* The voice's sends (sampler_core.h, sc_region.effect and SC_PARAM_CHANNEL_SENDS): fixed for
 * its life, as the SFZ pages give effect1 and effect2 no modulation (corpus/spec syntax.yml). */
static void start_sends(const sc_engine *engine, sc_voice *v) {
  v->level.sends = false;
  if (engine->parameters.value[SC_PARAM_EFFECTS] < 0.5f) return;
  bool channel = engine->parameters.value[SC_PARAM_CHANNEL_SENDS] >= 0.5f;
  const sc_channel *c = &engine->channels[v->channel];
  for (int b = 0; b < SC_BUS_SENDS; b++) {
    /* effect3 and effect4 feed only an instrument's fx3 and fx4 chains (config.h) */
    if (b >= SC_SEND_BUSES && !v->instrument->effect_on_bus[SC_EFFECT_BUS_FX1 + b]) {
      v->level.send[b] = 0.0f;
      continue;
    }
    float send = v->region->effect[b] / 100.0f;
    if (channel) send += c->effect_send[b] / 127.0f * SC_CHANNEL_SEND_DEPTH;
    send = send < 0.0f ? 0.0f : send > 1.0f ? 1.0f : send;
    v->level.send[b] = send;
    v->level.sends |= send > 0.0f;
  }
}

/* The fixed part of the gain (volume, keytrack, velocity, crossfades, release decay) and the
 * placement; then the gain the first chunk ramps from. */
static void start_level(const sc_engine *engine, sc_voice *v, const float *mods, float draw,
                        float gain_db) {
  const sc_region *r = v->region;
  const sc_channel *c = &engine->channels[v->channel];
  uint8_t key = v->key, velocity = v->velocity;
  float vel = velocity / 127.0f;
  v->level.width = r->width / 100.0f;
  v->level.position = r->position / 100.0f;
  float crossfades = sc_crossfade_gain(&r->key_crossfade, key) *
                     sc_crossfade_gain(&r->velocity_crossfade, velocity);
  float volume_db =
      r->volume_db + gain_db + r->amp_keytrack * (key - r->amp_keycenter) + r->amp_random * draw;
  /* the documented range, -100...100, holds for the sum too (corpus/spec amp_veltrack.md): past
   * it the gain would cross zero at some velocity and soft notes would be louder */
  float veltrack = fminf(fmaxf(r->amp_veltrack + mods[SC_MOD_AMP_VELTRACK], -100.0f), 100.0f);
  float velocity_curve = r->amp_velcurve >= 0 ? sc_curve_eval(v->instrument, r->amp_velcurve, vel)
                                              : velocity_gain(veltrack, velocity);
  v->level.static_gain = powf(10.0f, volume_db / 20.0f) * velocity_curve * crossfades;
  float key_pan = r->pan_keytrack * (key - r->pan_keycenter), vel_pan = r->pan_veltrack * vel;
  v->level.base_pan = (r->pan + key_pan + vel_pan) / 100.0f;
  v->level.partner_base_pan = (v->play->partner_pan + key_pan + vel_pan) / 100.0f;
  v->level.partner_last_pan = NAN;
  v->level.channel_gain = sc_channel_gain(c, r->implicit_controllers);
  v->level.channel_pan = sc_channel_pan(c, r->implicit_controllers);
  v->level.fade = 1.0f;
  v->level.last_pan = NAN;
  start_sends(engine, v);
}

/* The gain the first chunk ramps from: with live modulations, from their values now (which also
 * starts their smoothing there, delayed voice or not). */
float sc_voice_first_gain(const sc_engine *engine, sc_voice *v) {
  float live_gain = 1.0f;
  if (v->play->has_live_mods) {
    sc_live_mods live;
    sc_mods_live(engine, v, 0, &live);
    live_gain = powf(10.0f, live.value[SC_MOD_VOLUME] / 20.0f) * live.amplitude *
                sc_cc_crossfade_gain(engine, v);
  } else if (v->region->cc_crossfade_count) {
    live_gain = sc_cc_crossfade_gain(engine, v);
  }
  if (v->delay_frames) return 0.0f;
  return v->amp_env.level * v->level.static_gain * v->level.channel_gain * v->note.gain * live_gain;
}

void sc_voice_start(sc_engine *engine, sc_voice *v, const sc_instrument *instrument,
                    uint32_t region_index, uint8_t channel, uint8_t key, uint8_t velocity,
                    float gain_db) {
  start_identity(engine, v, instrument, region_index, channel, key, velocity);
  /* the draws come in this order, so a render repeats exactly: the first moves pitch and level,
   * the second the start, delay and filter. Both are one-way, 0...1: ARIA's pitch_random and
   * amp_random only raise (corpus/spec pitch_random.md, amp_random.md: "In ARIA this is
   * unipolar"; a bipolar spread is written as a fixed offset of half the negative value). */
  float level_draw = sc_random_unit(&engine->rng_state);
  float unipolar = sc_random_unit(&engine->rng_state);
  float vel = velocity / 127.0f;
  float mods[SC_MOD_TARGET_COUNT] = {0};
  if (v->mods.count) sc_mods_note_on(engine, v, mods);
  start_modulators(engine, v, mods, vel);
  start_playhead(engine, v, mods, unipolar);
  sc_stream_follow(engine, v);
  start_eq(v, vel);
  start_pitch(engine, v, vel, level_draw);
  start_level(engine, v, mods, level_draw, gain_db);
  sc_voice_filters_start(&v->filters, v->comb_line, v->region, key, velocity, unipolar);
  /* drawn only for a region with noise, so every other voice's draws stay as they were */
  if (v->region->noise.on)
    sc_noise_start(&v->noise, (uint64_t)(sc_random_unit(&engine->rng_state) * 16777216.0f) + 1);
  v->level.gain = sc_voice_first_gain(engine, v);
  engine->playing++;
}

/* Starts the release of every envelope. With a flex amplitude envelope (egN_ampeg) the plain one
 * only stands by at the flex level and is left sustaining. */
static void release_envelopes(sc_voice *v) {
  if (v->v2.amp_eg < 0) sc_env_release(&v->amp_env);
  sc_env_release(&v->fil_env);
  sc_env_release(&v->pitch_env);
  sc_engine_filter_release(&v->engine_filter);
  sc_voice_params_release(&v->params);
  sc_v2_release(v);
  if (v->head.loop_mode == SC_LOOP_SUSTAIN) sc_playhead_leave_loop(&v->head);
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
