/* config.h - every tunable constant of the render core, each with why it has its value. */
#ifndef SC_CONFIG_H
#define SC_CONFIG_H

/* Largest polyphony an engine may be created with; voices are allocated at create time. */
#define SC_MAX_POLYPHONY 4096

/* Extra voice slots for stolen and choked voices while they fade out, so the note that took
 * their place starts at once: polyphony / SC_FADE_RESERVE_DIVISOR, at least SC_FADE_RESERVE_MIN. */
#define SC_FADE_RESERVE_DIVISOR 4
#define SC_FADE_RESERVE_MIN 8

/* Fade-out of a stolen or choked voice, in seconds: long enough to avoid a click (a 5 ms linear
 * fade keeps every step of a full-scale signal below -47 dBFS at 48 kHz), short enough that the
 * voice is free again almost at once. */
#define SC_STEAL_FADE_SECONDS 0.005

/* Fade applied to voices of an instrument that is being replaced. */
#define SC_SWAP_FADE_SECONDS 0.005
/* A voice whose filtered output leaves this magnitude (120 dB above full scale, which no
 * instrument reaches) or is not finite is broken: it is silenced before it reaches the mix. */
#define SC_BROKEN_VOICE_LEVEL 1.0e6f

/* Envelopes, LFOs, pitch and filter coefficients are updated at most this many frames apart, on
 * a grid from each voice's first frame; the gain is ramped linearly in between. Events and envelope
 * stages still start on their own frames. 64 frames is 1.33 ms at 48 kHz, FluidSynth's step too:
 * 12% less CPU on General MIDI songs than 32, whose per-chunk work was a quarter of a voice's
 * cost. A ramp's straight line stays within 0.3 dB of a release's curve for releases of 20 ms
 * and more (0.1 dB at 40 ms; 1.2 dB mid-chunk at 10 ms, a fade too short to hear it in). */
#define SC_CONTROL_FRAMES 64

/* The engine renders a block in spans of at most this many frames (and shorter ones between
 * events): what a voice adds to the mix in one go, and the size of each mix group's sum. */
#define SC_SPAN_FRAMES 256

/* The voices of a span are summed in SC_MIX_GROUPS groups, each in slot order, then the groups
 * in order (mix_groups.h): an order a render team of any size keeps while its threads render
 * whole groups. The slots are dealt to the groups in runs of SC_MIX_GROUP_RUN (slot i in group
 * i / SC_MIX_GROUP_RUN % SC_MIX_GROUPS), and voices take the lowest free slot, so a few voices
 * share a few groups: each group after the first costs one thread a clear and an add of the
 * span (2 KB), about 9% more per voice at 16 voices when every voice had a group of its own, and
 * no measurable cost in runs of 2 (8 groups for 16 voices). Runs of 2 rather than 4 spread a
 * song of 45 voices over all 16 groups instead of 12, so the last group a thread takes is a
 * smaller share of the span: two threads rendered CP80 1.68-1.70x as fast as one instead of
 * 1.58-1.65x. Enough groups for the threads of a desktop machine to share evenly. At most 32
 * groups. */
#define SC_MIX_GROUPS 16
#define SC_MIX_GROUP_RUN 2

/* Offline render teams (render_team.c). A span shorter than this many voice-frames (voices x
 * frames) renders on the calling thread alone: offering it to the others would cost more than it
 * saves. A thread waiting for the others polls this many times (a few microseconds) before a
 * worker sleeps or the caller yields. At most this many threads. */
#define SC_TEAM_MIN_VOICE_FRAMES 1024
#define SC_TEAM_SPIN_ROUNDS 2000
#define SC_TEAM_MAX_THREADS 256

/* The cache line of the processors the engine runs on (x86-64 and ARM64 servers: 64 bytes): the
 * step of a voice's prefetch of the sample values it reads next (voice/playhead.h). */
#define SC_CACHE_LINE_BYTES 64

/* The tail peaks of a sample (instrument/sample_peaks.h) are kept one per this many frames: 4
 * bytes per 2 KB of a mono 16-bit sample, and a voice that has played past a loud attack is
 * bounded by its tail within 21 ms at 48 kHz. */
#define SC_SAMPLE_PEAK_BLOCK_FRAMES 1024

/* Frames of silence kept before and after every sample so that interpolation kernels can read
 * their taps without bounds checks. Must be at least half the sinc kernel width. */
#define SC_SAMPLE_PADDING 16

