/* stereo_pairs.h - two regions that differ only in their mono sample and their pan, as an SF2
 * conversion writes every stereo sample (its left and right halves, panned hard apart), played as
 * one stereo voice (stereo_pairs.c): the control work, the filters' coefficients and the mix are
 * paid once for both sides instead of twice. Each side keeps its own pan (voice_mix.c), so the
 * voice sounds as the two would. */
#ifndef SC_STEREO_PAIRS_H
#define SC_STEREO_PAIRS_H

#include "instrument/instrument.h"

/* Finds the pairs among the finalized regions (their play resolved and modulations indexed),
 * gives each pair's first region a stereo sample of both sides and its partner's pan, and marks
 * the partner as played by it; a mono sample no region plays any more is freed. Before the key
 * index is built, which leaves partners out. Returns false when out of memory. [control] */
bool sc_instrument_pair_regions(sc_instrument *instrument);

#endif
