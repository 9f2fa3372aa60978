/* internal.h - structures shared by the render core's files; not part of the public API. */
#ifndef SC_INTERNAL_H
#define SC_INTERNAL_H

#include <stdatomic.h>

#include "config.h"
#include "sampler_core.h"

#define SC_FRACTION_ONE ((uint64_t)1 << SC_FRACTION_BITS)

/* log2(SC_SINC_PHASES): the fraction's top bits pick the phase row. */
#define SC_SINC_PHASE_BITS 9
_Static_assert((1 << SC_SINC_PHASE_BITS) == SC_SINC_PHASES, "SC_SINC_PHASE_BITS must match");

/* Strict C11 math.h has no M_PI. */
#define SC_PI 3.14159265358979323846
#define SC_SQRT2 1.41421356237309504880
#define SC_SQRT1_2 0.70710678118654752440

/* ---------------------------------------------------------------- samples */

/* Sample frames, interleaved when stereo, with SC_SAMPLE_PADDING silent frames on each side so
 * `frames[-SC_SAMPLE_PADDING * channels]` and past the end are readable. */
typedef struct sc_sample {
  float *storage; /* the allocation */
  float *frames;  /* first real frame */
  uint32_t channels;
  uint64_t frame_count;
  double sample_rate;
  bool has_loop;
  uint64_t loop_start, loop_end; /* inclusive */
} sc_sample;

/* What finalize derives from a region and its sample, so the render path only reads. */
typedef struct sc_region_play {
  uint64_t start;                /* first frame */
  uint64_t last;                 /* last frame played, inclusive */
  uint64_t loop_start, loop_end; /* inclusive, valid when the mode loops */
  double rate_ratio_log2;        /* log2(sample rate) cached for pitch computation */
  uint32_t mod_first, mod_count; /* the region's modulations in the instrument's list */
  bool has_live_mods;            /* some of them follow controllers while the voice sounds */
} sc_region_play;

struct sc_instrument {
  float *curves[SC_MAX_CURVES]; /* 128 points each; NULL where undefined */
  sc_modulation *mods;          /* sorted by region at finalize */
  uint32_t *mod_regions;        /* the region of each modulation */
  uint32_t mod_count, mod_capacity;
  sc_sample *samples;
  uint32_t sample_count, sample_capacity;
  sc_region *regions;
  sc_region_play *play;
  uint32_t region_count, region_capacity;
  /* regions that may sound for each key: key_regions[key_first[k] ... key_first[k+1]) */
  uint32_t key_first[129];
  uint32_t *key_regions;
  /* regions triggered by controllers (SC_TRIGGER_CC) */
  uint32_t *cc_regions;
  uint32_t cc_region_count;
  /* round robin step per region; the render thread alone writes it once the engine adopts */
  uint32_t *seq_counters;
  bool keyswitch[128];   /* keys that set the channel's last keyswitch */
  bool pedal_cc[128];    /* controllers some region takes as its sustain or sostenuto pedal */
  int16_t sw_default;    /* last keyswitch before any is played, or SC_NO_KEY */
  float initial_cc[128]; /* set_ccN / set_hdccN values 0...1, or -1 */
  bool finalized;
};

/* -------------------------------------------------------------- envelopes */

typedef enum sc_env_stage {
  SC_ENV_DELAY,
  SC_ENV_ATTACK,
  SC_ENV_HOLD,
  SC_ENV_DECAY,
  SC_ENV_SUSTAIN,
  SC_ENV_RELEASE,
  SC_ENV_DONE
} sc_env_stage;

typedef struct sc_env {
  sc_env_stage stage;
  uint32_t elapsed; /* frames into the stage */
  uint32_t length;  /* frames of the stage; unused for sustain and done */
  float from, to;   /* levels at the ends of the stage */
  float level;      /* level now */
  float sustain;
  uint32_t attack_frames, hold_frames;
  double decay_fall, release_fall; /* fall of the level's logarithm per frame */
  float start;
} sc_env;