/* Samples whose frames take at least this many bytes are mapped from the system (pages.c), so
 * unloading gives them back at once; smaller ones come from the heap, where a page and a mapping
 * apiece would be waste (a General MIDI bank has thousands of short samples). */
#define SC_SAMPLE_MAP_BYTES (64 * 1024)

/* Windowed-sinc kernel: taps (even) and phases of the precomputed table. 16 taps and 512 phases
 * with linear interpolation between phases keep interpolation noise under -100 dB for
 * signals well below Nyquist. */
#define SC_SINC_TAPS 16
#define SC_SINC_PHASES 512
/* Kaiser window beta: trades main-lobe width for side-lobe level (about -90 dB here). */
#define SC_SINC_KAISER_BETA 9.0

/* Position is a 64-bit fixed point number with this many fraction bits: after an hour of
 * looping at any pitch the phase error stays below 1e-6 frames, unlike float accumulation. */
#define SC_FRACTION_BITS 32

/* Capacity of the control-thread -> render-thread event ring (power of two). */
#define SC_QUEUE_CAPACITY 4096
/* Posted events applied per render call at most: one per SC_FRAMES_PER_POSTED_EVENT frames, and
 * never fewer than SC_MIN_POSTED_EVENTS_PER_BLOCK. That is 6,000 events a second at 48 kHz, six
 * times what a MIDI cable carries, yet a flood from the control thread costs any one block no
 * more than a few voice starts. The rest wait in the ring for the next blocks. */
#define SC_FRAMES_PER_POSTED_EVENT 8
#define SC_MIN_POSTED_EVENTS_PER_BLOCK 16

/* Instruments waiting for the control thread to free them (power of two). */
#define SC_GARBAGE_CAPACITY 8

/* Decay and release multiply the level by exp(-SC_ENVELOPE_DECAY_RATE / (t x rate)) every sample,
 * as ARIA does (corpus/spec opcodes/ampeg_attack.md): about 70 dB of fall over the stated time t.
 * (sfizz uses 9, about 78 dB; the documentation and ARIA decide.) */
#define SC_ENVELOPE_DECAY_RATE 8.0

/* A filter's cutoff follows its envelope, LFO and controllers to within this many cents
 * (voice/voice_filters.c): the filter is designed anew once the cutoff has moved this far. A
 * tenth of a cent is 0.006% of the frequency, far below what anyone hears in a cutoff (pitch
 * itself is heard to a few cents); a General MIDI song's filter envelopes move most voices'
 * cutoffs by less than that each control chunk. */
#define SC_FILTER_CUTOFF_RESOLUTION_CENTS 0.1

/* Largest filter resonance either way, in dB (the opcode's documented maximum, 40): beyond it the
 * two-pole filters ring for seconds at the cutoff. */
#define SC_FILTER_RESONANCE_MAX_DB 40.0

/* Largest shelf or band gain of the lsh, hsh and peq filter types either way, in dB (fil_gain,
 * whose table range is -96...96): it bounds what a controller can add. */
#define SC_FILTER_GAIN_MAX_DB 96.0

/* The comb filter's delay line, in frames, shared by a voice's comb filters: its delay is one
 * period of the cutoff, so at 48 kHz one comb reaches down to 48000 / 512 = 93.75 Hz (two combs
 * in one voice split it: 187.5 Hz). A lower cutoff plays at the longest delay. 4 KB a voice:
 * the line lives in the voice, so no comb ever allocates. */
#define SC_FILTER_COMB_FRAMES 512

/* The pink filter (-3 dB per octave): SC_FILTER_PINK_SECTIONS first-order sections, each a pole
 * with a zero SC_FILTER_PINK_STEP times above it, the next pole that again above the zero, from
 * SC_FILTER_PINK_LOWEST_HZ. A pole-zero pair drops the gain by 20 log10(step) dB over 2 log2(step)
 * octaves: -3.01 dB per octave whatever the step; a step of an octave keeps the ripple within
 * 0.15 dB from 100 Hz to 10 kHz (poles 10...10240 Hz, zeros 20...20480 Hz). The tilt passes
 * 0 dB at SC_FILTER_PINK_REFERENCE_HZ. */
#define SC_FILTER_PINK_SECTIONS 6
#define SC_FILTER_PINK_STEP 2.0
#define SC_FILTER_PINK_LOWEST_HZ 10.0
#define SC_FILTER_PINK_REFERENCE_HZ 1000.0

