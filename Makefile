# The commands a developer or CI needs. `make demo` and `make test` install missing system
# packages first (scripts/install-deps.sh).
.PHONY: deps demo test test-cluster bench-batch lv2 install-lv2 check-version-consumer docs docs-preview test-sanitizers stress soak fuzz format lint bench big-library gm-bank test-under-load

deps:
	@scripts/install-deps.sh

# Renders the bundled demo song through the bundled instrument to sfzplay-demo.wav.
demo: deps
	swift run -c release sfzplay

# The whole suite, then a package that depends on SFZSampler by version from a local git tag
# builds and plays a note (scripts/check-version-consumer.sh, about 1.3 minutes more).
test: deps
	swift test
	scripts/check-version-consumer.sh

# A single-node Slurm cluster on this machine (slurm-wlm and munge, installed when missing; needs
# root), a job array rendering a manifest in 4 shards, compared with the unsharded batch; about
# 20 s after the build. The daemons it starts are stopped at the end.
test-cluster: deps
	swift build --product sfzplay
	scripts/test-cluster.sh

# The whole suite (swift test) RUNS times in a row (5 unless set) while stress-ng keeps every
# core busy (scripts/test-under-load.sh): no test may depend on being scheduled on time. About
# 6 minutes a run on 2 cores.
RUNS ?= 5
test-under-load: deps
	RUNS=$(RUNS) scripts/test-under-load.sh

# The LV2 instrument plugin: the release build of the SFZSamplerLV2 library in the bundle
# .build/lv2/sfzsampler.lv2 with its manifest.ttl, sfzsampler.ttl and presets.ttl (written by
# sfzsampler-lv2-bundle); .build/lv2 holds only the bundle, so it can be a host's LV2_PATH.
LV2_BUILD_DIR = $(shell swift build -c release --show-bin-path)
LV2_BUNDLE = .build/lv2/sfzsampler.lv2
lv2: deps
	swift build -c release --product SFZSamplerLV2
	swift build -c release --product sfzsampler-lv2-bundle
	$(LV2_BUILD_DIR)/sfzsampler-lv2-bundle $(LV2_BUNDLE) $(LV2_BUILD_DIR)/libSFZSamplerLV2.so

# Copies the bundle to $(LV2_INSTALL_DIR) (~/.lv2 unless set), where hosts look for plugins.
LV2_INSTALL_DIR ?= $(HOME)/.lv2
install-lv2: lv2
	mkdir -p $(LV2_INSTALL_DIR)
	rm -rf $(LV2_INSTALL_DIR)/sfzsampler.lv2
	cp -R $(LV2_BUNDLE) $(LV2_INSTALL_DIR)/

# Only the by-version consumer check.
check-version-consumer: deps
	scripts/check-version-consumer.sh

# The documentation: the SFZSampler DocC catalog and the other libraries' symbol pages, built with
# swift-docc-plugin (fetched only for this) into .build-docs/archives/SFZSampler.doccarchive and
# its siblings; fails on any DocC warning and on any public declaration without a /// comment
# (scripts/build-docs.sh). About 1 minute from clean on 2 cores.
docs: deps
	scripts/build-docs.sh

# The SFZSampler catalog served on http://localhost:8080, rebuilt as it changes, until Ctrl-C.
docs-preview: deps
	scripts/build-docs.sh --preview

# The whole suite under AddressSanitizer and UndefinedBehaviorSanitizer (Swift has no UBSan of
# its own: it checks the C core), then the concurrency, stress, ensemble and effect tests (with
# the ensemble's and an engine's render teams) under ThreadSanitizer, the stress long enough for
# the slowed-down control thread to load a few instruments. CI runs this after `make test`.
test-sanitizers: deps
	SFZSAMPLER_SANITIZER=address ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1 \
	  swift test --sanitize=address -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined \
	  --scratch-path .build-asan
	SFZSAMPLER_SANITIZER=thread SFZSAMPLER_STRESS_SECONDS=15 \
	  swift test --sanitize=thread --scratch-path .build-tsan \
	  --filter "ConcurrencyTests|StressTests|Streaming|Ensemble|Effect|Reverb|Chorus"

# 60 s of loading, unloading and playing while another thread renders: timing and allocations
# on the render thread, then the same under ThreadSanitizer. STRESS_SECONDS to change.
STRESS_SECONDS ?= 60
stress: deps
	SFZSAMPLER_STRESS_SECONDS=$(STRESS_SECONDS) swift test --filter StressTests
	SFZSAMPLER_SANITIZER=thread SFZSAMPLER_STRESS_SECONDS=$(STRESS_SECONDS) \
	  swift test --sanitize=thread --scratch-path .build-tsan --filter StressTests

