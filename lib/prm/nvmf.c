// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/prm/nvmf.h"

static const char *const names[NVMF_COUNTERS] = {
	"num_read_cmd", "num_read_blocks", "num_write_cmd", "num_write_blocks",
	"num_write_inline_cmd", "num_flush_cmd", "num_error_cmd", "num_backend_error_cmd",
};

const char *nvmf_counter_name(unsigned i)
{
	return i < NVMF_COUNTERS ? names[i] : "?";
}