/* A pedal is down at controller values >= this: 0.5, any value above 0, as ARIA documents for
 * sustain_lo and sostenuto_lo (corpus/spec opcodes/sustain_lo.md), so half-pedalling holds. */
#define SC_DEFAULT_PEDAL_LO 0.5f

/* Silence (-100 dBFS): a releasing voice whose envelope falls below it is freed, and so is a
 * voice whose remaining output could no longer reach it (voice/audibility.h). */
#define SC_SILENCE_LEVEL 1e-5f

/* The library's vibrato (SC_PARAM_VIBRATO_DEPTH, cents, and rate, Hz): off by default, since an
 * SFZ instrument's own opcodes say what modulates its pitch. */
#define SC_DEFAULT_VIBRATO_DEPTH 0.0f
#define SC_DEFAULT_VIBRATO_RATE 5.0f

/* Smoothing time of channel volume, expression and pan changes, to avoid zipper noise. */
#define SC_CONTROLLER_SMOOTHING_SECONDS 0.005

/* Per-note expression (note_expression.c). Pitch and brightness offsets stop at 192 semitones,
 * the widest an MPE zone can bend (96 semitones on the member channel plus 96 on the manager);
 * volume stops at the range of SFZ's volume opcode below (-144 dB, silence) and at +24 dB above,
 * as much as sfzplay's --gain: past that nothing is left to do but clip. */
#define SC_NOTE_CENTS_LIMIT 19200.0f
#define SC_NOTE_VOLUME_MIN_DB (-144.0f)
#define SC_NOTE_VOLUME_MAX_DB 24.0f

/* Seed of the engine's random numbers (lorand/hirand). Fixed, so the same events always render
 * the same audio; any non-zero value works. */
#define SC_RANDOM_SEED 0x5DEECE66DULL

/* Modulations one voice follows: the public limit per region (SC_MAX_REGION_MODULATIONS,
 * 32, several times what any instrument of the test corpus uses). */
#define SC_MAX_VOICE_MODULATIONS SC_MAX_REGION_MODULATIONS

/* A flex amplitude envelope (egN_ampeg) released past its last point, or with no point after
 * its sustain, still has level to lose: the voice fades out over this many seconds, as short as
 * a stolen voice's fade yet click-free. */
#define SC_V2_AMP_END_FADE_SECONDS 0.005

/* Segment shapes (flex envelopes, off_curve=10 fades, shaped envelope stages) past this
 * magnitude are square corners already (at -50 a fade is within 0.1 dB of its end after 1/7 of
 * its time); clamping keeps exp() far from overflow. */
#define SC_SEGMENT_MAX_SHAPE 50.0

/* The SFZ v2 noise generator (noise_*; dsp/noise.c). Its opcode pages are empty and syntax.yml
 * gives only ranges, so these are choices: noise_tone 0...100 tilts the noise with one pole,
 * white at SC_NOISE_TONE_WHITE (also the value when unset), a low-pass below it and a high-pass
 * above it whose corner runs from SC_NOISE_TONE_LOWEST_HZ up by SC_NOISE_TONE_SPAN over each
 * half; noise_step 0...100 holds each value, new values coming SC_NOISE_STEP_TOP_HZ times a
 * second at 0 (every frame up to that rate) and half as often every SC_NOISE_STEP_PER_OCTAVE. */
#define SC_NOISE_TONE_WHITE 50.0f
#define SC_NOISE_TONE_LOWEST_HZ 20.0
#define SC_NOISE_TONE_SPAN 1000.0
#define SC_NOISE_STEP_TOP_HZ 48000.0
#define SC_NOISE_STEP_PER_OCTAVE 10.0

/* ARIA's off_shape where a region writes off_curve but no off_shape (corpus/spec syntax.yml). */
#define SC_OFF_SHAPE_DEFAULT -10.3616f

/* ------------------------------------------------------------------------ effects */
/* The engine's reverb (dsp/reverb.c): a feedback delay network after Jot & Chaigne (1991),
 * SC_REVERB_LINES delay lines mixed by an orthogonal (Hadamard) matrix. 16 lines give an echo
 * density that reaches Gaussian-noise statistics within about 50 ms; more cost more per sample
 * with little audible gain. Base line lengths in ms, spread between 29 and 97 ms (about a
 * factor 3.3: wide enough that the modes of the lines interleave, narrow enough that no line
 * dominates the tail); each is rounded to a prime number of frames at the sample rate, so the
 * lengths are mutually prime and no two lines share a resonance. Room size s (0...1) scales
 * them by SC_REVERB_SIZE_MIN + s (SC_REVERB_SIZE_MAX - SC_REVERB_SIZE_MIN). */
