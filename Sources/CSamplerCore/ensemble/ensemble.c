/*
 * ensemble.c - several engines played as one multi-timbral instrument: each MIDI channel's
 * notes routed to the engine its bank and program choose, every engine rendered by channel, and
 * the channels mixed in a fixed order (sampler_core.h says the rules). One reverb and one
 * chorus serve every engine: each engine's sends (sc_engine_render_channels_sends) are summed
 * in engine order and their returns join the mix after the channels.
 */
#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "dsp/chorus.h"
#include "dsp/denormals.h"
#include "dsp/reverb.h"
#include "state/engine_state.h"
#include "ensemble/ensemble_team.h"
#include "sampler_core.h"

/* One entry of the program table: written once on the control thread, then published. */
typedef struct program_entry {
  bool drums;
  uint8_t msb, lsb, program;
  int32_t engine;
} program_entry;

/* An engine of the ensemble with what one render call needs for it. */
typedef struct member {
  sc_engine *engine;
  float *buffers; /* 32 x max_frames: the engine's output by channel */
  float *left[16], *right[16];
  sc_event *events; /* its share of the events of the part being rendered */
  uint32_t event_count;
  uint16_t written; /* channels of the current call whose outputs hold what it played */
  float *sends;     /* 2 x SC_SEND_BUSES x max_frames: the engine's sends, bus by bus */
  float *send_left[SC_SEND_BUSES], *send_right[SC_SEND_BUSES];
} member;

/* The ensemble's effect parameters, SC_PARAM_EFFECTS to SC_PARAM_CHORUS_VOICES. */
#define FIRST_EFFECT_PARAM SC_PARAM_EFFECTS
#define EFFECT_PARAMS (SC_PARAM_CHORUS_VOICES - SC_PARAM_EFFECTS + 1)

/* What the render thread keeps of a channel. */
typedef struct channel_state {
  uint8_t msb, lsb, program;
  int32_t engine;          /* the engine the channel plays now; -1 none */
  uint32_t resolved_count; /* the program table's size when `engine` was looked up */
  bool resolved;
  int16_t owner[128]; /* the engine each sounding key's note went to; -1 none */
} channel_state;

struct sc_ensemble {
  uint32_t max_frames;
  member members[SC_ENSEMBLE_MAX_ENGINES];
  _Atomic uint32_t member_count;
  program_entry programs[SC_ENSEMBLE_MAX_PROGRAMS];
  _Atomic uint32_t program_count;
  _Atomic int32_t assigned[16];
  _Atomic bool drums[16];
  _Atomic float gain_left[16], gain_right[16];
  _Atomic uint64_t unrouted[16];
  channel_state channels[16];
  float *stem_scratch; /* 2 x max_frames: a channel's sum when the caller takes no stems */
  uint32_t order[SC_ENSEMBLE_MAX_ENGINES]; /* the engines a team claims, most voices first */
  /* the shared effects, made at the first engine's sample rate when it is added; their inputs
   * (the engines' sends summed) and returns, SC_SEND_BUSES x 2 x max_frames each */
  bool effects_made;
  sc_reverb reverb;
  sc_chorus chorus;
  float *effect_in, *effect_out;
  _Atomic float effect_value[EFFECT_PARAMS];
};

/* One part of a render call, as each engine's render needs it. */
typedef struct part {
  sc_ensemble *ensemble;
  uint32_t from, to;
} part;

sc_ensemble *sc_ensemble_create(uint32_t max_frames) {
  if (max_frames == 0) return NULL;
  sc_ensemble *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->stem_scratch = calloc(2 * (size_t)max_frames, sizeof(float));
  if (!s->stem_scratch) {
    free(s);
    return NULL;
  }
  s->max_frames = max_frames;
  sc_engine_config config;
  sc_engine_config_init(&config);
  for (int p = 0; p < EFFECT_PARAMS; p++) {
    sc_param_info info;
    sc_param_get_info((sc_param)(FIRST_EFFECT_PARAM + p), &config, &info);
    atomic_init(&s->effect_value[p], info.default_value);
  }
  for (int c = 0; c < 16; c++) {
    atomic_init(&s->assigned[c], -1);
    atomic_init(&s->drums[c], c == SC_GM_DRUM_CHANNEL);
    atomic_init(&s->gain_left[c], 1.0f);
    atomic_init(&s->gain_right[c], 1.0f);
    s->channels[c].engine = -1;
    for (int k = 0; k < 128; k++) s->channels[c].owner[k] = -1;
  }
  return s;
}

