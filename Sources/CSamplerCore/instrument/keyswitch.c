/* keyswitch.c - keyswitches: which keys set a channel's last keyswitch (sw_last, sw_lolast,
 * sw_hilast, and the sw_lokey...sw_hikey range when given), and the region conditions on it and
 * on held keys (sw_down, sw_up). A key is a keyswitch only when some region names it, so an
 * instrument that leaves sw_lokey/sw_hikey at their whole-keyboard defaults still plays. */
#include "instrument/keyswitch.h"

static void mark(sc_instrument *instrument, int lo, int hi) {
  if (lo == SC_NO_KEY) return;
  if (hi == SC_NO_KEY) hi = lo;
  for (int k = lo < 0 ? 0 : lo; k <= hi && k < 128; k++) instrument->keyswitch[k] = true;
}

bool sc_instrument_build_keyswitches(sc_instrument *instrument) {
  instrument->sw_default = SC_NO_KEY;
  for (int k = 0; k < 128; k++) instrument->keyswitch[k] = false;
  for (uint32_t i = 0; i < instrument->region_count; i++) {
    const sc_region *r = &instrument->regions[i];
    mark(instrument, r->sw_lokey, r->sw_hikey);
    mark(instrument, r->sw_lolast, r->sw_hilast);
    if (instrument->sw_default == SC_NO_KEY && r->sw_default >= 0 && r->sw_default < 128)
      instrument->sw_default = r->sw_default;
  }
  return true;
}

bool sc_keyswitch_matches(const sc_region *r, const sc_channel *c) {
  if (r->sw_lolast != SC_NO_KEY) {
    int hi = r->sw_hilast == SC_NO_KEY ? r->sw_lolast : r->sw_hilast;
    if (c->last_keyswitch == SC_NO_KEY || c->last_keyswitch < r->sw_lolast ||
        c->last_keyswitch > hi)
      return false;
  }
  if (r->sw_down >= 0 && r->sw_down < 128 && !c->key_down[r->sw_down]) return false;
  if (r->sw_up >= 0 && r->sw_up < 128 && c->key_down[r->sw_up]) return false;
  return true;
}