#define SC_REVERB_LINES 16
#define SC_REVERB_LINE_MS \
  { 29.3, 31.7, 34.9, 37.1, 41.3, 44.9, 47.5, 52.1, 56.3, 60.7, 64.1, 69.5, 74.3, 81.1, 88.9, 97.3 }
#define SC_REVERB_SIZE_MIN 0.4
#define SC_REVERB_SIZE_MAX 1.2
/* How long the reverb's lines take to glide to the lengths of a new size: a jump would click;
 * gliding bends the pitch of the tail for this long. */
#define SC_REVERB_SIZE_GLIDE_SECONDS 0.1
/* Input diffusion: Schroeder all-passes in series on each side before the network, which turn
 * a click into a dense burst so the tail is dense from its start. Gain 0.7 as in Schroeder's
 * (1962) diffusers; lengths in ms, different for each side so the two inputs decorrelate. */
#define SC_REVERB_DIFFUSERS 4
#define SC_REVERB_DIFFUSER_GAIN 0.7
#define SC_REVERB_DIFFUSER_MS_LEFT \
  { 4.77, 3.59, 2.73, 1.87 }
#define SC_REVERB_DIFFUSER_MS_RIGHT \
  { 4.41, 3.31, 2.51, 1.69 }
/* The reverb works on blocks of at most this many frames (fewer when a line is shorter): each
 * stage runs over a whole block before the next, so the network's state stays in vector
 * registers and its lines are read and written as contiguous runs. 128 frames of the 16 lines
 * (8 KB) stay in the L1 cache; in calls of 256 frames, blocks of 32 and 64 measured 1.5 and 1.2
 * times as long, and 256 or 512 no faster. A multiple of 16: the vector kernels take 16 frames
 * at a time. */
#define SC_REVERB_BLOCK 128
/* Ranges and defaults of the reverb's settings: decay time (RT60 at mid frequencies, s),
 * damping (the RT60 at Nyquist over the mid RT60: 1 no damping), pre-delay (s), width (0 mono,
 * 1 the network's full decorrelated stereo), room size (0...1) and return level (linear). The
 * defaults are those of a medium hall. The return's level is set by measurement: General MIDI
 * songs through the FluidR3 bank against FluidSynth's default reverb from the SF2 it was
 * converted from (Benchmarks EffectsReport, results/effects-report.txt). At 2 the reverb adds
 * as much to a song whose instruments send on their own (CC91 at 0) as FluidSynth's does; where
 * a song leaves CC91 alone it adds more, as CC91 starts at General MIDI 2's 40 here and at 0 in
 * FluidSynth. */
#define SC_REVERB_MIN_DECAY 0.1f
#define SC_REVERB_MAX_DECAY 20.0f
#define SC_REVERB_DEFAULT_DECAY 2.0f
#define SC_REVERB_MIN_DAMPING 0.05f
#define SC_REVERB_DEFAULT_DAMPING 0.5f
#define SC_REVERB_MAX_PREDELAY 0.5f
#define SC_REVERB_DEFAULT_PREDELAY 0.02f
#define SC_REVERB_DEFAULT_WIDTH 1.0f
#define SC_REVERB_DEFAULT_SIZE 0.5f
#define SC_REVERB_DEFAULT_LEVEL 2.0f
#define SC_EFFECT_MAX_LEVEL 4.0f /* +12 dB, as the master gain */

/* The engine's chorus (dsp/chorus.c): up to SC_CHORUS_MAX_VOICES copies of the input read from
 * a delay line at SC_CHORUS_CENTER_MS plus a sine of `depth` ms (at most SC_CHORUS_MAX_DEPTH_MS)
 * at `rate` Hz, their phases spread evenly, alternately panned left and right. A 7 ms centre
 * keeps the copies fused with the dry sound (under the ~10 ms echo threshold) yet clear of
 * comb-filter flanging. Defaults: a gentle ensemble chorus, its return at 2 (+6 dB): set beside
 * FluidSynth's on General MIDI songs (Benchmarks EffectsReport), 6 dB under it, whose chorus on
 * a drum kit returns more than the kit itself. */