void sc_env_start(sc_env *env, const sc_envelope_params *params, double sample_rate);
void sc_env_release(sc_env *env);
/* Frames until the current stage ends (UINT32_MAX when it never does). */
uint32_t sc_env_frames_left(const sc_env *env);
/* Advances by `frames` (at most sc_env_frames_left) and returns the new level. */
float sc_env_advance(sc_env *env, uint32_t frames);

/* ------------------------------------------------------------------ LFOs */

typedef struct sc_lfo {
  double phase; /* 0...1 */
  uint32_t elapsed;
  uint32_t delay_frames, fade_frames;
  float freq; /* Hz, before modulation */
  float depth;
} sc_lfo;

void sc_lfo_start(sc_lfo *lfo, const sc_lfo_params *params, double sample_rate);
/* The value now (-1...1, faded in), then advances by `frames` at the LFO's rate plus
 * `freq_offset` Hz. */
float sc_lfo_step(sc_lfo *lfo, uint32_t frames, double freq_offset, double sample_rate);

/* ------------------------------------------------------------ modulation */

struct sc_voice;

/* The sums of a voice's live modulations for one control interval. */
typedef struct sc_live_mods {
  float value[SC_MOD_LIVE_COUNT];
  float amplitude; /* product of the amplitude factors, 1 without any */
} sc_live_mods;

/* Looks a curve up at x (0...1), or returns x for the default linear curve. */
float sc_curve_eval(const sc_instrument *instrument, int32_t curve, float x);
/* Adds the note-on modulations of the voice's region to `sums` (indexed by target). */
void sc_mods_note_on(const sc_engine *engine, const struct sc_voice *voice,
                     float sums[SC_MOD_TARGET_COUNT]);
/* Evaluates the live modulations, smoothing over `frames`. */
void sc_mods_live(const sc_engine *engine, struct sc_voice *voice, uint32_t frames,
                  sc_live_mods *out);
/* Gain 0...1 of the region's controller crossfades now. */
float sc_cc_crossfade_gain(const sc_engine *engine, const struct sc_voice *voice);
/* Gain 0...1 of a key or velocity crossfade at `value`. */
float sc_crossfade_gain(const sc_crossfade *xf, uint8_t value);

/* --------------------------------------------------------------------- EQ */

typedef struct sc_eq_coeffs {
  float b0, b1, b2, a1, a2;
} sc_eq_coeffs;

typedef struct sc_eq_state {
  float z1[3][2], z2[3][2]; /* per band, per channel */
} sc_eq_state;

void sc_eq_coeffs_compute(sc_eq_coeffs *c, double freq, double bw_octaves, double gain_db,
                          double sample_rate);
void sc_eq_process(const sc_eq_coeffs *c, float z1[2], float z2[2], float *left, float *right,
                   uint32_t frames);

/* ---------------------------------------------------------------- filters */

typedef struct sc_filter_coeffs {
  float m11, m12, m21, m22, b1, b2; /* state update: s' = M s + b x */
  float c1, c2, d;                  /* output: y = c1 s1 + c2 s2 + d x */
} sc_filter_coeffs;

typedef struct sc_filter_state {
  float s1[2], s2[2]; /* per channel */
} sc_filter_state;

/* 1/Q for a resonance given as peak height in dB; computed once per voice. */
float sc_filter_damping(double resonance_db);
void sc_filter_coeffs_compute(sc_filter_coeffs *c, sc_filter_type type, double cutoff,
                              float damping, double sample_rate);
void sc_filter_process(sc_filter_type type, const sc_filter_coeffs *c, sc_filter_state *s,
                       float *left, float *right, uint32_t frames);

/* ---------------------------------------------------------- interpolation */

typedef struct sc_sinc_table {
  float *coeffs; /* (SC_SINC_PHASES + 1) * SC_SINC_TAPS */
} sc_sinc_table;

bool sc_sinc_table_init(sc_sinc_table *table);
void sc_sinc_table_free(sc_sinc_table *table);

