/* engine.c - the engine: creation, instrument hand-over between threads, event dispatch at exact
 * frames, and the render loop that splits each block at its events. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "state/busy_slots.h"
#include "state/engine_state.h"
#include "buses/buses.h"
#include "buses/channel_chains.h"
#include "instrument/instrument_effects.h"
#include "instrument/pages.h"
#include "voice/channel_outputs.h"
#include "performance/channel_messages.h"
#include "state/controllers.h"
#include "dsp/denormals.h"
#include "voice/mix_groups.h"
#include "performance/notes.h"
#include "performance/note_expression.h"
#include "dsp/random.h"
#include "engine/render_team.h"
#include "performance/tuning.h"
#include "voice/voice_alloc.h"

uint32_t sc_max_polyphony(void) { return SC_MAX_POLYPHONY; }

void sc_engine_config_init(sc_engine_config *config) {
  /* every other field zero: the fastest kernels, no stream rings or wait, inaudible voices end */
  *config =
      (sc_engine_config){.sample_rate = 48000.0, .max_voices = 64, .quality = SC_QUALITY_HERMITE};
}

sc_engine *sc_engine_create(const sc_engine_config *config) {
  if (!config || !(config->sample_rate >= 1000.0 && config->sample_rate <= 1536000.0) ||
      config->max_voices < 1 || config->max_voices > SC_MAX_POLYPHONY ||
      config->quality > SC_QUALITY_SINC)
    return NULL;
  sc_engine *e = calloc(1, sizeof(sc_engine));
  if (!e) return NULL;
  e->config = *config;
  uint32_t reserve = config->max_voices / SC_FADE_RESERVE_DIVISOR;
  if (reserve < SC_FADE_RESERVE_MIN) reserve = SC_FADE_RESERVE_MIN;
  e->voice_slots = config->max_voices + reserve;
  /* mapped zeroed and left alone: a slot's pages cost something only once a voice uses it (an
   * ensemble makes an engine per program, and clearing every slot of each was 2.5% of a short
   * song's time, in page faults) */
  e->voices = sc_pages_map(e->voice_slots * sizeof(sc_voice));
  e->busy = calloc((e->voice_slots + 63) / 64, sizeof *e->busy);
  e->buses = sc_buses_create(config->sample_rate);
  if (!e->voices || !e->busy || !e->buses || !sc_sinc_table_init(&e->sinc)) {
    sc_engine_destroy(e);
    return NULL;
  }
  if (config->stream_ring_frames > 0) {
    e->streams = sc_streams_create(e->voice_slots, config->stream_ring_frames);
    if (!e->streams) {
      sc_engine_destroy(e);
      return NULL;
    }
    e->stream_count = e->voice_slots;
    for (uint32_t i = 0; i < e->voice_slots; i++) e->voices[i].stream = &e->streams[i];
  }
  e->interpolate = sc_interpolator_select(config->portable_kernels);
  e->filter = sc_filter_select(config->portable_kernels);
  for (int ch = 0; ch < 16; ch++) sc_channel_reset(&e->channels[ch]);
  memcpy(e->effect_cc, e->channels[0].cc_value, sizeof e->effect_cc);
  sc_tuning_reset(e->note_cents);
  sc_tuning_exchange_init(&e->tuning_exchange);
  sc_random_seed(&e->rng_state, SC_RANDOM_SEED);
  e->note_start = sc_note_neutral(false, 0);
  sc_parameters_init(&e->parameters, config);
  e->steal_fade_step = (float)(1.0 / (SC_STEAL_FADE_SECONDS * config->sample_rate));
  e->swap_fade_step = (float)(1.0 / (SC_SWAP_FADE_SECONDS * config->sample_rate));
  e->smoothing = (float)(1.0 / (SC_CONTROLLER_SMOOTHING_SECONDS * config->sample_rate));
  atomic_init(&e->pending, NULL);
  return e;
}

static sc_instrument *marker(sc_engine *e) { return (sc_instrument *)(void *)&e->unload_marker; }

