/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_MODULE_H
#define _LINUX_MODULE_H

#include <linux/init.h>
#include <linux/types.h>

struct module;

#define THIS_MODULE ((struct module *)0)

#define MODULE_LICENSE(license)
#define MODULE_AUTHOR(author)
#define MODULE_DESCRIPTION(desc)
#define EXPORT_SYMBOL(sym)	extern typeof(sym) sym
#define EXPORT_SYMBOL_GPL(sym)	extern typeof(sym) sym

static inline void __module_get(struct module *module)
{
	(void)module;
}

static inline void module_put(struct module *module)
{
	(void)module;
}

#endif /* _LINUX_MODULE_H */