uint32_t sc_ensemble_max_engines(void) { return SC_ENSEMBLE_MAX_ENGINES; }

void sc_ensemble_destroy(sc_ensemble *s) {
  if (!s) return;
  uint32_t count = atomic_load_explicit(&s->member_count, memory_order_acquire);
  for (uint32_t i = 0; i < count; i++) {
    free(s->members[i].buffers);
    free(s->members[i].events);
    free(s->members[i].sends);
  }
  if (s->effects_made) {
    sc_reverb_destroy(&s->reverb);
    sc_chorus_destroy(&s->chorus);
  }
  free(s->effect_in);
  free(s->effect_out);
  free(s->stem_scratch);
  free(s);
}

/* The shared reverb and chorus at `rate`, and their buffers; false when out of memory. */
static bool make_effects(sc_ensemble *s, double rate) {
  size_t floats = 2 * SC_SEND_BUSES * (size_t)s->max_frames;
  s->effect_in = calloc(floats, sizeof(float));
  s->effect_out = calloc(floats, sizeof(float));
  bool reverb = s->effect_in && s->effect_out && sc_reverb_create(&s->reverb, rate);
  bool chorus = reverb && sc_chorus_create(&s->chorus, rate);
  if (chorus) return s->effects_made = true;
  if (reverb) sc_reverb_destroy(&s->reverb);
  free(s->effect_in);
  free(s->effect_out);
  s->effect_in = s->effect_out = NULL;
  return false;
}

bool sc_ensemble_set_effect(sc_ensemble *s, sc_param p, float value) {
  if (p < FIRST_EFFECT_PARAM || p >= FIRST_EFFECT_PARAM + EFFECT_PARAMS || !isfinite(value))
    return false;
  sc_engine_config config;
  sc_engine_config_init(&config);
  sc_param_info info;
  sc_param_get_info(p, &config, &info);
  value = fminf(fmaxf(value, info.minimum), info.maximum);
  if (p == SC_PARAM_CHORUS_VOICES) value = roundf(value);
  atomic_store_explicit(&s->effect_value[p - FIRST_EFFECT_PARAM], value, memory_order_relaxed);
  return true;
}

float sc_ensemble_effect(const sc_ensemble *s, sc_param p) {
  if (p < FIRST_EFFECT_PARAM || p >= FIRST_EFFECT_PARAM + EFFECT_PARAMS) return 0.0f;
  sc_ensemble *m = (sc_ensemble *)s;
  return atomic_load_explicit(&m->effect_value[p - FIRST_EFFECT_PARAM], memory_order_relaxed);
}

bool sc_ensemble_effects_ringing(const sc_ensemble *s) {
  if (s->effects_made && (sc_reverb_active(&s->reverb) || sc_chorus_active(&s->chorus)))
    return true;
  /* an instrument's own chains, which its engine runs */
  uint32_t members = atomic_load_explicit(&s->member_count, memory_order_acquire);
  for (uint32_t i = 0; i < members; i++)
    if (sc_engine_effects_ringing(s->members[i].engine)) return true;
  return false;
}

int32_t sc_ensemble_add_engine(sc_ensemble *s, sc_engine *engine) {
  uint32_t count = atomic_load_explicit(&s->member_count, memory_order_relaxed);
  if (!engine || count >= SC_ENSEMBLE_MAX_ENGINES) return -1;
  if (!s->effects_made && !make_effects(s, engine->config.sample_rate)) return -1;
  member *m = &s->members[count];
  m->buffers = calloc(32 * (size_t)s->max_frames, sizeof(float));
  m->events = calloc(SC_ENSEMBLE_EVENT_CAPACITY, sizeof(sc_event));
  m->sends = calloc(2 * SC_SEND_BUSES * (size_t)s->max_frames, sizeof(float));
  if (!m->buffers || !m->events || !m->sends) {
    free(m->buffers);
    free(m->events);
    free(m->sends);
    m->buffers = NULL;
    m->events = NULL;
    m->sends = NULL;
    return -1;
  }
  for (int b = 0; b < SC_SEND_BUSES; b++) {
    m->send_left[b] = m->sends + (size_t)(2 * b) * s->max_frames;
    m->send_right[b] = m->sends + (size_t)(2 * b + 1) * s->max_frames;
  }
  for (int c = 0; c < 16; c++) {
    m->left[c] = m->buffers + (size_t)(2 * c) * s->max_frames;
    m->right[c] = m->buffers + (size_t)(2 * c + 1) * s->max_frames;
  }
  m->engine = engine;
  atomic_store_explicit(&s->member_count, count + 1, memory_order_release);
  return (int32_t)count;
}

