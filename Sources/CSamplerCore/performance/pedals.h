/* pedals.h - the sustain and sostenuto pedals, as each region defines them (pedals.c). */
#ifndef SC_PEDALS_H
#define SC_PEDALS_H

#include "voice/voice.h"

/* Whether a pedal keeps the voice sounding now that its key has gone up. [render] */
bool sc_pedal_holds(const sc_engine *engine, const sc_voice *voice);
/* A pedal controller moved: latches sostenuto notes, releases notes no pedal holds any more,
 * and plays the release regions that waited for it. [render] */
void sc_pedals_changed(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t previous,
                       uint8_t value);

#endif
