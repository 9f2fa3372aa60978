/* envelope.h - the SFZ v1 DAHDSR envelope (envelope.c). A DSP leaf: it knows no engine. */
#ifndef SC_ENVELOPE_H
#define SC_ENVELOPE_H

#include "sampler_core.h"

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
  /* ARIA's shapes and timed stages (sc_envelope_params) */
  uint32_t decay_frames, release_frames;
  float attack_shape, decay_shape, release_shape;
  bool decay_shaped, release_shaped, decay_timed, release_timed;
  /* a falling stage's level, kept exact in double and stepped by a factor for each run of
   * frames of the same length, rather than an exp() per chunk: valid while `fall_at`, `fall_from`
   * and `fall_rate` are the elapsed frames, the stage's start level and fall it was worked for */
  double fall_level, fall_step, fall_from, fall_rate;
  uint32_t fall_at, fall_frames;
} sc_env;

void sc_env_start(sc_env *env, const sc_envelope_params *params, double sample_rate);
void sc_env_release(sc_env *env);
/* Takes new times and sustain for the stages still to come (ampeg_dynamic.md: at 0 they are
 * "calculated only at the start of the particular envelope segment", so a controller that moves
 * before a stage starts sets it). With `current`, the stage under way takes them too, from the
 * level it has reached (ampeg_dynamic=1). The delay and start level are the note's. */
void sc_env_follow(sc_env *env, const sc_envelope_params *params, double sample_rate, bool current);
/* Frames until the current stage ends (UINT32_MAX when it never does). Inline, as is the
 * sustaining case of sc_env_advance: three envelopes per voice ask every chunk. */
static inline uint32_t sc_env_frames_left(const sc_env *env) {
  if (env->stage == SC_ENV_SUSTAIN || env->stage == SC_ENV_DONE) return UINT32_MAX;
  return env->length - env->elapsed;
}
/* sc_env_advance in a stage that moves. */
float sc_env_advance_stage(sc_env *env, uint32_t frames);
/* Advances by `frames` (at most sc_env_frames_left) and returns the new level. */
static inline float sc_env_advance(sc_env *env, uint32_t frames) {
  if (env->stage == SC_ENV_SUSTAIN || env->stage == SC_ENV_DONE) return env->level;
  return sc_env_advance_stage(env, frames);
}

/* An envelope that moves only when read: `lag` frames have passed that it has yet to follow. A
 * voice that does not listen to it (its engine stage off) never pays for it, and one that starts
 * listening mid-note finds it where it would be. */
typedef struct sc_lazy_env {
  sc_env env;
  uint64_t lag;
} sc_lazy_env;

/* Starts the envelope with the note. */
void sc_lazy_env_start(sc_lazy_env *lazy, const sc_envelope_params *params, double sample_rate);
/* Its level now, after following the frames it owes. */
float sc_lazy_env_level(sc_lazy_env *lazy);
/* Its release, from the level reached. */
void sc_lazy_env_release(sc_lazy_env *lazy);

#endif
