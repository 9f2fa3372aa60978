/* voice_envelopes.c - a voice's SFZ v1 envelopes from its region, velocity and controllers.
 *
 * When controllers count (corpus/spec opcodes/ampeg_dynamic.md): at _dynamic=0, the default,
 * "envelope segment durations and sustain level are calculated only at the start of the
 * particular envelope segment", so a controller that moves while a note sounds sets the stages
 * still to come (its release above all) and leaves the one under way; at _dynamic=1 they are
 * "recalculated when a MIDI CC message modulating those envelopes is received", the stage under
 * way included. Working the stages to come out again at every controller message gives each one
 * the values its controllers have when it starts. tutorials/subtractive_synths.md reads ARIA
 * as changing a sounding note's sustain as well; the opcode page is the more exact statement
 * (sustain is a stage), so a sustain already reached moves only at _dynamic=1. */
#include <math.h>

#include "voice/voice_envelopes.h"
#include "state/engine_state.h"
#include "dsp/envelope.h"
#include "voice/modulation.h"
#include "voice/modulators_v2.h"
#include "voice/voice.h"
#include "voice/voice_params.h"

static float clamp_unit(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }

sc_envelope_params sc_voice_envelope(const sc_envelope_params *p, const float *mods,
                                     float velocity) {
  sc_envelope_params e = *p;
  e.delay = fmaxf(0.0f, p->delay + p->vel2delay * velocity + mods[0]);
  e.start = clamp_unit(p->start + mods[1] / 100.0f);
  e.attack = fmaxf(0.0f, p->attack + p->vel2attack * velocity + mods[2]);
  e.hold = fmaxf(0.0f, p->hold + p->vel2hold * velocity + mods[3]);
  e.decay = fmaxf(0.0f, p->decay + p->vel2decay * velocity + mods[4]);
  e.sustain = clamp_unit(p->sustain + p->vel2sustain * velocity + mods[5] / 100.0f);
  e.release = fmaxf(0.0f, p->release + p->vel2release * velocity + mods[6]);
  e.depth = p->depth + p->vel2depth * velocity + mods[7];
  return e;
}

void sc_voice_envelopes_follow(const sc_engine *engine, sc_voice *v) {
  const sc_region *r = v->region;
  double rate = engine->config.sample_rate;
  float vel = v->velocity / 127.0f;
  float mods[SC_MOD_TARGET_COUNT] = {0};
  sc_mods_note_on(engine, v, mods);
  /* a flex amplitude envelope leaves the plain one standing by (modulators_v2.c) */
  if (v->v2.amp_eg < 0) {
    sc_envelope_params amp = sc_voice_envelope(&r->ampeg, mods + SC_MOD_AMPEG_DELAY, vel);
    sc_voice_params_amp_envelope(engine, &amp);
    sc_env_follow(&v->amp_env, &amp, rate, r->eg_dynamic & SC_EG_DYNAMIC_AMP);
  }
  sc_envelope_params fil = sc_voice_envelope(&r->fileg, mods + SC_MOD_FILEG_DELAY, vel);
  sc_env_follow(&v->fil_env, &fil, rate, r->eg_dynamic & SC_EG_DYNAMIC_FIL);
  sc_envelope_params pitch = sc_voice_envelope(&r->pitcheg, mods + SC_MOD_PITCHEG_DELAY, vel);
  sc_env_follow(&v->pitch_env, &pitch, rate, r->eg_dynamic & SC_EG_DYNAMIC_PITCH);
  sc_v2_follow(engine, v);
}
