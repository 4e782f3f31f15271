// SPDX-License-Identifier: GPL-2.0
// The GCC lowering of small functions, exactly: SSA values and PHIs, a
// PARAM per parameter in block 0, FIELD_STORE.compound for |= with the tag
// of the declaring record (an anonymous one is <anon>), a nested field
// through FIELD_ADDR, a call by name with __builtin_ stripped, a switch
// whose range case is spelled out, macros and NULL folded to constants,
// the binding at the line of its value.  pick() and nonblock() are the
// same functions as in testsuite/clang/dump-ir.c: lines agree, the form
// (SSA here, slots there) need not.
// REQUIRES: family-gcc
// RUN: gcc -fplugin=%gcc_plugin -fplugin-arg-bdops_gcc-dump-ir=%t.ir -c %s -o %t.o
// RUN: FileCheck --match-full-lines %s < %t.ir

#define NULL ((void *)0)
#define O_NDELAY 04000

struct file {
	unsigned int f_flags;
	struct { int depth; } f_path;
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
	.test =
		nonblock,
};

void sel(struct file *f, int cmd)
{
	switch (cmd) {
	case 1:
		f->f_path.depth = 0;
		break;
	case 4 ... 6:
		__builtin_memset(f, 0, sizeof(*f));
		break;
	}
}

// The whole unit:
// CHECK: unit {{.*}}dump-ir.c
// CHECK-NEXT: bind ops my_ops.test = nonblock  @45
// CHECK-NEXT: decl int note(int)
// CHECK-NEXT: decl void * memset(void *, int, unsigned long)
// CHECK-NEXT: func int pick(struct file *, int)  @24
// CHECK-NEXT:   b0:
// CHECK-NEXT:     v1 = param 0 : struct file *  @24:23
// CHECK-NEXT:     v2 = param 1 : int  @24:30
// CHECK-NEXT:     v3 = const 2 : long  @28:5
// CHECK-NEXT:     v4 = binop.gt v2 v3 : int  @28:5
// CHECK-NEXT:     branch v4 b1 b2
// CHECK-NEXT:   b1:
// CHECK-NEXT:     v5 = fieldload v1 file.f_flags : unsigned int  @29:4
// CHECK-NEXT:     v6 = const 4 : long  @29:14
// CHECK-NEXT:     v7 = binop.or v5 v6 : unsigned int  @29:14
// CHECK-NEXT:     fieldstore.compound v1 file.f_flags v7  @29:14
// CHECK-NEXT:     goto b2
// CHECK-NEXT:   b2:
// CHECK-NEXT:     v8 = const 0 : long  @30:18
// CHECK-NEXT:     v9 = binop.ne v2 v8 : int  @30:18
// CHECK-NEXT:     branch v9 b3 b5
// CHECK-NEXT:   b3:
// CHECK-NEXT:     v10 = call note(v2) : int  @30:10
// CHECK-NEXT:     goto b4
// CHECK-NEXT:   b4:
// CHECK-NEXT:     v11 = phi [v10, b3] [v15, b5] : int
// CHECK-NEXT:     v12 = copy v11 : int  @30:4
// CHECK-NEXT:     v13 = copy v12 : int  @31:9
// CHECK-NEXT:     return v13
// CHECK-NEXT:   b5:
// CHECK-NEXT:     v14 = const 7 : long  @30:18
// CHECK-NEXT:     v15 = copy v14 : int  @30:18
// CHECK-NEXT:     goto b4
// CHECK-NEXT: func static int nonblock(struct file *)  @38
// CHECK-NEXT:   b0:
// CHECK-NEXT:     v1 = param 0 : struct file *  @38:34
// CHECK-NEXT:     v2 = const 0 : long  @40:19
// CHECK-NEXT:     v3 = binop.ne v1 v2 : int  @40:19
// CHECK-NEXT:     branch v3 b1 b4
// CHECK-NEXT:   b1:
// CHECK-NEXT:     v4 = fieldload v1 file.f_flags : unsigned int  @40:24
// CHECK-NEXT:     v5 = const 2048 : long  @40:34
// CHECK-NEXT:     v6 = binop.and v4 v5 : unsigned int  @40:34
// CHECK-NEXT:     v7 = const 0 : long  @40:19
// CHECK-NEXT:     v8 = binop.ne v6 v7 : int  @40:19
// CHECK-NEXT:     branch v8 b2 b4
// CHECK-NEXT:   b2:
// CHECK-NEXT:     v9 = const 1 : long  @40:19
// CHECK-NEXT:     goto b3
// CHECK-NEXT:   b3:
// CHECK-NEXT:     v10 = phi [v9, b2] [v13, b4] : int
// CHECK-NEXT:     v11 = copy v10 : int  @40:19
// CHECK-NEXT:     return v11
// CHECK-NEXT:   b4:
// CHECK-NEXT:     v12 = const 0 : long  @40:19
// CHECK-NEXT:     v13 = copy v12 : int  @40:19
// CHECK-NEXT:     goto b3
// CHECK-NEXT: func void sel(struct file *, int)  @48
// CHECK-NEXT:   b0:
// CHECK-NEXT:     v1 = param 0 : struct file *  @48:23
// CHECK-NEXT:     v2 = param 1 : int  @48:30
// CHECK-NEXT:     switch v2 1:b1 4:b3 5:b3 6:b3 default:b2
// CHECK-NEXT:   b1:
// CHECK-NEXT:     v3 = const 0 : long  @52:19
// CHECK-NEXT:     v4 = fieldaddr v1 file.f_path : struct <anon> *  @52:19
// CHECK-NEXT:     fieldstore v4 <anon>.depth v3  @52:19
// CHECK-NEXT:     goto b2
// CHECK-NEXT:   b2:
// CHECK-NEXT:     return
// CHECK-NEXT:   b3:
// CHECK-NEXT:     v5 = const 0 : long  @55:3
// CHECK-NEXT:     v6 = const 8 : long  @55:3
// CHECK-NEXT:     call memset(v1, v5, v6) : void *  @55:3
// CHECK-NEXT:     goto b2
// CHECK-NOT: {{.}}
