/* choke.h - voices that stop other voices: exclusive groups and polyphony limits (choke.c). */
#ifndef SC_CHOKE_H
#define SC_CHOKE_H

#include "sampler_core.h"

/* Applied when a voice of `region` is about to start (limits) or has started (off_by). Voices
 * at least as young as `first_age` came from the same event and are spared. [render] */
void sc_polyphony_make_room(sc_engine *engine, const sc_region *region, uint8_t channel,
                            uint8_t key, uint8_t velocity, uint64_t first_age);
void sc_choke_others(sc_engine *engine, const sc_region *region, uint8_t channel,
                     uint64_t first_age);

#endif