/* Reads `count` frames at fixed-point positions pos, pos + inc, ... from `frames` (mono or
 * interleaved stereo) with no bounds checks: the caller guarantees the taps are inside the
 * padded buffer. Writes planar left/right (right = left for mono). */
typedef void (*sc_interpolate_fn)(sc_quality quality, const sc_sinc_table *sinc,
                                  const float *frames, uint32_t channels, uint64_t pos,
                                  uint64_t inc, uint32_t count, float *left, float *right);
/* Plain C, for every CPU. */
void sc_interpolate_portable(sc_quality quality, const sc_sinc_table *sinc, const float *frames,
                             uint32_t channels, uint64_t pos, uint64_t inc, uint32_t count,
                             float *left, float *right);
/* The AVX2/FMA kernels if this CPU has them, else NULL (interpolate_avx2.c). */
sc_interpolate_fn sc_interpolate_avx2(void);
/* The fastest kernels this CPU runs, or the plain C ones when `portable`. */
sc_interpolate_fn sc_interpolator_select(bool portable);
/* One frame whose taps are fetched through `tap_index`, which folds indices into the loop. */
typedef struct sc_loop_fold {
  int64_t loop_start, loop_end; /* inclusive */
  bool fold_left;               /* the voice has looped: taps before loop_start come from its end */
} sc_loop_fold;
void sc_interpolate_folded(sc_quality quality, const sc_sinc_table *sinc, const float *frames,
                           uint32_t channels, uint64_t pos, const sc_loop_fold *fold, float *left,
                           float *right);
/* Taps needed left and right of the integer position. */
void sc_interpolation_reach(sc_quality quality, uint32_t *left, uint32_t *right);

/* ------------------------------------------------------ SFZ v2 modulators */

typedef struct sc_v2_lfo {
  double cycles; /* periods run since the delay ended */
  float start_phase;
  uint32_t elapsed, delay_frames, fade_frames;
} sc_v2_lfo;

typedef struct sc_v2_eg {
  uint8_t point; /* the point the current segment heads for; point_count once past the last */
  bool holding;  /* at the sustain point, waiting for the release */
  bool released;
  uint32_t elapsed, length; /* frames into and of the current segment */
  float from, level;
  uint32_t frames[SC_V2_MAX_EG_POINTS]; /* segment lengths with note-on modulation */
  float levels[SC_V2_MAX_EG_POINTS];
} sc_v2_eg;

typedef struct sc_v2_voice {
  bool active;   /* the region has v2 modulators */
  int8_t amp_eg; /* the slot of the egN_ampeg envelope, or -1 */
  sc_v2_lfo lfos[SC_V2_MAX_LFOS];
  sc_v2_eg egs[SC_V2_MAX_EGS];
  float link_state[SC_V2_MAX_LINKS]; /* smoothed link amounts */
} sc_v2_voice;

/* ----------------------------------------------------------------- voices */

typedef enum sc_voice_state { SC_VOICE_FREE, SC_VOICE_PLAYING, SC_VOICE_FADING } sc_voice_state;

