/* voice_params.c - what the engine-wide parameters do to each voice. The envelope settings are
 * laid over what the region says, and the pitch envelope and vibrato add to its pitch, so that at
 * their defaults (0 s added, sustain times 1, 0 semitones, 0 cents) a note plays exactly as its
 * region says. */
#include <math.h>

#include "voice/voice_params.h"
#include "dsp/dsp_math.h"
#include "state/engine_state.h"

void sc_voice_params_amp_envelope(const sc_engine *engine, sc_envelope_params *ampeg) {
  const float *value = engine->parameters.value;
  ampeg->attack += value[SC_PARAM_AMP_ATTACK];
  ampeg->hold += value[SC_PARAM_AMP_HOLD];
  ampeg->decay += value[SC_PARAM_AMP_DECAY];
  ampeg->sustain *= value[SC_PARAM_AMP_SUSTAIN];
  ampeg->release += value[SC_PARAM_AMP_RELEASE];
}

void sc_voice_params_start(const sc_engine *engine, sc_voice_params *vp) {
  const float *value = engine->parameters.value;
  sc_envelope_params p = {0};
  p.attack = value[SC_PARAM_PITCH_ATTACK];
  p.decay = value[SC_PARAM_PITCH_DECAY];
  p.sustain = value[SC_PARAM_PITCH_SUSTAIN];
  p.release = value[SC_PARAM_PITCH_RELEASE];
  sc_lazy_env_start(&vp->pitch_env, &p, engine->config.sample_rate);
  vp->vibrato = sc_lazy_phase_at(
      value[SC_PARAM_RESTART_VOICE_LFO] > 0.5f ? 0.0 : engine->voice_vibrato_phase);
}

double sc_voice_params_cents(const sc_engine *engine, sc_voice_params *vp, uint32_t frames) {
  const float *value = engine->parameters.value;
  double cents = 0.0;
  float semitones = value[SC_PARAM_PITCH_ENVELOPE_SEMITONES];
  if (semitones != 0.0f) cents += 100.0 * semitones * sc_lazy_env_level(&vp->pitch_env);
  vp->pitch_env.lag += frames;
  float depth = value[SC_PARAM_VOICE_VIBRATO_DEPTH];
  double rate = engine->config.sample_rate;
  if (depth != 0.0f) cents += depth * sin(2.0 * SC_PI * sc_lazy_phase_read(&vp->vibrato, rate));
  sc_lazy_phase_advance(&vp->vibrato, value[SC_PARAM_VOICE_VIBRATO_RATE], frames, rate);
  return cents;
}

void sc_voice_params_release(sc_voice_params *vp) { sc_lazy_env_release(&vp->pitch_env); }
