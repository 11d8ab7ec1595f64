# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl — see README.md. `make` builds ./prmctl; `make check` runs everything.

VERSION    := 0.1.0
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/sbin
MANDIR     ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/vendor-completions
SYSTEMDDIR ?= $(PREFIX)/lib/systemd/system
DESTDIR    ?=

CC         ?= cc
PKG_CONFIG ?= pkg-config
PKGS       := libpci libmnl jansson fuse3 expat
CFLAGS     ?= -O2 -g
WARN       := -Wall -Wextra -Werror
CPPFLAGS   += -I. -D_GNU_SOURCE -DPRMCTL_VERSION='"$(VERSION)"'
DEP_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
DEP_LIBS   := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
ALL_CFLAGS  = -std=gnu11 $(WARN) $(CFLAGS) $(DEP_CFLAGS)

B          := build
LIB_SRCS   := $(sort $(wildcard lib/*/*.c lib/*/*/*.c))
CMD_SRCS   := $(sort $(wildcard cmd/*.c))
# the parts of lib that never touch a device: what the fuzzers link
FUZZ_LIB_SRCS := $(filter-out lib/sim/pcidev.c lib/sim/service.c lib/sim/rundir.c lib/sim/svclock.c,\
                 $(filter lib/prm/% lib/nl/% lib/util/% lib/out/% lib/sim/% lib/dev/devname.c,$(LIB_SRCS)))

LIB_OBJS   := $(LIB_SRCS:%.c=$(B)/obj/%.o)
CMD_OBJS   := $(CMD_SRCS:%.c=$(B)/obj/%.o)

MAN_SRCS   := $(sort $(wildcard man/*.scd))
MAN_PAGES  := $(MAN_SRCS:man/%.scd=$(B)/man/%)
COMPLETIONS := $(B)/completions/prmctl.bash $(B)/completions/_prmctl

UNIT_SRCS  := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BINS  := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests/%)
FUZZ_SRCS  := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_BINS  := $(FUZZ_SRCS:tests/fuzz/%.c=$(B)/fuzz/%)

.PHONY: all man completions demo check test unit cli fuzz fuzz-smoke asan \
        install uninstall clean deps test-deps
.DEFAULT_GOAL := all

all: prmctl man completions

prmctl: $(CMD_OBJS) $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(DEP_LIBS) $(LDLIBS)

$(B)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

-include $(LIB_OBJS:.o=.d) $(CMD_OBJS:.o=.d)

# ---- documentation and completions, generated, never hand-kept ----
man: $(MAN_PAGES)
$(B)/man/%: man/%.scd
	@mkdir -p $(dir $@)
	scdoc < $< > $@

completions: $(COMPLETIONS)
$(B)/commands.json: prmctl
	@mkdir -p $(dir $@)
	./prmctl --dump-commands > $@
$(B)/completions/prmctl.bash: $(B)/commands.json tools/gen-completions
	@mkdir -p $(dir $@)
	sh tools/gen-completions bash $< > $@
$(B)/completions/_prmctl: $(B)/commands.json tools/gen-completions
	@mkdir -p $(dir $@)
	sh tools/gen-completions zsh $< > $@

# ---- the two README commands ----
deps:
	sh tools/install-deps build
test-deps:
	sh tools/install-deps test

demo: all
	sh tools/demo

# ---- tests ----
TEST_LIBS := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)
$(B)/tests/%: tests/unit/%.c $(wildcard tests/unit/*.h) $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -DTESTS_DIR='"$(CURDIR)/tests"' -o $@ $(filter-out %.h,$^) $(DEP_LIBS) $(TEST_LIBS)

unit: $(UNIT_BINS)

# ASan+UBSan build of the same sources, in its own tree
ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
asan:
	$(MAKE) --no-print-directory B=$(B)/asan CFLAGS='$(ASAN_FLAGS)' LDFLAGS='$(ASAN_FLAGS)' \
		$(B)/asan/prmctl-bin unit-only

$(B)/prmctl-bin: $(CMD_OBJS) $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(DEP_LIBS) $(LDLIBS)
unit-only: $(UNIT_BINS)
.PHONY: unit-only

# libFuzzer harnesses over the pure parsers (clang)
FUZZ_CC    ?= clang
FUZZ_FLAGS := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
$(B)/fuzz/%: tests/fuzz/%.c $(FUZZ_LIB_SRCS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) -std=gnu11 $(FUZZ_FLAGS) $(DEP_CFLAGS) -o $@ $^ $(shell $(PKG_CONFIG) --libs jansson expat libmnl 2>/dev/null)
FUZZ_SECONDS ?= 60
fuzz: $(FUZZ_BINS)
	sh tests/run-fuzz $(FUZZ_SECONDS) $(FUZZ_BINS)
fuzz-smoke: $(FUZZ_BINS)

# the command-queue benchmark: ratios, never a test verdict
BENCH_BINS := $(B)/bench/bench_cmdq $(B)/bench/bench_health $(B)/bench/gen_trace_ring
$(B)/bench/%: tests/bench/%.c $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $^ $(DEP_LIBS) $(LDLIBS)
# the trace-decode benchmark's ring generator: standalone, links nothing of lib
$(B)/bench/gen_trace_ring: tests/bench/gen_trace_ring.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $<
# BENCH_TRACE_MB=N: the trace ring's size in MiB (default 1024); TMPDIR: where it goes
bench: $(BENCH_BINS) prmctl
	$(B)/bench/bench_cmdq
	$(B)/bench/bench_health
	python3 tests/bench/bench_trace ./prmctl $(B)/bench/gen_trace_ring
	@echo "== qp selftest: 16 pairs x 1000 cycles on the in-process simulator"
	./prmctl -d sim qp selftest --pairs 16 --cycles 1000
.PHONY: bench

check: all unit fuzz-smoke $(BENCH_BINS)
	$(MAKE) --no-print-directory asan
	sh tests/run-suite $(B)

test: check

# ---- install ----
install: all
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man8 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	install -m 0755 prmctl $(DESTDIR)$(BINDIR)/prmctl
	install -m 0644 $(MAN_PAGES) $(DESTDIR)$(MANDIR)/man8/
	install -m 0644 $(B)/completions/prmctl.bash $(DESTDIR)$(BASHCOMPDIR)/prmctl
	install -m 0644 $(B)/completions/_prmctl $(DESTDIR)$(ZSHCOMPDIR)/_prmctl
	install -d $(DESTDIR)$(SYSTEMDDIR)
	sed 's|@BINDIR@|$(BINDIR)|g' dist/prmctl-health@.service.in > $(DESTDIR)$(SYSTEMDDIR)/prmctl-health@.service
	chmod 0644 $(DESTDIR)$(SYSTEMDDIR)/prmctl-health@.service

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/prmctl $(DESTDIR)$(BASHCOMPDIR)/prmctl \
		$(DESTDIR)$(ZSHCOMPDIR)/_prmctl $(DESTDIR)$(SYSTEMDDIR)/prmctl-health@.service \
		$(addprefix $(DESTDIR)$(MANDIR)/man8/,$(notdir $(MAN_PAGES)))

clean:
	rm -rf $(B) prmctl
