# oblique: one library, five tools, their tests.
#
#   make            build the library and the tools into $(BUILD)/
#   make test       C unit tests, then the Bats tests of the tools
#   make asan       the whole test suite under ASan and UBSan
#   make bench      fixed perft and validation benchmarks
#   make figures    one SVG per piece kind into $(BUILD)/figures/
#   make fuzz       each libFuzzer harness for FUZZ_SECONDS
#   make install    PREFIX and DESTDIR as usual; make uninstall

CC ?= cc
PREFIX ?= /usr/local
BUILD ?= build
OPT ?= -O2 -g
WARN = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
       -Wmissing-prototypes
# A hardware population count matters to the move generator; use it when
# this machine has one (override with ARCH_FLAGS= for a portable build).
ARCH_FLAGS ?= $(shell [ "$$(uname -m)" = x86_64 ] && \
	grep -qw popcnt /proc/cpuinfo 2>/dev/null && echo -mpopcnt)
CFLAGS ?= $(OPT) $(ARCH_FLAGS)
ALL_CFLAGS = -std=c11 $(WARN) $(CFLAGS) $(EXTRA_CFLAGS) -Ilib -Icmd -MMD -MP
LDLIBS = -lpthread -lm

LIB_SRC = $(sort $(wildcard lib/*.c))
# A tool is one file (cmd/ob-NAME.c) or, once it grows, a folder of them
# (cmd/ob-NAME/*.c).  Every other source in cmd/ and its other folders is
# shared by the tools, through an archive, so that a tool links only the
# parts it uses.
TOOL_NAMES = $(sort $(patsubst cmd/%.c,%,$(wildcard cmd/ob-*.c)) \
		    $(patsubst cmd/%/,%,$(wildcard cmd/ob-*/)))
