/* channel_chains.c - an instrument's chains in a render by channel; see channel_chains.h. */
#include <string.h>

#include "buses/channel_chains.h"
#include "instrument/instrument_effects.h"

/* Clears channel c's outputs for the whole call the first time anything is written there, as a
 * voice's first frames do (channel_outputs.c). */
static void touch(sc_channel_outputs *out, int c) {
  if (out->touched & (1u << c)) return;
  memset(out->left[c], 0, out->frames * sizeof(float));
  memset(out->right[c], 0, out->frames * sizeof(float));
  out->touched |= (uint16_t)(1u << c);
}

/* The span's channels summed in channel order into `left` and `right`. */
static void sum_channels(const sc_channel_outputs *out, uint16_t channels, uint32_t offset,
                         float *left, float *right, uint32_t frames) {
  memset(left, 0, frames * sizeof(float));
  memset(right, 0, frames * sizeof(float));
  for (int c = 0; c < 16; c++) {
    if (!(channels & (1u << c))) continue;
    const float *l = out->left[c] + offset, *r = out->right[c] + offset;
    for (uint32_t f = 0; f < frames; f++) {
      left[f] += l[f];
      right[f] += r[f];
    }
  }
}

void sc_channel_chains_end_span(sc_engine *e, sc_channel_outputs *out, uint32_t offset,
                                uint32_t frames, float *const send_left[SC_SEND_BUSES],
                                float *const send_right[SC_SEND_BUSES]) {
  sc_buses *b = e->buses;
  sc_fx_chains *chains = sc_buses_instrument_chains(e);
  float *inputs_left[SC_BUS_SENDS], *inputs_right[SC_BUS_SENDS];
  for (int bus = 0; bus < SC_BUS_SENDS; bus++) {
    inputs_left[bus] = b->input[bus][0];
    inputs_right[bus] = b->input[bus][1];
  }
  bool sent = sc_buses_join_span(e, inputs_left, inputs_right, SC_BUS_SENDS, frames);
  /* as in a whole render (buses.c): an fx1 (fx2) chain takes effect1 (effect2) from the reverb
   * (chorus) */
  for (int bus = 0; send_left && bus < SC_SEND_BUSES; bus++) {
    bool to_shared = sent && !chains->on_bus[SC_EFFECT_BUS_FX1 + bus];
    for (int side = 0; side < 2; side++) {
      float *to = (side ? send_right : send_left)[bus];
      if (to_shared)
        memcpy(to, b->input[bus][side], frames * sizeof(float));
      else
        memset(to, 0, frames * sizeof(float));
    }
  }
  uint16_t playing = out->span_touched;
  if (playing) b->chain_channel = __builtin_ctz(playing);
  sum_channels(out, playing, offset, b->mix[0], b->mix[1], frames);
  float dry_left[SC_SPAN_FRAMES], dry_right[SC_SPAN_FRAMES];
  bool shared = playing & (playing - 1); /* more than one channel plays */
  if (shared) {
    memcpy(dry_left, b->mix[0], frames * sizeof(float));
    memcpy(dry_right, b->mix[1], frames * sizeof(float));
  }
  /* the chains run every span, sounding or not, as in a whole render, so their state (a
   * decimator's clock, a delay's position) depends on the frame alone */
  float *const no_sends[SC_EFFECT_SENDS] = {NULL};
  sc_fx_chains_run(chains, e->effect_cc, sent ? inputs_left : no_sends,
                   sent ? inputs_right : no_sends, b->mix[0], b->mix[1], frames);
  int c = b->chain_channel;
  if (c < 0) return; /* it never played: the chains hold nothing */
  touch(out, c);
  float *l = out->left[c] + offset, *r = out->right[c] + offset;
  if (!shared) {
    /* the channel's own sound, or nothing (the chains ringing on): the result replaces it */
    memcpy(l, b->mix[0], frames * sizeof(float));
    memcpy(r, b->mix[1], frames * sizeof(float));
    return;
  }
  for (uint32_t f = 0; f < frames; f++) {
    l[f] += b->mix[0][f] - dry_left[f];
    r[f] += b->mix[1][f] - dry_right[f];
  }
}