typedef struct sc_voice {
  sc_voice_state state;
  const sc_instrument *instrument;
  const sc_region *region;
  const sc_region_play *play;
  const sc_sample *sample;
  uint8_t channel, key, velocity;
  bool released;          /* key is up (and the pedal does not hold it) */
  bool sustained;         /* key is up but the sustain pedal holds it */
  bool looping;           /* still looping (a sustain loop stops at release) */
  bool wrapped;           /* has looped at least once */
  bool one_shot;          /* ignores note-off: one_shot loop mode and release triggers */
  sc_loop_mode loop_mode; /* the region's mode with SC_LOOP_ENGINE resolved */
  uint64_t age;           /* note counter at start: smaller is older */

  uint64_t pos; /* fixed point, SC_FRACTION_BITS */

  sc_env amp_env, fil_env, pitch_env;
  sc_lfo amp_lfo, fil_lfo, pitch_lfo;
  double vibrato_phase;

  double base_cents;  /* static pitch offset from the sample's own pitch */
  double glide_cents; /* mono glide offset, moving towards 0 */
  double rate_log2;   /* log2(sample rate / output rate) */
  float static_gain;  /* volume, velocity, release decay */
  float base_pan;     /* -1...1 from the region */
  float cutoff_cents; /* key and velocity tracking */
  float gain;         /* gain applied at the end of the last chunk */
  float channel_gain; /* smoothed volume x expression */
  float channel_pan;  /* smoothed pan */
  float fade;         /* steal/choke fade: 1 down to 0 */
  float fade_step;    /* per frame, 0 when not fading */
  sc_filter_state filter;

  /* values derived from the last control point, recomputed only when their inputs change */
  double last_cents;
  uint64_t increment;
  float last_pan, pan_left, pan_right;
  float damping;
  double last_cutoff;
  sc_filter_coeffs filter_coeffs;

  /* modulation and per-note values */
  uint32_t mod_first, mod_count;
  float mod_state[SC_MAX_VOICE_MODULATIONS]; /* smoothed outputs */
  float random_unit;                         /* SC_SOURCE_RANDOM, drawn at start */
  bool alternate;                            /* SC_SOURCE_ALTERNATE */
  uint8_t release_velocity;
  uint32_t delay_frames;            /* frames still to wait before the voice starts */
  uint32_t plays_left;              /* further plays after this one (count) */
  uint32_t crossfade_frames;        /* loop crossfade length */
  float xfade_gain;                 /* key and velocity crossfades */
  float fileg_depth, pitcheg_depth; /* cents, with velocity and note-on modulation */
  float resonance_db;
  float last_resonance;
  float width;    /* -1...1 from the region */
  float position; /* -1...1 */
  bool eq_active;
  sc_eq_band eq[3]; /* with velocity applied */
  float last_eq[9];
  sc_eq_coeffs eq_coeffs[3];
  sc_eq_state eq_state;

  /* the second filter (filter2.c) */
  float cutoff2_cents; /* key and velocity tracking */
  float damping2, last_resonance2;
  double last_cutoff2;
  sc_filter_coeffs filter2_coeffs;
  sc_filter_state filter2;

  float key_delta;        /* SC_SOURCE_KEY_DELTA: half-steps from the channel's previous key */
  bool sostenuto_latched; /* the key was down when the sostenuto pedal went down (pedals.c) */
  sc_v2_voice v2;
} sc_voice;

/* ---------------------------------------------------------------- engine */

typedef struct sc_channel {
  uint8_t cc[128];     /* MIDI values, for conditions, pedals and the implicit controllers */
  float cc_value[128]; /* the same, 0...1, as modulation sources: set_hdccN keeps its precision */
  int32_t bend;        /* -8192...8191 */
  uint8_t channel_pressure;
  uint8_t program;
  bool sustain;
  bool key_down[128];
  uint8_t key_velocity[128];
  uint64_t key_on_frame[128];
  uint8_t poly_pressure[128];
  bool release_pending[128]; /* key up while the pedal holds: release triggers wait for it */
  int16_t last_keyswitch;    /* SC_NO_KEY until one is played (or the instrument's default) */
  int16_t previous_key;      /* the key of the last note-on, SC_NO_KEY before any */
  uint64_t last_note_frame;  /* engine frame of the last note-on, valid when any_note */
  bool any_note;
  uint8_t previous_velocity;
  /* keys held in mono mode, oldest first */
  uint8_t held[128];
  uint32_t held_count;
} sc_channel;

typedef struct sc_event_ring {
  sc_event events[SC_QUEUE_CAPACITY];
  _Atomic uint32_t head; /* written by the producer */
  _Atomic uint32_t tail; /* written by the consumer */
} sc_event_ring;

struct sc_engine {
  sc_engine_config config;
  sc_voice *voices;
  uint32_t voice_slots; /* max_voices + fade reserve */
  uint32_t playing;     /* voices in SC_VOICE_PLAYING */
  uint64_t note_counter;
  uint64_t now;       /* frames rendered since creation */
  double beat;        /* the host's song position in beats at the frame being rendered */
  uint64_t rng_state; /* lorand/hirand draws; seeded at create so renders repeat exactly */

