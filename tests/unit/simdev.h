/* SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause */
#ifndef PRMCTL_TESTS_SIMDEV_H
#define PRMCTL_TESTS_SIMDEV_H

/*
 * A cmocka setup/teardown pair: each test on an in-process simulated adapter
 * of its own, passed as *state (a struct dev *). Shared by the test_ops_*.c
 * files.
 */

#include "lib/dev/dev.h"

static inline int open_sim(void **state)
{
	struct prm_err err = { 0 };

	return dev_open("sim", NULL, (struct dev **)state, &err);
}

static inline int close_sim(void **state)
{
	dev_close(*state);
	return 0;
}

#endif
