/*
 * run.c - the plugin's audio callback. It turns the control ports' changes, MIDI, patch:Set of
 * parameters and time:Position into engine events on their frames and renders; instrument
 * files go to the worker. No allocation, lock, I/O or Swift.
 */
#include <lv2/atom/util.h>
#include <lv2/midi/midi.h>
#include <math.h>
#include <string.h>

#include "plugin.h"

/** The part of the block collected so far: events from `offset` on, `count` of them. */
typedef struct block {
  uint32_t offset, count;
} block;

/** Renders the collected events' part of the block, up to `frame`. */
static void render_until(sfzlv2_plugin *p, block *b, uint32_t frame) {
  sc_engine_render(p->engine, frame - b->offset, p->events, b->count, p->out_left + b->offset,
                   p->out_right + b->offset);
  b->offset = frame;
  b->count = 0;
}

static void push(sfzlv2_plugin *p, block *b, uint32_t frame, sc_event event) {
  if (b->count == SFZLV2_EVENT_CAPACITY) render_until(p, b, frame);
  event.frame = frame - b->offset;
  p->events[b->count++] = event;
}

static void push_parameter(sfzlv2_plugin *p, block *b, uint32_t frame, sc_param parameter,
                           float value, uint8_t flags) {
  push(p, b, frame,
       (sc_event){.type = SC_EVENT_PARAMETER,
                  .data1 = (uint8_t)parameter,
                  .data2 = flags,
                  .number = value});
}

/* A port the host moved applies at the block's first frame, before the block's events. The host
 * made the change, so the engine does not report it back.
 *
 * The ports are what the host shows, so after a restore every port applies, moved or not,
 * unless the restored state carried its parameter: a preset that holds only the instrument, or
 * a host's snapshot of some ports, must not leave the engine at a value from before it. The
 * ports of parameters the state did carry are taken as they are: hosts set the saved port values
 * around the restore, and the engine already has the state's, which differ only where the host
 * itself set the parameter with patch:Set (which moves no port) before saving. */
static void apply_ports(sfzlv2_plugin *p, block *b) {
  bool restored = p->restored;
  p->restored = false;
  for (uint32_t i = 0; i < p->parameter_count; i++) {
    const float *port = p->parameter_ports[i];
    if (!port) continue;
    bool moved = *port != p->port_values[i];
    p->port_values[i] = *port;
    if (restored ? !p->restored_carried[i] : moved)
      push_parameter(p, b, 0, p->parameter_numbers[i], *port, SC_PARAMETER_FROM_CONTROL);
  }
}

static void apply_midi(sfzlv2_plugin *p, block *b, uint32_t frame, const uint8_t *m,
                       uint32_t size) {
  if (size < 2) return;
  sc_event e = {.channel = m[0] & 0x0F, .data1 = m[1] & 0x7F, .data2 = size > 2 ? m[2] & 0x7F : 0};
  switch (lv2_midi_message_type(m)) {
    case LV2_MIDI_MSG_NOTE_ON: e.type = SC_EVENT_NOTE_ON; break;
    case LV2_MIDI_MSG_NOTE_OFF:
      e.type = SC_EVENT_NOTE_OFF;
      e.data2 = 0;
      break;
    case LV2_MIDI_MSG_CONTROLLER: e.type = SC_EVENT_CONTROL_CHANGE; break;
    case LV2_MIDI_MSG_PGM_CHANGE: e.type = SC_EVENT_PROGRAM_CHANGE; break;
    case LV2_MIDI_MSG_CHANNEL_PRESSURE: e.type = SC_EVENT_CHANNEL_PRESSURE; break;
    case LV2_MIDI_MSG_NOTE_PRESSURE: e.type = SC_EVENT_POLY_PRESSURE; break;
    case LV2_MIDI_MSG_BENDER:
      if (size < 3) return;
      e.type = SC_EVENT_PITCH_BEND;
      e.value = (int32_t)(e.data1 | (e.data2 << 7)) - 8192;
      e.data1 = e.data2 = 0;
      break;
    default: return;
  }
  if ((e.type == SC_EVENT_NOTE_ON || e.type == SC_EVENT_CONTROL_CHANGE ||
       e.type == SC_EVENT_POLY_PRESSURE) &&
      size < 3)
    return;
  push(p, b, frame, e);
}

/** A number atom's value as a double; false for any other atom. */
static bool number_value(const sfzlv2_uris *u, const LV2_Atom *a, double *value) {
  if (!a) return false;
  if (a->type == u->atom_Float)
    *value = ((const LV2_Atom_Float *)a)->body;
  else if (a->type == u->atom_Double)
    *value = ((const LV2_Atom_Double *)a)->body;
  else if (a->type == u->atom_Int)
    *value = ((const LV2_Atom_Int *)a)->body;
  else if (a->type == u->atom_Long)
    *value = (double)((const LV2_Atom_Long *)a)->body;
  else if (a->type == u->atom_Bool)
    *value = ((const LV2_Atom_Bool *)a)->body != 0;
  else
    return false;
  return true;
}

static void apply_position(sfzlv2_plugin *p, block *b, uint32_t frame,
                           const LV2_Atom_Object *position) {
  const sfzlv2_uris *u = &p->uris;
  const LV2_Atom *bpm = NULL, *bar = NULL, *bar_beat = NULL, *beats_per_bar = NULL, *beat = NULL;
  lv2_atom_object_get(position, u->time_beatsPerMinute, &bpm, u->time_bar, &bar, u->time_barBeat,
                      &bar_beat, u->time_beatsPerBar, &beats_per_bar, u->time_beat, &beat, 0);
  double tempo, at, bars, in_bar, per_bar;
  if (number_value(u, bpm, &tempo)) push_parameter(p, b, frame, SC_PARAM_TEMPO, (float)tempo, 0);
  if (number_value(u, beat, &at) ||
      (number_value(u, bar, &bars) && number_value(u, bar_beat, &in_bar) &&
       number_value(u, beats_per_bar, &per_bar) && ((at = bars * per_bar + in_bar), true)))
    push(p, b, frame, (sc_event){.type = SC_EVENT_SONG_POSITION, .number = (float)at});
}

