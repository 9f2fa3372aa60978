/* playhead.h - how a voice moves through its sample: the increment for a pitch, and reading
 * frames at it with the interpolation kernels, looping (continuous or sustain, with the taps that
 * straddle the seam folded into the loop), the loop crossfade, and count. Defined here, inline,
 * because they run for every chunk of every voice and C compilers do not inline across files:
 * called in another file they (with the bend arithmetic, controllers.h) cost about 4% of the
 * voices per core in the voice report. */
#ifndef SC_PLAYHEAD_H
#define SC_PLAYHEAD_H

#include <math.h>

#include "dsp/dsp_math.h"
#include "state/engine_state.h"
#include "voice/voice.h"

/* The fixed-point increment per output frame for a pitch `cents` away from the sample's,
 * where rate_log2 = log2(sample rate / output rate). */
static inline uint64_t sc_playhead_increment(double rate_log2, double cents) {
  double ratio = exp2(rate_log2 + cents / 1200.0);
  /* beyond 12 octaves up nothing is left to hear; the cap keeps positions far from overflow */
  if (ratio > 4096.0) ratio = 4096.0;
  uint64_t inc = (uint64_t)(ratio * (double)SC_FRACTION_ONE + 0.5);
  return inc ? inc : 1;
}

/* Frames from fixed-point position `pos` on, at `inc`, up to `wanted`, whose positions stay below
 * `end`: without a 64-bit division (tens of cycles) when all `wanted` do, as they almost always
 * do. */
static inline uint64_t sc_playhead_frames_before(uint64_t pos, uint64_t inc, uint64_t end,
                                                 uint32_t wanted) {
  uint64_t room = end - pos, span;
  if (wanted > 0 && !__builtin_mul_overflow((uint64_t)(wanted - 1), inc, &span) && span < room)
    return wanted;
  return (room + inc - 1) / inc;
}

/* Reads `count` frames of a voice in a backward or alternate loop (playhead_turns.c). [render] */
uint32_t sc_playhead_read_turning(sc_engine *engine, sc_voice *v, uint64_t inc, float *left,
                                  float *right, uint32_t count);

/* Ends the voice's looping (a sustain loop let go): a turning loop's playhead goes on forwards
 * from the frame it has reached. */
void sc_playhead_leave_loop(sc_playhead *head);

/* Asks the cache for the sample values the voice will read in the `frames` after the next
 * `frames` (at its present pitch, as if it did not loop): by the time the engine comes back to
 * the voice, a span later, they are there. A song's voices each read a few hundred bytes a span
 * from samples far larger than the cache, so without it nearly every span of every voice began by
 * waiting for memory. A hint only: nothing is read, and an address past the loop is harmless.
 * [render] */
static inline void sc_playhead_prefetch(const sc_voice *v, uint32_t frames) {
  const sc_sample *s = v->sample;
  uint64_t ahead = ((uint64_t)frames * v->head.increment) >> SC_FRACTION_BITS;
  uint64_t from = (v->head.pos >> SC_FRACTION_BITS) + ahead;
  if (from >= s->resident_frames) return;
  uint64_t count = ahead + 4 < s->resident_frames - from ? ahead + 4 : s->resident_frames - from;
  size_t size = (s->format == SC_SAMPLE_INT16 ? sizeof(int16_t) : sizeof(float)) * s->channels;
  const char *at = (const char *)s->frames + from * size;
  for (size_t b = 0; b < count * size; b += SC_CACHE_LINE_BYTES) __builtin_prefetch(at + b);
}

/* Reads `count` frames of the voice's sample at `inc`, looping as the voice says; returns fewer
 * when the sample ends. [render] */
