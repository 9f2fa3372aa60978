/* envelope.c - the SFZ v1 DAHDSR envelope (ampeg, fileg, pitcheg).
 *
 * Attack is linear. Decay and release follow the curve ARIA, the format's reference player,
 * uses (corpus/spec opcodes/ampeg_attack.md): the level is multiplied by the same factor every
 * sample, exp(-SC_ENVELOPE_DECAY_RATE / (t x rate)), so the stated time is not an end time. Over
 * it the level falls about 70 dB; a decay reaches its sustain level early, after
 * t x ln(1 / sustain) / SC_ENVELOPE_DECAY_RATE; a release ends when the level is below
 * SC_SILENCE_LEVEL. A release starts from whatever level the envelope has reached.
 *
 * ARIA's options change that only for a region that asks: a shaped stage (attack_shape,
 * decay_shape, release_shape) runs its whole time along sc_segment_shape, and a timed one
 * (decay_zero=0, release_zero=0) falls evenly in dB to reach its sustain, or silence, exactly at
 * its time. */
#include <math.h>

#include "dsp/envelope.h"
#include "config.h"
#include "dsp/segment_shape.h"

/* Clamps a frame count far from overflow. */
static uint32_t clamp_frames(double frames) {
  if (!(frames > 0.0)) return 0;
  return frames > 4.0e9 ? 4000000000u : (uint32_t)frames;
}

static uint32_t frames_of(float seconds, double sample_rate) {
  return clamp_frames(seconds * sample_rate + 0.5);
}

/* The per-frame fall of the level's logarithm for a stage of `seconds`; infinite for zero. */
static double log_fall_per_frame(float seconds, double sample_rate) {
  return seconds > 0.0f ? SC_ENVELOPE_DECAY_RATE / (seconds * sample_rate) : INFINITY;
}

/* Frames for a level falling by `fall` per frame to get from `from` down to `to`. */
static uint32_t frames_to_fall(double from, double to, double fall) {
  if (!(from > to) || isinf(fall)) return 0;
  return clamp_frames(ceil(log(from / to) / fall));
}

/* Along a stage that follows an ARIA shape instead of its usual course. */
static float shaped_level(const sc_env *env, float shape) {
  double x = (double)env->elapsed / (double)env->length;
  return (float)(env->from + (env->to - env->from) * sc_segment_shape(x, shape));
}

static float level_at(const sc_env *env) {
  if (env->length == 0) return env->to;
  switch (env->stage) {
    case SC_ENV_ATTACK:
      if (env->attack_shape != 0.0f) return shaped_level(env, env->attack_shape);
      return env->from + (env->to - env->from) * ((float)env->elapsed / (float)env->length);
    case SC_ENV_DECAY:
      if (env->decay_shaped) return shaped_level(env, env->decay_shape);
      /* fall through */
    case SC_ENV_RELEASE: {
      if (env->stage == SC_ENV_RELEASE && env->release_shaped)
        return shaped_level(env, env->release_shape);
      double fall = env->stage == SC_ENV_DECAY ? env->decay_fall : env->release_fall;
      float level = (float)(env->from * exp(-fall * env->elapsed));
      return level > env->to ? level : env->to;
    }
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
      case SC_ENV_DECAY: {
        /* a decay to zero sustain falls until it is silent */
        float bottom = env->sustain > SC_SILENCE_LEVEL ? env->sustain : SC_SILENCE_LEVEL;
        env->from = 1.0f;
        env->to = env->sustain;
        if (env->decay_shaped || env->decay_timed) {
          /* the whole decay time, whatever the sustain level */
          env->length = env->decay_frames;
          if (env->decay_timed && env->length > 0)
            env->decay_fall = log(1.0 / bottom) / env->length;
        } else {
          env->length = frames_to_fall(1.0, bottom, env->decay_fall);
        }
        stage = SC_ENV_SUSTAIN;
        if (env->length > 0) return;
        continue;
      }
      case SC_ENV_SUSTAIN:
        env->level = env->from = env->to = env->sustain;
        if (env->sustain <= 0.0f) {
          stage = SC_ENV_DONE;
          continue;
        }
        return;
      case SC_ENV_RELEASE:
        env->from = env->level;
        env->to = 0.0f;
        if ((env->release_shaped || env->release_timed) && env->from > SC_SILENCE_LEVEL) {
          /* the whole release time, from wherever the level is */
          env->length = env->release_frames;
          if (env->release_timed && env->length > 0)
            env->release_fall = log(env->from / SC_SILENCE_LEVEL) / env->length;
        } else {
          env->length = frames_to_fall(env->from, SC_SILENCE_LEVEL, env->release_fall);
        }
        stage = SC_ENV_DONE;
        if (env->length > 0) return;
        continue;
      case SC_ENV_DONE: env->level = env->from = env->to = 0.0f; return;
    }
  }
}

/* Times and sustain from `p`, as sc_env_start takes them. */
static void take_times(sc_env *env, const sc_envelope_params *p, double sample_rate) {
  env->attack_frames = frames_of(p->attack, sample_rate);
  env->hold_frames = frames_of(p->hold, sample_rate);
  env->decay_fall = log_fall_per_frame(p->decay, sample_rate);
  env->release_fall = log_fall_per_frame(p->release, sample_rate);
  env->sustain = fminf(fmaxf(p->sustain, 0.0f), 1.0f);
  env->decay_frames = frames_of(p->decay, sample_rate);
  env->release_frames = frames_of(p->release, sample_rate);
}

