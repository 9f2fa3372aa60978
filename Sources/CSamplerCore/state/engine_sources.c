/* engine_sources.c - ARIA's engine sources (corpus/spec extensions/midi_ccs.md: "Anything above
 * 137 is not specified in the SFZ 2 standard ... ARIA adds more"), as conditions (lohdccN,
 * hihdccN) and modulations (_onccN) read them: in their own units, not 0...1 ("Many will often
 * have non-integer values"). The page gives a name and nothing more for each; what is read
 * here, where the name leaves a choice:
 *   - times count from the frame the event or the block starts at (as the timer conditions do);
 *   - before any note-on (note-off), 151 (152) counts from the engine's start;
 *   - 151 and 152 restart at the event itself ("CC 151 is reset as soon as a new note is hit"),
 *     so a note's own conditions see 0;
 *   - 153 counts keys held on all of the engine's channels, 154 the voices playing (not those
 *     fading after a steal). */
#include "state/engine_sources.h"
#include "state/engine_state.h"

static float seconds_since(const sc_engine *e, uint64_t frame) {
  return (float)((double)(e->now - frame) / e->config.sample_rate);
}

float sc_engine_source(const sc_engine *e, uint16_t source) {
  switch (source) {
    case SC_SOURCE_HOST_TEMPO: return e->parameters.value[SC_PARAM_TEMPO];
    case SC_SOURCE_SAMPLE_RATE: return (float)e->config.sample_rate;
    case SC_SOURCE_ENGINE_TIME: return seconds_since(e, 0);
    case SC_SOURCE_SONG_POSITION: return (float)e->beat;
    case SC_SOURCE_INSTRUMENT_TIME: return seconds_since(e, e->instrument_frame);
    case SC_SOURCE_SINCE_KEY_ON: return seconds_since(e, e->last_key_on);
    case SC_SOURCE_SINCE_KEY_OFF: return seconds_since(e, e->last_key_off);
    case SC_SOURCE_KEYS_DOWN: return (float)e->keys_down;
    case SC_SOURCE_ACTIVE_VOICES: return (float)e->playing;
    default: return 0.0f;
  }
}
