/* triggers.h - what an event starts (triggers.c): the selection record an event offers the
 * regions it may start, and the entry points of every kind of trigger (keys down and up, a
 * pedal coming up, a key struck again while its release waits, controllers). */
#ifndef SC_TRIGGERS_H
#define SC_TRIGGERS_H

#include "sampler_core.h"

/* [render] */
/* A key went down: starts its attack, first and legato regions; returns how many. */
uint32_t sc_trigger_key_down(sc_engine *engine, uint8_t channel, uint8_t key, uint8_t velocity);
/* A key went up: starts its release_key regions, and its release regions unless their sustain
 * pedal holds them, in which case they wait (sc_trigger_pedal_up, sc_trigger_restruck). */
void sc_trigger_key_up(sc_engine *engine, uint8_t channel, uint8_t key);
/* A key whose release regions wait for a pedal is struck again: they play now. */
void sc_trigger_restruck(sc_engine *engine, uint8_t channel, uint8_t key);
/* A pedal controller moved: release regions waiting for it play if it came up. */
void sc_trigger_pedal_up(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t previous,
                         uint8_t value);
/* A controller (or bend or pressure, as 0...127) moved: starts on_loccN/on_hiccN regions. */
void sc_trigger_controller(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t previous,
                           uint8_t value);

#endif