#define SC_CHORUS_MAX_VOICES 4
#define SC_CHORUS_CENTER_MS 7.0
#define SC_CHORUS_MAX_DEPTH_MS 5.0f
#define SC_CHORUS_MAX_RATE 10.0f
#define SC_CHORUS_DEFAULT_RATE 0.6f
#define SC_CHORUS_DEFAULT_DEPTH_MS 2.0f
#define SC_CHORUS_DEFAULT_VOICES 3.0f
#define SC_CHORUS_DEFAULT_LEVEL 2.0f
/* The chorus works on blocks of at most this many frames: the input is written for the whole
 * block before the voices read it back, and its delay line is this much longer than the longest
 * delay so that the block's writes never reach a frame a voice still reads. */
#define SC_CHORUS_BLOCK 128

/* The engine's effect buses a voice sends to: 0 the reverb (effect1), 1 the chorus (effect2),
 * unless the instrument puts a chain on fx1 or fx2 (then they feed it); 2 and 3 (effect3 and
 * effect4) feed only an instrument's fx3 and fx4 chains. The first SC_SEND_BUSES are the ones a
 * per-channel render hands out. */
#define SC_BUS_REVERB 0
#define SC_BUS_CHORUS 1
#define SC_BUS_SENDS 4

/* An instrument's <effect> chains (instrument/instrument_effects.c, dsp/fx_unit.c).
 * lofi (corpus/spec opcodes/bitred.md and decim.md, 0...100, say no more): bitred b > 0 rounds
 * the signal to a grid of 2 / 2^bits over full scale (-1...1), bits = SC_LOFI_MAX_BITS -
 * (SC_LOFI_MAX_BITS - SC_LOFI_MIN_BITS) b / 100: 16 bits (a CD's) at the lightest, 1 at 100.
 * decim d > 0 holds each taken sample until the next, taken at (1 - d / 100) of the sample rate,
 * at least SC_LOFI_MIN_RATE of it; 0 leaves each of them off. */
#define SC_LOFI_MAX_BITS 16.0f
#define SC_LOFI_MIN_BITS 1.0f
#define SC_LOFI_MIN_RATE 0.01f
/* Defaults where the pages give none: a quarter-second delay; an eq band at eq2's default
 * frequency and bandwidth (corpus/spec eqN_freq.md: 500 Hz; eqN_bw.md: 1 octave); a filter at
 * fil_type's default lpf_2p with the cutoff open. */
#define SC_EFFECT_DEFAULT_DELAY_SECONDS 0.25f
#define SC_EFFECT_DEFAULT_EQ_FREQ 500.0f
#define SC_EFFECT_DEFAULT_EQ_BW 1.0f
#define SC_EFFECT_DEFAULT_FILTER_CUTOFF 20000.0f
/* The chain reverb's decay (RT60, s) across reverb_size 0...100: the pages give the size only in
 * percent, so it spans a small room to a large hall. */
#define SC_FX_REVERB_MIN_DECAY 0.3f
#define SC_FX_REVERB_MAX_DECAY 6.0f
/* bypass_onccN=v (corpus/spec opcodes/bypass_onccN.md): the effect plays while its controller,
 * on the 0...127 scale, is at least this over v. */
#define SC_EFFECT_BYPASS_THRESHOLD 64.0f
/* A controller moving an effect's input, dry or wet level, or its bypass, ramps the level (the
 * bypass fades between the effect's input and its output) over this long, whatever the spans: a
 * jump would click. 5 ms, as long as a fast fader move. */
#define SC_EFFECT_RAMP_SECONDS 0.005
/* How long a delay's tap takes to glide to a time a controller gave it (delay_time_onccN): a
 * jump would click; gliding bends the pitch of what is in the line for this long, as a tape
 * delay does. */
#define SC_EFFECT_DELAY_GLIDE_SECONDS 0.1

/* An effect whose input has been silent, and whose internal signals all stayed below this level
 * (-140 dBFS, far under any converter's noise) for as long as its longest path, is cleared and
 * stops until something is sent again: a silent input then gives exact zeros at no cost. */
#define SC_EFFECT_SILENCE_LEVEL 1e-7f

/* ------------------------------------------------------------------------ MIDI numbers */
/* Controllers the engine itself answers (MIDI 1.0 and General MIDI). A region's sustain_cc and
 * sostenuto_cc default to the pedals' numbers; volume, pan and expression act unless the region
 * maps them itself (SC_IMPLICIT_*). */