# An hour (SOAK_MINUTES) of dense MIDI through a corpus instrument (needs ../shared): resident
# memory slope, finite output, the pitch of a note at the end. About a minute.
SOAK_MINUTES ?= 60
soak: deps
	SFZSAMPLER_SOAK_MINUTES=$(SOAK_MINUTES) swift test --filter SoakTests

# Coverage-guided fuzzing of the parsers, decoders and instrument loading (libFuzzer +
# AddressSanitizer), FUZZ_SECONDS per target; scripts/fuzz.sh SECONDS TARGET runs one.
FUZZ_SECONDS ?= 120
fuzz: deps
	scripts/fuzz.sh $(FUZZ_SECONDS)

# The benchmark suites (package-benchmark: render cost, loading, songs), the zero-malloc check of
# the render path, the voice-count report (Benchmarks/results/; it times the release sfzplay as a
# whole process too), then, when `make big-library` has made the big instrument, the streaming
# report (about 1.5 minutes more), and General MIDI songs against FluidSynth when `make gm-bank`
# has made the bank and fluidsynth is installed (about 10 minutes; it says what is missing
# otherwise). About 29 minutes on 2 cores from clean (6 of them building), about 23 after (the
# voice-count report alone about 5.5).
bench: deps
	cd Benchmarks && swift package benchmark --no-progress
	cd Benchmarks && swift package benchmark thresholds check --target Render \
	  --metric mallocCountTotal --no-progress
	swift build -c release --product sfzplay
	swift run -c release --package-path Benchmarks VoiceReport \
	  --sfzplay "$$(swift build -c release --show-bin-path)/sfzplay"
	@if [ -f "$(BIG_LIBRARY_DIR)/big-library.sfz" ]; then \
	  swift run -c release --package-path Benchmarks StreamReport "$(BIG_LIBRARY_DIR)/big-library.sfz"; \
	else \
	  echo "bench: skipping the streaming report: $(BIG_LIBRARY_DIR)/big-library.sfz is absent;" \
	    "run \`make big-library\` (about 10 minutes, 4 GB) to make it"; \
	fi
	swift run -c release --package-path Benchmarks GMSongReport \
	  --sfzplay "$$(swift build -c release --show-bin-path)/sfzplay" --bank "$(GM_BANK_DIR)"

# sfzplay batch's throughput against one sfzplay per render: 112 renders of the corpus songs
# through the GM bank (`make gm-bank`), the CP80 and the demo instrument, each way on 2 cores
# under /usr/bin/time -v (wall and CPU time, audio h / wall h / core, peak memory); needs
# ../shared, skips without it or the bank (scripts/batch-throughput.sh; --quick tries 6 renders).
bench-batch: deps
	swift build -c release --product sfzplay
	scripts/batch-throughput.sh "$$(swift build -c release --show-bin-path)/sfzplay"

# A synthetic SFZ instrument of BIG_LIBRARY_GB gigabytes of 16/24-bit WAV and FLAC for the
# streaming and loading benchmarks (about 10 minutes for 4 GB); never made by `make test`.
BIG_LIBRARY_DIR ?= $(HOME)/sfzsampler-big-library
BIG_LIBRARY_GB ?= 4
big-library: deps
	tools/make-big-library.py --out $(BIG_LIBRARY_DIR) --gigabytes $(BIG_LIBRARY_GB)

# A General MIDI SFZ bank in GM_BANK_DIR, outside the repository: FluidR3_GM.sf2 (Debian's
# fluid-soundfont-gm, MIT) converted by polyphone into its bank folders (000/000_Yamaha Grand
# Piano.sfz ... 128/000_Standard.sfz; banks 0, 8, 9, 16, 128; 148 MB, 1 to 7 s). The bank tests
# use it when it is there (or wherever SFZSAMPLER_GM_BANK points) and skip without it; never made
# by `make test`. Installs the two packages when missing (scripts/make-gm-bank.sh).
GM_BANK_DIR ?= $(HOME)/sfzsampler-gm-bank
gm-bank:
	scripts/make-gm-bank.sh "$(GM_BANK_DIR)"

# the C core, every layer's folder (include/sampler_core.h says the order)
C_CORE_FILES = $(shell find Sources/CSamplerCore -name '*.[ch]' | sort)
LV2_C_SOURCES = Sources/CSFZSamplerLV2/*.c Sources/CSFZSamplerLV2/*.h \
  Sources/CSFZSamplerLV2/include/*.h Sources/CLV2/shim.h Tests/CLilv/shim.h

format:
	swift format format -i -r Sources Tests Benchmarks Fuzz Package.swift
	clang-format -i $(C_CORE_FILES)
	clang-format -i $(LV2_C_SOURCES)

lint:
	swift format lint -r --strict Sources Tests Benchmarks/Sources Benchmarks/Benchmarks \
	  Benchmarks/Tests Package.swift
	clang-format --dry-run --Werror $(C_CORE_FILES)
	scripts/check-layers.py
	clang-format --dry-run --Werror $(LV2_C_SOURCES)
