/* tuning.h - retuning (tuning.c): a key's pitch changed by an event or a whole table handed over,
 * with the notes sounding on it moved; the table itself is state/key_tuning.h. */
#ifndef SC_TUNING_H
#define SC_TUNING_H

#include "sampler_core.h"

/* [render] An SC_EVENT_NOTE_FREQUENCY event. */
void sc_tuning_apply_event(sc_engine *engine, const sc_event *event);
/* [render] Takes the table sc_engine_set_tuning handed over, if there is a new one. */
void sc_tuning_adopt(sc_engine *engine);

#endif
