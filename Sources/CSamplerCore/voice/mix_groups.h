/* mix_groups.h - the order the voices of a span are summed in (mix_groups.c). Voice slot i
 * belongs to group i / SC_MIX_GROUP_RUN % SC_MIX_GROUPS (config.h). Each group's voices are added
 * in slot order into a sum that starts at +0, and the groups' sums are then added into the output
 * in group order. Floating-point addition is not associative, so this order is what makes the
 * output bits: sc_engine_render keeps it on one thread, and a render team keeps it while its
 * threads render whole groups at once, so any number of threads gives the same bits. Summing a span
 * in groups costs one thread a clear and an add of the span per occupied group after the first (2
 * KB each). */
#ifndef SC_MIX_GROUPS_H
#define SC_MIX_GROUPS_H

#include "voice/voice.h"

/* The mix group of voice slot `slot`. */
static inline uint32_t sc_mix_group_of(uint32_t slot) {
  return slot / SC_MIX_GROUP_RUN % SC_MIX_GROUPS;
}

/* What rendering a group did: voices rendered, and voices that stopped playing (which the
 * engine's count of playing voices must lose). */
typedef struct sc_group_result {
  uint32_t rendered;
  uint32_t ended;
} sc_group_result;

/* The groups holding at least one voice, one bit each, and the sounding voices. [render] */
uint32_t sc_mix_groups_occupied(const sc_engine *engine, uint32_t *voices);

/* Renders the voices of `group`, in slot order, adding each into `left` and `right`. Touches no
 * voice of another group, so different groups may render on different threads at once.
 * [render] */
sc_group_result sc_mix_group_render(sc_engine *engine, sc_render_lane *lane, uint32_t group,
                                    float *left, float *right, uint32_t frames);

/* out += sum, frame by frame, both channels. [render] */
void sc_mix_add(float *restrict out_left, float *restrict out_right, const float *restrict left,
                const float *restrict right, uint32_t frames);

/* Renders the span's voices on the calling thread in the order above, adding them into `left`
 * and `right` (zeros), and settles the engine's count of playing voices. [render] */
void sc_mix_span(sc_engine *engine, float *left, float *right, uint32_t frames);

#endif
