# Lectern: `make run` installs what the run needs, builds and processes samples/ into output/; `make test` installs
# the test tools as well and runs the tests.
SWIFT ?= swift
INBOX ?= samples
OUT ?= output

.PHONY: setup build run test bench samples clean

setup:
	@bash scripts/setup.sh

build: setup
	$(SWIFT) build -c release --product lectern

run: build
	.build/release/lectern run --inbox $(INBOX) --out $(OUT)

test:
	@bash scripts/setup.sh --test
	$(SWIFT) build --product lectern
	$(SWIFT) test

# Regenerates the sample photos (needs ImageMagick and DejaVu fonts).
samples:
	bash scripts/make-samples.sh

clean:
	rm -rf .build $(OUT)/lectern.sqlite* $(OUT)/bundles $(OUT)/media $(OUT)/exports $(OUT)/index.json $(OUT)/.runners

# Benchmarks print their figures (speed, accuracy, memory); not part of the tests.
bench:
	@bash scripts/setup.sh --bench
	$(SWIFT) build -c release --product lectern
	$(SWIFT) build -c release --product lectern-bench
	.build/release/lectern-bench $(BENCH)
