/*
 * state.c - the LV2 state extension: the instrument path (abstracted with state:mapPath) and the
 * sampler's full state and document state, SFZSampler's own JSON documents. Saving may run
 * beside run(); restoring never does.
 */
#include <lv2/state/state.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "plugin.h"

static const void *feature(const LV2_Feature *const *features, const char *uri) {
  for (uint32_t i = 0; features && features[i]; i++)
    if (!strcmp(features[i]->URI, uri)) return features[i]->data;
  return NULL;
}

/* Strings from mapPath are freed with the host's free_path where it gives one. */
static void free_host_path(const LV2_Feature *const *features, char *path) {
  const LV2_State_Free_Path *free_path = feature(features, LV2_STATE__freePath);
  if (free_path)
    free_path->free_path(free_path->handle, path);
  else
    free(path);
}

static LV2_State_Status store_string(LV2_State_Store_Function store, LV2_State_Handle handle,
                                     const sfzlv2_plugin *p, LV2_URID key, const char *text) {
  return store(handle, key, text, strlen(text) + 1, p->uris.atom_String,
               LV2_STATE_IS_POD | LV2_STATE_IS_PORTABLE);
}

static LV2_State_Status save(LV2_Handle instance, LV2_State_Store_Function store,
                             LV2_State_Handle handle, uint32_t flags,
                             const LV2_Feature *const *features) {
  (void)flags;
  sfzlv2_plugin *p = instance;
  char *path = NULL, *state = NULL, *document = NULL;
  if (!sfzlv2_host_save(p->host, &path, &state, &document, sfzlv2_log, p))
    return LV2_STATE_ERR_UNKNOWN;
  LV2_State_Status status = LV2_STATE_SUCCESS;
  if (path) {
    const LV2_State_Map_Path *map_path = feature(features, LV2_STATE__mapPath);
    char *abstract = map_path ? map_path->abstract_path(map_path->handle, path) : path;
    status = store(handle, p->uris.instrument_file, abstract, strlen(abstract) + 1,
                   p->uris.atom_Path, LV2_STATE_IS_POD | LV2_STATE_IS_PORTABLE);
    if (abstract != path) free_host_path(features, abstract);
  }
  if (status == LV2_STATE_SUCCESS) status = store_string(store, handle, p, p->uris.state, state);
  if (status == LV2_STATE_SUCCESS)
    status = store_string(store, handle, p, p->uris.document_state, document);
  free(path);
  free(state);
  free(document);
  return status;
}

/* A string the host kept for `key`, or NULL when it has none; false when what it has is not a
 * terminated atom:String. */
static bool retrieve_string(LV2_State_Retrieve_Function retrieve, LV2_State_Handle handle,
                            const sfzlv2_plugin *p, LV2_URID key, const char **text) {
  size_t size;
  uint32_t type, value_flags;
  *text = retrieve(handle, key, &size, &type, &value_flags);
  return !*text || (type == p->uris.atom_String && size > 0 && (*text)[size - 1] == '\0');
}

static LV2_State_Status restore(LV2_Handle instance, LV2_State_Retrieve_Function retrieve,
                                LV2_State_Handle handle, uint32_t flags,
                                const LV2_Feature *const *features) {
  (void)flags;
  sfzlv2_plugin *p = instance;
  size_t path_size;
  uint32_t path_type, value_flags;
  const char *abstract =
      retrieve(handle, p->uris.instrument_file, &path_size, &path_type, &value_flags);
  const char *state, *document;
  if (abstract &&
      (path_type != p->uris.atom_Path || path_size == 0 || abstract[path_size - 1] != '\0'))
    return LV2_STATE_ERR_BAD_TYPE;
  if (!retrieve_string(retrieve, handle, p, p->uris.state, &state) ||
      !retrieve_string(retrieve, handle, p, p->uris.document_state, &document))
    return LV2_STATE_ERR_BAD_TYPE;
  /* Nothing of the plugin's own: a preset, or a host's snapshot of the ports. Its port values
   * reach the engine as changes at the next run(); the instrument and the rest stay. */
  if (!abstract && !state && !document) return LV2_STATE_SUCCESS;
  char *path = NULL;
  if (abstract) {
    const LV2_State_Map_Path *map_path = feature(features, LV2_STATE__mapPath);
    path = map_path ? map_path->absolute_path(map_path->handle, abstract) : (char *)abstract;
  }
  bool restored =
      sfzlv2_host_restore(p->host, path, state, document, p->restored_carried, sfzlv2_log, p);
  if (restored) {
    sfzlv2_set_instrument_path(p, path ? path : "");
    p->restored = true;
  }
  if (path && path != abstract) free_host_path(features, path);
  return restored ? LV2_STATE_SUCCESS : LV2_STATE_ERR_UNKNOWN;
}

static const LV2_State_Interface interface = {save, restore};
const void *const sfzlv2_state_interface = &interface;
