/*
 * worker.c - the LV2 worker: loads instruments and frees replaced ones off the audio thread,
 * and tells run() what it loaded.
 */
#include <stdio.h>
#include <string.h>

#include "host.h"
#include "plugin.h"

void sfzlv2_log(void *context, sfzlv2_log_level level, const char *message) {
  sfzlv2_plugin *p = context;
  switch (level) {
    case SFZLV2_LOG_ERROR: lv2_log_error(&p->logger, "SFZSampler: %s\n", message); break;
    case SFZLV2_LOG_WARNING: lv2_log_warning(&p->logger, "SFZSampler: %s\n", message); break;
    case SFZLV2_LOG_NOTE: lv2_log_note(&p->logger, "SFZSampler: %s\n", message); break;
  }
}

void sfzlv2_set_instrument_path(sfzlv2_plugin *p, const char *path) {
  size_t length = strlen(path);
  if (length >= SFZLV2_MAX_PATH) length = 0;
  memcpy(p->instrument_path, path, length);
  p->instrument_path[length] = '\0';
  p->announce = true;
}

LV2_Worker_Status sfzlv2_work(LV2_Handle instance, LV2_Worker_Respond_Function respond,
                              LV2_Worker_Respond_Handle handle, uint32_t size, const void *data) {
  sfzlv2_plugin *p = instance;
  uint32_t kind;
  if (size < sizeof kind) return LV2_WORKER_ERR_UNKNOWN;
  memcpy(&kind, data, sizeof kind);
  const char *path = (const char *)data + sizeof kind;
  switch (kind) {
    case SFZLV2_WORK_COLLECT: sfzlv2_host_collect(p->host); return LV2_WORKER_SUCCESS;
    case SFZLV2_WORK_TOO_LONG:
      sfzlv2_log(p, SFZLV2_LOG_ERROR, "the instrument path is too long");
      return LV2_WORKER_SUCCESS;
    case SFZLV2_WORK_LOAD:
      if (size <= sizeof kind || size - sizeof kind > SFZLV2_MAX_PATH ||
          path[size - sizeof kind - 1] != '\0')
        return LV2_WORKER_ERR_UNKNOWN;
      if (!sfzlv2_host_load(p->host, path, sfzlv2_log, p)) return LV2_WORKER_SUCCESS;
      uint32_t loaded = SFZLV2_WORK_LOADED;
      char response[sizeof loaded + SFZLV2_MAX_PATH];
      memcpy(response, &loaded, sizeof loaded);
      memcpy(response + sizeof loaded, path, size - sizeof kind);
      return respond(handle, size, response);
    default: return LV2_WORKER_ERR_UNKNOWN;
  }
}

LV2_Worker_Status sfzlv2_work_response(LV2_Handle instance, uint32_t size, const void *data) {
  sfzlv2_plugin *p = instance;
  uint32_t kind;
  if (size <= sizeof kind) return LV2_WORKER_ERR_UNKNOWN;
  memcpy(&kind, data, sizeof kind);
  const char *path = (const char *)data + sizeof kind;
  if (kind != SFZLV2_WORK_LOADED || path[size - sizeof kind - 1] != '\0')
    return LV2_WORKER_ERR_UNKNOWN;
  sfzlv2_set_instrument_path(p, path);
  p->collect_countdown = (uint64_t)(SFZLV2_COLLECT_DELAY_SECONDS * p->sample_rate) + 1;
  return LV2_WORKER_SUCCESS;
}
