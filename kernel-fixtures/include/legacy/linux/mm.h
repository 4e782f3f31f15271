/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Pages.  The model's struct page only knows its kernel virtual address;
 * alloc_page() hands out PAGE_SIZE bytes of memory.
 */
#ifndef _LINUX_MM_H
#define _LINUX_MM_H

#include <linux/gfp.h>
#include <linux/types.h>

#define PAGE_SHIFT	12
#define PAGE_SIZE	(1UL << PAGE_SHIFT)

struct page {
	unsigned long flags;
	atomic_t _count;
	void *virtual;		/* kernel virtual address */
};

struct page *alloc_pages(gfp_t gfp_mask, unsigned int order);
void __free_pages(struct page *page, unsigned int order);

#define alloc_page(gfp_mask)	alloc_pages(gfp_mask, 0)
#define __free_page(page)	__free_pages((page), 0)

static inline void *page_address(struct page *page)
{
	return page->virtual;
}

#endif /* _LINUX_MM_H */
