/* SPDX-License-Identifier: GPL-2.0 */
/* stands in for the kernel's generated compiler version header */
