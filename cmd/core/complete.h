/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_CMD_COMPLETE_H
#define PRMCTL_CMD_COMPLETE_H

/*
 * `prmctl --complete KIND`: the names of one kind a shell completes (the
 * device's vocabulary: registers, opcodes, faults, layouts, caps, sims,
 * models, access), one a line, for completions/ to ask at TAB time.
 */
int complete_words(const char *kind);

#endif
