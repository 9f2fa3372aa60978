/* audibility.h - the rule that ends a voice nothing of which could still be heard. Its envelope
 * heading nowhere but down (decaying, sustaining or released, with nothing that may move it), the
 * voice's remaining output is at most its gain now (envelope, velocity and volume) times
 * the loudest the channel's volume and expression can make it (1), the most its pan and filters
 * can raise it (sc_region_play.headroom), the most the interpolation can overshoot, the largest
 * value left in the sample from where the playhead or its loop may still read, and the engine's
 * master gain (live, at least 1, so that lowering or muting it never ends a voice). Once that bound
 * is below SC_SILENCE_LEVEL (-100 dBFS: the level at which an envelope already counts as silent,
 * and 10 dB below what ARIA's envelopes call silence, corpus/spec tutorials/envelope_generators.md
 * note 3), the voice ends. A General MIDI bank's notes decay towards sustain levels of -100 dB
 * from samples whose loops are far quieter than their attacks; 16-24% of a song's voice-frames
 * were of voices past this point. A streamed sample's remaining peaks are on disk: its voices
 * play on until their envelopes end. */
#ifndef SC_AUDIBILITY_H
#define SC_AUDIBILITY_H

#include "dsp/interpolate.h"
#include "instrument/sample_peaks.h"
#include "state/engine_state.h"
#include "voice/voice.h"

/* Whether the voice, its amplitude envelope advanced over the chunk just worked out, can no
 * longer reach SC_SILENCE_LEVEL in the engine's output. A fade (a stolen or choked voice) is
 * taken as none: it ends the voice soon anyway. [render] */
static inline bool sc_voice_inaudible(const sc_engine *engine, const sc_voice *v) {
  float headroom = v->play->headroom;
  sc_env_stage stage = v->amp_env.stage;
  if (headroom == 0.0f || engine->config.keep_inaudible_voices || v->note.has_id ||
      v->v2.amp_eg >= 0 ||
      (stage != SC_ENV_DECAY && stage != SC_ENV_SUSTAIN && stage != SC_ENV_RELEASE) ||
      engine->parameters.value[SC_PARAM_FILTER_ENABLE] > 0.5f)
    return false;
  /* the frame the voice may read next that lies earliest in the sample: where it is, or where
   * its loop (with the crossfade before it) or another play of the sample begins */
  uint64_t from = v->head.pos >> SC_FRACTION_BITS;
  /* the loop mode the voice took at its start, the engine's choice settled */
  if (v->head.loop_mode == SC_LOOP_CONTINUOUS || v->head.loop_mode == SC_LOOP_SUSTAIN) {
    uint64_t loop_from = v->head.loop_start > v->head.crossfade_frames
                             ? v->head.loop_start - v->head.crossfade_frames
                             : 0;
    if (loop_from < from) from = loop_from;
  }
  if (v->head.plays_left > 0 && v->play->start < from) from = v->play->start;
  uint32_t reach_left, reach_right;
  sc_interpolation_reach(v->head.quality, &reach_left, &reach_right);
  from = from > reach_left ? from - reach_left : 0;
  /* offline (sfzplay) the caller sets the master gain for the render; live, a player may turn
   * it back up, so it counts as at least unity there */
  float master = engine->parameters.value[SC_PARAM_MASTER_GAIN];
  if (!atomic_load_explicit(&engine->offline, memory_order_relaxed) && master < 1.0f) master = 1.0f;
  float lfo = v->amp_lfo.depth != 0.0f ? powf(10.0f, fabsf(v->amp_lfo.depth) / 20.0f) : 1.0f;
  float loudest = v->amp_env.level * v->level.static_gain * lfo * headroom *
                  sc_interpolation_overshoot(v->head.quality, &engine->sinc) *
                  sc_sample_tail_peak(v->sample, from) * master;
  return loudest < SC_SILENCE_LEVEL;
}

#endif
