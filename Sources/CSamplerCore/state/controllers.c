/* controllers.c - where each channel's controllers are stored: continuous controllers, pitch
 * bend, channel and polyphonic pressure (what their events then do is performance/
 * channel_messages.c). Also the one home of bend arithmetic and of what the engine does with
 * volume, expression and pan. */
#include <math.h>

#include "state/controllers.h"

void sc_channel_reset(sc_channel *c) {
  *c = (sc_channel){0};
  sc_channel_set_cc(c, SC_CC_VOLUME, SC_POWER_ON_VOLUME / 127.0f);
  sc_channel_set_cc(c, SC_CC_PAN, SC_POWER_ON_PAN / 127.0f);
  sc_channel_set_cc(c, SC_CC_EXPRESSION, SC_POWER_ON_EXPRESSION / 127.0f);
  c->effect_send[SC_BUS_REVERB] = SC_POWER_ON_REVERB_SEND;
  c->effect_send[SC_BUS_CHORUS] = SC_POWER_ON_CHORUS_SEND;
  c->last_keyswitch = SC_NO_KEY;
  c->previous_key = SC_NO_KEY;
}

float sc_bend_unit(int32_t bend) {
  return (float)(bend - SC_BEND_MIN) / (SC_BEND_MAX - SC_BEND_MIN);
}

uint8_t sc_bend_7bit(int32_t bend) {
  /* rounded to the nearest step; no bend value falls exactly halfway */
  int32_t span = SC_BEND_MAX - SC_BEND_MIN;
  return (uint8_t)(((bend - SC_BEND_MIN) * 127 + span / 2) / span);
}

float sc_channel_gain(const sc_channel *c, uint8_t implicit) {
  float gain = 1.0f;
  float volume = c->cc[SC_CC_VOLUME] / 127.0f, expression = c->cc[SC_CC_EXPRESSION] / 127.0f;
  if (implicit & SC_IMPLICIT_VOLUME) gain *= volume * volume;
  if (implicit & SC_IMPLICIT_EXPRESSION) gain *= expression * expression;
  return gain;
}

float sc_channel_pan(const sc_channel *c, uint8_t implicit) {
  if (!(implicit & SC_IMPLICIT_PAN)) return 0.0f;
  float pan = (c->cc[SC_CC_PAN] - (float)SC_POWER_ON_PAN) / (127.0f - SC_POWER_ON_PAN);
  return pan < -1.0f ? -1.0f : pan > 1.0f ? 1.0f : pan;
}
