/*
 * sampler_core.h - the whole C API of the SFZSampler real-time engine.
 *
 * Threads. Every function says which thread may call it:
 *   [control] any one non-audio thread at a time (the caller serialises control calls);
 *   [render]  the audio thread only; real-time safe: no allocation, lock, I/O or syscall;
 *   [any]     any thread, lock-free.
 *   [offline] the thread that renders a file: no allocation, but it waits for its render team's
 *             worker threads (see "offline rendering on several threads").
 *
 * Layers. The implementation is one folder per layer, each calling only its own folder and the
 * ones below it (scripts/check-layers.py keeps it so), bottom to top:
 *   dsp/          filters, interpolation, envelopes, LFOs, EQ, random, denormals: they know no
 *                 engine, voice or region;
 *   threads/      the event ring between threads, and the crew of offline worker threads;
 *   state/        what events set and the layers above read: each channel's controllers, each
 *                 key's tuning, the parameters, a note's expression, and the engine's state
 *                 itself (state/engine_state.h), declared below the code that acts on it;
 *   instrument/   regions and their conditions, the instrument and its indexes, curves, pages,
 *                 keyswitches: read-only once finalized;
 *   voice/        one voice started, rendered and released, its playhead, filters, modulation
 *                 and stream; allocation and stealing; voices summed by mix group or channel;
 *   buses/        the effect buses: the voices' sends summed in mix-group order, the engine's
 *                 reverb and chorus (dsp/reverb.c, dsp/chorus.c) run on them, their returns;
 *   performance/  what MIDI does to voices: notes, triggers, pedals, choke groups, round robins,
 *                 per-note expression, retuning, controller and channel mode messages;
 *   engine/       the engine: events dispatched at their frames, blocks cut into spans, the
 *                 instrument handed over, render teams;
 *   ensemble/     several engines played as one multi-timbral instrument.
 * A lower layer never decides for a higher one: it reports (a parameter says the polyphony
 * changed) and the layer that owns the decision acts (the engine stops the voices over it).
 *
 * Life cycle: build an sc_instrument on the control thread (add samples and regions, then
 * finalize), create an engine, hand it the instrument with sc_engine_set_instrument, and call
 * sc_engine_render from the audio thread. Instruments that the render thread has let go of are
 * returned by sc_engine_collect_garbage for the control thread to destroy.
 */
#ifndef SAMPLER_CORE_H
#define SAMPLER_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- regions */

/** How a region loops. */
typedef enum sc_loop_mode {
  SC_LOOP_NONE = 0,       /**< play from offset to end */
  SC_LOOP_ONE_SHOT = 1,   /**< play to the end whatever the note-off says */
  SC_LOOP_CONTINUOUS = 2, /**< loop for the whole life of the voice, release included */
  SC_LOOP_SUSTAIN = 3,    /**< loop while the key (or pedal) holds, then play out */
  SC_LOOP_ENGINE = 4 /**< continuous or sustain, as the engine's loop-thru-release switch says */
} sc_loop_mode;

/** Which way a loop runs once the playhead reaches its end (SFZ loop_type). */
typedef enum sc_loop_type {
  SC_LOOP_FORWARD = 0,  /**< from its start to its end, again and again */
  SC_LOOP_BACKWARD = 1, /**< from its end down to its start, again and again */
  SC_LOOP_ALTERNATE = 2 /**< back and forth between its ends (ping-pong) */
} sc_loop_type;

/** The filter types of SFZ `fil_type` (corpus/spec opcodes/fil_type.md): SFZ v1's six, then
 * SFZ v2's and ARIA's. The v2 `*_2p_sv` types are the 2-pole ones (those are state-variable
 * filters already) and `pkf_2p` is SC_FILTER_PEQ. */
typedef enum sc_filter_type {
  SC_FILTER_NONE = 0,
  SC_FILTER_LPF_1P = 1,
  SC_FILTER_HPF_1P = 2,
  SC_FILTER_LPF_2P = 3,
  SC_FILTER_HPF_2P = 4,
  SC_FILTER_BPF_2P = 5,
  SC_FILTER_BRF_2P = 6,
  SC_FILTER_BPF_1P = 7, /**< one pole each side (Q 1/2), unity at the centre; no resonance */
  SC_FILTER_BRF_1P = 8, /**< its complement: a notch at the cutoff; no resonance */
  SC_FILTER_APF_1P = 9, /**< first-order all-pass, -90 degrees at the cutoff; no resonance */
  SC_FILTER_LPF_4P = 10,
  SC_FILTER_HPF_4P = 11,
  SC_FILTER_LPF_6P = 12,
  SC_FILTER_HPF_6P = 13,
  SC_FILTER_COMB = 14, /**< delay 1/cutoff; resonance is the gain at the cutoff's harmonics */
  SC_FILTER_PINK = 15, /**< -3 dB/octave, 0 dB at SC_FILTER_PINK_REFERENCE_HZ; no cutoff */
  SC_FILTER_LSH = 16,  /**< low shelf of `gain` dB */
  SC_FILTER_HSH = 17,  /**< high shelf of `gain` dB */
  SC_FILTER_PEQ = 18   /**< peaking band of `gain` dB at the cutoff */
} sc_filter_type;

/** Effect sends per region (effect1...effect4). */
#define SC_EFFECT_SENDS 4

/** Filters per region: SFZ has two, in series. */
#define SC_FILTER_COUNT 2

/** One filter of a region; off when `type` is SC_FILTER_NONE. */
typedef struct sc_filter_params {
  sc_filter_type type;
  float cutoff;    /**< Hz */
  float resonance; /**< dB of gain at the cutoff (0 = Q 1, -3 = Butterworth), -40...40 */
  float keytrack;  /**< cents per key */
  float keycenter;
  float veltrack; /**< cents at velocity 127 */
  float random;   /**< cents; a uniform 0...x per note is added (fil_random) */
  float gain;     /**< dB of the shelf or band of SC_FILTER_LSH, _HSH and _PEQ (fil_gain) */
} sc_filter_params;

/** When a region starts a voice. */
typedef enum sc_trigger {
  SC_TRIGGER_ATTACK = 0,      /**< on note-on */
  SC_TRIGGER_RELEASE = 1,     /**< on note-off (or when the pedal lets the key go), one-shot */
  SC_TRIGGER_FIRST = 2,       /**< on note-on when no other key is held on the channel */
  SC_TRIGGER_LEGATO = 3,      /**< on note-on while another key is held on the channel */
  SC_TRIGGER_RELEASE_KEY = 4, /**< on note-off even while the sustain pedal is down, one-shot */
  SC_TRIGGER_CC = 5           /**< when the controller in `on_cc` enters its range, not by notes */
} sc_trigger;

/** How a voice stops when a voice of the group named by its off_by starts. */
typedef enum sc_off_mode {
  SC_OFF_FAST = 0,   /**< fades out in a few milliseconds, as a stolen voice does */
  SC_OFF_NORMAL = 1, /**< goes into its release, one-shots included */
  SC_OFF_TIME = 2    /**< fades out over off_time seconds, along off_curve */
} sc_off_mode;

/** The curve of an off_mode=time fade (ARIA's off_curve; the level over the fade's time x,
 * 0...1, with n the region's off_shape). */
typedef enum sc_off_curve {
  SC_OFF_CURVE_STATIC = -2,  /**< the level holds, then stops at off_time */
  SC_OFF_CURVE_LINEAR = -1,  /**< 1 - x */
  SC_OFF_CURVE_POWER = 0,    /**< 1 - x^n (n > 0) */
  SC_OFF_CURVE_EXPONENT = 1, /**< 1 - (n^x - 1) / (n - 1) (n > 0, not 1) */
  SC_OFF_CURVE_SHAPED = 10   /**< 1 - (e^(n x) - 1) / (e^n - 1): n < 0 falls fast at first */
} sc_off_curve;

/** A controller range, inclusive; a condition on a CC's current value or a CC trigger. */
typedef struct sc_cc_range {
  uint8_t cc;
  uint8_t lo, hi; /**< 0...127 */
} sc_cc_range;

/** Controller conditions (loccN/hiccN) a region may carry; the loader reports any beyond.
 * Conditions may name the extended controllers 128...137 (SC_SOURCE_*), read on 0...127: bend
 * (8192 steps down at 0, centre at 63.5), pressures, velocity, key, gate (127 while a key is
 * held), random (the event's draw) and alternate (0 or 127 on alternate note-ons); release
 * velocity reads 0. Triggers (on_cc) may name 128...130, fired by bend and pressure events. */
#define SC_MAX_CC_CONDITIONS 8

/** A value meaning "no key" in the keyswitch fields. */
#define SC_NO_KEY (-1)

/** A DAHDSR envelope; times in seconds, levels 0...1. */
typedef struct sc_envelope_params {
  float delay, start, attack, hold, decay, sustain, release;
  /** Depth for pitch (cents) and filter (cents) envelopes; unused for amplitude. */
  float depth;
  /** Added at velocity 127 (scaled by velocity / 127): seconds, sustain 0...1, depth cents. */
  float vel2delay, vel2attack, vel2hold, vel2decay, vel2sustain, vel2release, vel2depth;
  /** ARIA's curvatures (ampeg_attack_shape...; 0 straight, positive slow, negative fast
   * starts). The attack is straight at 0; decay and release keep their exponential fall unless
   * `decay_shaped` / `release_shaped`, when they run their whole time along the shape. */
  float attack_shape, decay_shape, release_shape;
  bool decay_shaped, release_shaped;
  /** ARIA's ampeg_decay_zero=0 / ampeg_release_zero=0: the stage's time is the time it takes to
   * reach the sustain level (or silence), not the time of a fall from full level to silence. */
  bool decay_timed, release_timed;
} sc_envelope_params;

/** The bits of sc_region.eg_dynamic. */
enum { SC_EG_DYNAMIC_AMP = 1, SC_EG_DYNAMIC_FIL = 2, SC_EG_DYNAMIC_PITCH = 4 };

/** A condition on one of ARIA's engine sources: the region plays while lo <= value <= hi. */
typedef struct sc_source_condition {
  uint16_t source; /**< SC_SOURCE_HOST_TEMPO ... SC_SOURCE_ACTIVE_VOICES */
  float lo, hi;
} sc_source_condition;

/** Engine-source conditions a region may carry. */
#define SC_MAX_SOURCE_CONDITIONS 4

/** A crossfade over keys or velocities: fades in over lo_in...hi_in, out over lo_out...hi_out. */
typedef struct sc_crossfade {
  uint8_t in_lo, in_hi;   /**< gain 0 at or below in_lo, 1 at or above in_hi */
  uint8_t out_lo, out_hi; /**< gain 1 at or below out_lo, 0 at or above out_hi */
  bool power;             /**< equal-power (sin/cos) rather than linear gain */
} sc_crossfade;

/** A crossfade driven by a controller, followed while the voice sounds (xfin_loccN...). */
typedef struct sc_cc_crossfade {
  uint8_t cc;
  uint8_t lo, hi; /**< the ramp's ends */
  bool fade_out;  /**< xfout: gain 1 at lo down to 0 at hi */
} sc_cc_crossfade;

