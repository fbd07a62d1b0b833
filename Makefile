# The few commands a developer runs (DEVELOPING.md explains each). `make help` lists them.
PYTHON ?= python
CC ?= cc
CORE := src/distill/_core
# The pure C library: every C file outside the binding layer (binding/ and module.c include Python.h).
LIB_SOURCES := $(sort $(shell find $(CORE) -name '*.c' ! -path '$(CORE)/binding/*' ! -name module.c))
# PUREC: where the objects and the archive go (tools/check_compilers.sh builds one per compiler).
PUREC ?= build/purec
LIB_OBJECTS := $(patsubst $(CORE)/%.c,$(PUREC)/%.o,$(LIB_SOURCES))
LIB_CFLAGS := -std=c11 -O2 -Wall -Wextra -Werror -I$(CORE)

.PHONY: help build pgo test test-long conformance lib check-deps check-compilers check-wheel sanitize fuzz-smoke \
	bench instructions docs clean

help:
	@echo "make build        compile the extension in place (src/distill/_core*.so), one plain round as pip does"
	@echo "make pgo          the same, profile-guided as the Linux wheels are built (GCC; what the benchmarks measure)"
	@echo "make test         the quick suite (what the README's test command runs)"
	@echo "make test-long    the long suites (adversarial shapes, fuzz smoke, leaks, corpus refits)"
	@echo "make conformance  the html5lib tokenizer, tree and encoding suites only"
	@echo "make lib          the C library without Python (build/purec/libdistill_core.a), -Werror"
	@echo "make check-deps   no include cycle and no cycle between C files (tools/check_deps.py)"
	@echo "make sanitize     the suite against an ASan/UBSan build (tools/sanitize_run.sh)"
	@echo "make fuzz-smoke   build the libFuzzer harnesses and run each a few seconds (needs clang)"
	@echo "make check-compilers  the C core with gcc, clang, the aarch64 cross compiler and mingw-w64"
	@echo "make check-wheel  a PGO wheel, repaired with auditwheel, tested in a clean venv (tools/check_wheel.sh)"
	@echo "make bench        parse speed and instruction counts (python -m bench)"
	@echo "make docs         the documentation site (Sphinx, warnings as errors) in build/docs"

# One plain round, as `pip install .` builds; `make pgo` builds profile-guided, as the Linux wheels are
# built (pyproject.toml, [tool.cibuildwheel]).
build:
	DISTILL_PGO=0 $(PYTHON) setup.py build_ext --inplace -q

pgo:
	DISTILL_PGO=1 $(PYTHON) setup.py build_ext --inplace -q --force

test: build
	PYTHONPATH=src $(PYTHON) -m pytest -q -p no:cacheprovider tests

test-long: build
	PYTHONPATH=src $(PYTHON) -m pytest -q -p no:cacheprovider --suite long tests

conformance: build
	PYTHONPATH=src $(PYTHON) -m pytest -q -p no:cacheprovider tests/conformance

lib: $(PUREC)/libdistill_core.a

$(PUREC)/libdistill_core.a: $(LIB_OBJECTS)
	rm -f $@
	ar rcs $@ $^

# Every object depends on every header: headers are few and a stale object is worse than a rebuild.
$(PUREC)/%.o: $(CORE)/%.c $(shell find $(CORE) -name '*.h' -o -name '*.inc' -o -name '*.def')
	@mkdir -p $(dir $@)
	$(CC) $(LIB_CFLAGS) $(EXTRA_CFLAGS) -c $< -o $@

check-deps: lib
	$(PYTHON) tools/check_deps.py --objects $(PUREC)

check-compilers:
	tools/check_compilers.sh

check-wheel:
	tools/check_wheel.sh

sanitize:
	tools/sanitize_run.sh

fuzz-smoke:
	PYTHONPATH=src $(PYTHON) -m pytest -q -p no:cacheprovider tests/robustness/test_fuzz_smoke.py

bench: pgo
	PYTHONPATH=src $(PYTHON) -m bench --only parse,instructions

instructions: pgo
	PYTHONPATH=src $(PYTHON) -m bench --only instructions

docs: build
	PYTHONPATH=src $(PYTHON) -m sphinx -W --keep-going -q -b html docs build/docs

clean:
	rm -rf build/purec build/temp* build/docs fuzz/out
