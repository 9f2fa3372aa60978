/* reverb.h - a stereo feedback-delay-network reverb (reverb.c). A DSP leaf: it knows no engine.
 * Memory is taken once, at create, for the sample rate given there; processing allocates nothing
 * and keeps its state per sample, so how a signal is cut into calls never changes the output. */
#ifndef SC_REVERB_H
#define SC_REVERB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "dsp/linear_ramp.h"

/* What the reverb sounds like; ranges and defaults in config.h (SC_REVERB_*). */
typedef struct sc_reverb_settings {
  float decay;    /* RT60 in seconds at low and mid frequencies */
  float damping;  /* RT60 at the Nyquist frequency over `decay`: 1 keeps the highs as long */
  float predelay; /* seconds before the first reflection */
  float width;    /* 0 mono ... 1 full stereo */
  float size;     /* 0...1, scales the delay lines (room size: echo spacing) */
  float level;    /* linear gain of the return */
} sc_reverb_settings;

/* The network's share of a block of `frames` frames (at most SC_REVERB_BLOCK): `block` holds
 * each line's output, line after line SC_REVERB_BLOCK floats apart; each frame passes every line
 * through its absorption filter (`low` its state, `feed` and `pole` its gains) and mixes them by
 * the Hadamard matrix over 4, which `block` holds on return: the lines' next inputs, but for the
 * input's share. The vector kernels give the bytes the portable one gives. */
typedef void (*sc_reverb_network_fn)(float *block, float low[SC_REVERB_LINES],
                                     const float feed[SC_REVERB_LINES],
                                     const float pole[SC_REVERB_LINES], uint32_t frames);

typedef struct sc_reverb {
  double rate;
  float *memory;      /* every line below, then the block's scratch: one allocation */
  size_t memory_held; /* floats of `memory` that hold sound (what clearing empties) */
  /* each line as long as the largest size makes it, written at `pos` and read `length` behind;
   * after a size change the read `tap` glides to the new length (SC_REVERB_SIZE_GLIDE_SECONDS,
   * `glide_frames`) rather than jump, which would click */
  float *line[SC_REVERB_LINES];
  uint32_t capacity[SC_REVERB_LINES], length[SC_REVERB_LINES], pos[SC_REVERB_LINES];
  sc_linear_ramp tap[SC_REVERB_LINES];
  uint32_t glide_frames;
  float feed[SC_REVERB_LINES], pole[SC_REVERB_LINES], low[SC_REVERB_LINES];
  float *diffuser[2][SC_REVERB_DIFFUSERS];
  uint32_t diffuser_length[2][SC_REVERB_DIFFUSERS], diffuser_pos[2][SC_REVERB_DIFFUSERS];
  float *pre[2];
  uint32_t pre_size, pre_delay, pre_pos;
  /* a block's work: the lines' outputs (SC_REVERB_LINES x SC_REVERB_BLOCK), each side's input
   * after the pre-delay and after the diffusers; `chunk` the longest block no read reaches
   * into, the shortest distance a line is read behind where it is written */
  float *block, *predelayed[2], *diffused[2];
  uint32_t chunk;
  sc_reverb_network_fn network; /* the fastest this CPU runs (sc_reverb_network_select) */
  sc_reverb_settings settings;  /* as last applied */
  float direct, cross;          /* width: each side's own output and the other side's */
  /* direct and cross as they move to new settings (SC_EFFECT_RAMP_SECONDS, `ramp_frames`): a
   * step in the return's level would click; `set` once the first settings are in */
  sc_linear_ramp direct_ramp, cross_ramp;
  uint32_t ramp_frames;
  bool set;
  uint32_t longest_path; /* frames a signal may stay inside before it leaves */
  uint32_t quiet;        /* frames its input and insides have been silent */
  bool active;           /* holds sound; false: cleared, processing gives nothing */
} sc_reverb;

/* The defaults of config.h. */
sc_reverb_settings sc_reverb_default_settings(void);

/* Allocates the reverb for `sample_rate`, cleared, with the default settings; false when out
 * of memory. [control] */
bool sc_reverb_create(sc_reverb *reverb, double sample_rate);
void sc_reverb_destroy(sc_reverb *reverb);

/* Takes new settings; the lines keep their contents (a size change moves where they wrap).
 * [render] */
void sc_reverb_set(sc_reverb *reverb, const sc_reverb_settings *settings);

/* Adds the reverb of `in_left`/`in_right` (or of silence, when they are NULL) into `out_left`
 * and `out_right` for `frames` frames. Once the input and the insides have been silent for the
 * longest path through it, the reverb clears itself and goes idle: sc_reverb_active turns false
 * and a silent input adds nothing. Returns whether it added anything. [render] */
bool sc_reverb_process(sc_reverb *reverb, const float *in_left, const float *in_right,
                       float *out_left, float *out_right, uint32_t frames);

/* Whether processing silence would still add sound. [render] */
static inline bool sc_reverb_active(const sc_reverb *reverb) { return reverb->active; }

/* Empties every line: the tail stops at once. [render] */
void sc_reverb_clear(sc_reverb *reverb);

/* The network in plain C, and in AVX-512 or AVX2 (reverb_avx512.c, reverb_avx2.c): NULL when the
 * CPU lacks those. [any] */
void sc_reverb_network_portable(float *block, float low[SC_REVERB_LINES],
                                const float feed[SC_REVERB_LINES],
                                const float pole[SC_REVERB_LINES], uint32_t frames);
sc_reverb_network_fn sc_reverb_network_avx512(void);
sc_reverb_network_fn sc_reverb_network_avx2(void);
/* The fastest network this CPU runs, or the plain C one when `portable`; sc_reverb_create takes
 * the fastest. [any] */
sc_reverb_network_fn sc_reverb_network_select(bool portable);

#endif
