# SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
# prmctl — see README.md. `make` builds ./prmctl; `make check` runs everything.
#
# Each source is compiled once per flavour, into that flavour's tree; a
# flavour's library objects form one static archive, and every binary links
# its own objects and the archive, so it pulls in only the library objects it
# needs and a library change relinks it without recompiling it:
#   normal      build/obj/       build/libprmctl.a       ./prmctl, build/tests/, build/bench/
#   ASan+UBSan  build/asan/obj/  build/asan/libprmctl.a  build/asan/prmctl-bin, build/asan/tests/
#   libFuzzer   build/fuzz/obj/  build/fuzz/libprmctl.a  build/fuzz/fuzz_*  (clang)
# Every object records the headers it read (-MMD -MP): a header change
# rebuilds the objects that include it and nothing else.

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
# fuse3 is for one feature: `prmctl sim start NAME --pci-dev DIR` serves the
# simulated adapter as a sysfs PCI device directory through FUSE
# (lib/sim/pcidev.c, reached from lib/sim/service.c), so that libpci and
# mstflint reach the simulator by the hardware path. It stays in the one
# binary because the simulator service is part of it.
PKGS       := libmnl jansson fuse3 expat
# headers only: loaded at their first use (lib/util/dl.h), as linking a
# library costs every run its loading — libarchive's dozen ~5 ms, libpci's
# three 0.4 ms, libnettle 0.27 ms, where an empty program takes ~1.5 ms;
# dlopen is in glibc's libc since 2.34
DL_PKGS    := libarchive libpci nettle
CFLAGS     ?= -O2 -g
WARN       := -Wall -Wextra -Werror
CPPFLAGS   += -I. -D_GNU_SOURCE -DPRMCTL_VERSION='"$(VERSION)"'
DEPFLAGS   := -MMD -MP
DEP_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) $(DL_PKGS) 2>/dev/null)
DEP_LIBS   := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
TEST_LIBS  := $(shell $(PKG_CONFIG) --libs cmocka 2>/dev/null)
ALL_CFLAGS  = -std=gnu11 $(WARN) $(CFLAGS) $(DEP_CFLAGS)

# ASan+UBSan: the same sources, its own flags in place of CFLAGS
ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
ASAN_CFLAGS = -std=gnu11 $(WARN) $(ASAN_FLAGS) $(DEP_CFLAGS)

# libFuzzer: everything instrumented, libFuzzer's main only at the link
FUZZ_CC    ?= clang
FUZZ_SAN   := -g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS = -std=gnu11 $(FUZZ_SAN) -fsanitize=fuzzer-no-link $(DEP_CFLAGS)
FUZZ_LIBS  := $(shell $(PKG_CONFIG) --libs jansson expat libmnl 2>/dev/null)

