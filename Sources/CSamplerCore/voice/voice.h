/* voice.h - one sounding region (voice_start.c, voice_render.c), grouped by what each part of
 * its state serves: reading the sample, pitch, level and placement, envelopes and LFOs, filters,
 * EQ, modulation, the note it belongs to.
 * Allocation and stealing are in voice_alloc.h. */
#ifndef SC_VOICE_H
#define SC_VOICE_H

#include "state/engine_state.h"
#include "voice/engine_filter.h"
#include "dsp/envelope.h"
#include "dsp/eq.h"
#include "instrument/instrument.h"
#include "dsp/lazy_phase.h"
#include "dsp/lfo.h"
#include "dsp/noise.h"
#include "voice/modulators_v2.h"
#include "state/voice_note.h"
#include "voice/stream.h"
#include "voice/voice_filters.h"
#include "voice/voice_params.h"

typedef enum sc_voice_state { SC_VOICE_FREE, SC_VOICE_PLAYING, SC_VOICE_FADING } sc_voice_state;

/* Where the voice reads its sample and how it moves through it (looping, count): playhead.h. */
typedef struct sc_playhead {
  uint64_t pos;              /* fixed point, SC_FRACTION_BITS */
  uint64_t increment;        /* per output frame, from the pitch at the last control point */
  sc_loop_mode loop_mode;    /* the region's mode with SC_LOOP_ENGINE resolved */
  sc_loop_type loop_type;    /* forward, or turning (backward, alternate: playhead_turns.c) */
  uint64_t loop_start;       /* the loop this voice plays, inclusive: the region's, moved by */
  uint64_t loop_end;         /* loop_start_onccN and loop_length_onccN at note start */
  bool looping;              /* still looping (a sustain loop stops at release) */
  bool wrapped;              /* has looped at least once */
  uint32_t crossfade_frames; /* loop crossfade length */
  uint32_t plays_left;       /* further plays after this one (count) */
  uint32_t repeats_left;     /* loop_count: repeats of the loop still to come; 0 for ever */
  sc_quality quality;        /* the interpolation, the engine's when the voice started */
} sc_playhead;

/* The voice's pitch in cents relative to the sample's recorded pitch, and what it is made of. */
typedef struct sc_voice_pitch {
  double base_cents;     /* key, tune, velocity and random: fixed at note-on */
  double glide_cents;    /* mono glide offset, moving towards 0 */
  double rate_log2;      /* log2(sample rate / output rate) */
  double last_cents;     /* at the last control point; NAN forces the increment to be recomputed */
  sc_lazy_phase vibrato; /* of SC_PARAM_VIBRATO_*; zero at the voice start */
  double bend_cents;     /* the bend as bend_smooth lets it follow the wheel */
} sc_voice_pitch;

/* Gain and stereo placement. */
typedef struct sc_voice_level {
  float static_gain;  /* volume, velocity, crossfades, release decay */
  float gain;         /* applied at the end of the last chunk */
  float channel_gain; /* smoothed volume x expression */
  float channel_pan;  /* smoothed pan */
  float base_pan;     /* -1...1 from the region */
  float width;        /* -1...1 from the region */
  float position;     /* -1...1 */
  float last_pan, pan_left, pan_right;
  /* a paired region's partner side (instrument/stereo_pairs.h): its own pan, as base_pan and
   * the three above are the first side's */
  float partner_base_pan, partner_last_pan, partner_left, partner_right;
  float fade;       /* steal/choke fade: 1 down to 0 */
  float fade_step;  /* per frame, 0 when not fading */
  bool fade_shaped; /* the fade's level follows the region's off_curve, not `fade` itself */
  bool sends;       /* some send below is not 0: the voice renders through its lane's dry buffer */
  float send[SC_BUS_SENDS]; /* linear gain of the voice's output into each engine bus */
} sc_voice_level;

/* The three EQ bands. */
typedef struct sc_voice_eq {
  bool active;
  sc_eq_band bands[3]; /* with velocity applied */
  float last[9];       /* gain, frequency, bandwidth of each band at the last update */
  sc_eq_coeffs coeffs[3];
  float z1[3][2], z2[3][2]; /* per band, per channel */
} sc_voice_eq;