static inline uint32_t sc_playhead_read(sc_engine *engine, sc_voice *v, uint64_t inc, float *left,
                                        float *right, uint32_t count) {
  const sc_sample *s = v->sample;
  const sc_frames frames = {s->frames, s->format, s->channels};
  const sc_region_play *p = v->play;
  const sc_playhead *h = &v->head;
  sc_quality quality = v->head.quality;
  uint32_t reach_left, reach_right;
  sc_interpolation_reach(quality, &reach_left, &reach_right);
  uint32_t produced = 0;
  while (produced < count) {
    uint64_t fast;
    if (v->head.looping) {
      if (h->loop_type != SC_LOOP_FORWARD)
        return produced + sc_playhead_read_turning(engine, v, inc, &left[produced],
                                                   &right[produced], count - produced);
      uint64_t loop_start = h->loop_start << SC_FRACTION_BITS;
      if (v->head.pos >= (h->loop_end + 1) << SC_FRACTION_BITS) {
        uint64_t length = (h->loop_end - h->loop_start + 1) << SC_FRACTION_BITS;
        v->head.pos = loop_start + (v->head.pos - loop_start) % length;
        v->head.wrapped = true;
        /* loop_count: the last repeat plays on past the loop's end into the rest of the sample
         * (corpus/spec opcodes/loop_count.md) */
        if (v->head.repeats_left > 0 && --v->head.repeats_left == 0) {
          v->head.looping = false;
          continue;
        }
      }
      uint64_t index = v->head.pos >> SC_FRACTION_BITS;
      uint64_t crossfade_start = h->loop_end + 1 - v->head.crossfade_frames;
      bool near_end = index + reach_right > h->loop_end;
      bool near_start = v->head.wrapped && index < h->loop_start + reach_left;
      bool in_crossfade = v->head.crossfade_frames > 0 && index >= crossfade_start;
      if (near_end || near_start || in_crossfade) {
        /* taps straddle the seam: fetch them folded into the loop, one frame at a time */
        sc_loop_fold fold = {(int64_t)h->loop_start, (int64_t)h->loop_end, v->head.wrapped};
        float *l = &left[produced], *r = &right[produced];
        sc_interpolate_folded(quality, &engine->sinc, frames, v->head.pos, &fold, l, r);
        if (in_crossfade) {
          /* blend in what precedes the loop start, so the seam joins audio that belongs
           * together; raised-cosine weights that always sum to one */
          uint64_t before = v->head.pos - ((h->loop_end - h->loop_start + 1) << SC_FRACTION_BITS);
          sc_loop_fold plain = {0, (int64_t)s->frame_count + SC_SAMPLE_PADDING - 1, false};
          float bl, br;
          sc_interpolate_folded(quality, &engine->sinc, frames, before, &plain, &bl, &br);
          double x =
              ((double)(v->head.pos - (crossfade_start << SC_FRACTION_BITS)) / SC_FRACTION_ONE) /
              v->head.crossfade_frames;
          float in = (float)((1.0 - cos(SC_PI * x)) / 2.0);
          *l = *l * (1.0f - in) + bl * in;
          *r = *r * (1.0f - in) + br * in;
        }
        v->head.pos += inc;
        produced++;
        continue;
      }
      uint64_t limit = (h->loop_end - reach_right + 1);
      if (v->head.crossfade_frames > 0 && crossfade_start < limit) limit = crossfade_start;
      fast =
          sc_playhead_frames_before(v->head.pos, inc, limit << SC_FRACTION_BITS, count - produced);
    } else {
      uint64_t end = (p->last + 1) << SC_FRACTION_BITS;
      if (v->head.pos >= end && v->head.plays_left > 0) {
        /* count: the sample starts over, the envelopes carry on */
        v->head.plays_left--;
        v->head.pos = p->start << SC_FRACTION_BITS;
        sc_stream_follow(engine, v);
        continue;
      }
      if (v->head.pos >= end) return produced;
      fast = sc_playhead_frames_before(v->head.pos, inc, end, count - produced);
      if (s->resident_frames < s->frame_count) {
        uint32_t got = sc_stream_read(engine, v, inc, fast, count - produced, &left[produced],
                                      &right[produced]);
        if (got == 0) return produced;
        produced += got;
        continue;
      }
    }
    uint32_t n = count - produced;
    if (fast < n) n = (uint32_t)fast;
    engine->interpolate(quality, &engine->sinc, frames, v->head.pos, inc, n, &left[produced],
                        &right[produced]);
    v->head.pos += inc * n;
    produced += n;
  }
  return produced;
}

#endif