/** Crossfades by controller a region may carry. */
#define SC_MAX_CC_CROSSFADES 4

/** One peaking equaliser band. */
typedef struct sc_eq_band {
  float freq;     /**< Hz */
  float bw;       /**< octaves */
  float gain;     /**< dB; 0 disables the band */
  float vel2freq; /**< Hz added at velocity 127 */
  float vel2gain; /**< dB added at velocity 127 */
} sc_eq_band;

/** Channel controllers the engine applies to a region unless it maps them itself. */
enum {
  SC_IMPLICIT_VOLUME = 1,     /**< CC7, as (value/127)^2 */
  SC_IMPLICIT_EXPRESSION = 2, /**< CC11, as (value/127)^2 */
  SC_IMPLICIT_PAN = 4         /**< CC10, centred at 64 */
};

/** A sine LFO. */
typedef struct sc_lfo_params {
  float delay; /**< seconds before the LFO starts */
  float fade;  /**< seconds to fade in after the delay */
  float freq;  /**< Hz */
  float depth; /**< cents for pitch and filter, dB for amplitude */
} sc_lfo_params;

/** SFZ v2 LFOs, flex envelopes and their links a region may carry; the loader reports any
 * beyond. Slots are filled in order whatever the SFZ numbers (lfo3 may take slot 0). */
#define SC_V2_MAX_LFOS 8
#define SC_V2_MAX_EGS 8
/** Points 0...15 of a flex envelope: modulations/envelope_generators.md allows "as many points
 * as needed"; its examples and the corpus's instruments use at most 7, and each point costs a
 * voice 8 bytes per envelope slot. */
#define SC_V2_MAX_EG_POINTS 16
#define SC_V2_MAX_LINKS 32
/** ARIA's sub-waves (lfoN_waveX, X >= 2; opcodes/lfoN_waveX.md allows 8 waves in one LFO) a
 * region may carry over all its LFOs: one LFO's seven, or a second wave on several. */
#define SC_V2_MAX_LFO_SUBWAVES 8
/** Step values (lfoN_stepX) a region may carry over all its step-sequencer LFOs. */
#define SC_V2_MAX_LFO_STEPS 32

/** A value of sc_v2_link.source meaning "no controller: the depth as given". */
#define SC_V2_NO_SOURCE 0xFFFF

/** The shapes of a v2 LFO (SFZ lfoN_wave), each starting at phase 0. Triangle, sine and saws
 * swing -1...1; the square and pulses are unipolar, 1 then 0, as ARIA plays them
 * (opcodes/lfoN_wave.md is silent on it; compared against ARIA in sfztools/sfizz issue 605,
 * `lfo1_wave=3 lfo1_pitch=600` moves between the note and up to 600 cents above it, where
 * Cakewalk's players swing +-600). */
typedef enum sc_v2_wave {
  SC_V2_WAVE_TRIANGLE = 0, /**< starts at 0 going up; ARIA's default */
  SC_V2_WAVE_SINE = 1,     /**< starts at 0 going up */
  SC_V2_WAVE_PULSE_75 = 2, /**< 1 for the first 75% of the period, then 0 */
  SC_V2_WAVE_SQUARE = 3,   /**< 1 for the first half, then 0 */
  SC_V2_WAVE_PULSE_25 = 4, /**< 1 for the first 25% */
  SC_V2_WAVE_PULSE_12 = 5, /**< 1 for the first 12.5% */
  SC_V2_WAVE_SAW_UP = 6,   /**< starts at 0, rises to 1, drops to -1, rises back to 0 */
  SC_V2_WAVE_SAW_DOWN = 7, /**< the saw going down */
  SC_V2_WAVE_COUNT = 8,
  /** ARIA's 12 (and its deprecated -1, "random"): a random value between -1 and 1, new twice
   * per period (corpus/spec opcodes/lfoN_wave.md) */
  SC_V2_WAVE_RANDOM = 12
} sc_v2_wave;

/** One v2 LFO (lfoN_*). Its output is wave(phase) * scale + offset, plus its sub-waves. */
typedef struct sc_v2_lfo_params {
  float freq;     /**< Hz (times ratio) */
  float delay;    /**< seconds before it starts */
  float fade;     /**< seconds to fade in after the delay */
  float phase;    /**< 0...1, where in the period it starts */
  float offset;   /**< added to the wave */
  float ratio;    /**< multiplies freq */
  float scale;    /**< multiplies the wave */
  uint32_t count; /**< periods it runs, then holds; 0 = for ever */
  uint8_t wave;   /**< an sc_v2_wave */
  /** A step sequencer (lfoN_steps) in place of the wave when step_count > 0: step i of the
   * region's v2_lfo_steps[step_first + i] holds for the i-th step_count-th of each period. */
  uint8_t step_first, step_count;
} sc_v2_lfo_params;

/** A further wave of LFO `slot` (ARIA's lfoN_waveX, X >= 2), added to its output: wave at the
 * LFO's frequency times ratio, times scale, plus offset. */
typedef struct sc_v2_lfo_subwave {
  uint8_t slot;
  uint8_t wave; /**< an sc_v2_wave */
  float ratio, scale, offset;
} sc_v2_lfo_subwave;

/** One flex envelope (egN_*): points 0...point_count-1, each reached time[i] seconds after the
 * previous one (point 0 after time[0] from level 0 at the note's start). */
/** Flex envelope segments that follow a `<curve>` instead of their shape (ARIA's egN_curveX),
 * per envelope; the loader reports any beyond. */
#define SC_V2_MAX_EG_CURVES 4
typedef struct sc_v2_eg_curve {
  uint8_t point; /**< the segment ending at this point */
  int16_t curve; /**< the curve's index: its value at x is how far along the segment the level is */
} sc_v2_eg_curve;

typedef struct sc_v2_eg_params {
  uint8_t point_count;
  int8_t sustain;                   /**< the point held until release, or -1 for none */
  bool ampeg;                       /**< this envelope replaces the amplitude envelope */
  float time[SC_V2_MAX_EG_POINTS];  /**< seconds from the previous point */
  float level[SC_V2_MAX_EG_POINTS]; /**< -1...1 */
  float shape[SC_V2_MAX_EG_POINTS]; /**< curvature of the segment ending here: 0 linear,
                                         positive starts slowly, negative starts fast */
  uint8_t curve_count;
  sc_v2_eg_curve curves[SC_V2_MAX_EG_CURVES];
  /** egN_dynamic=1 (corpus/spec opcodes/egN_dynamic.md): a controller that moves changes the
   * segment under way too, not only the segments still to come. */
  bool dynamic;
} sc_v2_eg_params;

/** What an sc_v2_link does. */
typedef enum sc_v2_link_kind {
  SC_V2_LINK_LFO = 0,       /**< LFO `slot` adds into live target `index` (an sc_mod_target) */
  SC_V2_LINK_EG = 1,        /**< EG `slot` adds into live target `index` */
  SC_V2_LINK_LFO_FREQ = 2,  /**< Hz added to LFO `slot`'s frequency while it runs */
  SC_V2_LINK_LFO_DELAY = 3, /**< seconds added to LFO `slot`'s delay at note start */
  SC_V2_LINK_LFO_FADE = 4,  /**< seconds added to its fade at note start */
  SC_V2_LINK_LFO_PHASE = 5, /**< added to its start phase at note start */
  SC_V2_LINK_EG_TIME = 6,   /**< seconds added to EG `slot`'s time of point `index` */
  SC_V2_LINK_EG_LEVEL = 7,  /**< added to EG `slot`'s level of point `index` */
  SC_V2_LINK_LFO_STEP = 8   /**< added to step `index` (-1...1) of LFO `slot` while it runs */
} sc_v2_link_kind;

/** Where an LFO or EG output (SC_V2_LINK_LFO, SC_V2_LINK_EG) moves another LFO instead of a
 * sound (`lfo3_freq_lfo1`, `eg1_depth_lfo2`, `lfo2_depthadd_lfo1`): the link's `index` is one
 * of these plus the moved LFO's slot, past every live target. */
enum {
  SC_V2_TARGET_LFO_FREQ = 128, /**< Hz added to its frequency */
  /** percent its outputs are scaled to: with any, 100% is no longer implied */
  SC_V2_TARGET_LFO_DEPTH = SC_V2_TARGET_LFO_FREQ + SC_V2_MAX_LFOS,
  SC_V2_TARGET_LFO_DEPTH_ADD = SC_V2_TARGET_LFO_DEPTH + SC_V2_MAX_LFOS /**< percent added to it */
};

/**
 * A connection of the v2 modulators: `lfo1_pitch=50` (no source), `lfo1_pitch_oncc1=100`
 * (source 1), `lfo1_freq_oncc2=3`, `eg2_time1_oncc7=0.5`... The amount is depth, or depth times
 * the source read through `curve` when there is a source; stepped and smoothed like
 * sc_modulation. Outputs of the same modulator and target add up.
 */
typedef struct sc_v2_link {
  uint8_t kind;    /**< an sc_v2_link_kind */
  uint8_t slot;    /**< the LFO or EG slot */
  uint8_t index;   /**< live target (outputs) or point (EG times and levels) */
  uint16_t source; /**< 0...127, an SC_SOURCE_* value, or SC_V2_NO_SOURCE */
  int32_t curve;   /**< curve index shaping the source, -1 for linear */
  float depth;     /**< target units at full modulator output (and source 1) */
  float smooth;    /**< milliseconds */
  float step;      /**< 0 for smoothly */
} sc_v2_link;

/** The SFZ v2 noise generator (noise_*), mixed into the region's voices before their gain;
 * off unless `on`. Its pages say nothing beyond the ranges: config.h (SC_NOISE_*) says what the
 * step and tone do. */
typedef struct sc_noise_params {
  bool on;       /**< some noise_* opcode was written */
  bool stereo;   /**< noise_stereo=on: each side its own noise; else one for both */
  bool filtered; /**< noise_filter=on (default): through the region's filters and EQ */
  float level;   /**< noise_level, dB; 0 dB is uniform noise between -1 and 1 */
  float step;    /**< noise_step, 0...100 */
  float tone;    /**< noise_tone, 0...100 */
} sc_noise_params;

/**
 * One region: a sample and everything about how it is selected and played.
 * Fill it with sc_region_init (defaults as the SFZ format gives them), then set fields.
 */