TOOL_SRC = $(sort $(wildcard cmd/ob-*.c cmd/ob-*/*.c))
CMD_SHARED_SRC = $(filter-out $(TOOL_SRC),$(sort $(wildcard cmd/*.c cmd/*/*.c)))
tool_objects = $(patsubst %.c,$(BUILD)/%.o,$(wildcard cmd/$(1).c cmd/$(1)/*.c))
UNIT_SRC = $(sort $(wildcard tests/unit/*.c))

LIB_OBJ = $(LIB_SRC:%.c=$(BUILD)/%.o)
CMD_SHARED_OBJ = $(CMD_SHARED_SRC:%.c=$(BUILD)/%.o)
UNIT_OBJ = $(UNIT_SRC:%.c=$(BUILD)/%.o)
TOOLS = $(TOOL_NAMES:%=$(BUILD)/%)
LIBRARY = $(BUILD)/liboblique.a
CMD_LIBRARY = $(BUILD)/libtools.a

all: $(LIBRARY) $(TOOLS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(LIBRARY): $(LIB_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

$(CMD_LIBRARY): $(CMD_SHARED_OBJ)
	rm -f $@
	$(AR) rcs $@ $^

define tool_rule
$(BUILD)/$(1): $(call tool_objects,$(1)) $(CMD_LIBRARY) $(LIBRARY)
	$$(CC) $$(CFLAGS) $$(EXTRA_CFLAGS) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS)
endef
$(foreach t,$(TOOL_NAMES),$(eval $(call tool_rule,$(t))))

$(BUILD)/unit-tests: $(UNIT_OBJ) $(LIBRARY)
	$(CC) $(CFLAGS) $(EXTRA_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# A move generator with a planted fault, for ob-perft --compare's tests.
$(BUILD)/test-engine: $(BUILD)/tests/engine/engine.o $(LIBRARY)
	$(CC) $(CFLAGS) $(EXTRA_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# Fuzz harnesses (tests/fuzz/fuzz_NAME.c): `make fuzz` runs each under
# libFuzzer; `make test` replays the kept regression inputs with any compiler.
FUZZERS = $(patsubst tests/fuzz/fuzz_%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
REPLAYS = $(FUZZERS:%=$(BUILD)/replay-%)
FUZZ_SECONDS ?= 30

$(BUILD)/replay-%: $(BUILD)/tests/fuzz/fuzz_%.o $(BUILD)/tests/fuzz/replay.o \
		$(LIBRARY)
	$(CC) $(CFLAGS) $(EXTRA_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/fuzz-%: tests/fuzz/fuzz_%.c $(LIBRARY)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

# fuzz_partial.c fuzzes a reader of ob-stats: it links that tool's objects
# but main.o, and the shared tool code.
STATS_OBJ = $(filter-out %/main.o,$(call tool_objects,ob-stats))
$(BUILD)/replay-partial: $(BUILD)/tests/fuzz/fuzz_partial.o \
		$(BUILD)/tests/fuzz/replay.o $(STATS_OBJ) $(CMD_LIBRARY) $(LIBRARY)
	$(CC) $(CFLAGS) $(EXTRA_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)
$(BUILD)/fuzz-partial: tests/fuzz/fuzz_partial.c $(STATS_OBJ) $(CMD_LIBRARY) \
		$(LIBRARY)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

# fuzz_compare.c fuzzes ob-perft --compare's reader of the other
# generator's output: that reader and the move forms it reads, and the
# shared tool code (the diagnostics' escaping).
COMPARE_OBJ = $(BUILD)/cmd/ob-perft/their_divide.o \
	      $(BUILD)/cmd/ob-perft/notation.o
$(BUILD)/replay-compare: $(BUILD)/tests/fuzz/fuzz_compare.o \
		$(BUILD)/tests/fuzz/replay.o $(COMPARE_OBJ) $(CMD_LIBRARY) \
		$(LIBRARY)
	$(CC) $(CFLAGS) $(EXTRA_CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS)
$(BUILD)/fuzz-compare: tests/fuzz/fuzz_compare.c $(COMPARE_OBJ) \
		$(CMD_LIBRARY) $(LIBRARY)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

test: all $(BUILD)/unit-tests $(BUILD)/test-engine $(REPLAYS)
	./$(BUILD)/unit-tests
	for f in $(FUZZERS); do \
		set -- tests/fuzz/regress/$$f/*; [ -e "$$1" ] || continue; \
		./$(BUILD)/replay-$$f "$$@" || exit 1; \
	done
	sh tests/need.sh bats
	OB_BUILD=$(abspath $(BUILD)) bats tests/

SAN_FLAGS = -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=all
asan:
	$(MAKE) BUILD=build-asan OPT="$(SAN_FLAGS)" LDFLAGS="$(SAN_FLAGS)" \
		OB_QUICK=1 test

FUZZ_FLAGS = -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all \
	     -fsanitize=fuzzer-no-link
fuzz:
	$(MAKE) CC=clang BUILD=build-fuzz OPT="$(FUZZ_FLAGS)" \
		$(FUZZERS:%=build-fuzz/fuzz-%) build-fuzz/ob-fen build-fuzz/ob-stats \
		build-fuzz/ob-perft
	sh tests/fuzz/run.sh build-fuzz $(FUZZ_SECONDS) $(FUZZERS)

# One SVG per piece kind (and the start position) for a manual.
figures: all
	sh tests/figures.sh $(BUILD)

bench: all
	sh tests/bench.sh $(BUILD)

clean:
	rm -rf build build-asan build-clang build-fuzz

BINDIR = $(DESTDIR)$(PREFIX)/bin
LIBDIR = $(DESTDIR)$(PREFIX)/lib
INCDIR = $(DESTDIR)$(PREFIX)/include
MANDIR = $(DESTDIR)$(PREFIX)/share/man
PCDIR = $(LIBDIR)/pkgconfig
COMPDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions

install: all
	mkdir -p $(BINDIR) $(LIBDIR) $(INCDIR) $(PCDIR)
	cp $(TOOLS) $(BINDIR)/
	cp $(LIBRARY) $(LIBDIR)/
	cp lib/oblique.h $(INCDIR)/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
		lib/oblique.pc.in > $(PCDIR)/oblique.pc
	for page in man/*.[1357]; do \
		[ -e "$$page" ] || continue; \
		s=$${page##*.}; mkdir -p $(MANDIR)/man$$s; \
		cp $$page $(MANDIR)/man$$s/; \
	done
	mkdir -p $(COMPDIR)
	for t in $(TOOLS:$(BUILD)/%=%); do cp cmd/completion.bash $(COMPDIR)/$$t; done

uninstall:
	for t in $(TOOLS:$(BUILD)/%=%); do \
		rm -f $(BINDIR)/$$t $(COMPDIR)/$$t; \
	done
	rm -f $(LIBDIR)/liboblique.a $(INCDIR)/oblique.h $(PCDIR)/oblique.pc
	for page in man/*.[1357]; do \
		[ -e "$$page" ] || continue; \
		s=$${page##*.}; rm -f $(MANDIR)/man$$s/$${page##*/}; \
	done

VERSION = $(shell sed -n 's/^#define OB_VERSION "\(.*\)"/\1/p' lib/oblique.h)

.PHONY: all test asan fuzz figures bench clean install uninstall
.SECONDARY:

-include $(LIB_OBJ:.o=.d) $(CMD_SHARED_OBJ:.o=.d) $(UNIT_OBJ:.o=.d) \
	$(FUZZERS:%=$(BUILD)/tests/fuzz/fuzz_%.d) $(BUILD)/tests/engine/engine.d \
	$(TOOL_SRC:%.c=$(BUILD)/%.d)
