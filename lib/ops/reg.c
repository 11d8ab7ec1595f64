// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
#include "lib/ops/reg.h"

#include "lib/dev/regaccess.h"

int reg_fields_set(const struct prm_layout *l, uint8_t *buf, size_t len,
		   const struct reg_field *f, unsigned n, struct prm_err *err)
{
	for (unsigned i = 0; i < n; i++)
		if (prm_set(l, buf, len, f[i].path, f[i].value, err))
			return -1;
	return 0;
}

int reg_get(struct dev *d, uint16_t id, uint8_t *buf, size_t len, const char **via,
	    struct prm_err *err)
{
	return dev_reg_access(d, id, PRM_REG_GET, buf, len, via, err);
}

int reg_modify(struct dev *d, uint16_t id, const struct prm_layout *l,
	       const struct reg_field *f, unsigned n, uint8_t *buf, size_t len,
	       const char **via, struct prm_err *err)
{
	if (reg_get(d, id, buf, len, via, err) || reg_fields_set(l, buf, len, f, n, err))
		return -1;
	return dev_reg_access(d, id, PRM_REG_SET, buf, len, via, err);
}
