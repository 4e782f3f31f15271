// bdops-sparse prints sparse's own warnings unchanged (README): including
// the lock-context ones, which sparse's own main program produces after
// linearizing each function (sparse.c check_context()), not libsparse.  On
// Linux 6.1, 14 of 108 units (block/blk-cgroup.c, mm/swapfile.c,
// fs/btrfs/ioctl.c, ...) lose their "context imbalance" warnings under
// bdops-sparse when it ran libsparse only; it now runs sparse.c's own
// main program.  Plain sparse 0.6.4 prints exactly the CHECK lines.
// REQUIRES: frontend-sparse
// RUN: %bdops_sparse %s 2>&1 | FileCheck --implicit-check-not=warning: %s
// CHECK: sparse-context-imbalance.c:[[@LINE+7]]:6: warning: symbol 'take_sometimes' was not declared. Should it be static?
// CHECK-NEXT: sparse-context-imbalance.c:[[@LINE+8]]:9: warning: context imbalance in 'take_sometimes' - wrong count at exit

struct lock { int x; };
void lock_it(struct lock *l) __attribute__((context(l, 0, 1)));
void unlock_it(struct lock *l) __attribute__((context(l, 1, 0)));

void take_sometimes(struct lock *l, int a)
{
	if (a)
		lock_it(l);
}
