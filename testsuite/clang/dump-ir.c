// SPDX-License-Identifier: GPL-2.0
// The lowering of small functions, exactly (docs/design.md's rules for an
// AST frontend: slots, a PHI for ?: and for && used as a value, FIELD_STORE
// with the declaring tag, a call by name, macros and NULL folded, the
// operator's column for stores and binops, the value's line for bindings).
// pick() is the same function as testsuite/sparse/dump-ir.c: lines and
// structure agree, columns need not (sparse counts a tab as 8).
// REQUIRES: frontend-clang
// RUN: %clang -fplugin=%clang_plugin -fplugin-arg-bdops_clang-dump-ir=%t.ir -fsyntax-only %s
// RUN: FileCheck --match-full-lines %s < %t.ir

#define NULL ((void *)0)
#define O_NDELAY 04000

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

struct ops {
	int (*test)(struct file *);
};

static int nonblock(struct file *f)
{
	return f != NULL && (f->f_flags & O_NDELAY);
}

const struct ops my_ops = {
	.test = nonblock,
};

// The whole unit:
// CHECK: unit {{.*}}dump-ir.c
// CHECK-NEXT: bind ops my_ops.test = nonblock  @41
// CHECK-NEXT: decl int note(int)
// CHECK-NEXT: func int pick(struct file *, int)  @21
// CHECK-NEXT:   slot 0 f : struct file *
// CHECK-NEXT:   slot 1 a : int
// CHECK-NEXT:   slot 2 r : int
// CHECK-NEXT:   b0:
// CHECK-NEXT:     v1 = param 0 : struct file *  @21:23
// CHECK-NEXT:     slotstore 0 v1  @21:23
// CHECK-NEXT:     v2 = param 1 : int  @21:30
// CHECK-NEXT:     slotstore 1 v2  @21:30
// CHECK-NEXT:     v3 = slotload 1 : int  @25:6
// CHECK-NEXT:     v4 = const 2 : long  @25:10
// CHECK-NEXT:     v5 = binop.gt v3 v4 : int  @25:8
// CHECK-NEXT:     branch v5 b1 b2
// CHECK-NEXT:   b1:
// CHECK-NEXT:     v6 = slotload 0 : struct file *  @26:3
// CHECK-NEXT:     v7 = fieldload v6 file.f_flags : unsigned int  @26:6
// CHECK-NEXT:     v8 = const 4 : long  @26:17
// CHECK-NEXT:     v9 = binop.or v7 v8 : unsigned int  @26:14
// CHECK-NEXT:     fieldstore.compound v6 file.f_flags v9  @26:14
// CHECK-NEXT:     goto b2
// CHECK-NEXT:   b2:
// CHECK-NEXT:     v10 = slotload 1 : int  @27:6
// CHECK-NEXT:     branch v10 b3 b4
// CHECK-NEXT:   b3:
// CHECK-NEXT:     v11 = slotload 1 : int  @27:15
// CHECK-NEXT:     v12 = call note(v11) : int  @27:10
// CHECK-NEXT:     goto b5
// CHECK-NEXT:   b4:
// CHECK-NEXT:     v13 = const 7 : long  @27:20
// CHECK-NEXT:     goto b5
// CHECK-NEXT:   b5:
// CHECK-NEXT:     v14 = phi [v12, b3] [v13, b4] : int  @27:6
// CHECK-NEXT:     slotstore 2 v14  @27:4
// CHECK-NEXT:     v15 = slotload 2 : int  @28:9
// CHECK-NEXT:     return v15
// CHECK-NEXT: func static int nonblock(struct file *)  @35
// CHECK-NEXT:   slot 0 f : struct file *
// CHECK-NEXT:   b0:
// CHECK-NEXT:     v1 = param 0 : struct file *  @35:34
// CHECK-NEXT:     slotstore 0 v1  @35:34
// CHECK-NEXT:     v2 = slotload 0 : struct file *  @37:9
// CHECK-NEXT:     v3 = const 0 : long  @37:14
// CHECK-NEXT:     v4 = binop.ne v2 v3 : int  @37:11
// CHECK-NEXT:     branch v4 b4 b2
// CHECK-NEXT:   b1:
// CHECK-NEXT:     v9 = const 1 : long  @37:19
// CHECK-NEXT:     goto b3
// CHECK-NEXT:   b2:
// CHECK-NEXT:     v10 = const 0 : long  @37:19
// CHECK-NEXT:     goto b3
// CHECK-NEXT:   b3:
// CHECK-NEXT:     v11 = phi [v9, b1] [v10, b2] : int  @37:19
// CHECK-NEXT:     return v11
// CHECK-NEXT:   b4:
// CHECK-NEXT:     v5 = slotload 0 : struct file *  @37:23
// CHECK-NEXT:     v6 = fieldload v5 file.f_flags : unsigned int  @37:26
// CHECK-NEXT:     v7 = const 2048 : long  @37:36
// CHECK-NEXT:     v8 = binop.and v6 v7 : unsigned int  @37:34
// CHECK-NEXT:     branch v8 b1 b2
// CHECK-NOT: {{.}}