void sc_engine_destroy(sc_engine *e) {
  if (!e) return;
  sc_instrument *pending = atomic_load(&e->pending);
  if (pending != marker(e)) sc_instrument_destroy(pending);
  sc_instrument_destroy(e->current_owned);
  sc_instrument_destroy(e->retiring);
  for (sc_instrument *g; (g = sc_engine_collect_garbage(e));) sc_instrument_destroy(g);
  sc_sinc_table_free(&e->sinc);
  sc_buses_destroy(e->buses);
  sc_streams_destroy(e->streams, e->stream_count);
  sc_pages_unmap(e->voices, e->voice_slots * sizeof(sc_voice));
  free((void *)e->busy);
  free(e);
}

bool sc_engine_set_instrument(sc_engine *e, sc_instrument *instrument) {
  if (instrument && !instrument->finalized &&
      sc_instrument_finalize(instrument) == SC_FINALIZE_FAILED)
    return false;
  /* the chains' memory is taken here, so the render thread's adoption allocates nothing */
  if (instrument && !sc_instrument_prepare_effects(instrument, e->config.sample_rate)) return false;
  sc_instrument *previous = atomic_exchange(&e->pending, instrument ? instrument : marker(e));
  /* never adopted by the render thread, so nobody else can hold it */
  if (previous && previous != marker(e)) sc_instrument_destroy(previous);
  return true;
}

sc_instrument *sc_engine_collect_garbage(sc_engine *e) {
  uint32_t tail = atomic_load_explicit(&e->garbage_tail, memory_order_relaxed);
  uint32_t head = atomic_load_explicit(&e->garbage_head, memory_order_acquire);
  if (tail == head) return NULL;
  sc_instrument *g = e->garbage[tail & (SC_GARBAGE_CAPACITY - 1)];
  atomic_store_explicit(&e->garbage_tail, tail + 1, memory_order_release);
  return g;
}

static bool push_garbage(sc_engine *e, sc_instrument *instrument) {
  uint32_t head = atomic_load_explicit(&e->garbage_head, memory_order_relaxed);
  uint32_t tail = atomic_load_explicit(&e->garbage_tail, memory_order_acquire);
  if (head - tail >= SC_GARBAGE_CAPACITY) return false;
  e->garbage[head & (SC_GARBAGE_CAPACITY - 1)] = instrument;
  atomic_store_explicit(&e->garbage_head, head + 1, memory_order_release);
  return true;
}

/* The controller values (set_ccN) and the default keyswitch an instrument starts with. */
static void apply_instrument_state(sc_engine *e, const sc_instrument *instrument) {
  for (int ch = 0; ch < 16; ch++) {
    sc_channel *c = &e->channels[ch];
    c->last_keyswitch = instrument->sw_default;
    for (int cc = 0; cc < 128; cc++)
      if (instrument->initial_cc[cc] >= 0.0f)
        sc_channel_set_cc(c, (uint8_t)cc, instrument->initial_cc[cc]);
  }
  for (int cc = 0; cc < 128; cc++)
    if (instrument->initial_cc[cc] >= 0.0f) e->effect_cc[cc] = instrument->initial_cc[cc];
}

/* Takes a newly handed instrument; the old one retires once its voices have faded. One
 * instrument retires at a time, so a burst of swaps waits a few milliseconds for the last. */
static void adopt_pending(sc_engine *e) {
  if (e->retiring) return;
  sc_instrument *next = atomic_exchange(&e->pending, NULL);
  if (!next) return;
  if (next == marker(e)) next = NULL;
  sc_instrument *old = e->current_owned;
  e->current_owned = next;
  e->current = next;
  e->instrument_frame = e->now;
  e->round_robin = next ? next->round_robin_storage : NULL;
  if (next) apply_instrument_state(e, next);
  if (!old) return;
  SC_FOR_EACH_BUSY_SLOT(e, i)
  if (e->voices[i].instrument == old) sc_voice_fade_out(e, &e->voices[i], e->swap_fade_step);
  e->retiring = old;
}

static void release_retired(sc_engine *e) {
  if (!e->retiring) return;
  SC_FOR_EACH_BUSY_SLOT(e, i)
  if (e->voices[i].instrument == e->retiring) return;
  if (push_garbage(e, e->retiring)) e->retiring = NULL;
}

