/* mix_groups.c - the order the voices of a span are summed in; see mix_groups.h. */
#include <string.h>

#include "state/busy_slots.h"
#include "voice/mix_groups.h"
#include "state/engine_state.h"

_Static_assert(SC_MIX_GROUPS >= 1 && SC_MIX_GROUPS <= 32, "groups are bits of a uint32_t");
_Static_assert(SC_MIX_GROUP_RUN >= 1, "a group holds runs of at least one slot");

/* Runs of SC_MIX_GROUP_RUN consecutive slots, dealt to the groups in turn. */
#define SC_MIX_CYCLE (SC_MIX_GROUPS * SC_MIX_GROUP_RUN)

uint32_t sc_mix_groups_occupied(const sc_engine *e, uint32_t *voices) {
  uint32_t occupied = 0, count = 0;
  SC_FOR_EACH_BUSY_SLOT(e, i) {
    occupied |= 1u << sc_mix_group_of(i);
    count++;
  }
  *voices = count;
  return occupied;
}

sc_group_result sc_mix_group_render(sc_engine *e, sc_render_lane *lane, uint32_t group, float *left,
                                    float *right, uint32_t frames) {
  sc_group_result result = {0, 0};
  for (uint32_t run = group * SC_MIX_GROUP_RUN; run < e->voice_slots; run += SC_MIX_CYCLE) {
    uint32_t end =
        run + SC_MIX_GROUP_RUN < e->voice_slots ? run + SC_MIX_GROUP_RUN : e->voice_slots;
    for (uint32_t i = sc_busy_next(e, run); i < end; i = sc_busy_next(e, i + 1)) {
      sc_voice *v = &e->voices[i];
      bool playing = v->state == SC_VOICE_PLAYING;
      sc_voice_render(e, lane, v, left, right, frames);
      result.rendered++;
      result.ended += playing && v->state != SC_VOICE_PLAYING;
    }
  }
  return result;
}

void sc_mix_add(float *restrict out_left, float *restrict out_right, const float *restrict left,
                const float *restrict right, uint32_t frames) {
  for (uint32_t f = 0; f < frames; f++) {
    out_left[f] += left[f];
    out_right[f] += right[f];
  }
}

void sc_mix_span(sc_engine *e, float *left, float *right, uint32_t frames) {
  uint32_t voices;
  uint32_t occupied = sc_mix_groups_occupied(e, &voices);
  if (!occupied) return;
  /* the first group's sum starts from the output's +0 itself: the same bits as a cleared sum
   * added to it, one pass less */
  uint32_t first = (uint32_t)__builtin_ctz(occupied);
  e->playing -= sc_mix_group_render(e, &e->lane, first, left, right, frames).ended;
  for (uint32_t g = first + 1; g < SC_MIX_GROUPS; g++) {
    if (!(occupied & 1u << g)) continue;
    memset(e->group_left, 0, frames * sizeof(float));
    memset(e->group_right, 0, frames * sizeof(float));
    e->playing -= sc_mix_group_render(e, &e->lane, g, e->group_left, e->group_right, frames).ended;
    sc_mix_add(left, right, e->group_left, e->group_right, frames);
  }
}