B          := build
LIB_SRCS   := $(sort $(wildcard lib/*/*.c lib/*/*/*.c))
CMD_SRCS   := $(sort $(wildcard cmd/*.c cmd/*/*.c))
UNIT_SRCS  := $(sort $(wildcard tests/unit/test_*.c))
FUZZ_SRCS  := $(sort $(wildcard tests/fuzz/fuzz_*.c))
BENCH_SRCS := $(sort $(wildcard tests/bench/*.c))
# the parts of lib that never touch a device: what the fuzzers link
FUZZ_LIB_SRCS := $(filter-out lib/sim/pcidev.c lib/sim/service.c lib/sim/rundir.c lib/sim/svclock.c,\
                 $(filter lib/prm/% lib/nl/% lib/util/% lib/out/% lib/sim/% lib/dev/devname.c,$(LIB_SRCS)))

# objects of sources $(2) in flavour tree $(1)
objs = $(patsubst %.c,$(B)/$(1)/%.o,$(2))

LIB_OBJS   := $(call objs,obj,$(LIB_SRCS))
CMD_OBJS   := $(call objs,obj,$(CMD_SRCS))
LIB_A      := $(B)/libprmctl.a
UNIT_BINS  := $(UNIT_SRCS:tests/unit/%.c=$(B)/tests/%)
BENCH_BINS := $(BENCH_SRCS:tests/bench/%.c=$(B)/bench/%)

ASAN_LIB_OBJS := $(call objs,asan/obj,$(LIB_SRCS))
ASAN_CMD_OBJS := $(call objs,asan/obj,$(CMD_SRCS))
ASAN_LIB_A    := $(B)/asan/libprmctl.a
ASAN_UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(B)/asan/tests/%)

FUZZ_LIB_OBJS := $(call objs,fuzz/obj,$(FUZZ_LIB_SRCS))
FUZZ_LIB_A    := $(B)/fuzz/libprmctl.a
FUZZ_BINS     := $(FUZZ_SRCS:tests/fuzz/%.c=$(B)/fuzz/%)

MAN_SRCS   := $(sort $(wildcard man/*.scd))
MAN_PAGES  := $(MAN_SRCS:man/%.scd=$(B)/man/%)
COMPLETIONS := $(B)/completions/prmctl.bash $(B)/completions/_prmctl

.PHONY: all man completions demo check test unit asan cli test-unit test-cli \
        fuzz fuzz-build fuzz-smoke bench install uninstall clean deps test-deps
.DEFAULT_GOAL := all
.SUFFIXES:

all: prmctl man completions

# ---- compiling: one rule per flavour ----
$(B)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(DEPFLAGS) -c -o $@ $<
$(B)/asan/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ASAN_CFLAGS) $(DEPFLAGS) -c -o $@ $<
$(B)/fuzz/obj/%.o: %.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) $(DEPFLAGS) -c -o $@ $<

# the unit tests find their fixtures through it
$(B)/obj/tests/unit/%.o $(B)/asan/obj/tests/unit/%.o: CPPFLAGS += -DTESTS_DIR='"$(CURDIR)/tests"'

# lib has files of one name in two directories (lib/prm/caps.c,
# lib/sim/caps.c): the archive is made anew, as `ar r` into an existing one
# would replace one by the other
define archive
@rm -f $@
$(AR) rcs $@ $(filter %.o,$^)
endef
# each archive's member list, rewritten only when it changes: a source
# removed or renamed then rebuilds the archive without its old object
define members
@mkdir -p $(dir $@)
@echo '$(sort $(1))' | cmp -s - $@ 2>/dev/null || echo '$(sort $(1))' > $@
endef
$(LIB_A).members: FORCE
	$(call members,$(LIB_OBJS))
$(ASAN_LIB_A).members: FORCE
	$(call members,$(ASAN_LIB_OBJS))
$(FUZZ_LIB_A).members: FORCE
	$(call members,$(FUZZ_LIB_OBJS))
$(LIB_A): $(LIB_OBJS) $(LIB_A).members
	$(archive)
$(ASAN_LIB_A): $(ASAN_LIB_OBJS) $(ASAN_LIB_A).members
	$(archive)
$(FUZZ_LIB_A): $(FUZZ_LIB_OBJS) $(FUZZ_LIB_A).members
	$(archive)
.PHONY: FORCE
FORCE:

-include $(wildcard $(patsubst %.o,%.d,$(LIB_OBJS) $(CMD_OBJS) $(ASAN_LIB_OBJS) $(ASAN_CMD_OBJS) \
	$(FUZZ_LIB_OBJS) $(call objs,obj,$(UNIT_SRCS) $(BENCH_SRCS)) \
	$(call objs,asan/obj,$(UNIT_SRCS)) $(call objs,fuzz/obj,$(FUZZ_SRCS))))

# ---- the binary ($(B)/prmctl-bin: the same, for when ./prmctl is a wrapper) ----
prmctl $(B)/prmctl-bin: $(CMD_OBJS) $(LIB_A)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(DEP_LIBS) $(LDLIBS)

# ---- documentation and completions, generated, never hand-kept ----
man: $(MAN_PAGES)
$(B)/man/%: man/%.scd
	@mkdir -p $(dir $@)
	scdoc < $< > $@.part && mv $@.part $@

completions: $(COMPLETIONS)
$(B)/commands.json: prmctl
	@mkdir -p $(dir $@)
	./prmctl --dump-commands > $@
# completions/: the generator, each shell's code around the tables, and what
# arguments complete to (*.tsv)
COMP_SRCS  := completions/gen completions/tables.jq completions/optargs.tsv completions/args.tsv
$(B)/completions/prmctl.bash: $(B)/commands.json $(COMP_SRCS) completions/prmctl.bash.in
	@mkdir -p $(dir $@)
	sh completions/gen bash $< > $@.tmp && mv $@.tmp $@
$(B)/completions/_prmctl: $(B)/commands.json $(COMP_SRCS) completions/_prmctl.in
	@mkdir -p $(dir $@)
	sh completions/gen zsh $< > $@.tmp && mv $@.tmp $@

# ---- the two README commands ----
deps:
	sh tools/install-deps build
test-deps:
	sh tools/install-deps test

demo: all
	sh tools/demo

# ---- tests: each test-* target is one tier of tests/run-suite ----
unit: $(UNIT_BINS)
$(UNIT_BINS): $(B)/tests/%: $(B)/obj/tests/unit/%.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(DEP_LIBS) $(TEST_LIBS) $(LDLIBS)
test-unit: unit
	sh tests/run-suite $(B) unit

# CLI_TESTS: bats files or directories (default: all of tests/cli)
CLI_TESTS  ?= tests/cli
test-cli: all
	CLI_TESTS='$(CLI_TESTS)' sh tests/run-suite $(B) cli
cli: test-cli

asan: $(B)/asan/prmctl-bin $(ASAN_UNIT_BINS)
$(B)/asan/prmctl-bin: $(ASAN_CMD_OBJS) $(ASAN_LIB_A)
	$(CC) $(ASAN_CFLAGS) -o $@ $^ $(DEP_LIBS) $(LDLIBS)
$(ASAN_UNIT_BINS): $(B)/asan/tests/%: $(B)/asan/obj/tests/unit/%.o $(ASAN_LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ASAN_CFLAGS) -o $@ $^ $(DEP_LIBS) $(TEST_LIBS) $(LDLIBS)

# libFuzzer harnesses over the pure parsers; fuzz-smoke runs each a few
# seconds, fuzz each for FUZZ_SECONDS
fuzz-build: $(FUZZ_BINS)
$(FUZZ_BINS): $(B)/fuzz/%: $(B)/fuzz/obj/tests/fuzz/%.o $(FUZZ_LIB_A)
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(FUZZ_LIBS)
fuzz-smoke: fuzz-build
	sh tests/run-suite $(B) fuzz
FUZZ_SECONDS ?= 60
fuzz: fuzz-build
	sh tests/run-fuzz $(FUZZ_SECONDS) $(FUZZ_BINS)

# benchmarks: ratios against a peer, never a test verdict
$(filter-out %/gen_trace_ring,$(BENCH_BINS)): $(B)/bench/%: $(B)/obj/tests/bench/%.o $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(DEP_LIBS) $(LDLIBS)
# the trace-decode benchmark's ring generator: standalone, links nothing of lib
$(B)/bench/gen_trace_ring: $(B)/obj/tests/bench/gen_trace_ring.o
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^
# BENCH_TRACE_MB=N: the trace ring's size in MiB (default 1024); TMPDIR: where it goes
# every benchmark, then one table of each figure beside its peer (tests/bench/bench_table);
# BENCH_MD=FILE also writes that table as markdown (doc/performance.md keeps the latest)
bench: $(BENCH_BINS) prmctl
	B=$(B) python3 tests/bench/bench_table $(if $(BENCH_MD),--markdown $(BENCH_MD))

# the whole suite (tests/run-suite): its last line is "N passed, N failed"
check: all unit fuzz-build asan $(BENCH_BINS)
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
