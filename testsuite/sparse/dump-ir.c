// SPDX-License-Identifier: GPL-2.0
// The lowering of a small function, exactly (docs/design.md's rules for an
// AST frontend: slots, a PHI for ?:, FIELD_STORE with the declaring tag,
// a call by name, the operator's column for stores and binops).
// REQUIRES: frontend-sparse
// RUN: %bdops_sparse -fbdops-dump-ir=%t.ir %s
// RUN: FileCheck --match-full-lines %s < %t.ir

struct file {
	unsigned int f_flags;
};

int note(int);

int pick(struct file *f, int a)
{
	int r;

	if (a > 2)
		f->f_flags |= 4;
	r = a ? note(a) : 7;
	return r;
}

// The whole unit:
// CHECK: unit {{.*}}dump-ir.c
// CHECK-NEXT: decl int note(int)
// CHECK-NEXT: func int pick(struct file *, int)  @15
// CHECK-NEXT:   slot 0 f : struct file *
// CHECK-NEXT:   slot 1 a : int
// CHECK-NEXT:   slot 2 r : int
// CHECK-NEXT:   b0:
// CHECK-NEXT:     v1 = param 0 : struct file *  @15:10
// CHECK-NEXT:     slotstore 0 v1  @15:10
// CHECK-NEXT:     v2 = param 1 : int  @15:26
// CHECK-NEXT:     slotstore 1 v2  @15:26
// CHECK-NEXT:     v3 = slotload 1 : int  @19:13
// CHECK-NEXT:     v4 = const 2 : long  @19:17
// CHECK-NEXT:     v5 = binop.gt v3 v4 : int  @19:15
// CHECK-NEXT:     branch v5 b1 b2
// CHECK-NEXT:   b1:
// CHECK-NEXT:     v6 = slotload 0 : struct file *  @20:17
// CHECK-NEXT:     v7 = fieldload v6 file.f_flags : unsigned int  @20:18
// CHECK-NEXT:     v8 = const 4 : long  @20:31
// CHECK-NEXT:     v9 = binop.or v7 v8 : unsigned int  @20:28
// CHECK-NEXT:     fieldstore.compound v6 file.f_flags v9  @20:28
// CHECK-NEXT:     goto b2
// CHECK-NEXT:   b2:
// CHECK-NEXT:     v10 = slotload 1 : int  @21:13
// CHECK-NEXT:     branch v10 b3 b4
// CHECK-NEXT:   b3:
// CHECK-NEXT:     v11 = slotload 1 : int  @21:22
// CHECK-NEXT:     v12 = call note(v11) : int  @21:17
// CHECK-NEXT:     goto b5
// CHECK-NEXT:   b4:
// CHECK-NEXT:     v13 = const 7 : long  @21:27
// CHECK-NEXT:     goto b5
// CHECK-NEXT:   b5:
// CHECK-NEXT:     v14 = phi [v12, b3] [v13, b4] : int  @21:15
// CHECK-NEXT:     slotstore 2 v14  @21:11
// CHECK-NEXT:     v15 = slotload 2 : int  @22:16
// CHECK-NEXT:     return v15
// CHECK-NOT: {{.}}
