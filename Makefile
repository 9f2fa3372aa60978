# The commands a developer or CI needs. `make demo` and `make test` install missing system
# packages first (scripts/install-deps.sh).
.PHONY: deps demo test test-sanitizers fuzz format lint bench

deps:
	@scripts/install-deps.sh

# Renders the bundled demo song through the bundled instrument to sfzplay-demo.wav.
demo: deps
	swift run -c release sfzplay

test: deps
	swift test

# The concurrency tests under ThreadSanitizer, and everything under AddressSanitizer.
test-sanitizers: deps
	SFZSAMPLER_SANITIZER=thread swift test --sanitize=thread --scratch-path .build-tsan
	SFZSAMPLER_SANITIZER=address ASAN_OPTIONS=detect_leaks=0 \
	  swift test --sanitize=address --scratch-path .build-asan

# Coverage-guided fuzzing of the parsers, decoders and instrument loading (libFuzzer +
# AddressSanitizer), FUZZ_SECONDS per target; scripts/fuzz.sh SECONDS TARGET runs one.
FUZZ_SECONDS ?= 120
fuzz: deps
	scripts/fuzz.sh $(FUZZ_SECONDS)

# The benchmark suites (package-benchmark: render cost, loading, songs), the zero-malloc check of
# the render path, then the voice-count report (Benchmarks/results/). About 10 minutes on 2 cores
# from clean (5 of them building), about 5 after.
bench: deps
	cd Benchmarks && swift package benchmark --no-progress
	cd Benchmarks && swift package benchmark thresholds check --target Render \
	  --metric mallocCountTotal --no-progress
	swift run -c release --package-path Benchmarks VoiceReport

format:
	swift format format -i -r Sources Tests Benchmarks Fuzz Package.swift
	clang-format -i Sources/CSamplerCore/*.c Sources/CSamplerCore/*.h Sources/CSamplerCore/include/*.h

lint:
	swift format lint -r --strict Sources Tests Benchmarks/Sources Benchmarks/Benchmarks \
	  Benchmarks/Tests Package.swift
	clang-format --dry-run --Werror Sources/CSamplerCore/*.c Sources/CSamplerCore/*.h Sources/CSamplerCore/include/*.h