  sc_channel channels[16];
  double note_cents[128]; /* 100 * MIDI note in 12-TET, or the tuning given */
  float params[SC_PARAM_COUNT];
  float steal_fade_step, swap_fade_step, smoothing;

  sc_sinc_table sinc;
  sc_interpolate_fn interpolate;
  float scratch_left[SC_CONTROL_FRAMES];
  float scratch_right[SC_CONTROL_FRAMES];

  const sc_instrument *current;
  sc_instrument *current_owned;
  sc_instrument *retiring;
  _Atomic(sc_instrument *) pending;
  char unload_marker; /* its address in `pending` means "no instrument" */

  sc_instrument *garbage[SC_GARBAGE_CAPACITY];
  _Atomic uint32_t garbage_head, garbage_tail;

  sc_event_ring queue;

  _Atomic uint32_t stat_active, stat_peak;
  _Atomic uint64_t stat_started, stat_stolen, stat_unplayed, stat_silenced;
};

/* voice.c */
void sc_voice_start(sc_engine *engine, sc_voice *voice, const sc_instrument *instrument,
                    uint32_t region_index, uint8_t channel, uint8_t key, uint8_t velocity,
                    float gain_db);
void sc_voice_release(sc_engine *engine, sc_voice *voice);
/* Release even for one-shots: how an off_mode=normal choke stops a voice. */
void sc_voice_release_forced(sc_engine *engine, sc_voice *voice);
void sc_voice_render(sc_engine *engine, sc_voice *voice, float *left, float *right,
                     uint32_t frames);
double sc_voice_key_cents(const sc_engine *engine, const sc_voice *voice, double key);

/* voice_alloc.c */
sc_voice *sc_voice_allocate(sc_engine *engine);
void sc_voice_fade_out(sc_engine *engine, sc_voice *voice, float step);
void sc_voice_free(sc_engine *engine, sc_voice *voice);

/* notes.c */
void sc_note_on(sc_engine *engine, uint8_t channel, uint8_t key, uint8_t velocity);
void sc_note_off(sc_engine *engine, uint8_t channel, uint8_t key);
void sc_control_change(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t value);

/* curves.c */
bool sc_curves_install_builtins(sc_instrument *instrument);
void sc_curves_free(sc_instrument *instrument);

/* region_select.c */

/* What an event offers the regions it may start. */
typedef enum sc_select_kind {
  SC_SELECT_NOTE_ON,  /* attack, first and legato regions */
  SC_SELECT_NOTE_OFF, /* release_key regions, and release regions when `with_release` */
  SC_SELECT_PEDAL_UP, /* release regions of a key the pedal held */
  SC_SELECT_CC        /* regions triggered by the controller `cc` */
} sc_select_kind;

typedef struct sc_selection {
  sc_select_kind kind;
  const sc_channel *channel;
  uint8_t channel_index;
  uint8_t key;
  uint8_t velocity, previous_velocity;
  int16_t previous_key;
  bool other_keys_held;
  bool with_release;
  float random;       /* 0...1, one draw per event */
  uint64_t first_age; /* age the event's first voice gets: its voices never stop each other */
  uint8_t cc, cc_value, cc_previous;
  float timer; /* seconds since the channel's previous note-on; INFINITY before the first */
  float tempo; /* host tempo, beats per minute */
} sc_selection;

bool sc_instrument_build_key_table(sc_instrument *instrument);
/* Whether the region's trigger answers this kind of event. */
bool sc_region_answers(const sc_region *region, const sc_selection *selection);
/* Every other condition but the round robin step. */
bool sc_region_matches(const sc_region *region, const sc_selection *selection);
/* The velocity a region plays with (sw_vel). */
uint8_t sc_region_velocity(const sc_region *region, const sc_selection *selection);

/* notes.c */
/* Starts the regions of `candidates` that `selection` selects; returns how many. */
uint32_t sc_start_regions(sc_engine *engine, const uint32_t *candidates, uint32_t count,
                          const sc_selection *selection, double held_seconds);