typedef struct sc_region {
  /* selection */
  uint32_t sample_index; /**< index returned by sc_instrument_add_sample */
  uint8_t lokey, hikey;  /**< 0...127, inclusive */
  uint8_t lovel, hivel;  /**< 1...127, inclusive */
  sc_trigger trigger;
  uint8_t lochan, hichan;       /**< MIDI channels 0...15 (SFZ writes 1...16), inclusive */
  uint8_t loprog, hiprog;       /**< the channel's last program change, 0...127 */
  int16_t lobend, hibend;       /**< pitch bend -8192...8192 */
  uint8_t lochanaft, hichanaft; /**< channel pressure */
  uint8_t lopolyaft, hipolyaft; /**< the played key's polyphonic pressure */
  float lorand, hirand;         /**< plays when lorand <= r < hirand (r <= 1 when hirand is 1) */
  uint8_t seq_length;           /**< round robin: plays on step seq_position of every seq_length */
  uint8_t seq_position;         /**< 1...seq_length */
  uint8_t cc_condition_count;
  sc_cc_range cc_conditions[SC_MAX_CC_CONDITIONS]; /**< every one must hold */
  sc_cc_range on_cc;                               /**< the trigger when trigger is SC_TRIGGER_CC */

  /* keyswitches; SC_NO_KEY where not given */
  int16_t sw_lokey, sw_hikey;   /**< keys that are keyswitches (besides those sw_last names) */
  int16_t sw_lolast, sw_hilast; /**< the channel's last keyswitch must be in this range */
  int16_t sw_down;              /**< this key must be held */
  int16_t sw_up;                /**< this key must not be held */
  int16_t sw_previous;          /**< the note played before this one must be this key */
  int16_t sw_default;           /**< the last keyswitch assumed before any is played */
  bool sw_vel_previous;         /**< plays with the previous note's velocity */

  /* voice lifecycle */
  int32_t group;           /**< exclusive/polyphony group, 0 by default */
  bool has_off_by;         /**< whether off_by is set */
  int32_t off_by;          /**< a new voice of this group stops this region's voices */
  sc_off_mode off_mode;    /**< how they stop */
  float off_time;          /**< seconds, for SC_OFF_TIME (the default, 0.006 s) */
  sc_off_curve off_curve;  /**< the curve of that fade; linear by default */
  float off_shape;         /**< the curve's coefficient n */
  uint32_t polyphony;      /**< voices of this group per channel; 0 = no limit */
  uint32_t note_polyphony; /**< voices of this group per key and channel; 0 = no limit */
  bool note_selfmask;      /**< note_polyphony spares louder voices of the same key */

  /* pitch */
  float pitch_keycenter; /**< key at which the sample plays at its recorded pitch */
  float pitch_keytrack;  /**< cents per key */
  float tune;            /**< cents */
  float bend_up;         /**< cents at full upward bend */
  float bend_down;       /**< cents at full downward bend (usually negative) */

  /* amplitude */
  float volume_db;
  float amp_veltrack; /**< percent, -100...100 */
  float pan;          /**< -100 (left) ... 100 (right) */

  /* playback */
  uint64_t offset; /**< first frame played */
  uint64_t end;    /**< last frame played, inclusive; 0 = last frame of the sample */
  sc_loop_mode loop_mode;
  uint64_t loop_start; /**< first frame of the loop */
  /** last frame of the loop, inclusive; 0 = the file's loop end, else the last frame (with
   * loop_start 0 too, the file's loop or the whole sample) */
  uint64_t loop_end;
  sc_loop_type loop_type; /**< which way the loop runs; an inverted loop plays between its points */

  /* envelopes, filter, LFOs */
  sc_envelope_params ampeg, fileg, pitcheg;
  /** ARIA's ampeg_dynamic, fileg_dynamic, pitcheg_dynamic (SC_EG_DYNAMIC_* bits; corpus/spec
   * opcodes/ampeg_dynamic.md): a controller that moves changes the stage under way too, not only
   * the stages still to come. */
  uint8_t eg_dynamic;
  /** The two filters in series: [0] the SFZ v1 filter (cutoff, resonance, fil_*), which the
   * filter envelope and LFO also move, and [1] the SFZ v2 second one (cutoff2, resonance2,
   * fil2_*). Controllers move both. */
  sc_filter_params filters[SC_FILTER_COUNT];
  sc_lfo_params amplfo, fillfo, pitchlfo;

  /* release triggers */
  float rt_decay; /**< dB per second of key hold, for trigger=release regions */
  bool rt_dead;   /**< a release region plays even when the key's attack voices have ended */

  /* per-note variation and shaping */
  float offset_random;  /**< frames; a uniform 0...offset_random is added to offset */
  float delay;          /**< seconds from the event to the start of the voice */
  float delay_beats;    /**< beats at the host tempo, added to delay */
  float delay_random;   /**< seconds; a uniform 0...delay_random is added */
  uint32_t count;       /**< plays of the sample (one-shot); 0 or 1 play it once */
  bool reverse;         /**< plays from end back to offset (the loader reverses the audio) */
  float loop_crossfade; /**< seconds of the loop's end blended with what precedes its start */
  uint32_t loop_count;  /**< times a forward loop repeats before playing on; 0 for ever */
  float loop_tune;      /**< cents added while the playhead is in the loop */
  float pitch_veltrack; /**< cents at velocity 127 */
  float pitch_random;   /**< cents; a uniform 0...x per note (one-way, as ARIA) */
  float bend_step;      /**< cents; bends move in steps of this size (0 or 1: smoothly) */
  float bend_step_down; /**< cents; downward bends' steps (bend_stepdown), 0: bend_step's */
  float bend_smooth;    /**< milliseconds of inertia on the bend (bend_smooth), 0 for none */
  float amp_keycenter;
  float amp_keytrack;   /**< dB per key away from amp_keycenter */
  float amp_random;     /**< dB; a uniform 0...x per note (one-way, as ARIA) */
  int32_t amp_velcurve; /**< index of a curve replacing the velocity curve, or -1 */
  float width;          /**< percent: 100 as recorded, 0 mono, -100 left and right swapped */
  float position;       /**< -100...100: where the stereo image sits */
  bool phase_invert;    /**< phase=invert: the region plays with its polarity reversed */
  /** Sends (SFZ effect1...effect4, corpus/spec opcodes/effect1.md; syntax.yml: "level of
   * effect1 send, in percentage", 0...100, default 0): the share of the voice's output, after
   * pan, fed to effect bus 1...4 as a linear gain (50 sends half the amplitude). Bus 1 is the
   * engine's reverb and bus 2 its chorus (Cakewalk's reading, which syntax.yml gives) unless the
   * instrument puts a chain on fx1 or fx2 (sc_instrument_add_effect), which then takes the send
   * instead; buses 3 and 4 feed only fx3 and fx4 chains. The dry output is the same either way. */
  float effect[SC_EFFECT_SENDS];
  sc_crossfade key_crossfade, velocity_crossfade;
  uint8_t cc_crossfade_count;
  bool cc_crossfade_power; /**< xf_cccurve=power */
  sc_cc_crossfade cc_crossfades[SC_MAX_CC_CROSSFADES];
  sc_eq_band eq[3];
  uint8_t implicit_controllers; /**< SC_IMPLICIT_* bits; all by default */
  float pan_keytrack;           /**< pan percent per key away from pan_keycenter */
  float pan_veltrack;           /**< pan percent at velocity 127 */
  float pan_keycenter;
  sc_noise_params noise;
  /** oscillator_multi=2 (corpus/spec opcodes/oscillator_multi.md, "ring modulation mode"): the
   * region's waveform times a second copy of it `ring_cents` away. Off unless `ring`. */
  bool ring;
  float ring_cents;

  /* pedals: a key let go while the region's pedal is down keeps sounding until it comes up */
  bool sustain_sw;      /**< the sustain pedal holds this region's notes (default on) */
  bool sostenuto_sw;    /**< the sostenuto pedal holds them (default on) */
  uint8_t sustain_cc;   /**< the sustain pedal's controller, 64 by default */
  uint8_t sostenuto_cc; /**< the sostenuto pedal's controller, 66 by default */
  float sustain_lo;     /**< the pedal is down at values >= this (0...127; 0.5 by default) */
  float sostenuto_lo;   /**< likewise for sostenuto */

  /** The region plays when the seconds since the channel's previous note-on (infinite before
   * the first) lie in lotimer...hitimer, inclusive. */
  float lotimer, hitimer;
  /** ARIA's conditions on the key delta, lohdcc140/hihdcc140 ([0]) and on its magnitude,
   * lohdcc141/hihdcc141 ([1]): the half-steps from the channel's previous key (0 for its first
   * note) lie in lo...hi. Off unless set. */
  bool key_delta_set[2];
  float key_delta_lo[2], key_delta_hi[2];
  /** ARIA's lohdccN/hihdccN on its engine sources (SC_SOURCE_HOST_TEMPO...), in their units. */
  uint8_t source_condition_count;
  sc_source_condition source_conditions[SC_MAX_SOURCE_CONDITIONS];

  /* host tempo and position */
  /** The region plays while lobpm <= tempo < hibpm; sc_region_init leaves it open (0 and
   * infinity), so only a region that asks for a tempo range has one. */
  float lobpm, hibpm;
  float sync_beats;  /**< > 0: the voice waits for the next multiple of this many beats... */
  float sync_offset; /**< ...plus this many */

  /* SFZ v2 modulators */
  uint8_t v2_lfo_count, v2_eg_count, v2_link_count;
  sc_v2_lfo_params v2_lfos[SC_V2_MAX_LFOS];
  sc_v2_eg_params v2_egs[SC_V2_MAX_EGS];
  sc_v2_link v2_links[SC_V2_MAX_LINKS];
  uint8_t v2_lfo_subwave_count, v2_lfo_step_count;
  sc_v2_lfo_subwave v2_lfo_subwaves[SC_V2_MAX_LFO_SUBWAVES];
  float v2_lfo_steps[SC_V2_MAX_LFO_STEPS]; /**< -1...1, by LFO (sc_v2_lfo_params.step_first) */
} sc_region;

/**
 * Fills a region with the SFZ defaults: whole key, velocity, channel, program and controller
 * ranges, no keyswitch, no round robin, group 0, no loop, no filter. [any]
 */
void sc_region_init(sc_region *region);

/* ------------------------------------------------------------- instrument */

/** An immutable set of regions and sample buffers once finalized. */
typedef struct sc_instrument sc_instrument;

/** Creates an empty instrument; NULL if out of memory. [control] */
sc_instrument *sc_instrument_create(void);

/**
 * Gives freed heap memory back to the operating system where the C library keeps it (glibc
 * keeps pages of freed blocks mapped once its mmap threshold has risen); call it after
 * destroying instruments. A no-op elsewhere. [control]
 */
void sc_memory_return_to_system(void);

/** Frees an instrument that no engine uses (or one from sc_engine_collect_garbage). [control] */
void sc_instrument_destroy(sc_instrument *instrument);

/**
 * How a sample's frames are kept in memory. 16-bit sources stay 16-bit integers, half the
 * memory of floats; the interpolation kernels convert them (x / 32768, exactly the float a
 * decoder would have produced), so both formats render the same audio.
 */
typedef enum sc_sample_format {
  SC_SAMPLE_FLOAT32 = 0, /**< float, full scale 1.0 */
  SC_SAMPLE_INT16 = 1    /**< int16_t, full scale 32768 */
} sc_sample_format;

/** One sample for sc_instrument_add_sample_data. */
typedef struct sc_sample_data {
  sc_sample_format format;
  /** `channel_count` (1 or 2) planar arrays of float or int16_t, as `format` says, each
   * `frame_count` values long */
  const void *const *channels;
  uint32_t channel_count;
  uint64_t frame_count;
  double sample_rate;
  /** the loop stored in the file (inclusive), used by regions that ask for a loop without
   * giving points; has_loop = false if none */
  bool has_loop;
  uint64_t loop_start, loop_end;
  /** Streaming: when non-zero and below frame_count, `channels` hold only the first
   * `resident_frames` frames and the rest is read from disk while voices play (see "streaming"
   * below). Every region that loops must loop within them. 0 = all frames given. */
  uint64_t resident_frames;
  /** the caller's non-zero name for the file, handed to the stream reader */
  uint64_t stream_key;
} sc_sample_data;