bool sc_ensemble_set_program(sc_ensemble *s, bool drums, uint8_t msb, uint8_t lsb, uint8_t program,
                             int32_t engine) {
  uint32_t count = atomic_load_explicit(&s->program_count, memory_order_relaxed);
  if (count >= SC_ENSEMBLE_MAX_PROGRAMS || engine < 0 ||
      (uint32_t)engine >= atomic_load_explicit(&s->member_count, memory_order_acquire))
    return false;
  s->programs[count] = (program_entry){drums, msb & 127u, lsb & 127u, program & 127u, engine};
  atomic_store_explicit(&s->program_count, count + 1, memory_order_release);
  return true;
}

void sc_ensemble_assign_channel(sc_ensemble *s, uint8_t channel, int32_t engine) {
  atomic_store_explicit(&s->assigned[channel & 15], engine < 0 ? -1 : engine, memory_order_relaxed);
}

void sc_ensemble_set_drum_channel(sc_ensemble *s, uint8_t channel, bool drums) {
  atomic_store_explicit(&s->drums[channel & 15], drums, memory_order_relaxed);
  s->channels[channel & 15].resolved = false;
}

void sc_ensemble_set_channel_gain(sc_ensemble *s, uint8_t channel, float left, float right) {
  atomic_store_explicit(&s->gain_left[channel & 15], left, memory_order_relaxed);
  atomic_store_explicit(&s->gain_right[channel & 15], right, memory_order_relaxed);
}

uint64_t sc_ensemble_unrouted_notes(const sc_ensemble *s, uint8_t channel) {
  return atomic_load_explicit(&((sc_ensemble *)s)->unrouted[channel & 15], memory_order_relaxed);
}

/* The engine `channel` plays now: its assigned one, else the latest table entry for its drum
 * flag, bank and program (looked up again only when they or the table changed). */
static int32_t channel_engine(sc_ensemble *s, uint8_t channel) {
  int32_t assigned = atomic_load_explicit(&s->assigned[channel], memory_order_relaxed);
  if (assigned >= 0) return assigned;
  channel_state *c = &s->channels[channel];
  uint32_t count = atomic_load_explicit(&s->program_count, memory_order_acquire);
  if (c->resolved && c->resolved_count == count) return c->engine;
  bool drums = atomic_load_explicit(&s->drums[channel], memory_order_relaxed);
  c->engine = -1;
  for (uint32_t i = count; i-- > 0;) {
    const program_entry *p = &s->programs[i];
    if (p->drums == drums && p->msb == c->msb && p->lsb == c->lsb && p->program == c->program) {
      c->engine = p->engine;
      break;
    }
  }
  c->resolved = true;
  c->resolved_count = count;
  return c->engine;
}

/* Whether every engine can take one more event in this part. */
static bool room_for_all(const sc_ensemble *s, uint32_t members) {
  for (uint32_t i = 0; i < members; i++)
    if (s->members[i].event_count >= SC_ENSEMBLE_EVENT_CAPACITY) return false;
  return true;
}

static void send(sc_ensemble *s, int32_t engine, const sc_event *event, uint32_t frame) {
  member *m = &s->members[engine];
  m->events[m->event_count] = *event;
  m->events[m->event_count].frame = frame;
  m->event_count++;
}