/* What the region's modulations read and keep. */
typedef struct sc_voice_mods {
  uint32_t first, count;                 /* the region's slice of the instrument's list */
  float state[SC_MAX_VOICE_MODULATIONS]; /* smoothed outputs */
  float random_unit;                     /* SC_SOURCE_RANDOM, drawn at start */
  bool alternate;                        /* SC_SOURCE_ALTERNATE */
  float key_delta; /* SC_SOURCE_KEY_DELTA: half-steps from the channel's previous key */
} sc_voice_mods;

/* Cache-line aligned: a render team renders neighbouring voices on different cores, which must
 * not share a line. */
struct __attribute__((aligned(64))) sc_voice {
  sc_voice_state state;
  const sc_instrument *instrument;
  const sc_region *region;
  const sc_region_play *play;
  const sc_sample *sample;
  uint8_t channel, key, velocity;
  uint64_t age;           /* note counter at start: smaller is older */
  bool released;          /* key is up (and no pedal holds it) */
  bool sustained;         /* key is up but a pedal holds it */
  bool sostenuto_latched; /* the key was down when the sostenuto pedal went down (pedals.c) */
  bool one_shot;          /* ignores note-off: one_shot loop mode and release triggers */
  uint32_t delay_frames;  /* frames still to wait before the voice starts */
  uint32_t control_step;  /* frames since the voice's last control point (voice_render.c) */
  sc_playhead head;
  sc_voice_pitch pitch;
  sc_voice_level level;
  sc_env amp_env, fil_env, pitch_env;
  sc_lfo amp_lfo, fil_lfo, pitch_lfo;
  float fileg_depth, pitcheg_depth; /* cents, with velocity and note-on modulation */
  sc_voice_filters filters;
  sc_engine_filter engine_filter; /* the engine filter stage (SC_PARAM_FILTER_*) */
  sc_voice_params params;         /* the engine's pitch envelope and vibrato */
  sc_voice_eq eq;
  sc_voice_mods mods;
  sc_v2_voice v2;
  sc_noise noise;           /* the region's noise generator, when it has one */
  double ring_phase;        /* frames into the ring modulator's cycle (sc_region.ring) */
  sc_voice_note note;       /* the note id it answers to and its per-note expression */
  struct sc_stream *stream; /* this voice slot's ring for streamed samples, or NULL */
  /* the slot's bit among the engine's busy slots (state/busy_slots.h), set when a voice starts */
  _Atomic uint64_t *busy_word;
  uint64_t busy_bit;
  /* Last, and left out when a voice starts (most voices have no comb filter): the delay line of
   * the comb filters, which sc_voice_filters_start clears for a voice that has one. */
  float comb_line[SC_FILTER_COMB_FRAMES][2];
};

/* [render] */
void sc_voice_start(sc_engine *engine, sc_voice *voice, const sc_instrument *instrument,
                    uint32_t region_index, uint8_t channel, uint8_t key, uint8_t velocity,
                    float gain_db);
void sc_voice_release(sc_engine *engine, sc_voice *voice);
/* Release even for one-shots: how an off_mode=normal choke stops a voice. */
void sc_voice_release_forced(sc_engine *engine, sc_voice *voice);
/* Adds the voice's next `frames` frames into `left` and `right`. It changes nothing outside the
 * voice but the engine's statistics (atomics) and, for a streamed voice, its ring's request, so
 * different voices may render on different threads at once; a voice it ends or starts fading
 * leaves the engine's count of playing voices for the caller to settle. */
void sc_voice_render(sc_engine *engine, sc_render_lane *lane, sc_voice *voice, float *left,
                     float *right, uint32_t frames);
/* The gain a voice that has not sounded yet starts its first chunk from. */
float sc_voice_first_gain(const sc_engine *engine, sc_voice *voice);
/* Cents from the sample's recorded pitch to `key` for this voice's region. */
double sc_voice_key_cents(const sc_engine *engine, const sc_voice *voice, double key);

#endif
