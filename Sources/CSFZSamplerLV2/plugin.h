/*
 * plugin.h - one instance of the LV2 plugin, as the C functions share it.
 */
#ifndef SFZLV2_PLUGIN_H
#define SFZLV2_PLUGIN_H

#include <lv2/atom/forge.h>
#include <lv2/core/lv2.h>
#include <lv2/log/logger.h>
#include <lv2/urid/urid.h>
#include <lv2/worker/worker.h>
#include <stdbool.h>
#include <stdint.h>

#include "sampler_core.h"
#include "sfzsampler_lv2.h"

/** Events one render call takes; a block with more is rendered in parts, each event still on
 * its frame. */
#define SFZLV2_EVENT_CAPACITY 1024
/** The longest instrument path, terminator included, the audio thread keeps for replies. */
#define SFZLV2_MAX_PATH 4096
/** Seconds after an instrument swap before the worker frees the old one: the engine fades the
 * old voices out in milliseconds, so by then it has let go of it. */
#define SFZLV2_COLLECT_DELAY_SECONDS 1.0

/** The URIDs the plugin reads and writes, mapped once at instantiate. */
typedef struct sfzlv2_uris {
  LV2_URID atom_Path, atom_Float, atom_Double, atom_Int, atom_Long, atom_Bool, atom_Object,
      atom_String;
  LV2_URID midi_MidiEvent;
  LV2_URID patch_Set, patch_Get, patch_property, patch_value;
  LV2_URID time_Position, time_beatsPerMinute, time_bar, time_barBeat, time_beatsPerBar, time_beat;
  LV2_URID param_sampleRate;
  LV2_URID instrument_file, state, document_state;
} sfzlv2_uris;

/** Worker messages from run(), and responses back. */
typedef enum sfzlv2_work_kind {
  SFZLV2_WORK_LOAD = 0,     /**< path follows */
  SFZLV2_WORK_COLLECT = 1,  /**< free the instruments the engine let go of */
  SFZLV2_WORK_TOO_LONG = 2, /**< a patch:Set named a path longer than SFZLV2_MAX_PATH */
  SFZLV2_WORK_LOADED = 3    /**< response: path follows */
} sfzlv2_work_kind;

typedef struct sfzlv2_plugin {
  /* host features */
  LV2_URID_Map *map;
  LV2_Log_Logger logger;
  LV2_Worker_Schedule *schedule;
  sfzlv2_uris uris;
  LV2_Atom_Forge forge;

  /* ports */
  const LV2_Atom_Sequence *control;
  LV2_Atom_Sequence *notify;
  float *out_left, *out_right;
  const float *parameter_ports[SC_PARAM_COUNT];

  /* parameters with ports, in port order */
  uint32_t parameter_count;
  sc_param parameter_numbers[SC_PARAM_COUNT];
  LV2_URID parameter_urids[SC_PARAM_COUNT];
  /** each port's value last applied, so run() sends only changes */
  float port_values[SC_PARAM_COUNT];
  /** a restore happened since the last run(); which parameters (in port order) the restored
   * state carried, whose values the engine now holds */
  bool restored;
  bool restored_carried[SC_PARAM_COUNT];

  /* the Swift half and its engine */
  void *host;
  sc_engine *engine;
  double sample_rate;

  /* audio thread only */
  sc_event events[SFZLV2_EVENT_CAPACITY];
  /** the loaded instrument as the host was last told, for patch:Get */
  char instrument_path[SFZLV2_MAX_PATH];
  /** tell the host the instrument path at the next run() */
  bool announce;
  /** frames until the worker frees the replaced instrument; 0 = nothing to free */
  uint64_t collect_countdown;
} sfzlv2_plugin;

/* run.c */
void sfzlv2_run(LV2_Handle instance, uint32_t frames);

/* worker.c */
LV2_Worker_Status sfzlv2_work(LV2_Handle instance, LV2_Worker_Respond_Function respond,
                              LV2_Worker_Respond_Handle handle, uint32_t size, const void *data);
LV2_Worker_Status sfzlv2_work_response(LV2_Handle instance, uint32_t size, const void *data);
/** The log function handed to the Swift half: context is the plugin. */
void sfzlv2_log(void *context, sfzlv2_log_level level, const char *message);
/** Sets the path run() reports, and asks it to report it. Not while run() runs. */
void sfzlv2_set_instrument_path(sfzlv2_plugin *plugin, const char *path);

/* state.c */
extern const void *const sfzlv2_state_interface;

#endif