/** Copies one sample into the instrument. Returns the sample index, or -1 on bad arguments or
 * out of memory. [control] */
int32_t sc_instrument_add_sample_data(sc_instrument *instrument, const sc_sample_data *sample);

/** Appends `count` empty sample slots and returns the index of the first (-1 on failure), so
 * that loaders decoding in parallel can copy each sample in as soon as it is decoded, with
 * sc_instrument_set_sample_data, and free their own buffer at once. A region may name a slot
 * only once it is set. [control] */
int32_t sc_instrument_reserve_samples(sc_instrument *instrument, uint32_t count);

/** Copies one sample into the reserved, still empty slot `index`. Calls for different slots
 * may run at the same time on different threads (between reserve and the next call of any other
 * sc_instrument_* function); false on bad arguments or out of memory. [control, any thread] */
bool sc_instrument_set_sample_data(sc_instrument *instrument, uint32_t index,
                                   const sc_sample_data *sample);

/** sc_instrument_add_sample_data for planar float channels. [control] */
int32_t sc_instrument_add_sample(sc_instrument *instrument, const float *const *channels,
                                 uint32_t channel_count, uint64_t frame_count, double sample_rate,
                                 bool has_loop, uint64_t loop_start, uint64_t loop_end);

/** Adds a region (copied). Returns its index or -1 (bad sample index, out of memory). [control] */
int32_t sc_instrument_add_region(sc_instrument *instrument, const sc_region *region);

/** What sc_instrument_finalize returns when it ran out of memory: the instrument is unusable. */
#define SC_FINALIZE_FAILED UINT32_MAX

/**
 * Checks every region against its sample (clamps offsets and loop points into the sample) and
 * builds the key lookup. Must be called once, before the instrument is given to an engine.
 * Returns the number of regions whose values were clamped, or SC_FINALIZE_FAILED when memory
 * ran out; such an instrument is refused by sc_engine_set_instrument. [control]
 */
uint32_t sc_instrument_finalize(sc_instrument *instrument);

/**
 * Sets the value a controller takes on every channel when an engine adopts the instrument
 * (SFZ `set_ccN`): `value` 0...1, stored as 0...127. False on a bad controller. [control]
 */
bool sc_instrument_set_initial_cc(sc_instrument *instrument, uint32_t controller, float value);

/* ------------------------------------------------------ instrument effects */

/** The buses an instrument's `<effect>` chains sit on (corpus/spec opcodes/bus.md, syntax.yml:
 * main, fx1...fx4; default main). fxN is fed by the regions' effectN sends. */
typedef enum sc_effect_bus {
  SC_EFFECT_BUS_MAIN = 0, /**< the instrument's own output: directtomain of the dry mix plus
                             each fx bus's return at fxNtomain */
  SC_EFFECT_BUS_FX1 = 1,
  SC_EFFECT_BUS_FX2 = 2,
  SC_EFFECT_BUS_FX3 = 3,
  SC_EFFECT_BUS_FX4 = 4
} sc_effect_bus;
/** The longest delay of an SC_EFFECT_DELAY, in seconds: its lines are taken at set-instrument
 * time, as long as its delays. */
#define SC_DELAY_MAX_SECONDS 10.0f
/** Buses an instrument may put chains on: main and fx1...fx4. */
#define SC_EFFECT_BUSES 5

/** What an effect does (corpus/spec opcodes/type.md). */
typedef enum sc_effect_type {
  SC_EFFECT_LOFI = 1,   /**< bit depth reducer (bitred) and decimator (decim) */
  SC_EFFECT_GAIN = 2,   /**< a gain of `gain_db` */
  SC_EFFECT_FILTER = 3, /**< one filter of sc_filter_type (1- and 2-pole types only) */
  SC_EFFECT_EQ = 4,     /**< one peaking band */
  SC_EFFECT_DELAY = 5,  /**< a stereo feedback delay */
  SC_EFFECT_REVERB = 6  /**< the engine's reverb algorithm (dsp/reverb.c) as a chain effect */
} sc_effect_type;

/** The parameters of an effect a controller may move (sc_effect_cc): each is the sc_effect field
 * of the same name, in that field's unit. */
typedef enum sc_effect_param {
  SC_EFFECT_PARAM_BITRED = 0,
  SC_EFFECT_PARAM_DECIM,
  SC_EFFECT_PARAM_FILTER_CUTOFF,
  SC_EFFECT_PARAM_FILTER_RESONANCE,
  SC_EFFECT_PARAM_EQ_FREQ,
  SC_EFFECT_PARAM_EQ_BW,
  SC_EFFECT_PARAM_EQ_GAIN,
  SC_EFFECT_PARAM_DELAY_TIME_LEFT,
  SC_EFFECT_PARAM_DELAY_TIME_RIGHT,
  SC_EFFECT_PARAM_DELAY_FEEDBACK,
  SC_EFFECT_PARAM_DELAY_DAMPING,
  SC_EFFECT_PARAM_REVERB_SIZE,
  SC_EFFECT_PARAM_REVERB_DAMP,
  SC_EFFECT_PARAM_REVERB_PREDELAY,
  SC_EFFECT_PARAM_INPUT,
  SC_EFFECT_PARAM_DRY,
  SC_EFFECT_PARAM_WET,
  SC_EFFECT_PARAM_COUNT
} sc_effect_param;

/** A controller moving an effect parameter (SFZ `<param>_onccN`, syntax.yml's Effects): the
 * parameter is its written value plus `amount` times the controller (0...1), so `amount` is
 * added at CC 127 and linearly in between, in the parameter's unit, as a region's `_onccN`
 * (the effect pages give no rule of their own), then kept in the parameter's range. The value
 * is the controller's as the engine last received it on any channel, starting from the
 * instrument's set_ccN, read at the start of each span of the render. */
typedef struct sc_effect_cc {
  sc_effect_param parameter;
  uint32_t controller; /**< 0...127 */
  float amount;
  /** as a region's modulation (sc_modulation): the instrument's curve the controller is read
   * through (`_curveccN`; -1 linear), milliseconds of smoothing (`_smoothccN`, applied span by
   * span; 0 none) and the steps the amount moves in (`_stepccN`, parameter units; 0 smoothly) */
  int32_t curve;
  float smooth;
  float step;
} sc_effect_cc;

/** Controller modulations an effect may hold. */
#define SC_EFFECT_MAX_CCS 16

/** One effect of a chain; each type reads its own fields. Percent fields are 0...100. */
typedef struct sc_effect {
  sc_effect_type type;
  sc_effect_bus bus;
  float bitred, decim; /**< lofi, percent: 0 off; see config.h SC_LOFI_* for the mapping */
  float gain_db;       /**< gain */
  sc_filter_type filter_type;
  float filter_cutoff;    /**< Hz */
  float filter_resonance; /**< dB */
  float eq_freq;          /**< Hz */
  float eq_bw;            /**< octaves */
  float eq_gain;          /**< dB */
  float delay_time[2];    /**< seconds, left and right (at most SC_DELAY_MAX_SECONDS) */
  float delay_feedback;   /**< percent of the delayed signal fed back */
  float delay_damping;    /**< percent: a one-pole low-pass in the feedback path, 0 none */
  float reverb_size;      /**< percent */
  float reverb_damp;      /**< percent */
  float reverb_predelay;  /**< seconds */
  /** delay and reverb: percent of the input fed into the effect, of the input passed through
   * and of the effect's output */
  float input, dry, wet;
  /** the controllers moving the parameters above; the fields hold the values at controller 0 */
  sc_effect_cc cc[SC_EFFECT_MAX_CCS];
  uint32_t cc_count;
  /** SFZ `bypass_onccN` (corpus/spec opcodes/bypass_onccN.md): when `bypass` > 0 the effect plays
   * only while controller `bypass_controller` is at least 64 / `bypass` on the 0...127 scale
   * (the controller read as the parameters' are); bypassed, it passes its input untouched */
  uint32_t bypass_controller;
  float bypass;
} sc_effect;

/** Fills `effect` with `type`'s defaults on the main bus (config.h SC_EFFECT_DEFAULT_*). [any] */
void sc_effect_init(sc_effect *effect, sc_effect_type type);

/**
 * Appends an effect to the chain of its bus; each bus's chain runs in the order the effects
 * were added. False on a bad type or bus, a value that is not finite, a controller modulation
 * out of range (controller above 127, unknown parameter, more than SC_EFFECT_MAX_CCS, a negative
 * bypass), after finalize or when out of memory. A delay's lines are as long as the longest time
 * its controllers can reach. Memory the effect needs (delay lines, the reverb) is taken when an
 * engine is given the instrument (sc_engine_set_instrument, on the control thread), at the engine's
 * rate, and belongs to the instrument, so that the render thread's swap of instruments allocates
 * nothing. [control]
 */
bool sc_instrument_add_effect(sc_instrument *instrument, const sc_effect *effect);

/**
 * How an instrument with effects mixes its buses, percent 0...100, each a linear gain (corpus/
 * spec opcodes/directtomain.md, fxNtomain.md, fxNtomix.md: "translates from % into a linear gain
 * 0-1"; syntax.yml defaults: directtomain 100, fxNtomain and fxNtomix 0). The main bus's input is
 * direct_to_main of the dry mix plus to_main[n] of bus fx(n+1)'s return; its chain's output is
 * the "main" output. The "mix" is the instrument's output: the main output plus to_mix[n] of
 * each fx return, past the main chain. The engine's reverb and chorus (for effect1 and effect2
 * where no fx1 or fx2 chain takes them) and the master gain come after the mix.
 */
typedef struct sc_effect_levels {
  float direct_to_main;
  float to_main[SC_EFFECT_SENDS];
  float to_mix[SC_EFFECT_SENDS];
} sc_effect_levels;

/** Sets the levels; they apply only once the instrument has an effect. [control] */
bool sc_instrument_set_effect_levels(sc_instrument *instrument, const sc_effect_levels *levels);

/** What a controller modulates. Targets before SC_MOD_LIVE_COUNT follow the controller while
 * the voice sounds; the others are read once, when the voice starts. */