void sc_env_start(sc_env *env, const sc_envelope_params *p, double sample_rate) {
  take_times(env, p, sample_rate);
  env->start = fminf(fmaxf(p->start, 0.0f), 1.0f);
  env->attack_shape = p->attack_shape;
  env->decay_shape = p->decay_shape;
  env->release_shape = p->release_shape;
  env->decay_shaped = p->decay_shaped;
  env->release_shaped = p->release_shaped;
  env->decay_timed = p->decay_timed;
  env->release_timed = p->release_timed;
  env->level = 0.0f;
  env->length = frames_of(p->delay, sample_rate);
  enter(env, SC_ENV_DELAY);
}

/* The stage under way with its new time: a rise keeps the frames it has run, with at least one
 * still to go; a fall starts again from the level it has reached, towards the new sustain. */
static void retime_current(sc_env *env) {
  switch (env->stage) {
    case SC_ENV_ATTACK:
    case SC_ENV_HOLD: {
      uint32_t length = env->stage == SC_ENV_ATTACK ? env->attack_frames : env->hold_frames;
      env->length = length > env->elapsed ? length : env->elapsed + 1;
      return;
    }
    case SC_ENV_DECAY: {
      float level = env->level;
      float bottom = env->sustain > SC_SILENCE_LEVEL ? env->sustain : SC_SILENCE_LEVEL;
      enter(env, SC_ENV_DECAY); /* from full level, which the lines below move to `level` */
      if (env->stage != SC_ENV_DECAY) return;
      if (!(level > bottom)) {
        enter(env, SC_ENV_SUSTAIN);
        return;
      }
      env->from = env->level = level;
      if (env->decay_timed) {
        env->decay_fall = log(level / bottom) / env->length;
      } else if (!env->decay_shaped) {
        env->length = frames_to_fall(level, bottom, env->decay_fall);
        if (env->length == 0) enter(env, SC_ENV_SUSTAIN);
      }
      return;
    }
    case SC_ENV_SUSTAIN:
    case SC_ENV_RELEASE: enter(env, env->stage); return;
    default: return;
  }
}

void sc_env_follow(sc_env *env, const sc_envelope_params *p, double sample_rate, bool current) {
  /* a fall under way reads its rate as it goes, so it keeps its own unless it follows too */
  double decay_fall = env->decay_fall, release_fall = env->release_fall;
  take_times(env, p, sample_rate);
  if (current) {
    retime_current(env);
  } else if (env->stage == SC_ENV_DECAY) {
    env->decay_fall = decay_fall;
  } else if (env->stage == SC_ENV_RELEASE) {
    env->release_fall = release_fall;
  }
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

/* A plain decay or release `frames` on from where it was, by one multiplication when it was
 * last worked out just `frames` ago: the same level as from * exp(-fall * elapsed) to a part in
 * 1e13 after a million steps, so the float it gives is that one's. */
static bool fall_on(sc_env *env, uint32_t frames) {
  bool decay = env->stage == SC_ENV_DECAY;
  if (!(decay || env->stage == SC_ENV_RELEASE) || (decay ? env->decay_shaped : env->release_shaped))
    return false;
  double fall = decay ? env->decay_fall : env->release_fall;
  uint32_t before = env->elapsed - frames;
  if (env->fall_at == before && env->fall_from == env->from && env->fall_rate == fall) {
    if (env->fall_frames != frames) {
      env->fall_step = exp(-fall * frames);
      env->fall_frames = frames;
    }
    env->fall_level *= env->fall_step;
  } else {
    env->fall_level = env->from * exp(-fall * env->elapsed);
    env->fall_from = env->from;
    env->fall_rate = fall;
    env->fall_frames = 0;
  }
  env->fall_at = env->elapsed;
  float level = (float)env->fall_level;
  env->level = level > env->to ? level : env->to;
  return true;
}

float sc_env_advance_stage(sc_env *env, uint32_t frames) {
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
  if (!fall_on(env, frames)) env->level = level_at(env);
  return env->level;
}

/* ---------------------------------------------------------------- the lazy envelope */

void sc_lazy_env_start(sc_lazy_env *lazy, const sc_envelope_params *params, double sample_rate) {
  sc_env_start(&lazy->env, params, sample_rate);
  lazy->lag = 0;
}

float sc_lazy_env_level(sc_lazy_env *lazy) {
  while (lazy->lag > 0) {
    uint32_t left = sc_env_frames_left(&lazy->env);
    if (left == UINT32_MAX) break; /* sustaining or done: nothing moves */
    uint32_t n = lazy->lag < left ? (uint32_t)lazy->lag : left;
    sc_env_advance(&lazy->env, n);
    lazy->lag -= n;
  }
  lazy->lag = 0;
  return lazy->env.level;
}

void sc_lazy_env_release(sc_lazy_env *lazy) {
  sc_lazy_env_level(lazy);
  sc_env_release(&lazy->env);
}
