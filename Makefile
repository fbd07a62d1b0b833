# The few commands a developer runs (DEVELOPING.md explains each). `make help` lists them.
PYTHON ?= python
CC ?= cc
CORE := src/distill/_core
# The pure C library: every C file outside the binding layer (binding/ and module.c include Python.h).
LIB_SOURCES := $(sort $(shell find $(CORE) -name '*.c' ! -path '$(CORE)/binding/*' ! -name module.c))
LIB_OBJECTS := $(patsubst $(CORE)/%.c,build/purec/%.o,$(LIB_SOURCES))
LIB_CFLAGS := -std=c11 -O2 -Wall -Wextra -Werror -I$(CORE)

.PHONY: help build pgo test test-fast conformance lib check-deps sanitize fuzz-smoke bench instructions clean

help:
	@echo "make build        compile the extension in place (src/distill/_core*.so), one plain round"
	@echo "make pgo          the same, profile-guided as pip builds it (GCC; what the benchmarks measure)"
	@echo "make test         the whole test suite"
	@echo "make conformance  the html5lib tokenizer, tree and encoding suites only"
	@echo "make lib          the C library without Python (build/purec/libdistill_core.a), -Werror"
	@echo "make check-deps   no include cycle and no cycle between C files (tools/check_deps.py)"
	@echo "make sanitize     the suite against an ASan/UBSan build (tools/sanitize_run.sh)"
	@echo "make fuzz-smoke   build the libFuzzer harnesses and run each a few seconds (needs clang)"
	@echo "make bench        parse speed and instruction counts (python -m bench)"

# One plain round for the edit-test loop; an install (pip) builds profile-guided (setup.py), as `make pgo` does.
build:
	DISTILL_PGO=0 $(PYTHON) setup.py build_ext --inplace -q

pgo:
	$(PYTHON) setup.py build_ext --inplace -q

test: build
	PYTHONPATH=src $(PYTHON) -m pytest -q -p no:cacheprovider tests

conformance: build
	PYTHONPATH=src $(PYTHON) -m pytest -q -p no:cacheprovider tests/conformance

lib: build/purec/libdistill_core.a

build/purec/libdistill_core.a: $(LIB_OBJECTS)
	rm -f $@
	ar rcs $@ $^

# Every object depends on every header: headers are few and a stale object is worse than a rebuild.
build/purec/%.o: $(CORE)/%.c $(shell find $(CORE) -name '*.h' -o -name '*.inc' -o -name '*.def')
	@mkdir -p $(dir $@)
	$(CC) $(LIB_CFLAGS) -c $< -o $@

check-deps: lib
	$(PYTHON) tools/check_deps.py --objects build/purec

sanitize:
	tools/sanitize_run.sh

fuzz-smoke:
	PYTHONPATH=src $(PYTHON) -m pytest -q -p no:cacheprovider tests/robustness/test_fuzz_smoke.py

bench: pgo
	PYTHONPATH=src $(PYTHON) -m bench --only parse,instructions

instructions: pgo
	PYTHONPATH=src $(PYTHON) -m bench --only instructions

clean:
	rm -rf build/purec build/temp* fuzz/out