static void apply_event(sc_engine *e, const sc_event *ev) {
  uint8_t ch = ev->channel & 15;
  sc_channel *c = &e->channels[ch];
  switch (ev->type) {
    case SC_EVENT_NOTE_ON:
      if (ev->data1 < 128) sc_note_on(e, ch, ev->data1, ev->data2 & 127, NULL);
      break;
    case SC_EVENT_NOTE_ON_ID:
      if (ev->data1 < 128) sc_note_on_id(e, ch, ev->data1, ev->data2 & 127, (uint32_t)ev->value);
      break;
    case SC_EVENT_NOTE_EXPRESSION:
      sc_note_expression_set(e, (uint32_t)ev->value, ev->data1, ev->number);
      break;
    case SC_EVENT_NOTE_OFF:
      if (ev->data1 < 128) sc_note_off(e, ch, ev->data1);
      break;
    case SC_EVENT_CONTROL_CHANGE:
      if (ev->data1 < 128) sc_control_change(e, ch, ev->data1, ev->data2 & 127);
      break;
    case SC_EVENT_PITCH_BEND: sc_pitch_bend(e, ch, ev->value); break;
    case SC_EVENT_PROGRAM_CHANGE: c->program = ev->data1 & 127; break;
    case SC_EVENT_CHANNEL_PRESSURE: sc_channel_pressure(e, ch, ev->data1 & 127); break;
    case SC_EVENT_POLY_PRESSURE:
      if (ev->data1 < 128) sc_poly_pressure(e, ch, ev->data1, ev->data2 & 127);
      break;
    case SC_EVENT_PARAMETER:
      if (sc_parameters_apply_event(&e->parameters, &e->config, ev)) sc_voice_enforce_polyphony(e);
      break;
    case SC_EVENT_NOTE_FREQUENCY: sc_tuning_apply_event(e, ev); break;
    case SC_EVENT_SONG_POSITION:
      if (isfinite(ev->number) && ev->number >= 0.0f) e->beat = ev->number;
      break;
    default: break;
  }
}

/* Renders the span's voices, summed in mix groups (mix_groups.h), on the team's threads or on
 * this one: the same bits either way. The caller's `*alongside` work (or NULL) runs while the
 * team renders the span, or before the span when the team does not share it; it is then done
 * (NULL). */
static void render_span(sc_engine *e, sc_render_team *team, const sc_render_alongside **alongside,
                        float *left, float *right, uint32_t frames) {
  if (frames == 0) return;
  const sc_render_alongside *work = *alongside;
  *alongside = NULL;
  if (team && sc_render_team_span(team, left, right, frames, work)) return;
  if (work) work->run(work->context);
  sc_mix_span(e, left, right, frames);
}

static void update_stats(sc_engine *e) {
  uint32_t active = sc_busy_count(e);
  atomic_store_explicit(&e->stat_active, active, memory_order_relaxed);
  if (active > atomic_load_explicit(&e->stat_peak, memory_order_relaxed))
    atomic_store_explicit(&e->stat_peak, active, memory_order_relaxed);
}

/* The caller's work done during a render call, with the caller's own floating-point modes
 * rather than the render's flushed ones: its arithmetic gives what it gives outside the call. */
typedef struct caller_work {
  const sc_render_alongside *work;
  const sc_fp_state *modes;
} caller_work;

static void run_caller_work(void *context) {
  const caller_work *c = context;
  sc_denormals_flush_end(c->modes);
  c->work->run(c->work->context);
  sc_fp_state caller_modes;
  sc_denormals_flush_begin(&caller_modes);
}

/* A render call, its voices rendered by `team` (NULL: by the calling thread alone), with the
 * caller's `work` (or NULL) done while the team renders. */
/* Where a per-channel render puts the voices' sends, or NULL to drop them. */
typedef struct send_outputs {
  float *const *left;
  float *const *right;
} send_outputs;

/* The outputs of the sends, which the span's master gain then applies to, appended to `left` and
 * `right` after `count`. */
static uint32_t append_sends(const send_outputs *sends, float **left, float **right,
                             uint32_t count) {
  for (int b = 0; b < SC_SEND_BUSES; b++) {
    left[count] = sends->left[b];
    right[count] = sends->right[b];
    count++;
  }
  return count;
}

/* A span of a render by channel after its voices: the instrument's chains (channel_chains.c),
 * or else the sends joined into `sends` at `offset` (zeros when nothing was sent) or dropped. */
