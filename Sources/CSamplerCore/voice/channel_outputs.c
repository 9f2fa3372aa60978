/* channel_outputs.c - voices summed by MIDI channel; see channel_outputs.h. */
#include <string.h>

#include "state/busy_slots.h"
#include "voice/channel_outputs.h"
#include "state/engine_state.h"

void sc_channel_outputs_render_span(sc_engine *e, sc_channel_outputs *out, uint32_t offset,
                                    uint32_t frames) {
  out->span_touched = 0;
  SC_FOR_EACH_BUSY_SLOT(e, i) {
    sc_voice *v = &e->voices[i];
    uint32_t c = v->channel & 15u;
    /* a channel silent so far in this call gets cleared outputs; one that never sounds is not
     * written at all, so a caller sums only the channels that play */
    if (!(out->touched & (1u << c))) {
      memset(out->left[c], 0, out->frames * sizeof(float));
      memset(out->right[c], 0, out->frames * sizeof(float));
      out->touched |= (uint16_t)(1u << c);
    }
    out->span_touched |= (uint16_t)(1u << c);
    bool playing = v->state == SC_VOICE_PLAYING;
    sc_voice_render(e, &e->lane, v, out->left[c] + offset, out->right[c] + offset, frames);
    if (playing && v->state != SC_VOICE_PLAYING) e->playing--;
  }
}

uint32_t sc_channel_outputs_touched(const sc_channel_outputs *out, float *left[16],
                                    float *right[16]) {
  uint32_t count = 0;
  for (uint32_t c = 0; c < 16; c++) {
    if (!(out->touched & (1u << c))) continue;
    left[count] = out->left[c];
    right[count] = out->right[c];
    count++;
  }
  return count;
}
