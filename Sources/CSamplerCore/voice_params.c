/* voice_params.c - what the engine-wide parameters do to each voice. The envelope settings are
 * laid over what the region says, so that at their defaults (0 s added, sustain times 1) a note
 * starts exactly as its region wrote it. */
#include "voice_params.h"
#include "engine.h"

void sc_voice_params_amp_envelope(const sc_engine *engine, sc_envelope_params *ampeg) {
  const float *value = engine->parameters.value;
  ampeg->attack += value[SC_PARAM_AMP_ATTACK];
  ampeg->hold += value[SC_PARAM_AMP_HOLD];
  ampeg->decay += value[SC_PARAM_AMP_DECAY];
  ampeg->sustain *= value[SC_PARAM_AMP_SUSTAIN];
  ampeg->release += value[SC_PARAM_AMP_RELEASE];
}