static void render_channel_effects(sc_engine *e, sc_channel_outputs *channels,
                                   const send_outputs *sends, uint32_t offset, uint32_t frames) {
  float *span_left[SC_SEND_BUSES], *span_right[SC_SEND_BUSES];
  for (int b = 0; sends && b < SC_SEND_BUSES; b++) {
    span_left[b] = sends->left[b] + offset;
    span_right[b] = sends->right[b] + offset;
  }
  struct sc_fx_chains *chains = sc_buses_instrument_chains(e);
  bool on = e->parameters.value[SC_PARAM_EFFECTS] >= 0.5f;
  if (chains && !on) sc_fx_chains_bypass(chains);
  if (chains && on) {
    sc_channel_chains_end_span(e, channels, offset, frames, sends ? span_left : NULL,
                               sends ? span_right : NULL);
    return;
  }
  if (!sends) {
    sc_buses_drop_span(e);
    return;
  }
  if (!sc_buses_join_span(e, span_left, span_right, SC_SEND_BUSES, frames))
    for (int b = 0; b < SC_SEND_BUSES; b++) {
      memset(span_left[b], 0, frames * sizeof(float));
      memset(span_right[b], 0, frames * sizeof(float));
    }
}

static void render_block(sc_engine *e, sc_render_team *team, uint32_t frames,
                         const sc_event *events, uint32_t event_count, float *out_left,
                         float *out_right, const sc_render_alongside *work,
                         sc_channel_outputs *channels, const send_outputs *sends) {
  sc_fp_state fp;
  sc_denormals_flush_begin(&fp);
  caller_work in_caller_modes = {work, &fp};
  sc_render_alongside wrapped = {run_caller_work, &in_caller_modes};
  const sc_render_alongside *alongside = work ? &wrapped : NULL;
  if (!channels) {
    memset(out_left, 0, frames * sizeof(float));
    memset(out_right, 0, frames * sizeof(float));
  }
  adopt_pending(e);
  sc_tuning_adopt(e);
  if (sc_parameters_adopt(&e->parameters, &e->config)) sc_voice_enforce_polyphony(e);
  sc_event posted;
  /* a bounded share per block keeps a flood of posted events from making one block slow */
  uint32_t posted_limit = frames / SC_FRAMES_PER_POSTED_EVENT;
  if (posted_limit < SC_MIN_POSTED_EVENTS_PER_BLOCK) posted_limit = SC_MIN_POSTED_EVENTS_PER_BLOCK;
  for (uint32_t n = 0; n < posted_limit && sc_ring_pop(&e->queue, &posted); n++)
    apply_event(e, &posted);
  uint32_t f = 0, next_event = 0;
  while (f < frames) {
    while (next_event < event_count && events[next_event].frame <= f)
      apply_event(e, &events[next_event++]);
    uint32_t until = frames;
    if (next_event < event_count && events[next_event].frame < frames)
      until = events[next_event].frame;
    if (until - f > SC_SPAN_FRAMES) until = f + SC_SPAN_FRAMES;
    until = f + sc_parameters_begin_span(&e->parameters, until - f);
    uint32_t n = until - f;
    if (channels) {
      sc_channel_outputs_render_span(e, channels, f, n);
      render_channel_effects(e, channels, sends, f, n);
      float *left[16 + SC_SEND_BUSES], *right[16 + SC_SEND_BUSES];
      uint32_t count = sc_channel_outputs_touched(channels, left, right);
      if (sends) count = append_sends(sends, left, right, count);
      sc_parameters_end_span(&e->parameters, left, right, count, f, n);
    } else {
      render_span(e, team, &alongside, out_left + f, out_right + f, n);
      sc_buses_end_span(e, out_left + f, out_right + f, n);
      sc_parameters_end_span(&e->parameters, &out_left, &out_right, 1, f, n);
    }
    /* the clock and the song position move on span by span, so an event's times (how long a
     * key was held, how long since the last note) count from its own frame, whatever the
     * block size; notes can wait for the next beat */
    e->now += n;
    e->beat += n * (double)e->parameters.value[SC_PARAM_TEMPO] / (60.0 * e->config.sample_rate);
    e->voice_vibrato_phase +=
        n * (double)e->parameters.value[SC_PARAM_VOICE_VIBRATO_RATE] / e->config.sample_rate;
    e->voice_vibrato_phase -= floor(e->voice_vibrato_phase);
    f = until;
  }
  /* events past the block's end take effect at the start of the next */
  while (next_event < event_count) apply_event(e, &events[next_event++]);
  release_retired(e);
  update_stats(e);
  sc_denormals_flush_end(&fp);
  /* a block of no frames has no span to do it with */
  if (alongside) work->run(work->context);
}

