/* engine_state.h - the engine's state: voices, channels, the instrument being played and the
 * hand-over of the next one, the event ring, statistics. Declared here, below the code that acts
 * on it, so that every layer above reads the state it needs without calling up: each layer's
 * code changes only its own part (engine/engine.c dispatches events and cuts blocks, the voice
 * layer renders voices, the performance layer starts and stops them). */
#ifndef SC_ENGINE_STATE_H
#define SC_ENGINE_STATE_H

#include <stdatomic.h>

#include "config.h"
#include "dsp/filter.h"
#include "dsp/interpolate.h"
#include "state/controllers.h"
#include "state/key_tuning.h"
#include "state/parameters.h"
#include "state/voice_note.h"
#include "threads/event_queue.h"

struct sc_voice;
struct sc_stream;
struct sc_buses;

/* Where one rendering thread reads a voice's chunk and shapes it before mixing: the engine has
 * one for sc_engine_render, and each thread of an offline render team one of its own. */
typedef struct sc_render_lane {
  float left[SC_CONTROL_FRAMES];
  float right[SC_CONTROL_FRAMES];
  /* a voice with sends is rendered here first, then added to the mix and to its sends */
  float dry_left[SC_SPAN_FRAMES], dry_right[SC_SPAN_FRAMES];
} sc_render_lane;

struct sc_engine {
  sc_engine_config config;
  struct sc_voice *voices;
  uint32_t voice_slots;   /* max_voices + fade reserve */
  uint32_t playing;       /* voices in SC_VOICE_PLAYING */
  _Atomic uint64_t *busy; /* a bit per slot: it holds a voice (busy_slots.h) */
  uint64_t note_counter;
  uint64_t now; /* frames rendered since creation, up to the span being rendered */
  /* what ARIA's engine sources read (engine_sources.c): frames at which the instrument was
   * adopted and the last note-on and note-off came, and the keys held on all channels */
  uint64_t instrument_frame, last_key_on, last_key_off;
  uint32_t keys_down;
  double beat; /* the host's song position in beats at the frame being rendered */
  /* the free-running phase, 0...1, voices' own vibratos start from unless they restart it
   * (SC_PARAM_RESTART_VOICE_LFO) */
  double voice_vibrato_phase;
  uint64_t rng_state; /* lorand/hirand draws; seeded at create so renders repeat exactly */

  sc_channel channels[16];
  /* each controller, 0...1, as the engine last received it on any channel (from the instrument's
   * set_ccN and the power-on state): an instrument's chains are one per engine, not per channel,
   * and follow these (sc_effect_cc) */
  float effect_cc[128];
  double note_cents[128]; /* 100 * MIDI note in 12-TET, or the tuning given */
  bool key_unmapped[128]; /* keys the tuning leaves without a pitch: they start no voice */
  sc_tuning_exchange tuning_exchange;
  sc_parameters parameters;
  float steal_fade_step, swap_fade_step, smoothing;
  /* the note whose voices are being started: its id and expression, neutral for a plain
   * note-on (note_expression.c) */
  sc_voice_note note_start;

  sc_sinc_table sinc;
  sc_interpolate_fn interpolate;
  sc_filter_fn filter; /* the voices' filters and the engine filter stage */
  sc_render_lane lane; /* sc_engine_render's */
  /* a mix group's sum before it joins the output (mix_groups.c) */
  float group_left[SC_SPAN_FRAMES], group_right[SC_SPAN_FRAMES];
  /* each mix group's sends to the engine's buses (left, right) in the span, summed in slot order
   * like its dry mix, written only by the thread rendering the group, then joined in group order
   * (buses/buses.c); group_sent[g] says group g wrote them in this span */
  float group_send[SC_MIX_GROUPS][SC_BUS_SENDS][2][SC_SPAN_FRAMES];
  bool group_sent[SC_MIX_GROUPS];
  struct sc_buses *buses; /* the engine's reverb and chorus */

  const sc_instrument *current;
  /* the current instrument's round-robin step per region: the engine's own mutable state, in
   * storage the instrument set aside at finalize (round_robin.c) */
  uint32_t *round_robin;
  sc_instrument *current_owned;
  sc_instrument *retiring;
  _Atomic(sc_instrument *) pending;
  char unload_marker; /* its address in `pending` means "no instrument" */

  sc_instrument *garbage[SC_GARBAGE_CAPACITY];
  _Atomic uint32_t garbage_head, garbage_tail;

  sc_event_ring queue;

  struct sc_stream *streams; /* one per voice slot when config.stream_ring_frames > 0 */
  uint32_t stream_count;
  _Atomic bool offline; /* streamed voices wait for the reader instead of fading */

  _Atomic uint32_t stat_active, stat_peak;
  _Atomic uint64_t stat_started, stat_stolen, stat_unplayed, stat_silenced, stat_underruns;
  /* unplayed note-ons by channel, and the keys they struck (bit k of word k / 64) */
  _Atomic uint64_t stat_unplayed_channel[16];
  _Atomic uint64_t stat_unplayed_keys[16][2];
};

#endif