typedef enum sc_mod_target {
  SC_MOD_VOLUME = 0,     /**< dB, added */
  SC_MOD_AMPLITUDE,      /**< percent; the factors of all amplitude modulations multiply */
  SC_MOD_PAN,            /**< -100...100, added */
  SC_MOD_WIDTH,          /**< percent, added */
  SC_MOD_POSITION,       /**< -100...100, added */
  SC_MOD_PITCH,          /**< cents, added */
  SC_MOD_CUTOFF,         /**< cents, added */
  SC_MOD_RESONANCE,      /**< dB, added */
  SC_MOD_AMPLFO_DEPTH,   /**< dB */
  SC_MOD_FILLFO_DEPTH,   /**< cents */
  SC_MOD_PITCHLFO_DEPTH, /**< cents */
  SC_MOD_AMPLFO_FREQ,    /**< Hz */
  SC_MOD_FILLFO_FREQ,    /**< Hz */
  SC_MOD_PITCHLFO_FREQ,  /**< Hz */
  SC_MOD_EQ1_GAIN,
  SC_MOD_EQ2_GAIN,
  SC_MOD_EQ3_GAIN, /**< dB */
  SC_MOD_EQ1_FREQ,
  SC_MOD_EQ2_FREQ,
  SC_MOD_EQ3_FREQ, /**< Hz */
  SC_MOD_EQ1_BW,
  SC_MOD_EQ2_BW,
  SC_MOD_EQ3_BW,      /**< octaves */
  SC_MOD_CUTOFF2,     /**< cents, added to the second filter's cutoff */
  SC_MOD_RESONANCE2,  /**< dB, added to the second filter's resonance */
  SC_MOD_NOISE_LEVEL, /**< dB, added to noise_level */
  SC_MOD_NOISE_STEP,  /**< added to noise_step */
  SC_MOD_NOISE_TONE,  /**< added to noise_tone */
  SC_MOD_FIL_GAIN,    /**< dB, added to the first filter's gain (fil_gain) */
  SC_MOD_FIL2_GAIN,   /**< dB, added to the second filter's gain */
  SC_MOD_LIVE_COUNT,
  SC_MOD_OFFSET = SC_MOD_LIVE_COUNT, /**< frames */
  SC_MOD_DELAY,                      /**< seconds */
  SC_MOD_AMP_VELTRACK,               /**< percent */
  SC_MOD_LOOP_START,                 /**< frames added to the loop's first frame */
  SC_MOD_LOOP_LENGTH,                /**< frames added to the loop's last frame */
  /** Envelope stages: seconds (start and sustain in percent, depth in cents), in the order
   * delay, start, attack, hold, decay, sustain, release, depth for each envelope. */
  SC_MOD_AMPEG_DELAY,
  SC_MOD_FILEG_DELAY = SC_MOD_AMPEG_DELAY + 8,
  SC_MOD_PITCHEG_DELAY = SC_MOD_FILEG_DELAY + 8,
  SC_MOD_TARGET_COUNT = SC_MOD_PITCHEG_DELAY + 8
} sc_mod_target;

/** Modulation sources: MIDI controllers 0...127, then these (ARIA's extended controllers). */
enum {
  SC_SOURCE_PITCH_BEND = 128, /**< 0 full down, 0.5 centre, 1 full up */
  SC_SOURCE_CHANNEL_PRESSURE = 129,
  SC_SOURCE_POLY_PRESSURE = 130,    /**< of the voice's key */
  SC_SOURCE_VELOCITY = 131,         /**< the note-on velocity */
  SC_SOURCE_RELEASE_VELOCITY = 132, /**< the note-off velocity (0 until released) */
  SC_SOURCE_KEY = 133,              /**< the note number */
  SC_SOURCE_GATE = 134,             /**< 1 while the key is held, else 0 */
  SC_SOURCE_RANDOM = 135,           /**< 0...1, drawn when the voice starts */
  SC_SOURCE_BIPOLAR_RANDOM = 136,   /**< 0...1 read through a bipolar curve, drawn at start */
  SC_SOURCE_ALTERNATE = 137,        /**< 0 and 1 on alternate notes */
  /* 138 and 139 are unassigned: they read 0. */
  /** ARIA's key delta: the voice's key minus the channel's previous key, in half-steps (not
   * 0...1, and not shaped by a curve); 0 for the first note. */
  SC_SOURCE_KEY_DELTA = 140,
  SC_SOURCE_ABSOLUTE_KEY_DELTA = 141, /**< its magnitude */
  /** ARIA's engine sources (corpus/spec extensions/midi_ccs.md), in their own units, like the
   * key deltas: the host tempo in beats per minute, */
  SC_SOURCE_HOST_TEMPO = 142,
  /* 143, the host transport, is not given to the engine: it reads 0. */
  SC_SOURCE_SAMPLE_RATE = 144, /**< Hz */
  SC_SOURCE_ENGINE_TIME = 145, /**< seconds the engine has rendered */
  /* 146 and 147, the time signature, are not given to the engine: they read 0. */
  SC_SOURCE_SONG_POSITION = 148, /**< the host's song position in beats */
  /* 149, the position in the bar, needs the time signature: it reads 0. */
  SC_SOURCE_INSTRUMENT_TIME = 150, /**< seconds since the instrument was adopted */
  SC_SOURCE_SINCE_KEY_ON = 151,    /**< seconds since the last note-on of any key (0 at one) */
  SC_SOURCE_SINCE_KEY_OFF = 152,   /**< seconds since the last note-off (0 at one) */
  SC_SOURCE_KEYS_DOWN = 153,       /**< keys held on all channels */
  SC_SOURCE_ACTIVE_VOICES = 154,   /**< voices playing */
  SC_SOURCE_COUNT = 155
};

/** ARIA variables (varNN_*): a region's controllers combined into one value that modulates like
 * a controller. A variable's inputs are modulation records whose target is
 * SC_MOD_VARIABLE_SUM + n (varNN_mod=add: the inputs add up) or SC_MOD_VARIABLE_PRODUCT + n
 * (mult: they multiply); its outputs are records whose source is SC_SOURCE_VARIABLE + n, reaching
 * live targets only (variables move no modulator: corpus/spec opcodes/varNN_.md). These numbers
 * lie past every controller and target, so no opcode's number can name them. */
#define SC_MAX_VARIABLES 8
enum {
  SC_SOURCE_VARIABLE = 1024,
  SC_MOD_VARIABLE_SUM = 1024,
  SC_MOD_VARIABLE_PRODUCT = SC_MOD_VARIABLE_SUM + SC_MAX_VARIABLES
};

/** One controller's effect on one target of a region (`cutoff_oncc74=1200` and its curve,
 * smoothing and step). */
typedef struct sc_modulation {
  uint16_t target; /**< an sc_mod_target */
  uint16_t source; /**< 0...127 or an SC_SOURCE_* value */
  int32_t curve;   /**< curve index shaping the source, -1 for linear 0...1 */
  float depth;     /**< target units at the curve's value 1 */
  float smooth;    /**< milliseconds of smoothing, 0 for none */
  float step;      /**< the result moves in steps of this size, 0 for smoothly */
} sc_modulation;

/** Modulations a region may carry; the engine ignores any beyond (the loader reports them). */
#define SC_MAX_REGION_MODULATIONS 32

/** Curves an instrument may define (indices 0...SC_MAX_CURVES-1). */
#define SC_MAX_CURVES 1024

/**
 * Adds a modulation to a region added earlier. Returns false on a bad region, target, source or
 * curve index, or out of memory. [control]
 */
bool sc_instrument_add_modulation(sc_instrument *instrument, uint32_t region_index,
                                  const sc_modulation *modulation);

/**
 * Defines curve `index` from 128 points (input 0...127). Curves 0...6 are built in (linear,
 * bipolar -1...1, inverted, bipolar inverted, concave x^2, crossfade-in sqrt x, crossfade-out
 * sqrt(1-x)) and may be replaced, as SFZ <curve> headers do. [control]
 */
bool sc_instrument_set_curve(sc_instrument *instrument, uint32_t index, const float points[128]);

/** Number of regions and samples, and bytes of sample memory held. [control] */
uint32_t sc_instrument_region_count(const sc_instrument *instrument);
uint32_t sc_instrument_sample_count(const sc_instrument *instrument);
uint64_t sc_instrument_sample_bytes(const sc_instrument *instrument);

/* ----------------------------------------------------------------- engine */

/** Interpolation used to read samples at a pitch. */
typedef enum sc_quality {
  SC_QUALITY_LINEAR = 0,
  SC_QUALITY_HERMITE = 1, /**< 4-point cubic Hermite, the default */
  SC_QUALITY_SINC = 2     /**< windowed sinc, for offline rendering */
} sc_quality;

/** What the engine is made for; see sc_engine_config_init for defaults. */
typedef struct sc_engine_config {
  double sample_rate;
  uint32_t max_voices; /**< polyphony: voices that may sound at once (1...SC_MAX_POLYPHONY) */
  sc_quality quality;
  /** Use the plain C kernels even where faster SIMD ones exist (for comparing the two). */
  bool portable_kernels;
  /** Streaming: frames of each voice's ring buffer (0 = no rings: streamed samples play only
   * their resident frames, then fade as underruns). */
  uint32_t stream_ring_frames;
  /** Rendering offline (sc_engine_set_offline), called on the render thread when a voice needs
   * frames the reader has not written yet: it should block until the reader makes progress. */
  void (*stream_wait)(void *context);
  void *stream_wait_context;
  /** Keep every voice until its envelope or sample ends, instead of ending one as soon as what
   * is left of it can no longer reach -100 dBFS (SC_SILENCE_LEVEL; the rule is in
   * voice/audibility.h). The rule knows a sample's remaining peaks only when it is held whole,
   * so set this where a streamed render must equal the in-memory one bit for bit. */
  bool keep_inaudible_voices;
} sc_engine_config;

/** The largest max_voices an engine accepts. [any] */
uint32_t sc_max_polyphony(void);

/** 48 kHz, 64 voices, Hermite. [any] */
void sc_engine_config_init(sc_engine_config *config);

typedef struct sc_engine sc_engine;

/** Allocates everything the render path will need. NULL on bad config or no memory. [control] */
sc_engine *sc_engine_create(const sc_engine_config *config);

/** Frees the engine and every instrument it holds. No render may be running. [control] */
void sc_engine_destroy(sc_engine *engine);

/**
 * Hands the engine a finalized instrument (or NULL for silence) and returns true; the engine
 * owns it from then on. The render thread adopts it at the start of a later render call, fading
 * out voices of the previous instrument; adopting sets every channel's controllers given by
 * sc_instrument_set_initial_cc and its last keyswitch to the instrument's sw_default. An
 * instrument handed over earlier but never adopted is destroyed here. Returns false, and leaves
 * the instrument with the caller, when it is not finalized and cannot be (out of memory), so a
 * half-built instrument never reaches the render thread. [control]
 */
bool sc_engine_set_instrument(sc_engine *engine, sc_instrument *instrument);

/**
 * Returns one instrument the render thread no longer uses, or NULL. The caller destroys it.
 * Call until NULL. [control]
 */
sc_instrument *sc_engine_collect_garbage(sc_engine *engine);

