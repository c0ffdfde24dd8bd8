# inka-ng build.  `make` builds ./inka-ng; `make test` runs every test and ends
# with "N passed, N failed"; `make asan` does the same under ASan + UBSan;
# `make bench` prints the benchmark tables; `make deps` installs what is missing.

LLVM_DIR ?= /usr/lib/llvm-19
CC       ?= cc
CFLAGS   ?= -O2 -g
override CFLAGS += -std=gnu11 -Wall -Wextra -I. -Iinclude -I$(LLVM_DIR)/include
LDLIBS   += -L$(LLVM_DIR)/lib -Wl,-rpath,$(LLVM_DIR)/lib -lclang -lmpfr -lppl_c -lppl -lgmpxx -lgmp -lglpk -lcadical -lstdc++ -lm -ldl
BUILD    ?= build
BIN      ?= inka-ng

LIB_SRC  := $(wildcard bitblast/*.c frontend/*.c propagate/*.c operators/*/*.c translate/*.c label/*.c concrete/*.c)
CLI_SRC  := $(wildcard cli/*.c)
TEST_SRC := $(wildcard tests/*/test_*.c)
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_BIN := $(TEST_SRC:%.c=$(BUILD)/%)
HEADERS  := $(wildcard include/inka/*.h tests/*.h */*.h */*/*.h)

# The benchmark programs: the concrete mode's throughput, and N-queens on the
# kernel beside the same model in Gecode (libgecode-dev).  make test builds
# them too: its bench smoke (tests/bench/smoke.sh) runs every table briefly.
BENCH_BIN := $(BUILD)/bench/concrete_speed $(BUILD)/bench/queens $(BUILD)/bench/gecode_queens
GECODE_LIBS := -lgecodesearch -lgecodeint -lgecodekernel -lgecodesupport

.PHONY: all test test-bins asan bench deps clean fuzz stranger
all: $(BIN)

$(BUILD)/%.o: %.c $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/libinka.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(BIN): $(CLI_OBJ) $(BUILD)/libinka.a
	$(CC) $(CFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libinka.a $(LDLIBS)

# Each tests/<module>/test_*.c is one program linked with the library (and
# with the CLI objects but main, so CLI helpers can be unit tested).
$(BUILD)/tests/%: tests/%.c $(BUILD)/libinka.a $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itests -o $@ $< $(BUILD)/libinka.a $(LDLIBS)

test: $(BIN) $(TEST_BIN) $(BENCH_BIN)
	@tests/run-all $(BUILD) $(BIN)

# The unit-test and benchmark programs alone (CI builds them with -j before
# make test).
test-bins: $(TEST_BIN) $(BENCH_BIN)

# The same tests under AddressSanitizer, LeakSanitizer and UBSan, with their
# own binary (the random differential test runs a smaller sample: sanitized
# runs are slow).  A sanitizer report exits 86, never 1 (which reads as
# UNREACHABLE) or 0, and lands in SAN_LOG_DIR, where run-all counts every
# report as a failure.  tests/lsan.supp names the one leak inside libclang.
SAN_OPTIONS := exitcode=86:detect_leaks=1:abort_on_error=0
asan:
	ASAN_OPTIONS=$(SAN_OPTIONS) LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	UBSAN_OPTIONS=exitcode=86:print_stacktrace=1 SAN_LOG_DIR=$(CURDIR)/build-asan/san-logs \
	$(MAKE) BUILD=build-asan BIN=build-asan/inka-ng DIFF_COUNT=40 FUZZ_SMOKE_S=60 \
	  CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" test

bench: $(BIN) $(BENCH_BIN)
	@BUILD=$(BUILD) INKA=./$(BIN) bench/run

$(BUILD)/bench/%: bench/%.c $(BUILD)/libinka.a $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/libinka.a $(LDLIBS)

$(BUILD)/bench/gecode_queens: bench/gecode_queens.cpp
	@mkdir -p $(dir $@)
	$(CXX) -O2 -o $@ $< $(GECODE_LIBS)

# The fuzzing campaign (not part of make test, which runs a short smoke run
# of it): FUZZ_CSMITH csmith programs and FUZZ_RANDOM random functions; see
# tests/fuzz/fuzz.py.  Reproducers of failures go to tests/fuzz/failures/.
FUZZ_CSMITH ?= 300
FUZZ_RANDOM ?= 100
fuzz: $(BIN)
	@python3 tests/fuzz/fuzz.py --inka ./$(BIN) --csmith $(FUZZ_CSMITH) --random $(FUZZ_RANDOM) $(FUZZ_ARGS)

# The stranger cases (tests/stranger/: programs written like unseen acceptance
# cases, every expectation established without inka-ng); the ones that pass
# reliably are also in make test (tests/stranger-cases).
STRANGER_TIMEOUT ?= 30
stranger: $(BIN)
	@tests/acceptance/run ./$(BIN) --manifest tests/stranger/MANIFEST.tsv --timeout $(STRANGER_TIMEOUT) $(STRANGER_ARGS)

DEPS := libclang-19-dev libmpfr-dev libgmp-dev libglpk-dev gcc gcc-multilib make python3 libgecode-dev g++ csmith libcsmith-dev libppl-dev libcadical-dev qemu-user graphviz chromium
deps:
	@missing=""; for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	else echo "deps: all present"; fi

DIFF_COUNT ?= 80
export DIFF_COUNT
export FUZZ_SMOKE_S

clean:
	rm -rf build build-asan inka-ng