static void send_instrument(sfzlv2_plugin *p, uint32_t frame) {
  const sfzlv2_uris *u = &p->uris;
  LV2_Atom_Forge *forge = &p->forge;
  LV2_Atom_Forge_Frame object;
  if (!lv2_atom_forge_frame_time(forge, frame) ||
      !lv2_atom_forge_object(forge, &object, 0, u->patch_Set))
    return;
  lv2_atom_forge_key(forge, u->patch_property);
  lv2_atom_forge_urid(forge, u->instrument_file);
  lv2_atom_forge_key(forge, u->patch_value);
  lv2_atom_forge_path(forge, p->instrument_path, (uint32_t)strlen(p->instrument_path));
  lv2_atom_forge_pop(forge, &object);
}

static void request_load(sfzlv2_plugin *p, const LV2_Atom *value) {
  struct {
    uint32_t kind;
    char path[SFZLV2_MAX_PATH];
  } message;
  const char *path = LV2_ATOM_BODY_CONST(value);
  const char *end = memchr(path, '\0', value->size);
  uint32_t length = end ? (uint32_t)(end - path) : value->size;
  if (length >= SFZLV2_MAX_PATH) {
    message.kind = SFZLV2_WORK_TOO_LONG;
    p->schedule->schedule_work(p->schedule->handle, sizeof message.kind, &message);
    return;
  }
  message.kind = SFZLV2_WORK_LOAD;
  memcpy(message.path, path, length);
  message.path[length] = '\0';
  p->schedule->schedule_work(p->schedule->handle, sizeof message.kind + length + 1, &message);
}

static void apply_patch_set(sfzlv2_plugin *p, block *b, uint32_t frame,
                            const LV2_Atom_Object *set) {
  const sfzlv2_uris *u = &p->uris;
  const LV2_Atom *property = NULL, *value = NULL;
  lv2_atom_object_get(set, u->patch_property, &property, u->patch_value, &value, 0);
  if (!property || property->type != p->forge.URID || !value) return;
  LV2_URID key = ((const LV2_Atom_URID *)property)->body;
  if (key == u->instrument_file) {
    if (value->type == u->atom_Path || value->type == u->atom_String) request_load(p, value);
    return;
  }
  double number;
  for (uint32_t i = 0; i < p->parameter_count; i++)
    if (key == p->parameter_urids[i] && number_value(u, value, &number)) {
      push_parameter(p, b, frame, p->parameter_numbers[i], (float)number, 0);
      return;
    }
}

static void apply_object(sfzlv2_plugin *p, block *b, uint32_t frame, const LV2_Atom_Object *o) {
  const sfzlv2_uris *u = &p->uris;
  if (o->body.otype == u->patch_Set) {
    apply_patch_set(p, b, frame, o);
  } else if (o->body.otype == u->patch_Get) {
    const LV2_Atom *property = NULL;
    lv2_atom_object_get(o, u->patch_property, &property, 0);
    bool ours = !property || (property->type == p->forge.URID &&
                              ((const LV2_Atom_URID *)property)->body == u->instrument_file);
    if (ours && p->instrument_path[0]) send_instrument(p, frame);
  } else if (o->body.otype == u->time_Position) {
    apply_position(p, b, frame, o);
  }
}

static void schedule_collect(sfzlv2_plugin *p, uint32_t frames) {
  if (p->collect_countdown == 0) return;
  if (p->collect_countdown > frames) {
    p->collect_countdown -= frames;
    return;
  }
  uint32_t kind = SFZLV2_WORK_COLLECT;
  if (p->schedule->schedule_work(p->schedule->handle, sizeof kind, &kind) == LV2_WORKER_SUCCESS)
    p->collect_countdown = 0;
}

void sfzlv2_run(LV2_Handle instance, uint32_t frames) {
  sfzlv2_plugin *p = instance;
  const sfzlv2_uris *u = &p->uris;
  LV2_Atom_Forge_Frame notify;
  lv2_atom_forge_set_buffer(&p->forge, (uint8_t *)p->notify, p->notify->atom.size);
  lv2_atom_forge_sequence_head(&p->forge, &notify, 0);
  if (p->announce && p->instrument_path[0]) send_instrument(p, 0);
  p->announce = false;

  block b = {.offset = 0, .count = 0};
  apply_ports(p, &b);
  LV2_ATOM_SEQUENCE_FOREACH(p->control, ev) {
    /* a host's out-of-order or out-of-block frame is taken as the earliest it can be */
    int64_t at = ev->time.frames;
    uint32_t frame = at < (int64_t)b.offset ? b.offset : at > frames ? frames : (uint32_t)at;
    if (ev->body.type == u->midi_MidiEvent)
      apply_midi(p, &b, frame, (const uint8_t *)(ev + 1), ev->body.size);
    else if (lv2_atom_forge_is_object_type(&p->forge, ev->body.type))
      apply_object(p, &b, frame, (const LV2_Atom_Object *)&ev->body);
  }
  render_until(p, &b, frames);
  lv2_atom_forge_pop(&p->forge, &notify);
  schedule_collect(p, frames);
}
