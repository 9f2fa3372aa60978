/*
 * sfzsampler_lv2.h - what the LV2 plugin's C half and its Swift half share: the plugin's URIs,
 * its port indices, and the log callback the Swift loader reports through.
 *
 * The C half (lv2_descriptor, run(), the worker and state glue) owns the LV2 side; the Swift
 * half (Sources/SFZSamplerLV2) owns the Sampler, instrument loading and the saved state, and
 * exports the functions of host.h with @_cdecl. No Swift runs in run().
 */
#ifndef SFZSAMPLER_LV2_H
#define SFZSAMPLER_LV2_H

#ifdef __cplusplus
extern "C" {
#endif

/** The plugin. */
#define SFZLV2_PLUGIN_URI "https://github.com/sfzsampler/sfzsampler#instrument"
/** Prefix of the plugin's own properties; a parameter's property is this plus its identifier. */
#define SFZLV2_URI_PREFIX "https://github.com/sfzsampler/sfzsampler#"
/** The patch property holding the instrument file (an atom:Path). */
#define SFZLV2_INSTRUMENT_FILE_URI "https://github.com/sfzsampler/sfzsampler#instrumentFile"
/** The state key of the sampler's full state: SFZSampler's SamplerState JSON (every parameter
 * but the document settings, and the current preset), atom:String. */
#define SFZLV2_STATE_URI "https://github.com/sfzsampler/sfzsampler#state"
/** The state key of the sampler's document state: SFZSampler's SamplerDocumentState JSON (master
 * tune and key tuning), atom:String. */
#define SFZLV2_DOCUMENT_STATE_URI "https://github.com/sfzsampler/sfzsampler#documentState"

/** Port indices; the control inputs of the parameters follow from SFZLV2_PORT_FIRST_PARAMETER,
 * one per parameter of the sampler's parameter tree, by address. */
enum {
  SFZLV2_PORT_CONTROL = 0,  /**< atom input: MIDI, patch:Set/Get, time:Position */
  SFZLV2_PORT_NOTIFY = 1,   /**< atom output: patch:Set replies */
  SFZLV2_PORT_OUT_LEFT = 2, /**< audio output */
  SFZLV2_PORT_OUT_RIGHT = 3,
  SFZLV2_PORT_FIRST_PARAMETER = 4
};

/** How serious a logged message is. */
typedef enum sfzlv2_log_level {
  SFZLV2_LOG_ERROR = 0,
  SFZLV2_LOG_WARNING = 1,
  SFZLV2_LOG_NOTE = 2
} sfzlv2_log_level;

/** Logs one message through the host's LV2 log (or stderr without one). */
typedef void (*sfzlv2_log_function)(void *context, sfzlv2_log_level level, const char *message);

#ifdef __cplusplus
}
#endif

#endif