/* Routes one event to the engines, its frame made relative to the part being rendered. */
static void route(sc_ensemble *s, uint32_t members, const sc_event *ev, uint32_t frame) {
  uint8_t ch = ev->channel & 15;
  channel_state *c = &s->channels[ch];
  bool note_on = ev->type == SC_EVENT_NOTE_ON || ev->type == SC_EVENT_NOTE_ON_ID;
  bool note_off = ev->type == SC_EVENT_NOTE_OFF || (note_on && (ev->data2 & 127) == 0);
  if ((note_on || note_off || ev->type == SC_EVENT_POLY_PRESSURE) && ev->data1 < 128) {
    int16_t *owner = &c->owner[ev->data1];
    if (note_off || ev->type == SC_EVENT_POLY_PRESSURE) {
      /* a key with no note of its own (a second note-off after a key struck twice) goes where
       * the channel plays now, as it would reach a single instrument */
      int32_t target = *owner >= 0 ? *owner : channel_engine(s, ch);
      if (target >= 0 && (uint32_t)target < members) send(s, target, ev, frame);
      if (note_off) *owner = -1;
      return;
    }
    int32_t engine = channel_engine(s, ch);
    if (engine < 0 || (uint32_t)engine >= members) {
      atomic_fetch_add_explicit(&s->unrouted[ch], 1, memory_order_relaxed);
      return;
    }
    /* the key struck again after a program change: its note on the old program ends first */
    if (*owner >= 0 && *owner != engine && (uint32_t)*owner < members) {
      sc_event off = {.type = SC_EVENT_NOTE_OFF, .channel = ch, .data1 = ev->data1};
      send(s, *owner, &off, frame);
    }
    *owner = (int16_t)engine;
    send(s, engine, ev, frame);
    return;
  }
  if (ev->type == SC_EVENT_PROGRAM_CHANGE) {
    c->program = ev->data1 & 127;
    c->resolved = false;
  } else if (ev->type == SC_EVENT_CONTROL_CHANGE && ev->data1 == SC_CC_BANK_SELECT_MSB) {
    c->msb = ev->data2 & 127;
    c->resolved = false;
  } else if (ev->type == SC_EVENT_CONTROL_CHANGE && ev->data1 == SC_CC_BANK_SELECT_LSB) {
    c->lsb = ev->data2 & 127;
    c->resolved = false;
  }
  for (uint32_t i = 0; i < members; i++) send(s, (int32_t)i, ev, frame);
}

/* Renders engine `index` over frames [from, to) of the call with the events routed to it, into
 * its outputs by channel; a channel it played earlier in the call but not in this part gets
 * zeros here, and one it plays for the first time gets zeros before. Touches nothing of another
 * engine, so engines may render on different threads at once. */
static void render_member(void *argument, uint32_t index) {
  const part *p = argument;
  member *m = &p->ensemble->members[index];
  float *left[16], *right[16];
  for (int c = 0; c < 16; c++) {
    left[c] = m->left[c] + p->from;
    right[c] = m->right[c] + p->from;
  }
  float *send_left[SC_SEND_BUSES], *send_right[SC_SEND_BUSES];
  for (int b = 0; b < SC_SEND_BUSES; b++) {
    send_left[b] = m->send_left[b] + p->from;
    send_right[b] = m->send_right[b] + p->from;
  }
  uint16_t played = sc_engine_render_channels_sends(
      m->engine, p->to - p->from, m->events, m->event_count, left, right, send_left, send_right);
  m->event_count = 0;
  for (int c = 0; c < 16; c++) {
    uint16_t bit = (uint16_t)(1u << c);
    if ((played & bit) && !(m->written & bit)) {
      memset(m->left[c], 0, p->from * sizeof(float));
      memset(m->right[c], 0, p->from * sizeof(float));
    } else if (!(played & bit) && (m->written & bit)) {
      memset(left[c], 0, (p->to - p->from) * sizeof(float));
      memset(right[c], 0, (p->to - p->from) * sizeof(float));
    }
  }
  m->written |= played;
}

/* Orders the engines for a team's threads to claim: the most playing voices first (insertion
 * sort: a few engines, mostly in last call's order already). Changes no bit, only who waits. */
static void order_by_voices(sc_ensemble *s, uint32_t members) {
  for (uint32_t i = 0; i < members; i++) {
    uint32_t engine = i, voices = s->members[i].engine->playing, j = i;
    for (; j > 0 && s->members[s->order[j - 1]].engine->playing < voices; j--)
      s->order[j] = s->order[j - 1];
    s->order[j] = engine;
  }
}

static void render_part(sc_ensemble *s, sc_ensemble_team *team, uint32_t members, uint32_t from,
                        uint32_t to, const sc_render_alongside *alongside) {
  part p = {s, from, to};
  if (team && members > 1) {
    order_by_voices(s, members);
    sc_ensemble_team_run(team, s->order, members, render_member, &p, alongside);
    return;
  }
  if (alongside) alongside->run(alongside->context);
  for (uint32_t i = 0; i < members; i++) render_member(&p, i);
}