/* round_robin.c: advances the region's counter; true when this is its step. */
bool sc_round_robin_step(const sc_instrument *instrument, uint32_t region_index);

/* keyswitch.c */
bool sc_instrument_build_keyswitches(sc_instrument *instrument);
bool sc_keyswitch_matches(const sc_region *region, const sc_channel *channel);

/* choke.c: applied when a voice of `region` is about to start (limits) or has started (off_by).
 * Voices at least as young as `first_age` came from the same event and are spared. */
void sc_polyphony_make_room(sc_engine *engine, const sc_region *region, uint8_t channel,
                            uint8_t key, uint8_t velocity, uint64_t first_age);
void sc_choke_others(sc_engine *engine, const sc_region *region, uint8_t channel,
                     uint64_t first_age);

/* pedals.c */
void sc_instrument_build_pedals(sc_instrument *instrument);
/* Whether a pedal keeps the voice sounding now that its key has gone up. */
bool sc_pedal_holds(const sc_engine *engine, const sc_voice *voice);
/* A pedal controller moved: latches sostenuto notes, releases notes no pedal holds any more. */
void sc_pedals_changed(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t previous,
                       uint8_t value);

/* filter2.c: the second filter, in series after the first */
void sc_filter2_start(sc_voice *voice, uint8_t key, uint8_t velocity);
void sc_filter2_process(sc_voice *voice, const sc_live_mods *live, double sample_rate, float *left,
                        float *right, uint32_t frames);

/* region_select.c: seconds since the channel's previous note-on, INFINITY before any */
float sc_channel_timer(const sc_engine *engine, const sc_channel *channel);

/* random.c */
void sc_random_seed(uint64_t *state, uint64_t seed);
/* Uniform in [0, 1). */
float sc_random_unit(uint64_t *state);

/* cc_trigger.c */
void sc_cc_trigger(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t previous,
                   uint8_t value);

/* tuning.c */
void sc_tuning_reset(double note_cents[128]);
double sc_tuning_cents(const double note_cents[128], double key);

/* event_queue.c */
bool sc_ring_push(sc_event_ring *ring, const sc_event *event);
bool sc_ring_pop(sc_event_ring *ring, sc_event *event);

/* modulators_v2.c: the SFZ v2 LFOs and flex envelopes of a voice */
/* Starts them; with egN_ampeg, sets the amplitude envelope to follow the flex envelope. */
void sc_v2_start(const sc_engine *engine, sc_voice *voice);
void sc_v2_release(sc_voice *voice);
/* Adds their outputs at the start of the coming chunk into `live`, then advances them by
 * `frames` (all but the egN_ampeg envelope, which sc_v2_amp_advance moves). */
void sc_v2_step(const sc_engine *engine, sc_voice *voice, uint32_t frames, sc_live_mods *live);
/* Advances the egN_ampeg envelope by `frames` and returns its level; ends the voice (amp_env
 * done, or a short fade once released past the last point) when it has nothing left to play. */
float sc_v2_amp_advance(sc_engine *engine, sc_voice *voice, uint32_t frames);

/* modulation.c: a source's value now, 0...1 */
float sc_mod_source_value(const sc_engine *engine, const struct sc_voice *voice, uint16_t source);
/* A source's value through a curve, times depth, in steps of `step` (0: smooth). */
float sc_mod_amount(const sc_engine *engine, const struct sc_voice *voice, uint16_t source,
                    int32_t curve, float depth, float step);

/* denormals.c */
typedef struct sc_fp_state {
  uint64_t saved;
} sc_fp_state;
void sc_denormals_flush_begin(sc_fp_state *state);
void sc_denormals_flush_end(const sc_fp_state *state);

/* Sets controller `cc` to `value` (0...1): exactly for modulation, rounded for the MIDI value. */
static inline void sc_channel_set_cc(sc_channel *c, uint8_t cc, float value) {
  c->cc_value[cc] = value;
  c->cc[cc] = (uint8_t)(value * 127.0f + 0.5f);
}

#endif
