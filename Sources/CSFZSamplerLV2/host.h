/*
 * host.h - the plugin's Swift half (Sources/SFZSamplerLV2/HostExports.swift, @_cdecl), called
 * only from instantiate, cleanup, the worker and the state functions: never from run().
 * Strings returned through char ** are malloc'd; the caller frees them.
 */
#ifndef SFZLV2_HOST_H
#define SFZLV2_HOST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sampler_core.h"
#include "sfzsampler_lv2.h"

/** Creates the Sampler at `sample_rate` and hands back its engine; NULL if it cannot. */
void *sfzlv2_host_create(double sample_rate, sc_engine **engine);

void sfzlv2_host_destroy(void *host);

/** The parameters that have control ports, in port order (the sampler's parameter tree by
 * address): fills up to `capacity` engine parameter numbers and returns how many there are. */
uint32_t sfzlv2_host_parameters(void *host, uint32_t *numbers, uint32_t capacity);

/** The patch property URI of parameter `index` of that list (malloc'd), or NULL. */
char *sfzlv2_host_parameter_uri(void *host, uint32_t index);

/** Loads an SFZ instrument and swaps it in; its problems go to `log`. False when it could not
 * be loaded (the previous instrument plays on). */
bool sfzlv2_host_load(void *host, const char *path, sfzlv2_log_function log, void *context);

/** Frees the instruments the engine has let go of. */
void sfzlv2_host_collect(void *host);

/** The loaded instrument's path (NULL when none), the sampler's full state and its document
 * state (SFZSampler's JSON). False, with the reason in `log`, when they could not be made. */
bool sfzlv2_host_save(void *host, char **path, char **state, char **document,
                      sfzlv2_log_function log, void *context);

/** Reads `state` and `document` (NULL: not carried, its values stay as they are), loads `path`
 * (NULL: no instrument), then sets the parameters and document settings they carry, and marks in
 * `carried` (one per parameter of sfzlv2_host_parameters, in port order) those the state set.
 * False on a file or document it could not use, with what is wrong in `log`; a document it
 * cannot read changes nothing. */
bool sfzlv2_host_restore(void *host, const char *path, const char *state, const char *document,
                         bool *carried, sfzlv2_log_function log, void *context);

#endif
