/* SPDX-License-Identifier: GPL-2.0 */
#ifndef BDOPS_FIXTURES_SHIMS_H
#define BDOPS_FIXTURES_SHIMS_H

extern int shim_bkl_depth;	/* lock_kernel() depth: 0 between calls */
extern int shim_capable;	/* what capable() answers */
extern int shim_verbose;	/* printk() to stderr */

#endif