static void add(float *restrict out, const float *restrict in, uint32_t frames) {
  for (uint32_t f = 0; f < frames; f++) out[f] += in[f];
}

static void scale(float *out, float gain, uint32_t frames) {
  if (gain == 1.0f) return;
  for (uint32_t f = 0; f < frames; f++) out[f] *= gain;
}

/* The effects' settings as the ensemble's parameters have them at the call's start. */
static void follow_settings(sc_ensemble *s) {
  float v[EFFECT_PARAMS];
  for (int p = 0; p < EFFECT_PARAMS; p++)
    v[p] = atomic_load_explicit(&s->effect_value[p], memory_order_relaxed);
#define V(param) v[(param)-FIRST_EFFECT_PARAM]
  sc_reverb_settings reverb = {V(SC_PARAM_REVERB_DECAY),    V(SC_PARAM_REVERB_DAMPING),
                               V(SC_PARAM_REVERB_PREDELAY), V(SC_PARAM_REVERB_WIDTH),
                               V(SC_PARAM_REVERB_SIZE),     V(SC_PARAM_REVERB_LEVEL)};
  sc_chorus_settings chorus = {V(SC_PARAM_CHORUS_RATE), V(SC_PARAM_CHORUS_DEPTH),
                               V(SC_PARAM_CHORUS_VOICES), V(SC_PARAM_CHORUS_LEVEL)};
#undef V
  if (memcmp(&reverb, &s->reverb.settings, sizeof reverb) != 0) sc_reverb_set(&s->reverb, &reverb);
  if (memcmp(&chorus, &s->chorus.settings, sizeof chorus) != 0) sc_chorus_set(&s->chorus, &chorus);
}

/* The shared effects over the call: the engines' sends summed in engine order, the reverb and
 * chorus run on them into their returns, which are added to the mix only where they sounded (a
 * silent effect leaves the mix's bits alone) and copied to the caller's outputs (or zeros). */
static void run_effects(sc_ensemble *s, uint32_t members, uint32_t frames, float *left,
                        float *right, float *const return_left[SC_SEND_BUSES],
                        float *const return_right[SC_SEND_BUSES]) {
  bool sounded[SC_SEND_BUSES] = {false, false};
  uint32_t size = s->max_frames;
  if (s->effects_made) {
    sc_fp_state fp;
    sc_denormals_flush_begin(&fp);
    follow_settings(s);
    bool on = atomic_load_explicit(&s->effect_value[0], memory_order_relaxed) >= 0.5f;
    for (int k = 0; k < 2 * SC_SEND_BUSES; k++) {
      float *sum = s->effect_in + (size_t)k * size;
      memset(sum, 0, frames * sizeof(float));
      memset(s->effect_out + (size_t)k * size, 0, frames * sizeof(float));
      for (uint32_t i = 0; on && i < members; i++)
        add(sum, s->members[i].sends + (size_t)k * size, frames);
    }
    float *in = s->effect_in, *out = s->effect_out;
    if (!on) {
      if (sc_reverb_active(&s->reverb)) sc_reverb_clear(&s->reverb);
      if (sc_chorus_active(&s->chorus)) sc_chorus_clear(&s->chorus);
    }
    sounded[SC_SEND_REVERB] = sc_reverb_process(&s->reverb, on ? in : NULL, on ? in + size : NULL,
                                                out, out + size, frames);
    sounded[SC_SEND_CHORUS] = sc_chorus_process(
        &s->chorus, on ? in + 2 * (size_t)size : NULL, on ? in + 3 * (size_t)size : NULL,
        out + 2 * (size_t)size, out + 3 * (size_t)size, frames);
    sc_denormals_flush_end(&fp);
  }
  for (int b = 0; b < SC_SEND_BUSES; b++) {
    /* an ensemble with no engine has made no effects, and no buffers for them */
    const float *l = sounded[b] ? s->effect_out + (size_t)(2 * b) * size : NULL;
    const float *r = sounded[b] ? s->effect_out + (size_t)(2 * b + 1) * size : NULL;
    if (sounded[b]) {
      add(left, l, frames);
      add(right, r, frames);
    }
    if (return_left) {
      if (sounded[b]) {
        memcpy(return_left[b], l, frames * sizeof(float));
        memcpy(return_right[b], r, frames * sizeof(float));
      } else {
        memset(return_left[b], 0, frames * sizeof(float));
        memset(return_right[b], 0, frames * sizeof(float));
      }
    }
  }
}

