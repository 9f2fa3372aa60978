/* channel_messages.c - controller events: each is stored in its channel (state/controllers.c)
 * first, then handed to the envelopes that follow controllers (voice/voice_envelopes.c), offered
 * to the controller triggers and, for pedals, to pedals.c; the channel mode
 * messages (all sound off, reset all controllers, all notes off) act on the channel's voices and
 * notes. */
#include "state/busy_slots.h"
#include "performance/channel_messages.h"

#include "performance/notes.h"
#include "performance/pedals.h"
#include "performance/triggers.h"
#include "state/engine_state.h"
#include "voice/voice.h"
#include "voice/voice_alloc.h"
#include "voice/voice_envelopes.h"
#include "instrument/instrument.h"

static bool is_pedal(const sc_engine *engine, uint8_t controller) {
  return engine->current && engine->current->pedal_cc[controller];
}

/* The channel's sounding voices whose envelopes controllers set take their new values. */
static void envelopes_follow(sc_engine *engine, uint8_t channel) {
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    sc_voice *v = &engine->voices[i];
    if (v->state == SC_VOICE_PLAYING && v->channel == channel && v->play->envelopes_follow)
      sc_voice_envelopes_follow(engine, v);
  }
}

static void all_sound_off(sc_engine *engine, uint8_t channel) {
  /* silence now, without a click */
  SC_FOR_EACH_BUSY_SLOT(engine, i) {
    sc_voice *v = &engine->voices[i];
    if (v->channel == channel) sc_voice_fade_out(engine, v, engine->steal_fade_step);
  }
}

/* A controller of a channel, and the engine-wide value an instrument's chains read. */
static void set_cc(sc_engine *engine, sc_channel *c, uint8_t controller, float value) {
  sc_channel_set_cc(c, controller, value);
  engine->effect_cc[controller] = value;
}

static void reset_all_controllers(sc_engine *engine, uint8_t channel) {
  sc_channel *c = &engine->channels[channel];
  c->bend = 0;
  c->channel_pressure = 0;
  set_cc(engine, c, SC_CC_MOD_WHEEL, 0.0f);
  set_cc(engine, c, SC_CC_EXPRESSION, SC_POWER_ON_EXPRESSION / 127.0f);
  for (uint8_t pedal = SC_CC_SUSTAIN; pedal <= SC_CC_LAST_PEDAL; pedal++) {
    uint8_t was = c->cc[pedal];
    set_cc(engine, c, pedal, 0.0f);
    if (is_pedal(engine, pedal)) sc_pedals_changed(engine, channel, pedal, was, 0);
  }
}

void sc_control_change(sc_engine *engine, uint8_t channel, uint8_t controller, uint8_t value) {
  sc_channel *c = &engine->channels[channel];
  uint8_t previous = c->cc[controller];
  set_cc(engine, c, controller, value / 127.0f);
  envelopes_follow(engine, channel);
  sc_trigger_controller(engine, channel, controller, previous, value);
  if (is_pedal(engine, controller)) sc_pedals_changed(engine, channel, controller, previous, value);
  switch (controller) {
    case SC_CC_ALL_SOUND_OFF: all_sound_off(engine, channel); break;
    case SC_CC_RESET_ALL_CONTROLLERS: reset_all_controllers(engine, channel); break;
    case SC_CC_ALL_NOTES_OFF: sc_notes_all_off(engine, channel); break;
    default: break;
  }
}

void sc_pitch_bend(sc_engine *engine, uint8_t channel, int32_t value) {
  sc_channel *c = &engine->channels[channel];
  int32_t previous = c->bend;
  c->bend = value < SC_BEND_MIN ? SC_BEND_MIN : value > SC_BEND_MAX ? SC_BEND_MAX : value;
  envelopes_follow(engine, channel);
  /* on_locc128 regions see the bend on 0...127, as conditions do */
  sc_trigger_controller(engine, channel, SC_SOURCE_PITCH_BEND, sc_bend_7bit(previous),
                        sc_bend_7bit(c->bend));
}

void sc_channel_pressure(sc_engine *engine, uint8_t channel, uint8_t pressure) {
  sc_channel *c = &engine->channels[channel];
  uint8_t previous = c->channel_pressure;
  c->channel_pressure = pressure;
  envelopes_follow(engine, channel);
  sc_trigger_controller(engine, channel, SC_SOURCE_CHANNEL_PRESSURE, previous, pressure);
}

void sc_poly_pressure(sc_engine *engine, uint8_t channel, uint8_t key, uint8_t pressure) {
  sc_channel *c = &engine->channels[channel];
  uint8_t previous = c->poly_pressure[key];
  c->poly_pressure[key] = pressure;
  envelopes_follow(engine, channel);
  sc_trigger_controller(engine, channel, SC_SOURCE_POLY_PRESSURE, previous, pressure);
}
