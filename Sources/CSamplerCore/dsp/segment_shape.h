/* segment_shape.h - ARIA's curvature of a segment between two levels: 0 is straight, a positive
 * shape starts slowly and a negative one fast (corpus/spec opcodes/egN_shapeX.md,
 * ampeg_attack_shape.md). The one home of the curve that flex envelope segments, off_curve=10
 * fades and the shaped stages of the SFZ v1 envelopes share. */
#ifndef SC_SEGMENT_SHAPE_H
#define SC_SEGMENT_SHAPE_H

#include <math.h>

#include "config.h"

/* How far along the segment (0...1) the level is at `x` (0...1) of its time. */
static inline double sc_segment_shape(double x, double shape) {
  if (fabs(shape) < 1e-3) return x;
  if (shape > SC_SEGMENT_MAX_SHAPE) shape = SC_SEGMENT_MAX_SHAPE;
  if (shape < -SC_SEGMENT_MAX_SHAPE) shape = -SC_SEGMENT_MAX_SHAPE;
  return expm1(shape * x) / expm1(shape);
}

#endif
