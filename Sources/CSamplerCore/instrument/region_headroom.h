/* region_headroom.h - how far what a region does after reading its sample can raise a voice's
 * level (region_headroom.c), the factor voice/audibility.h bounds a voice's remaining output by. */
#ifndef SC_REGION_HEADROOM_H
#define SC_REGION_HEADROOM_H

#include "instrument/instrument.h"

/* Sets every region's sc_region_play.headroom: the most its pan and filters can raise a
 * sample's level over the voice's gain, or 0 where its voices must not end early: some part of
 * it has no such bound or may be raised while the voice sounds (a controller or SFZ v2
 * modulation, an envelope a controller moves, EQ gain, noise, ring modulation, a cross-fade on a
 * controller), a release region of one of its keys asks whether its voice still plays
 * (rt_dead=off; an inaudible voice still does), or the instrument has <effect> chains. Call
 * after the regions' modulations are indexed. [control] */
void sc_instrument_set_headrooms(sc_instrument *instrument);

#endif
