/* envelope.c - the DAHDSR envelope: linear attack, exponential-shaped decay and release that
 * end exactly at their requested times, release from whatever level the envelope has reached. */
#include <math.h>

#include "internal.h"

static uint32_t frames_of(float seconds, double sample_rate) {
  if (!(seconds > 0.0f)) return 0;
  double frames = seconds * sample_rate + 0.5;
  return frames > 4.0e9 ? 4000000000u : (uint32_t)frames;
}

static float curve(float x) {
  const double k = SC_ENVELOPE_CURVE_K;
  return (float)((exp(-k * x) - exp(-k)) / (1.0 - exp(-k)));
}

static float level_at(const sc_env *env) {
  if (env->length == 0) return env->to;
  float x = (float)env->elapsed / (float)env->length;
  switch (env->stage) {
    case SC_ENV_ATTACK: return env->from + (env->to - env->from) * x;
    case SC_ENV_DECAY:
    case SC_ENV_RELEASE: return env->to + (env->from - env->to) * curve(x);
    default: return env->level;
  }
}

/* Enters `stage`, skipping stages of zero length. */
static void enter(sc_env *env, sc_env_stage stage) {
  for (;;) {
    env->stage = stage;
    env->elapsed = 0;
    switch (stage) {
      case SC_ENV_DELAY:
        stage = SC_ENV_ATTACK;
        env->level = 0.0f;
        if (env->length > 0) return;
        continue;
      case SC_ENV_ATTACK:
        env->length = env->attack_frames;
        env->from = env->start;
        env->to = 1.0f;
        env->level = env->length ? env->from : 1.0f;
        stage = SC_ENV_HOLD;
        if (env->length > 0) return;
        continue;
      case SC_ENV_HOLD:
        env->length = env->hold_frames;
        env->from = env->to = env->level = 1.0f;
        stage = SC_ENV_DECAY;
        if (env->length > 0) return;
        continue;
      case SC_ENV_DECAY:
        env->length = env->decay_frames;
        env->from = 1.0f;
        env->to = env->sustain;
        stage = SC_ENV_SUSTAIN;
        if (env->length > 0) return;
        continue;
      case SC_ENV_SUSTAIN:
        env->level = env->from = env->to = env->sustain;
        if (env->sustain <= 0.0f) {
          stage = SC_ENV_DONE;
          continue;
        }
        return;
      case SC_ENV_RELEASE:
        env->length = env->release_frames;
        env->from = env->level;
        env->to = 0.0f;
        stage = SC_ENV_DONE;
        if (env->length > 0) return;
        continue;
      case SC_ENV_DONE: env->level = env->from = env->to = 0.0f; return;
    }
  }
}

void sc_env_start(sc_env *env, const sc_envelope_params *p, double sample_rate) {
  env->attack_frames = frames_of(p->attack, sample_rate);
  env->hold_frames = frames_of(p->hold, sample_rate);
  env->decay_frames = frames_of(p->decay, sample_rate);
  env->release_frames = frames_of(p->release, sample_rate);
  env->sustain = fminf(fmaxf(p->sustain, 0.0f), 1.0f);
  env->start = fminf(fmaxf(p->start, 0.0f), 1.0f);
  env->level = 0.0f;
  env->length = frames_of(p->delay, sample_rate);
  enter(env, SC_ENV_DELAY);
}

void sc_env_release(sc_env *env) {
  if (env->stage == SC_ENV_RELEASE || env->stage == SC_ENV_DONE) return;
  if (env->stage == SC_ENV_DELAY) {
    /* released before it started: nothing to fade */
    enter(env, SC_ENV_DONE);
    return;
  }
  enter(env, SC_ENV_RELEASE);
}

uint32_t sc_env_frames_left(const sc_env *env) {
  if (env->stage == SC_ENV_SUSTAIN || env->stage == SC_ENV_DONE) return UINT32_MAX;
  return env->length - env->elapsed;
}

float sc_env_advance(sc_env *env, uint32_t frames) {
  if (env->stage == SC_ENV_SUSTAIN || env->stage == SC_ENV_DONE) return env->level;
  env->elapsed += frames;
  if (env->elapsed >= env->length) {
    env->level = env->to;
    switch (env->stage) {
      case SC_ENV_DELAY: enter(env, SC_ENV_ATTACK); break;
      case SC_ENV_ATTACK: enter(env, SC_ENV_HOLD); break;
      case SC_ENV_HOLD: enter(env, SC_ENV_DECAY); break;
      case SC_ENV_DECAY: enter(env, SC_ENV_SUSTAIN); break;
      case SC_ENV_RELEASE: enter(env, SC_ENV_DONE); break;
      default: break;
    }
    return env->level;
  }
  env->level = level_at(env);
  return env->level;
}
