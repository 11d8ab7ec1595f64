// SPDX-License-Identifier: GPL-2.0-only OR BSD-2-Clause
/*
 * MSI-X as vfio-user carries it: the client (QEMU) emulates the table and
 * the PBA from the capability, so the device only signals a vector's
 * eventfd; masking and message addresses are the client's business.
 */
#include <errno.h>
#include <stdint.h>
#include <unistd.h>

#include "lib/sim/internal.h"

void sim_msix_enable(struct sim_adapter *a)
{
	pthread_mutex_lock(&a->irq_lock);
	a->msix_vectors = a->model->msix_vectors < SIM_MSIX_MAX ? a->model->msix_vectors
								 : SIM_MSIX_MAX;
	pthread_mutex_unlock(&a->irq_lock);
	pthread_mutex_lock(&a->lock);
	sim_config_msix(a);
	pthread_mutex_unlock(&a->lock);
}

int sim_msix_set(struct sim_adapter *a, unsigned start, unsigned count, const int *fds)
{
	pthread_mutex_lock(&a->irq_lock);
	if (start > a->msix_vectors || count > a->msix_vectors - start) {
		pthread_mutex_unlock(&a->irq_lock);
		errno = EINVAL;
		return -1;
	}
	for (unsigned i = 0; i < count; i++) {
		if (a->msix_fd[start + i] >= 0)
			close(a->msix_fd[start + i]);
		a->msix_fd[start + i] = fds ? fds[i] : -1;
	}
	pthread_mutex_unlock(&a->irq_lock);
	return 0;
}

void sim_msix_clear(struct sim_adapter *a)
{
	pthread_mutex_lock(&a->irq_lock);
	for (unsigned i = 0; i < SIM_MSIX_MAX; i++) {
		if (a->msix_fd[i] >= 0)
			close(a->msix_fd[i]);
		a->msix_fd[i] = -1;
	}
	pthread_mutex_unlock(&a->irq_lock);
}

int sim_msix_raise(struct sim_adapter *a, unsigned vector)
{
	uint64_t one = 1;
	int rc = -1;

	pthread_mutex_lock(&a->irq_lock);
	/* an eventfd counter only saturates: a full one has the interrupt pending anyway */
	if (vector < a->msix_vectors && a->msix_fd[vector] >= 0)
		rc = write(a->msix_fd[vector], &one, sizeof(one)) == sizeof(one) || errno == EAGAIN ? 0 : -1;
	pthread_mutex_unlock(&a->irq_lock);
	return rc;
}
