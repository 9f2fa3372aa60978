/* parameters.h - the engine-wide parameters (sc_param): their table of ranges and defaults, the
 * values in force on the render thread, their ramps, and the changes reported to observers. */
#ifndef SC_PARAMETERS_H
#define SC_PARAMETERS_H

#include <stdatomic.h>

#include "sampler_core.h"

/* A parameter moving linearly from `start` to `target` over `length` frames: on frame `i` of the
 * ramp (0 = the event's frame) it is start + (target - start) * (i + 1) / length. `elapsed` is
 * the ramp's frame the render thread is at. */
typedef struct sc_ramp {
  float start, target;
  uint32_t length, elapsed;
} sc_ramp;

/* What the render thread holds for the parameters, inside sc_engine. */
typedef struct sc_parameters {
  float value[SC_PARAM_COUNT]; /* in force; what the render code reads */
  sc_ramp ramp[SC_PARAM_COUNT];
  uint64_t ramping; /* bit p while parameter p's ramp runs */
  /* The newest value of each parameter for other threads, set or applied (a ramp's target once
   * it has begun): float bits in the low half, a stamp above (a count of all values stamped, in
   * `stamp`), so that a value published late never hides a newer one. And the bits of changes
   * made by events in render calls that observers have not been told of. */
  _Atomic uint64_t published[SC_PARAM_COUNT];
  _Atomic uint32_t stamp;
  _Atomic uint64_t changed;
  /* values set from other threads (sc_engine_set_parameter), stamped, and which of them the
   * render thread has yet to take */
  _Atomic uint64_t requested[SC_PARAM_COUNT];
  _Atomic uint64_t pending;
} sc_parameters;

/* Every parameter at its default for an engine made with `config`. [control] */
void sc_parameters_init(sc_parameters *parameters, const sc_engine_config *config);

/* Stores a value set from another thread (sc_engine_set_parameter) for the render thread to take,
 * and publishes it at once; false for an unknown parameter or a value that is not finite. [any]
 */
bool sc_parameters_request(sc_parameters *parameters, const sc_engine_config *config, sc_param p,
                           float value);

/* Takes the values requested since the last call, at the start of a render call, as events at
 * its first frame that observers are not told of. Returns whether the polyphony changed (the
 * engine then stops the voices over it). [render] */
bool sc_parameters_adopt(sc_parameters *parameters, const sc_engine_config *config);

/* Applies an SC_EVENT_PARAMETER event at its frame. Returns whether the polyphony changed.
 * [render] */
bool sc_parameters_apply_event(sc_parameters *parameters, const sc_engine_config *config,
                               const sc_event *event);

/* The newest value of `p`, set or applied. [any] */
float sc_parameters_published(const sc_parameters *parameters, sc_param p);

/* The parameters events changed since the last call, one bit each. [any] */
uint64_t sc_parameters_take_changes(sc_parameters *parameters);

/* Before a span of at most `frames` frames is rendered: sets the ramping parameters that step at
 * this frame and returns how many frames the span may cover before the next step. [render] */
uint32_t sc_parameters_begin_span(sc_parameters *parameters, uint32_t frames);

/* After the span is rendered into `count` outputs (`left[o] + offset`, `right[o] + offset`):
 * scales each by the master gain, frame by frame and alike, and moves every ramp on by `frames`.
 * [render] */
void sc_parameters_end_span(sc_parameters *parameters, float *const *left, float *const *right,
                            uint32_t count, uint32_t offset, uint32_t frames);

#endif