/** Event kinds. */
typedef enum sc_event_type {
  SC_EVENT_NOTE_ON = 0,          /**< data1 key, data2 velocity (0 = note-off) */
  SC_EVENT_NOTE_OFF = 1,         /**< data1 key */
  SC_EVENT_CONTROL_CHANGE = 2,   /**< data1 controller, data2 value */
  SC_EVENT_PITCH_BEND = 3,       /**< value -8192...8191 */
  SC_EVENT_PROGRAM_CHANGE = 4,   /**< data1 program */
  SC_EVENT_CHANNEL_PRESSURE = 5, /**< data1 pressure */
  SC_EVENT_POLY_PRESSURE = 6,    /**< data1 key, data2 pressure */
  SC_EVENT_PARAMETER = 7,        /**< data1 an sc_param, number the value */
  SC_EVENT_NOTE_FREQUENCY = 8,   /**< data1 key, number its frequency in Hz (microtuning), data2
                                      SC_TUNING_RETUNE_SOUNDING or 0; maps an unmapped key */
  SC_EVENT_SONG_POSITION = 9,    /**< number: the host's song position in beats at this frame */
  /** A note-on whose voices per-note events can address: data1 key, data2 velocity (0 = note-off
   * of the key), value the note id the caller chose (any 32 bits). The note starts at neutral
   * expression; voices an earlier note left with the same id no longer answer to it. */
  SC_EVENT_NOTE_ON_ID = 10,
  /** data1 an sc_note_expression, value a note id, number the amount: sets that expression of
   * every voice the note started (all its regions and layers, its release samples too). */
  SC_EVENT_NOTE_EXPRESSION = 11
} sc_event_type;

/** SC_EVENT_NOTE_FREQUENCY's data2 flag: notes sounding on the key move to its new pitch at the
 * event's frame (a real-time MIDI Tuning Standard change); without it only later notes do. */
#define SC_TUNING_RETUNE_SOUNDING 1

/**
 * Replaces the whole tuning: `cents[n]` is key n's pitch in cents above MIDI note 0 of 12-TET
 * (100 n in 12-TET, A4 = 6900 = 440 Hz), and a key whose `mapped[n]` is false (or whose cents are
 * not finite) starts no voice. The render thread takes the latest table at the start of its next
 * render call, before the posted events, and moves the notes sounding on every key to the new
 * pitch. Neither thread waits for the other. [control]
 */
void sc_engine_set_tuning(sc_engine *engine, const double cents[128], const bool mapped[128]);

/**
 * Per-note expressions (SC_EVENT_NOTE_EXPRESSION). Each is an absolute value, neutral at 0, and
 * adds to what the instrument and the channel already do. Volume, pan and brightness glide to
 * a new value over about 5 ms, as channel volume and pan do, so no step is heard; pitch and
 * pressure apply as given, as pitch bend and aftertouch do. Every change takes effect at its
 * event's frame.
 */
typedef enum sc_note_expression {
  SC_NOTE_PITCH = 0,  /**< cents added to the note's pitch */
  SC_NOTE_VOLUME = 1, /**< dB added to the note's level */
  SC_NOTE_PAN = 2,    /**< -1 (left) ... 1 (right), added to the note's placement */
  /** Cents added to the cutoff of each of its regions' filters (up opens a low-pass). A region
   * with no filter has no cutoff to move: brightness leaves it unchanged. */
  SC_NOTE_BRIGHTNESS = 3,
  /** 0...1, the note's own aftertouch: its voices read it as polyphonic pressure (SFZ `_polyaft`,
   * `oncc130`) and as channel pressure (`_chanaft`, `oncc129`), each where it is larger than the
   * key's or the channel's own pressure. */
  SC_NOTE_PRESSURE = 4,
  SC_NOTE_EXPRESSION_COUNT
} sc_note_expression;

/**
 * Engine-wide parameters, set with an SC_EVENT_PARAMETER event: data1 the parameter, number the
 * value, value a ramp length in frames (0: the value applies from the event's frame). A ramp of n
 * frames on a parameter that can ramp moves linearly from the value in force before the event:
 * at frame k + i of an event at frame k the value is start + (target - start) * (i + 1) / n, so
 * it reaches the target on frame k + n - 1 (master gain per frame; the others on the same line
 * at frames k, k + 64, k + 128... (the engine's control step, SC_CONTROL_FRAMES) and k + n - 1,
 * each value held until the next). A newer event on the same parameter supersedes an unfinished
 * ramp, starting from the value reached (the last frame's or step's). A parameter that cannot ramp
 * takes its target at the event's frame, whatever ramp the event asks for. A value outside the
 * parameter's range is clamped to it; one that is not finite is ignored. The numbers are stable
 * addresses: never reused or renumbered.
 *
 * The envelope, filter and vibrato parameters are the engine-wide controls of an AKSampler-style
 * instrument, laid over whatever the instrument says so that their defaults leave an SFZ
 * instrument exactly as its author wrote it: envelope times add to each region's own, sustain
 * levels scale it, and the engine filter is a stage of its own, off by default. Envelope settings
 * apply to notes started after the change.
 */
typedef enum sc_param {
  SC_PARAM_MASTER_GAIN = 0,       /**< linear gain 0...4, default 1; ramps */
  SC_PARAM_LOOP_THRU_RELEASE = 1, /**< 0 or 1, for SC_LOOP_ENGINE regions; default 0 */
  SC_PARAM_MONOPHONIC = 2,        /**< 0 or 1; one voice per channel */
  SC_PARAM_LEGATO = 3,            /**< 0 or 1; in mono mode, overlapping notes glide */
  SC_PARAM_GLIDE_RATE = 4,        /**< seconds per octave of glide 0...10; 0 = no glide */
  SC_PARAM_VIBRATO_DEPTH = 5,     /**< cents 0...1200 of vibrato on every voice; default 0; ramps */
  SC_PARAM_VIBRATO_RATE = 6,      /**< Hz 0...20; default 5; ramps */
  SC_PARAM_PITCH_BEND_RANGE = 7,  /**< cents 0...4800; > 0 overrides every region's bend range */
  SC_PARAM_TEMPO = 8,             /**< host tempo in beats per minute; default 120 */
  /** Seconds 0...10 added to each region's amplitude envelope attack, hold, decay and release
   * (SFZ ampeg_attack, _hold, _decay, _release, after their velocity tracking and note-on
   * modulation); default 0. A region whose amplitude follows a flex envelope (egN_ampeg) keeps
   * it as written. */
  SC_PARAM_AMP_ATTACK = 9,
  SC_PARAM_AMP_HOLD = 10,
  SC_PARAM_AMP_DECAY = 11,
  SC_PARAM_AMP_SUSTAIN = 12, /**< 0...1, scales each region's ampeg_sustain; default 1 */
  SC_PARAM_AMP_RELEASE = 13,
  /** 0 or 1, default 0: a resonant 2-pole low-pass on every voice, after the region's own filters
   * and EQ, whose cutoff is SC_PARAM_FILTER_CUTOFF times the key's tracked frequency (below),
   * opened by the filter envelope: multiple = cutoff + strength * envelope * velocity factor.
   * Turning it on or off acts on sounding voices from the next control step; each voice's
   * filter envelope runs from its note-on either way, so a voice turned on mid-note finds it
   * where it would be. Off, it changes nothing and costs a voice one test per control step. */
  SC_PARAM_FILTER_ENABLE = 14,
  SC_PARAM_FILTER_CUTOFF = 15, /**< multiple 0.1...100 of the tracked frequency; default 4; ramps */
  SC_PARAM_FILTER_STRENGTH =
      16, /**< multiples 0...100 the filter envelope adds; default 0; ramps */
  /** dB 0...24, default 0; ramps: the height of the resonant peak over the pass band. 0 is
   * Butterworth (no peak, -3.01 dB at the cutoff); from about 6 dB on the gain at the cutoff
   * itself is within 0.5 dB of it (the peak lies a little below the cutoff). */
  SC_PARAM_FILTER_RESONANCE = 17,
  /** 0...1, default 1: the tracked frequency is middle C's (SC_FILTER_TRACKING_REFERENCE_KEY)
   * moved by this fraction of the key's distance from it: 1 follows the key, 0 is fixed. Both
   * pitches are the tuning's in force (sc_engine_set_tuning), 12-TET by default. */
  SC_PARAM_FILTER_KEY_TRACKING = 18,
  /** 0...1, default 0: how much velocity scales the envelope's amount, as
   * 1 - s + s * velocity / 127 (0: every velocity opens the filter fully). */
  SC_PARAM_FILTER_ENVELOPE_VELOCITY = 19,
  /** The filter envelope: attack, decay, release in seconds 0...10 (default 0), sustain 0...1
   * (default 1), taken at note-on. The attack rises linearly from 0; decay and release fall on
   * the curve of the region envelopes (about 70 dB over the stated time). */
  SC_PARAM_FILTER_ATTACK = 20,
  SC_PARAM_FILTER_DECAY = 21,
  SC_PARAM_FILTER_SUSTAIN = 22,
  SC_PARAM_FILTER_RELEASE = 23,
  /** The pitch envelope, which moves every voice by SC_PARAM_PITCH_ENVELOPE_SEMITONES times its
   * level: attack, decay, release in seconds 0...10 (default 0), sustain 0...1 (default 0),
   * taken at note-on, on the curves of the filter envelope. The semitones act on sounding
   * voices; each voice's envelope runs from its note-on whatever they are. */
  SC_PARAM_PITCH_ATTACK = 24,
  SC_PARAM_PITCH_DECAY = 25,
  SC_PARAM_PITCH_SUSTAIN = 26,
  SC_PARAM_PITCH_RELEASE = 27,
  SC_PARAM_PITCH_ENVELOPE_SEMITONES = 28, /**< -24...24; default 0 (off); ramps */
  /** A vibrato of each voice's own, from the voice's start: depth cents 0...1200 (default 0) and
   * rate Hz 0...20 (default 5); both ramp. */
  SC_PARAM_VOICE_VIBRATO_DEPTH = 29,
  SC_PARAM_VOICE_VIBRATO_RATE = 30,
  /** 0 or 1, default 0: each voice's vibrato starts where the engine's free-running phase (at
   * SC_PARAM_VOICE_VIBRATO_RATE since the engine was created) is at its note-on, so a note's
   * vibrato does not start with the note; 1 starts it at phase 0 (rising) with its note. */
  SC_PARAM_RESTART_VOICE_LFO = 31,
  /** An sc_quality (rounded to one), for voices started after the change, so no sounding note
   * changes its sound mid-way; default the engine config's. Every engine builds the sinc table
   * (32 KiB) whatever its config, so every quality may be chosen. */
  SC_PARAM_QUALITY = 32,
  /** Voices 1...config max_voices (the default), rounded to whole. A note beyond it steals as a
   * note beyond max_voices does, and lowering it at once fades out the voices beyond it, those
   * stealing would take first (released, then pedal-held, then the oldest); a stolen voice
   * fades out in 5 ms, never clicking. */
  SC_PARAM_POLYPHONY = 33,
  SC_PARAM_MASTER_TUNE = 34, /**< cents -1200...1200 added to every voice; default 0; ramps */
  /** 0 or 1, default 1: the effects. 0 bypasses them: no voice sends, no reverb, chorus or
   * instrument chain runs (their levels neither), the output is the dry mix alone, bit for bit.
   * Taken by voices at their start; turning it off also empties the reverb and chorus at once. */
  SC_PARAM_EFFECTS = 35,
  /** 0 or 1, default 0: General MIDI channel sends (what an ensemble turns on for a GM song).
   * A voice started while on sends min(1, effect1 / 100 + 0.2 CC91 / 127) to the reverb and
   * min(1, effect2 / 100 + 0.2 CC93 / 127) to the chorus (SC_CHANNEL_SEND_DEPTH, the SoundFont
   * default modulators' 20%), CC91 and CC93 being its channel's (40 and
   * 0 until set: General MIDI Level 2's power-on values). */
  SC_PARAM_CHANNEL_SENDS = 36,
  /** The engine's reverb (a feedback delay network; dsp/reverb.c): return level, linear 0...4
   * (default 2); decay, the RT60 in seconds 0.1...20 at low and mid frequencies (default 2);
   * damping, the RT60 at the Nyquist frequency over the decay, 0.05...1 (default 0.5); pre-delay
   * in seconds 0...0.5 (default 0.02); room size 0...1, the spacing of its echoes (default 0.5);
   * width, 0 mono ... 1 full stereo (default 1). They act from their event's frame. */
  SC_PARAM_REVERB_LEVEL = 37,
  SC_PARAM_REVERB_DECAY = 38,
  SC_PARAM_REVERB_DAMPING = 39,
  SC_PARAM_REVERB_PREDELAY = 40,
  SC_PARAM_REVERB_SIZE = 41,
  SC_PARAM_REVERB_WIDTH = 42,
  /** The engine's chorus (dsp/chorus.c): return level, linear 0...4 (default 2); rate, Hz
   * 0...10 of each voice's delay sine (default 0.6); depth, ms 0...5 either side of the 7 ms
   * centre delay (default 2); voices, 1...4 (default 3), spread from left to right. */
  SC_PARAM_CHORUS_LEVEL = 43,
  SC_PARAM_CHORUS_RATE = 44,
  SC_PARAM_CHORUS_DEPTH = 45,
  SC_PARAM_CHORUS_VOICES = 46,
  SC_PARAM_COUNT
} sc_param;