static uint16_t render(sc_ensemble *s, sc_ensemble_team *team, uint32_t frames,
                       const sc_event *events, uint32_t event_count, float *left, float *right,
                       float *const stem_left[16], float *const stem_right[16],
                       float *const return_left[SC_SEND_BUSES],
                       float *const return_right[SC_SEND_BUSES],
                       const sc_render_alongside *alongside) {
  if (frames > s->max_frames) frames = s->max_frames;
  uint32_t members = atomic_load_explicit(&s->member_count, memory_order_acquire);
  for (uint32_t i = 0; i < members; i++) s->members[i].written = 0;
  /* the call in parts, each as long as every engine's share of its events fits */
  uint32_t from = 0, next = 0;
  while (from < frames || next < event_count) {
    while (next < event_count && room_for_all(s, members)) {
      uint32_t at = events[next].frame < from ? from : events[next].frame;
      route(s, members, &events[next++], at - from);
    }
    uint32_t to = frames;
    if (next < event_count && events[next].frame < frames)
      to = events[next].frame < from ? from : events[next].frame;
    render_part(s, team, members, from, to, alongside);
    alongside = NULL;
    from = to;
    if (from >= frames && next >= event_count) break;
  }
  if (alongside) alongside->run(alongside->context);
  /* channel by channel, each channel's engines in order, then the channels into the mix */
  memset(left, 0, frames * sizeof(float));
  memset(right, 0, frames * sizeof(float));
  uint16_t sounded = 0;
  for (int c = 0; c < 16; c++) {
    float *sl = stem_left ? stem_left[c] : s->stem_scratch;
    float *sr = stem_right ? stem_right[c] : s->stem_scratch + s->max_frames;
    bool started = false;
    for (uint32_t i = 0; i < members; i++) {
      const member *m = &s->members[i];
      if (!(m->written & (1u << c))) continue;
      if (started) {
        add(sl, m->left[c], frames);
        add(sr, m->right[c], frames);
      } else {
        memcpy(sl, m->left[c], frames * sizeof(float));
        memcpy(sr, m->right[c], frames * sizeof(float));
        started = true;
      }
    }
    if (!started) {
      if (stem_left) memset(sl, 0, frames * sizeof(float));
      if (stem_right) memset(sr, 0, frames * sizeof(float));
      continue;
    }
    sounded |= (uint16_t)(1u << c);
    scale(sl, atomic_load_explicit(&s->gain_left[c], memory_order_relaxed), frames);
    scale(sr, atomic_load_explicit(&s->gain_right[c], memory_order_relaxed), frames);
    add(left, sl, frames);
    add(right, sr, frames);
  }
  run_effects(s, members, frames, left, right, return_left, return_right);
  return sounded;
}

uint16_t sc_ensemble_render(sc_ensemble *s, uint32_t frames, const sc_event *events,
                            uint32_t event_count, float *left, float *right,
                            float *const stem_left[16], float *const stem_right[16]) {
  return render(s, NULL, frames, events, event_count, left, right, stem_left, stem_right, NULL,
                NULL, NULL);
}

uint16_t sc_ensemble_render_team(sc_ensemble *s, sc_ensemble_team *team, uint32_t frames,
                                 const sc_event *events, uint32_t event_count, float *left,
                                 float *right, float *const stem_left[16],
                                 float *const stem_right[16],
                                 const sc_render_alongside *alongside) {
  return render(s, team, frames, events, event_count, left, right, stem_left, stem_right, NULL,
                NULL, alongside);
}

uint16_t sc_ensemble_render_returns(sc_ensemble *s, sc_ensemble_team *team, uint32_t frames,
                                    const sc_event *events, uint32_t event_count, float *left,
                                    float *right, float *const stem_left[16],
                                    float *const stem_right[16],
                                    float *const return_left[SC_SEND_BUSES],
                                    float *const return_right[SC_SEND_BUSES],
                                    const sc_render_alongside *alongside) {
  return render(s, team, frames, events, event_count, left, right, stem_left, stem_right,
                return_left, return_right, alongside);
}