#define SC_CC_MOD_WHEEL 1
#define SC_CC_VOLUME 7
#define SC_CC_PAN 10
#define SC_CC_EXPRESSION 11
#define SC_CC_SUSTAIN 64
#define SC_CC_SOSTENUTO 66
/* Reset All Controllers returns the pedals from sustain to this one (soft pedal) to up. */
#define SC_CC_LAST_PEDAL 67
#define SC_CC_ALL_SOUND_OFF 120
#define SC_CC_RESET_ALL_CONTROLLERS 121
#define SC_CC_ALL_NOTES_OFF 123
/* Bank select, most and least significant byte: with the program, what an ensemble's channel
 * plays (ensemble.c). */
#define SC_CC_BANK_SELECT_MSB 0
#define SC_CC_BANK_SELECT_LSB 32
/* General MIDI's drum channel (channel 10, index 9): it plays drum kits, chosen by program. */
#define SC_GM_DRUM_CHANNEL 9
/* General MIDI's effect sends: reverb (CC91) and chorus (CC93) depth, and the power-on values of
 * General MIDI Level 2 (reverb 40, chorus 0), which the channel sends start from. */
#define SC_CC_REVERB_SEND 91
#define SC_CC_CHORUS_SEND 93
#define SC_POWER_ON_REVERB_SEND 40
#define SC_POWER_ON_CHORUS_SEND 0
/* A channel send at 127 adds this much to a voice's region send: 20%, the amount of the
 * SoundFont 2.04 default modulators CC91 -> reverb send and CC93 -> chorus send (section
 * 8.4.8), which FluidSynth, the player General MIDI users compare with, applies on top of each
 * instrument's own sends as the engine does with effect1 and effect2. */
#define SC_CHANNEL_SEND_DEPTH 0.2f

/* The General MIDI power-on values ARIA and sfizz also start from: volume 100 (-4.1 dB through
 * the squared volume law, headroom for chords of full-scale samples), pan centred, expression
 * full. */
#define SC_POWER_ON_VOLUME 100
#define SC_POWER_ON_PAN 64
#define SC_POWER_ON_EXPRESSION 127

/* Pitch bend: 14 bits, centre 0 (8192 on the wire). Full bend down is SC_BEND_MIN, full up
 * SC_BEND_MAX, so the two halves differ by one step. */
#define SC_BEND_MIN (-8192)
#define SC_BEND_MAX 8191

/* Concert pitch: A4, MIDI note 69, at 440 Hz, 6900 cents above note 0 in 12-TET. */
#define SC_A4_HZ 440.0
#define SC_A4_CENTS 6900.0

/* Engine parameters (state/parameters.c): the key the engine filter's tracked frequency is measured
 * from (middle C), and the ceilings of the ranges the parameter table promises. */
#define SC_FILTER_TRACKING_REFERENCE_KEY 60
#define SC_PARAM_MAX_GAIN 4.0f /* +12 dB */
#define SC_PARAM_MAX_ENVELOPE_SECONDS 10.0f
#define SC_PARAM_MAX_GLIDE_SECONDS 10.0f
#define SC_PARAM_MAX_VIBRATO_CENTS 1200.0f
#define SC_PARAM_MAX_VIBRATO_HZ 20.0f
#define SC_PARAM_MAX_BEND_CENTS 4800.0f /* 48 semitones, the MPE default range */
#define SC_PARAM_MIN_TEMPO 1.0f
#define SC_PARAM_MAX_TEMPO 999.0f
#define SC_PARAM_MIN_CUTOFF_MULTIPLE 0.1f
#define SC_PARAM_MAX_CUTOFF_MULTIPLE 100.0f
#define SC_PARAM_DEFAULT_CUTOFF_MULTIPLE 4.0f
#define SC_PARAM_MAX_RESONANCE_DB 24.0f
#define SC_PARAM_MAX_PITCH_ENVELOPE_SEMITONES 24.0f
#define SC_PARAM_MAX_MASTER_TUNE_CENTS 1200.0f

/* An ensemble (ensemble.c): the engines it mixes, and the programs its table can name (each a
 * drum flag, bank and program with the engine that plays it), set on the control thread. */
#define SC_ENSEMBLE_MAX_ENGINES 256
#define SC_ENSEMBLE_MAX_PROGRAMS 2048
/* Events one engine takes per render of an ensemble; a block with more for one engine is
 * rendered in parts, each event still on its frame. */
#define SC_ENSEMBLE_EVENT_CAPACITY 512

#endif
