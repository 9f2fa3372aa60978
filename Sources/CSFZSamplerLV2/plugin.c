/*
 * plugin.c - the plugin's descriptor, instantiation and ports. Instantiation maps the URIDs,
 * finds the host's features and asks the Swift half for the Sampler and its engine.
 */
#define _GNU_SOURCE /* dladdr, RTLD_NODELETE */
#include <dlfcn.h>
#include <lv2/midi/midi.h>
#include <lv2/options/options.h>
#include <lv2/parameters/parameters.h>
#include <lv2/patch/patch.h>
#include <lv2/state/state.h>
#include <lv2/time/time.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"
#include "plugin.h"

static void map_uris(sfzlv2_uris *u, LV2_URID_Map *map) {
  LV2_URID (*m)(LV2_URID_Map_Handle, const char *) = map->map;
  LV2_URID_Map_Handle h = map->handle;
  u->atom_Path = m(h, LV2_ATOM__Path);
  u->atom_Float = m(h, LV2_ATOM__Float);
  u->atom_Double = m(h, LV2_ATOM__Double);
  u->atom_Int = m(h, LV2_ATOM__Int);
  u->atom_Long = m(h, LV2_ATOM__Long);
  u->atom_Bool = m(h, LV2_ATOM__Bool);
  u->atom_Object = m(h, LV2_ATOM__Object);
  u->atom_String = m(h, LV2_ATOM__String);
  u->midi_MidiEvent = m(h, LV2_MIDI__MidiEvent);
  u->patch_Set = m(h, LV2_PATCH__Set);
  u->patch_Get = m(h, LV2_PATCH__Get);
  u->patch_property = m(h, LV2_PATCH__property);
  u->patch_value = m(h, LV2_PATCH__value);
  u->time_Position = m(h, LV2_TIME__Position);
  u->time_beatsPerMinute = m(h, LV2_TIME__beatsPerMinute);
  u->time_bar = m(h, LV2_TIME__bar);
  u->time_barBeat = m(h, LV2_TIME__barBeat);
  u->time_beatsPerBar = m(h, LV2_TIME__beatsPerBar);
  u->time_beat = m(h, LV2_TIME__beat);
  u->param_sampleRate = m(h, LV2_PARAMETERS__sampleRate);
  u->instrument_file = m(h, SFZLV2_INSTRUMENT_FILE_URI);
  u->state = m(h, SFZLV2_STATE_URI);
  u->document_state = m(h, SFZLV2_DOCUMENT_STATE_URI);
}

/* The engine renders any block length, so of the options only the sample rate matters: it must
 * be the rate the host instantiates with. */
static void check_options(sfzlv2_plugin *p, const LV2_Options_Option *options) {
  for (const LV2_Options_Option *o = options; o && o->key; o++)
    if (o->key == p->uris.param_sampleRate && o->type == p->uris.atom_Float &&
        *(const float *)o->value != (float)p->sample_rate)
      lv2_log_warning(&p->logger, "SFZSampler: option sample rate %g differs from %g; using %g\n",
                      *(const float *)o->value, p->sample_rate, p->sample_rate);
}

static bool map_parameters(sfzlv2_plugin *p) {
  uint32_t numbers[SC_PARAM_COUNT];
  p->parameter_count = sfzlv2_host_parameters(p->host, numbers, SC_PARAM_COUNT);
  if (p->parameter_count > SC_PARAM_COUNT) return false;
  for (uint32_t i = 0; i < p->parameter_count; i++) {
    char *uri = sfzlv2_host_parameter_uri(p->host, i);
    if (!uri) return false;
    p->parameter_numbers[i] = (sc_param)numbers[i];
    p->parameter_urids[i] = p->map->map(p->map->handle, uri);
    free(uri);
    p->port_values[i] = sc_engine_parameter(p->engine, p->parameter_numbers[i]);
  }
  return true;
}

static void cleanup(LV2_Handle instance) {
  sfzlv2_plugin *p = instance;
  if (p->host) sfzlv2_host_destroy(p->host);
  free(p);
}

static LV2_Handle instantiate(const LV2_Descriptor *descriptor, double rate,
                              const char *bundle_path, const LV2_Feature *const *features) {
  (void)descriptor;
  (void)bundle_path;
  sfzlv2_plugin *p = calloc(1, sizeof *p);
  if (!p) return NULL;
  const LV2_Options_Option *options = NULL;
  LV2_Log_Log *log = NULL;
  for (uint32_t i = 0; features && features[i]; i++) {
    const char *uri = features[i]->URI;
    if (!strcmp(uri, LV2_URID__map))
      p->map = features[i]->data;
    else if (!strcmp(uri, LV2_WORKER__schedule))
      p->schedule = features[i]->data;
    else if (!strcmp(uri, LV2_LOG__log))
      log = features[i]->data;
    else if (!strcmp(uri, LV2_OPTIONS__options))
      options = features[i]->data;
  }
  lv2_log_logger_init(&p->logger, p->map, log);
  if (!p->map || !p->schedule) {
    lv2_log_error(&p->logger, "SFZSampler: the host provides no %s\n",
                  p->map ? LV2_WORKER__schedule : LV2_URID__map);
    free(p);
    return NULL;
  }
  map_uris(&p->uris, p->map);
  lv2_atom_forge_init(&p->forge, p->map);
  p->sample_rate = rate;
  check_options(p, options);
  p->host = sfzlv2_host_create(rate, &p->engine);
  if (!p->host || !map_parameters(p)) {
    lv2_log_error(&p->logger, "SFZSampler: could not create the engine at %g Hz\n", rate);
    cleanup(p);
    return NULL;
  }
  return p;
}

static void connect_port(LV2_Handle instance, uint32_t port, void *data) {
  sfzlv2_plugin *p = instance;
  switch (port) {
    case SFZLV2_PORT_CONTROL: p->control = data; break;
    case SFZLV2_PORT_NOTIFY: p->notify = data; break;
    case SFZLV2_PORT_OUT_LEFT: p->out_left = data; break;
    case SFZLV2_PORT_OUT_RIGHT: p->out_right = data; break;
    default:
      if (port - SFZLV2_PORT_FIRST_PARAMETER < p->parameter_count)
        p->parameter_ports[port - SFZLV2_PORT_FIRST_PARAMETER] = data;
      break;
  }
}

static const void *extension_data(const char *uri) {
  static const LV2_Worker_Interface worker = {sfzlv2_work, sfzlv2_work_response, NULL};
  if (!strcmp(uri, LV2_WORKER__interface)) return &worker;
  if (!strcmp(uri, LV2_STATE__interface)) return sfzlv2_state_interface;
  return NULL;
}

/* The Swift runtime keeps pointers into every loaded Swift library (type metadata, protocol
 * conformances) for the life of the process, so a host that unloads the plugin once its last
 * instance is gone would leave them dangling: the library pins itself when first asked for its
 * descriptor. */
static void stay_loaded(void) {
  Dl_info self;
  if (dladdr((const void *)&lv2_descriptor, &self) && self.dli_fname)
    dlopen(self.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
}

LV2_SYMBOL_EXPORT const LV2_Descriptor *lv2_descriptor(uint32_t index) {
  stay_loaded();
  static const LV2_Descriptor descriptor = {
      SFZLV2_PLUGIN_URI, instantiate, connect_port, NULL,
      sfzlv2_run,        NULL,        cleanup,      extension_data};
  return index == 0 ? &descriptor : NULL;
}
