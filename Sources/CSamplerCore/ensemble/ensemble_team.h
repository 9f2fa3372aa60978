/* ensemble_team.h - the ensemble's side of an ensemble team (ensemble_team.c): the engines of one
 * part of a render call rendered on several threads at once. Each engine renders into outputs of
 * its own and the ensemble mixes them afterwards in its fixed order, so which thread renders which
 * engine changes no bit. */
#ifndef SC_ENSEMBLE_TEAM_H
#define SC_ENSEMBLE_TEAM_H

#include "sampler_core.h"

/* Runs `body(argument, order[i])` for every i below `count` (at most 65,535) on the team's
 * threads, the caller's included, claimed in the order given; runs `alongside` (or NULL) once on
 * the caller as soon as the workers have the work. Returns when every item has run. [offline] */
void sc_ensemble_team_run(sc_ensemble_team *team, const uint32_t *order, uint32_t count,
                          void (*body)(void *argument, uint32_t item), void *argument,
                          const sc_render_alongside *alongside);

#endif
