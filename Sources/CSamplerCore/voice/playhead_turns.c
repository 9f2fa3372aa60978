/* playhead_turns.c - loops that turn (SFZ loop_type=backward and alternate, corpus/spec
 * opcodes/loop_type.md: "this only affects the loop portion of the sample").
 *
 * The playhead's position keeps counting forward as in a forward loop, and is read as a frame of
 * the sample: up to the loop's end it is that frame; past it, a backward loop plays the loop from
 * its end down to its start and jumps back to its end (E, E-1 ... S, E, E-1 ...), an alternate
 * one turns at either end (E, E-1 ... S, S+1 ... E, E-1 ...). A turn plays its end frame once:
 * at a whole-frame increment the frames on either side of it are the same frame, so the wave
 * reflects without a step or a held sample. The interpolation taps follow the same path: past a
 * turn they reflect back into the loop, past a jump they come from the loop's other end.
 *
 * These voices read one frame at a time through the folded taps, whatever their quality: only
 * regions that ask for such a loop pay for it. The loop lies in the sample's resident frames as
 * a forward loop must (instrument.c), so a streamed sample plays it from memory. */
#include "voice/playhead.h"

/* The fixed-point frame the playhead reads now, and how its taps fold there; keeps the playhead's
 * count within one period of the loop past its end. */
static uint64_t turning_frame(sc_playhead *h, sc_loop_fold *fold) {
  const uint64_t one = SC_FRACTION_ONE;
  uint64_t start = h->loop_start << SC_FRACTION_BITS, end = h->loop_end << SC_FRACTION_BITS;
  *fold = (sc_loop_fold){(int64_t)h->loop_start, (int64_t)h->loop_end, false, false, true};
  if (h->pos <= end) return h->pos; /* on the way in: what follows the end is its reflection */
  uint64_t past = h->pos - end;
  fold->fold_left = true;
  if (h->loop_type == SC_LOOP_ALTERNATE) {
    uint64_t half = end - start, period = 2 * half;
    if (past >= period) {
      past %= period;
      h->pos = end + past;
    }
    fold->mirror_left = true;
    return past <= half ? end - past : start + (past - half);
  }
  uint64_t length = end - start + one;
  if (past >= length) {
    past %= length;
    h->pos = end + past;
    h->wrapped = true;
  }
  /* once the loop has jumped, the frame before its end is its start; the first time round it is
   * the frame before the turn. Between its start and the jump the position is kept a loop
   * length up, past its end, so that it never falls below frame 0. */
  fold->mirror_right = !h->wrapped && past < length / 2;
  return past <= end - start ? end - past : end + length - past;
}

uint32_t sc_playhead_read_turning(sc_engine *engine, sc_voice *v, uint64_t inc, float *left,
                                  float *right, uint32_t count) {
  const sc_sample *s = v->sample;
  const sc_frames frames = {s->frames, s->format, s->channels};
  for (uint32_t i = 0; i < count; i++) {
    sc_loop_fold fold;
    uint64_t at = turning_frame(&v->head, &fold);
    sc_interpolate_folded(v->head.quality, &engine->sinc, frames, at, &fold, &left[i], &right[i]);
    v->head.pos += inc;
  }
  return count;
}

void sc_playhead_leave_loop(sc_playhead *head) {
  if (head->looping && head->loop_type != SC_LOOP_FORWARD) {
    sc_loop_fold fold;
    head->pos = turning_frame(head, &fold);
  }
  head->looping = false;
}
