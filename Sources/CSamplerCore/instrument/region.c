/* region.c - a region's defaults and conditions: sc_region_init (the SFZ defaults, the only place
 * they are written: the SFZ loader keeps them wherever an instrument is silent), whether an
 * event's selection answers the region's trigger, and every condition it sets on the channel's
 * state. */
#include <math.h>

#include "state/engine_sources.h"
#include "config.h"
#include "instrument/keyswitch.h"
#include "instrument/region.h"

void sc_region_init(sc_region *r) {
  *r = (sc_region){0};
  r->lokey = 0;
  r->hikey = 127;
  r->lovel = 1;
  r->hivel = 127;
  r->trigger = SC_TRIGGER_ATTACK;
  r->lochan = 0;
  r->hichan = 15;
  r->loprog = 0;
  r->hiprog = 127;
  r->lobend = SC_BEND_MIN;
  r->hibend = -SC_BEND_MIN;
  r->hichanaft = 127;
  r->hipolyaft = 127;
  r->lorand = 0.0f;
  r->hirand = 1.0f;
  r->seq_length = 1;
  r->seq_position = 1;
  r->on_cc = (sc_cc_range){0, 0, 127};
  r->sw_lokey = SC_NO_KEY;
  r->sw_hikey = SC_NO_KEY;
  r->sw_lolast = SC_NO_KEY;
  r->sw_hilast = SC_NO_KEY;
  r->sw_down = SC_NO_KEY;
  r->sw_up = SC_NO_KEY;
  r->sw_previous = SC_NO_KEY;
  r->sw_default = SC_NO_KEY;
  r->off_mode = SC_OFF_TIME;
  r->off_time = 0.006f;
  r->noise.filtered = true;
  r->noise.tone = SC_NOISE_TONE_WHITE;
  /* linear, as the engine faded before off_curve was read; ARIA's own default is 10 with
   * off_shape -10.3616 (corpus/spec syntax.yml), which the loader takes as soon as either
   * opcode is written */
  r->off_curve = SC_OFF_CURVE_LINEAR;
  r->off_shape = SC_OFF_SHAPE_DEFAULT;
  r->note_selfmask = true;
  r->pitch_keycenter = 60.0f;
  r->pitch_keytrack = 100.0f;
  r->bend_up = 200.0f;
  r->bend_down = -200.0f;
  r->amp_veltrack = 100.0f;
  r->loop_mode = SC_LOOP_NONE;
  r->loop_type = SC_LOOP_FORWARD;
  r->ampeg.sustain = 1.0f;
  r->ampeg.release = 0.001f;
  r->fileg.sustain = 1.0f;
  r->pitcheg.sustain = 1.0f;
  r->amp_keycenter = 60.0f;
  r->hibpm = INFINITY;
  r->amp_velcurve = -1;
  r->width = 100.0f;
  /* crossfade curves default to power (corpus/spec sfzformat/data/sfz/syntax.yml) */
  r->key_crossfade = (sc_crossfade){0, 0, 127, 127, true};
  r->velocity_crossfade = (sc_crossfade){0, 0, 127, 127, true};
  r->cc_crossfade_power = true;
  /* An SFZ v2 LFO is a triangle at ratio and scale 1: opcodes/lfoN_wave.md, "Triangle is the
   * default waveform in ARIA" (syntax.yml's default of 1, the sine, is what ARIA's SFZ v1 LFOs
   * use). A flex envelope holds no point unless told. */
  for (int i = 0; i < SC_V2_MAX_LFOS; i++) {
    r->v2_lfos[i].wave = SC_V2_WAVE_TRIANGLE;
    r->v2_lfos[i].ratio = 1.0f;
    r->v2_lfos[i].scale = 1.0f;
  }
  for (int i = 0; i < SC_V2_MAX_EGS; i++) r->v2_egs[i].sustain = -1;
  const float eq_freqs[3] = {50.0f, 500.0f, 5000.0f};
  for (int b = 0; b < 3; b++) r->eq[b] = (sc_eq_band){eq_freqs[b], 1.0f, 0.0f, 0.0f, 0.0f};
  r->implicit_controllers = SC_IMPLICIT_VOLUME | SC_IMPLICIT_EXPRESSION | SC_IMPLICIT_PAN;
  for (int i = 0; i < SC_FILTER_COUNT; i++)
    r->filters[i] =
        (sc_filter_params){.type = SC_FILTER_NONE, .cutoff = 20000.0f, .keycenter = 60.0f};
  r->pan_keycenter = 60.0f;
  r->sustain_sw = true;
  r->sostenuto_sw = true;
  r->sustain_cc = SC_CC_SUSTAIN;
  r->sostenuto_cc = SC_CC_SOSTENUTO;
  r->sustain_lo = SC_DEFAULT_PEDAL_LO;
  r->sostenuto_lo = SC_DEFAULT_PEDAL_LO;
  r->lotimer = 0.0f;
  r->hitimer = INFINITY;
}

bool sc_region_sustain_down(const sc_region *r, const sc_channel *c) {
  return r->sustain_sw && c->cc[r->sustain_cc & 127] >= r->sustain_lo;
}

bool sc_region_is_release(const sc_region *r) {
  return r->trigger == SC_TRIGGER_RELEASE || r->trigger == SC_TRIGGER_RELEASE_KEY;
}

