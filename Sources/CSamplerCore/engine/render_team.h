/* render_team.h - the engine's side of an offline render team (render_team.c): the mix groups of
 * a span (mix_groups.h) rendered on several threads, then added into the output in group order,
 * the order sc_engine_render adds them in, so the sums round alike. */
#ifndef SC_RENDER_TEAM_H
#define SC_RENDER_TEAM_H

#include "sampler_core.h"

/* Renders every voice of the span into `left` and `right` (which hold the span's earlier
 * contributions: zeros) on the team's threads and settles the engine's count of playing voices,
 * running `alongside` (or NULL) on the calling thread once the workers have the span. Returns
 * false, having done nothing, when the span is too little work to share: the caller then renders
 * it on its own. [offline] */
bool sc_render_team_span(sc_render_team *team, float *left, float *right, uint32_t frames,
                         const sc_render_alongside *alongside);

/* The engine the team was made for. [any] */
sc_engine *sc_render_team_engine(const sc_render_team *team);

#endif