/** SC_EVENT_PARAMETER's data2 flag: the change was made through sc_engine_post by a caller that
 * already knows it, so sc_engine_take_parameter_changes does not report it. */
#define SC_PARAMETER_FROM_CONTROL 1

/**
 * Sets a parameter from any thread without the event ring: the value (clamped to the range) is
 * what sc_engine_parameter returns at once, and the render thread applies it at the first frame
 * of its next render call, before that call's events, with no ramp and no report to
 * sc_engine_take_parameter_changes. Of several values set between two render calls, the last
 * one applies. Returns false, changing nothing, for an unknown parameter or a value that is not
 * finite. Sample-accurate changes and ramps travel as SC_EVENT_PARAMETER events instead. [any]
 */
bool sc_engine_set_parameter(sc_engine *engine, sc_param parameter, float value);

/** The value a parameter has in force on the render thread (a ramp's target once it has begun):
 * the default until changed. [any] */
float sc_engine_parameter(const sc_engine *engine, sc_param parameter);

/** Which parameters events in render calls have changed since the last call: bit n for sc_param
 * n, each reported once. Changes posted with SC_PARAMETER_FROM_CONTROL are not. [any] */
uint64_t sc_engine_take_parameter_changes(sc_engine *engine);

/** A parameter's range, default and whether it ramps, as the engine applies them. [any] */
typedef struct sc_param_info {
  float minimum, maximum, default_value;
  bool can_ramp;
} sc_param_info;

/** Fills `info` for an engine made with `config`, whose max_voices and quality are the defaults
 * of SC_PARAM_POLYPHONY and SC_PARAM_QUALITY. Returns false for an unknown parameter. [any] */
bool sc_param_get_info(sc_param parameter, const sc_engine_config *config, sc_param_info *info);

/** A timed event. `frame` is the frame within the render call at which it takes effect. */
typedef struct sc_event {
  uint32_t frame;
  uint8_t type; /**< an sc_event_type */
  uint8_t channel;
  uint8_t data1;
  uint8_t data2;
  int32_t value; /**< pitch bend, or a note id */
  float number;  /**< parameter value */
} sc_event;

/**
 * Renders `frames` frames (any count: the engine works through them in short steps), adding
 * nothing: the outputs are overwritten.
 * `events` must be sorted by frame; each one is applied exactly at its frame, and one whose frame
 * is `frames` or later at the start of the next call. Events posted with sc_engine_post apply at
 * frame 0. The output is the dry mix plus the returns of the engine's reverb (fed by each
 * voice's effect1 send) and chorus (effect2), which run only while something is sent to them or
 * their tails last: with nothing sent they leave the dry mix bit for bit. [render]
 */
void sc_engine_render(sc_engine *engine, uint32_t frames, const sc_event *events,
                      uint32_t event_count, float *out_left, float *out_right);

/**
 * Renders as sc_engine_render does, but each MIDI channel's voices into outputs of their own:
 * `left[c]` and `right[c]` (16 of each) get the voices of channel c, summed in voice-slot order,
 * master volume applied to each alike. Returns the channels written (bit c for channel c): only
 * they are overwritten, for the whole call; the outputs of the others are not touched, so a
 * caller sums only what plays. The channels add up to what sc_engine_render gives, to float
 * rounding: a song's stems and its mix. The voices' effect sends (sc_region effect,
 * SC_PARAM_CHANNEL_SENDS) are dropped and the engine's reverb and chorus do not run. An
 * instrument's <effect> chains (sc_instrument_add_effect) do run, on the whole instrument: on
 * the sum of the channels playing in each span, and what they change goes to the lowest of
 * those channels (while they ring on after the notes, to the channel they went to last; a lofi
 * or a filter of a sum is not the sum of theirs). An instrument played on one channel at a time
 * so has its chained sound in that channel's output. On the calling thread alone. [render]
 */
uint16_t sc_engine_render_channels(sc_engine *engine, uint32_t frames, const sc_event *events,
                                   uint32_t event_count, float *const left[16],
                                   float *const right[16]);

/** The effect buses a voice sends to (sc_engine_render_channels_sends): the reverb, fed by
 * effect1 and CC91, and the chorus, fed by effect2 and CC93, as in sc_engine_render: where the
 * instrument puts a chain on fx1 (fx2), that chain takes effect1 (effect2) instead. */
typedef enum sc_send_bus { SC_SEND_REVERB = 0, SC_SEND_CHORUS = 1 } sc_send_bus;
#define SC_SEND_BUSES 2

/**
 * sc_engine_render_channels, and the voices' sends as well: `send_left[b]` and `send_right[b]`
 * get bus b's `frames` frames, overwritten (zeros while nothing is sent), summed in the order
 * sc_engine_render sums them and scaled by the master gain as the channels are. The engine's own
 * reverb and chorus do not run: the caller (an ensemble) runs the effects the sends feed.
 * [render]
 */
uint16_t sc_engine_render_channels_sends(sc_engine *engine, uint32_t frames, const sc_event *events,
                                         uint32_t event_count, float *const left[16],
                                         float *const right[16],
                                         float *const send_left[SC_SEND_BUSES],
                                         float *const send_right[SC_SEND_BUSES]);

/**
 * Whether the engine's reverb or chorus, or a delay or reverb of its instrument's <effect>
 * chains, still holds sound from what was sent to it: a render
 * that stops when its voices have ended (a file's ring-out) goes on while this holds. Read on
 * the rendering thread, between render calls. [render]
 */
bool sc_engine_effects_ringing(const sc_engine *engine);

/**
 * Queues an event for the next render call (lock-free single-producer ring; the event's frame is
 * ignored). Returns false when the queue is full. [control]
 */
bool sc_engine_post(sc_engine *engine, const sc_event *event);

/** Which interpolation kernels the engine runs: "avx2" or "portable". [any] */
const char *sc_engine_kernels(const sc_engine *engine);

/** Allocation-free statistics for tests and meters. [any] */
typedef struct sc_engine_stats {
  uint32_t active_voices;
  uint32_t peak_voices; /**< since creation */
  uint64_t notes_started;
  uint64_t voices_stolen;
  uint64_t notes_unplayed; /**< note-ons that matched no region */
  /** voices silenced because their output was not finite or beyond SC_BROKEN_VOICE_LEVEL (an
   * unstable filter, an absurd modulation); each is cut at once and its block dropped */
  uint64_t voices_silenced;
  /** streamed voices that faded out because the reader had not delivered their frames in time */
  uint64_t stream_underruns;
} sc_engine_stats;

void sc_engine_get_stats(const sc_engine *engine, sc_engine_stats *stats);

/** Note-ons on `channel` (0-15) that matched no region since the engine was created, and in
 * `keys` the keys they struck (bit k % 64 of word k / 64). [any] */
uint64_t sc_engine_unplayed_notes(const sc_engine *engine, uint8_t channel, uint64_t keys[2]);

/* ------------------------------------------------------------------------------ Ensemble */

/**
 * An ensemble plays a multi-timbral song: 16 MIDI channels, each playing the engine its bank
 * select (CC0, CC32) and program change choose, or the engine assigned to it, mixed in a fixed
 * order (channel by channel, each channel's engines in the order they were added), so a render
 * gives the same bits whatever the caller's threads. The engines stay the caller's: it creates
 * them, gives them instruments and destroys them after the ensemble. An engine several channels
 * use plays them all, their channel numbers kept.
 *
 * Routing: controllers, bends, channel pressure, program changes, bank selects, parameters,
 * tempo and tunings reach every engine, so a channel keeps its controllers across a program
 * change and an instrument that selects programs itself (loprog/hiprog) sees them. A note goes to
 * the engine its channel plays at the note-on; its note-off and key pressure follow it there, so
 * notes sounding at a program change ring out on the old program. A note whose channel's
 * program has no engine sounds nothing and is counted (sc_ensemble_unrouted_notes).
 */
typedef struct sc_ensemble sc_ensemble;

/** An ensemble rendering at most `max_frames` frames per call; NULL when out of memory or
 * `max_frames` is 0. Channel 10 is General MIDI's drum channel. [control] */
sc_ensemble *sc_ensemble_create(uint32_t max_frames);

/** SC_ENSEMBLE_MAX_ENGINES: the most engines one ensemble mixes. [any] */
uint32_t sc_ensemble_max_engines(void);

/** Frees the ensemble, not its engines. [control] */
void sc_ensemble_destroy(sc_ensemble *ensemble);

/** Adds `engine` to the ensemble after the others: its index, or -1 when the ensemble holds
 * SC_ENSEMBLE_MAX_ENGINES already or memory runs out. May be called while another thread
 * renders: the engine plays from the next render call on. [control] */
int32_t sc_ensemble_add_engine(sc_ensemble *ensemble, sc_engine *engine);

/** Says that `engine` (an index from sc_ensemble_add_engine) plays `program` of bank `msb`:`lsb`
 * on melodic channels (`drums` false) or on drum channels. A later setting of the same program
 * wins; a program change that names one not set plays nothing. False when the table holds
 * SC_ENSEMBLE_MAX_PROGRAMS or the engine is unknown. May be called while another thread
 * renders: it applies from the next program change. [control] */
bool sc_ensemble_set_program(sc_ensemble *ensemble, bool drums, uint8_t msb, uint8_t lsb,
                             uint8_t program, int32_t engine);

/** Makes `channel` (0-15) play `engine` whatever its program; -1 makes its program choose
 * again. Applies to the channel's next note. [control] */
void sc_ensemble_assign_channel(sc_ensemble *ensemble, uint8_t channel, int32_t engine);

/** Whether `channel` plays drum kits (General MIDI: channel 10 alone). Applies from the
 * channel's next program change or note. [control] */