bool sc_region_may_loop(const sc_region *r) {
  return r->loop_mode == SC_LOOP_CONTINUOUS || r->loop_mode == SC_LOOP_SUSTAIN ||
         r->loop_mode == SC_LOOP_ENGINE;
}

bool sc_region_answers(const sc_region *r, const sc_selection *s) {
  switch (s->kind) {
    case SC_SELECT_NOTE_ON:
      return r->trigger == SC_TRIGGER_ATTACK ||
             (r->trigger == SC_TRIGGER_FIRST && !s->other_keys_held) ||
             (r->trigger == SC_TRIGGER_LEGATO && s->other_keys_held);
    case SC_SELECT_NOTE_OFF:
      return r->trigger == SC_TRIGGER_RELEASE_KEY ||
             (r->trigger == SC_TRIGGER_RELEASE && !sc_region_sustain_down(r, s->channel));
    case SC_SELECT_PEDAL_UP:
      /* its own pedal, which was down and is up now */
      return r->trigger == SC_TRIGGER_RELEASE && r->sustain_sw && r->sustain_cc == s->cc &&
             s->cc_previous >= r->sustain_lo && s->cc_value < r->sustain_lo;
    case SC_SELECT_RESTRUCK:
      return r->trigger == SC_TRIGGER_RELEASE && sc_region_sustain_down(r, s->channel);
    case SC_SELECT_CC:
      /* the controller's value must enter the range, not merely move inside it */
      return r->trigger == SC_TRIGGER_CC && r->on_cc.cc == s->cc && s->cc_value >= r->on_cc.lo &&
             s->cc_value <= r->on_cc.hi &&
             (s->cc_previous < r->on_cc.lo || s->cc_previous > r->on_cc.hi);
  }
  return false;
}

static bool in_range(int value, int lo, int hi) { return value >= lo && value <= hi; }

/* A condition's controller on 0...127, the extended ones (128...137) as the event sees them. */
static int condition_value(const sc_selection *s, uint8_t cc) {
  const sc_channel *c = s->channel;
  if (cc < 128) return c->cc[cc];
  switch (cc) {
    case SC_SOURCE_PITCH_BEND: return sc_bend_7bit(c->bend);
    case SC_SOURCE_CHANNEL_PRESSURE: return c->channel_pressure;
    case SC_SOURCE_POLY_PRESSURE: return c->poly_pressure[s->key];
    case SC_SOURCE_VELOCITY: return s->velocity;
    case SC_SOURCE_KEY: return s->key;
    case SC_SOURCE_GATE: return s->kind == SC_SELECT_NOTE_ON || s->other_keys_held ? 127 : 0;
    case SC_SOURCE_RANDOM:
    case SC_SOURCE_BIPOLAR_RANDOM: return (int)(s->random * 127.0f + 0.5f);
    case SC_SOURCE_ALTERNATE: return (s->first_age & 1) ? 127 : 0;
    default: return 0;
  }
}

uint8_t sc_region_velocity(const sc_region *r, const sc_selection *s) {
  if (s->kind == SC_SELECT_CC) return 127;
  return r->sw_vel_previous && s->previous_velocity > 0 ? s->previous_velocity : s->velocity;
}

bool sc_region_matches(const sc_region *r, const sc_selection *s) {
  const sc_channel *c = s->channel;
  /* corpus/spec opcodes/rt_dead.md: by default (off) "release samples do not play if their
   * sustain samples have expired" */
  if (sc_region_is_release(r) && !r->rt_dead && !s->attack_sounding) return false;
  if (s->kind != SC_SELECT_CC && !in_range(sc_region_velocity(r, s), r->lovel, r->hivel))
    return false;
  if (!in_range(s->channel_index, r->lochan, r->hichan) ||
      !in_range(c->program, r->loprog, r->hiprog) || !in_range(c->bend, r->lobend, r->hibend) ||
      !in_range(c->channel_pressure, r->lochanaft, r->hichanaft) ||
      !in_range(c->poly_pressure[s->key], r->lopolyaft, r->hipolyaft))
    return false;
  for (uint32_t i = 0; i < r->cc_condition_count; i++) {
    const sc_cc_range *cond = &r->cc_conditions[i];
    if (!in_range(condition_value(s, cond->cc), cond->lo, cond->hi)) return false;
  }
  if (!(s->timer >= r->lotimer && s->timer <= r->hitimer)) return false;
  for (int i = 0; i < 2; i++) {
    if (!r->key_delta_set[i]) continue;
    float delta = s->previous_key == SC_NO_KEY ? 0.0f : (float)(s->key - s->previous_key);
    if (i == 1) delta = fabsf(delta);
    if (!(delta >= r->key_delta_lo[i] && delta <= r->key_delta_hi[i])) return false;
  }
  if (!(s->tempo >= r->lobpm && s->tempo < r->hibpm)) return false;
  for (uint32_t i = 0; i < r->source_condition_count && i < SC_MAX_SOURCE_CONDITIONS; i++) {
    const sc_source_condition *cond = &r->source_conditions[i];
    float value = sc_engine_source(s->engine, cond->source);
    if (!(value >= cond->lo && value <= cond->hi)) return false;
  }
  if (r->sw_previous != SC_NO_KEY && r->sw_previous != s->previous_key) return false;
  if (!sc_keyswitch_matches(r, c)) return false;
  /* hirand=1 takes r=1 too, so the full range never misses */
  return s->random >= r->lorand && (s->random < r->hirand || r->hirand >= 1.0f);
}
