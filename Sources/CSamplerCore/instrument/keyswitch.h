/* keyswitch.h - keyswitches (keyswitch.c). */
#ifndef SC_KEYSWITCH_H
#define SC_KEYSWITCH_H

#include "state/controllers.h"
#include "instrument/instrument.h"

/* [control] */
bool sc_instrument_build_keyswitches(sc_instrument *instrument);
/* The region's keyswitch conditions (sw_last, sw_down, sw_up) on the channel. [render] */
bool sc_keyswitch_matches(const sc_region *region, const sc_channel *channel);

#endif
