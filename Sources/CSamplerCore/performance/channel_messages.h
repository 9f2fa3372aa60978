/* channel_messages.h - what a controller event does (channel_messages.c): stored in its channel
 * (state/controllers.c), offered to the controller triggers and the pedals, and the channel mode
 * messages acted on. */
#ifndef SC_CHANNEL_MESSAGES_H
#define SC_CHANNEL_MESSAGES_H

#include <stdint.h>

#include "sampler_core.h"

/* Events arriving, each stored in its channel first. [render] */
void sc_control_change(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t value);
void sc_pitch_bend(sc_engine *engine, uint8_t channel, int32_t value);
void sc_channel_pressure(sc_engine *engine, uint8_t channel, uint8_t pressure);
void sc_poly_pressure(sc_engine *engine, uint8_t channel, uint8_t key, uint8_t pressure);

#endif