void sc_engine_render(sc_engine *e, uint32_t frames, const sc_event *events, uint32_t event_count,
                      float *out_left, float *out_right) {
  render_block(e, NULL, frames, events, event_count, out_left, out_right, NULL, NULL, NULL);
}

uint16_t sc_engine_render_channels(sc_engine *e, uint32_t frames, const sc_event *events,
                                   uint32_t event_count, float *const left[16],
                                   float *const right[16]) {
  sc_channel_outputs channels = {left, right, frames, 0};
  render_block(e, NULL, frames, events, event_count, NULL, NULL, NULL, &channels, NULL);
  return channels.touched;
}

uint16_t sc_engine_render_channels_sends(sc_engine *e, uint32_t frames, const sc_event *events,
                                         uint32_t event_count, float *const left[16],
                                         float *const right[16],
                                         float *const send_left[SC_SEND_BUSES],
                                         float *const send_right[SC_SEND_BUSES]) {
  sc_channel_outputs channels = {left, right, frames, 0};
  send_outputs sends = {send_left, send_right};
  render_block(e, NULL, frames, events, event_count, NULL, NULL, NULL, &channels, &sends);
  return channels.touched;
}

void sc_engine_render_team(sc_engine *e, sc_render_team *team, uint32_t frames,
                           const sc_event *events, uint32_t event_count, float *out_left,
                           float *out_right, const sc_render_alongside *alongside) {
  /* another engine's team would render the wrong voices */
  if (team && sc_render_team_engine(team) != e) team = NULL;
  render_block(e, team, frames, events, event_count, out_left, out_right, alongside, NULL, NULL);
}

const char *sc_engine_kernels(const sc_engine *e) {
  return e->interpolate == sc_interpolate_portable ? "portable" : "avx2";
}

bool sc_engine_post(sc_engine *e, const sc_event *event) { return sc_ring_push(&e->queue, event); }

uint64_t sc_engine_unplayed_notes(const sc_engine *e, uint8_t channel, uint64_t keys[2]) {
  sc_engine *m = (sc_engine *)e;
  for (int w = 0; w < 2; w++)
    keys[w] = atomic_load_explicit(&m->stat_unplayed_keys[channel & 15][w], memory_order_relaxed);
  return atomic_load_explicit(&m->stat_unplayed_channel[channel & 15], memory_order_relaxed);
}

void sc_engine_get_stats(const sc_engine *e, sc_engine_stats *stats) {
  sc_engine *m = (sc_engine *)e;
  stats->active_voices = atomic_load_explicit(&m->stat_active, memory_order_relaxed);
  stats->peak_voices = atomic_load_explicit(&m->stat_peak, memory_order_relaxed);
  stats->notes_started = atomic_load_explicit(&m->stat_started, memory_order_relaxed);
  stats->voices_stolen = atomic_load_explicit(&m->stat_stolen, memory_order_relaxed);
  stats->notes_unplayed = atomic_load_explicit(&m->stat_unplayed, memory_order_relaxed);
  stats->voices_silenced = atomic_load_explicit(&m->stat_silenced, memory_order_relaxed);
  stats->stream_underruns = atomic_load_explicit(&m->stat_underruns, memory_order_relaxed);
}

bool sc_engine_set_parameter(sc_engine *e, sc_param p, float value) {
  return sc_parameters_request(&e->parameters, &e->config, p, value);
}

float sc_engine_parameter(const sc_engine *e, sc_param p) {
  return sc_parameters_published(&e->parameters, p);
}

uint64_t sc_engine_take_parameter_changes(sc_engine *e) {
  return sc_parameters_take_changes(&e->parameters);
}
