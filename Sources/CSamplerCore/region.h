/* region.h - a region's conditions (region.c): whether an event's selection answers its trigger
 * and meets its conditions, the velocity it plays with, and whether its pedal is down.
 * sc_region_init, the SFZ defaults, is public (sampler_core.h) and lives in region.c too. */
#ifndef SC_REGION_H
#define SC_REGION_H

#include "triggers.h"

/* Whether the region's trigger answers this kind of event. */
bool sc_region_answers(const sc_region *region, const sc_selection *selection);
/* Every other condition but the round robin step. */
bool sc_region_matches(const sc_region *region, const sc_selection *selection);
/* The velocity a region plays with (sw_vel). */
uint8_t sc_region_velocity(const sc_region *region, const sc_selection *selection);
/* Whether the region's own sustain pedal is down on the channel. */
bool sc_region_sustain_down(const sc_region *region, const sc_channel *channel);
/* trigger=release or trigger=release_key. */
bool sc_region_is_release(const sc_region *region);
/* Whether a voice of the region may loop (loop_continuous, loop_sustain, or the engine's
 * choice of the two). */
bool sc_region_may_loop(const sc_region *region);

#endif