void sc_ensemble_set_drum_channel(sc_ensemble *ensemble, uint8_t channel, bool drums);

/** Scales `channel`'s output by `left` and `right` before the mix (a setup's gain and pan; 1 and
 * 1 leave it as played). Finite factors only. [control] */
void sc_ensemble_set_channel_gain(sc_ensemble *ensemble, uint8_t channel, float left, float right);

/**
 * Renders `frames` frames (at most the ensemble's max_frames) of every engine, `events` routed as
 * above and applied on their frames (sorted by frame; an event at `frames` or later applies at
 * the start of the next call). Writes the mix to `left` and `right`; with `stem_left` and
 * `stem_right` (16 each, or both NULL) also each channel's output, gain applied, zeros for a
 * silent channel: the stems add up to the mix. Returns the channels that sounded (bit c for
 * channel c). The engines render one after another on the calling thread (for several threads,
 * offline: sc_ensemble_render_team). [render]
 */
uint16_t sc_ensemble_render(sc_ensemble *ensemble, uint32_t frames, const sc_event *events,
                            uint32_t event_count, float *left, float *right,
                            float *const stem_left[16], float *const stem_right[16]);

/**
 * The ensemble's shared effects: one reverb and one chorus for all its engines, fed by their
 * voices' sends (sc_engine_render_channels_sends) summed in engine order, their returns added to
 * the mix after the channels. Sets one of SC_PARAM_EFFECTS ... SC_PARAM_CHORUS_VOICES (ranges
 * and defaults as an engine's), applied from the next render call; false for another parameter
 * or a value that is not finite. An engine's own SC_PARAM_REVERB_* and SC_PARAM_CHORUS_* do not
 * act in an ensemble; its SC_PARAM_CHANNEL_SENDS and SC_PARAM_EFFECTS still say what its voices
 * send. The effects run at the sample rate of the first engine added. [any]
 */
bool sc_ensemble_set_effect(sc_ensemble *ensemble, sc_param parameter, float value);

/** The value of an effect parameter of the ensemble (0 for another parameter). [any] */
float sc_ensemble_effect(const sc_ensemble *ensemble, sc_param parameter);

/** Whether the ensemble's shared reverb or chorus, or an engine's instrument chains, still hold
 * sound, as sc_engine_effects_ringing says of an engine's. [render] */
bool sc_ensemble_effects_ringing(const sc_ensemble *ensemble);

/** Notes on `channel` that found no engine since the ensemble was created. [any] */
uint64_t sc_ensemble_unrouted_notes(const sc_ensemble *ensemble, uint8_t channel);

/* -------------------------------------------------- offline rendering on several threads
 * A render team is a set of threads that render one engine's voices together, for offline
 * work (a file, a bounce) where the render call may wait. The engine sums the voices of each span
 * (the frames between two events, cut into pieces of at most 256 frames) in a fixed order, in
 * groups of voice slots; the team's threads render whole groups at once and the groups' sums are
 * added in the same order, so the output is bit-identical to sc_engine_render's whatever the
 * number of threads. Spans with too little work (a few voices, a few frames) render on the
 * calling thread alone. */

/** A render team (opaque). */
typedef struct sc_render_team sc_render_team;

/** The most threads a team may have. [any] */
uint32_t sc_render_team_max_threads(void);

/**
 * Starts `threads` - 1 worker threads for `engine` (the thread that calls sc_engine_render_team
 * is the last one) and allocates the buffers the groups are summed into (32 KB). NULL
 * when `threads` is 0 or above sc_render_team_max_threads(), out of memory, or when a thread would
 * not start. [control]
 */
sc_render_team *sc_render_team_create(sc_engine *engine, uint32_t threads);

/** Stops the workers, waits for them to end and frees the team; NULL is ignored. No render may
 * be running with it. Destroy the team before its engine. [control] */
void sc_render_team_destroy(sc_render_team *team);

/** The threads of the team, its caller's included; 0 for NULL. [any] */
uint32_t sc_render_team_threads(const sc_render_team *team);

/** Voice spans (one voice through one span) the worker threads have rendered so far, the
 * caller's not counted; 0 for NULL. Read it on the thread that renders, between render calls.
 * [offline] */
uint64_t sc_render_team_worker_voices(const sc_render_team *team);

/** CPU seconds the team's worker threads have used since they started (the caller's thread
 * not included); 0 for NULL. Asks the system: not for the audio thread. [control] */
double sc_render_team_worker_seconds(const sc_render_team *team);

/** Seconds the team's threads (the caller's included) have spent polling for one another:
 * time on the CPU rendering nothing, which their CPU time includes. Read it on the thread that
 * renders, between render calls. 0 for NULL. [offline] */
double sc_render_team_wait_seconds(const sc_render_team *team);

/** Work of the caller's own that a render call does on its thread while the team's workers
 * render, such as writing out the previous block: the workers render meanwhile instead of
 * waiting for the caller to come back with the next block. `run(context)` must not render with the
 * engine, change its instrument, or touch the buffers being rendered into; it may read the
 * statistics (active and peak voices as the previous block left them). */
typedef struct sc_render_alongside {
  void (*run)(void *context);
  void *context;
} sc_render_alongside;

/**
 * sc_engine_render with the voices rendered by `team`: the same events, the same output bits.
 * `team` must have been made for this engine (otherwise, or when NULL, the calling thread renders
 * alone). With `alongside` (or NULL), runs its work once on the calling thread with the block's
 * first span: as soon as the workers start on it, before the caller takes its share, or before it
 * when the span is too little work to share. Allocates nothing, but waits for the team's workers:
 * for offline rendering only, never from an audio callback, and never at the same time as
 * sc_engine_render. [offline]
 */
void sc_engine_render_team(sc_engine *engine, sc_render_team *team, uint32_t frames,
                           const sc_event *events, uint32_t event_count, float *out_left,
                           float *out_right, const sc_render_alongside *alongside);

/* -------------------------------------------- an ensemble rendered on several threads
 * An ensemble team is a set of threads that render an ensemble's engines at once, for offline
 * work where the render call may wait. Each engine renders into outputs of its own and the mix adds
 * them in the ensemble's fixed order, so the output is the same bits as sc_ensemble_render's
 * whatever the number of threads. */

/** An ensemble team (opaque). */
typedef struct sc_ensemble_team sc_ensemble_team;

/** Starts `threads` - 1 worker threads (the caller of sc_ensemble_render_team is the last one).
 * NULL when `threads` is 0 or above sc_render_team_max_threads(), out of memory, or when a thread
 * would not start. [control] */
sc_ensemble_team *sc_ensemble_team_create(uint32_t threads);

/** Stops the workers, waits for them to end and frees the team; NULL is ignored. No render may
 * be running with it. [control] */
void sc_ensemble_team_destroy(sc_ensemble_team *team);

/** The threads of the team, its caller's included; 0 for NULL. [any] */
uint32_t sc_ensemble_team_threads(const sc_ensemble_team *team);

/** CPU seconds the team's worker threads have used since they started (the caller's thread not
 * included); 0 for NULL. Asks the system: not for the audio thread. [control] */
double sc_ensemble_team_worker_seconds(const sc_ensemble_team *team);

/** Seconds the team's threads (the caller's included) have spent polling for one another: time
 * on the CPU rendering nothing, which their CPU time includes. Read it on the thread that
 * renders, between render calls. 0 for NULL. [offline] */
double sc_ensemble_team_wait_seconds(const sc_ensemble_team *team);

/**
 * sc_ensemble_render with the engines rendered by `team`'s threads (NULL: the calling thread
 * alone): the same events, the same output bits. With `alongside` (or NULL), runs its work once
 * on the calling thread as soon as the workers have the call's engines, as
 * sc_engine_render_team does. Allocates nothing, but waits for the team's workers: for offline
 * rendering only, never from an audio callback. One ensemble per team at a time. [offline]
 */
uint16_t sc_ensemble_render_team(sc_ensemble *ensemble, sc_ensemble_team *team, uint32_t frames,
                                 const sc_event *events, uint32_t event_count, float *left,
                                 float *right, float *const stem_left[16],
                                 float *const stem_right[16], const sc_render_alongside *alongside);

/**
 * sc_ensemble_render_team (team NULL: sc_ensemble_render) that also writes the returns of the
 * shared effects: `return_left[b]` and `return_right[b]` for SC_SEND_REVERB and SC_SEND_CHORUS
 * (zeros while an effect is silent), so that the stems and the returns add up to the mix.
 * [render] with no team, [offline] with one.
 */
uint16_t sc_ensemble_render_returns(sc_ensemble *ensemble, sc_ensemble_team *team, uint32_t frames,
                                    const sc_event *events, uint32_t event_count, float *left,
                                    float *right, float *const stem_left[16],
                                    float *const stem_right[16],
                                    float *const return_left[SC_SEND_BUSES],
                                    float *const return_right[SC_SEND_BUSES],
                                    const sc_render_alongside *alongside);

/* -------------------------------------------------------------- streaming
 * A voice that plays a streamed sample past its resident frames reads from its own ring buffer,
 * which one reader thread keeps filled from the file ahead of the play position. The render
 * thread never waits for it (unless stream_wait is set, for offline rendering): it publishes what
 * each voice needs, and the reader polls every stream, decodes, and writes. Functions tagged
 * [reader] are for that one thread, which may block and do I/O. */

/** What one stream asks of the reader. */
typedef struct sc_stream_work {
  uint32_t generation; /**< changes whenever the voice asks for something else */
  uint64_t key;        /**< the sample's stream_key; 0: nothing to read (free the file) */
  uint32_t channels;
  sc_sample_format format;
  uint64_t frame_count; /**< the sample's length; a few frames of silence follow, for the taps */
  uint64_t origin;      /**< the frame the voice's request starts at */
  uint64_t frame;       /**< the next frame to write */
  uint64_t room;        /**< frames that may be written now; 0 when the ring is full */
} sc_stream_work;

/**
 * Offline rendering waits for the reader (through stream_wait), so a streamed render equals the
 * all-in-memory one; live rendering (the default) never waits: a voice whose frames are late
 * fades out and counts an underrun. [any]
 */
void sc_engine_set_offline(sc_engine *engine, bool offline);

/** Streams the reader serves: one per voice slot, 0 without rings. [any] */
uint32_t sc_engine_stream_count(const sc_engine *engine);

/** What stream `index` needs now. [reader] */
void sc_engine_stream_work(sc_engine *engine, uint32_t index, sc_stream_work *work);

/**
 * Writes `count` (at most work->room) interleaved frames, in work's format and channels, at
 * work->frame, and makes them readable. Past frame_count, pass NULL for the silence that
 * follows the sample. Returns false, writing nothing, when the voice has asked
 * for something else since sc_engine_stream_work. [reader]
 */
bool sc_engine_stream_write(sc_engine *engine, uint32_t index, const sc_stream_work *work,
                            const void *frames, uint64_t count);

/** The file cannot give what work asks (unreadable, shorter than announced): the voice fades
 * out as an underrun rather than wait. [reader] */
void sc_engine_stream_fail(sc_engine *engine, uint32_t index, const sc_stream_work *work);

#ifdef __cplusplus
}
#endif

#endif
