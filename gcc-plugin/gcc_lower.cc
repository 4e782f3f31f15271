// SPDX-License-Identifier: GPL-2.0
/*
 * gcc_lower.cc - GIMPLE SSA (right after the "ssa" pass, before any
 * optimisation) into the bdops IR, following docs/design.md:
 *
 *   SSA name          -> value (PHI -> bd_phi; virtual operands ignored)
 *   default-def PARM  -> PARAM i in the entry block (block 0, made up here)
 *   memory locals     -> slots (address-taken, aggregates, volatile)
 *   globals, statics  -> GLOBAL_LOAD/STORE/ADDR by name
 *   a.b / p->b        -> FIELD_LOAD/ADDR/STORE, tag = DECL_CONTEXT of b
 *   *p, p[i]          -> DEREF_LOAD/STORE (index dropped: COPY of the base)
 *   calls             -> CALL by name (__builtin_ stripped) or indirect
 *   GIMPLE_COND       -> BINOP compare + branch on it
 *   GIMPLE_SWITCH     -> switch terminator
 *
 * Anything not understood becomes UNKNOWN or is skipped: the lowering never
 * stops a compile.  Constants used by PHIs are materialised in block 0, which
 * dominates everything, so every value is defined exactly once.
 */
#include "gcc_common.h"


/* ---- types, tags, locations ---- */

static const char *int_name(tree t)
{
	unsigned prec = TYPE_PRECISION(t);
	bool uns = TYPE_UNSIGNED(t);

	if (t == char_type_node)
		return "char";
	if (prec <= 8)
		return uns ? "unsigned char" : "signed char";
	if (prec <= 16)
		return uns ? "unsigned short" : "short";
	if (prec <= 32)
		return uns ? "unsigned int" : "int";
	if (prec <= 64) {
		if (t == long_long_integer_type_node)
			return "long long";
		if (t == long_long_unsigned_type_node)
			return "unsigned long long";
		return uns ? "unsigned long" : "long";
	}
	return uns ? "unsigned __int128" : "__int128";
}

const char *bdops_gcc_tag(tree rec)
{
	tree name;

	if (!rec || !RECORD_OR_UNION_TYPE_P(rec))
		return "<anon>";
	name = TYPE_NAME(TYPE_MAIN_VARIANT(rec));
	if (name && TREE_CODE(name) == TYPE_DECL)
		name = DECL_NAME(name);
	if (name && TREE_CODE(name) == IDENTIFIER_NODE)
		return IDENTIFIER_POINTER(name);
	return "<anon>";
}

static const char *type_string(struct bd_unit *u, tree t);

/*
 * A type's string is made once per compile, not once per use: a kernel
 * unit asks for the same few hundred types thousands of times, each a
 * recursion with a printf per pointer level and an interning per step.
 * The strings live in a unit of their own for the whole compile (every
 * builder of the IR interns what it is given, so the caller's unit gets
 * its own copy); the cache is keyed by TYPE_UID, which GCC never reuses,
 * unlike the address of a collected tree.
 */
typedef hash_map<int_hash<unsigned, UINT_MAX, UINT_MAX - 1>, const char *> type_map;
static struct bd_unit *type_strs;
static type_map *type_cache, *ptr_cache;

static const char *cached(type_map **map, tree t, bool ptr)
{
	const char **hit, *s;

	if (!type_strs) {
		type_strs = bd_unit_new("<types>");
		type_cache = new type_map;
		ptr_cache = new type_map;
	}
	hit = (*map)->get(TYPE_UID(t));
	if (hit)
		return *hit;
	s = type_string(type_strs, t);
	if (ptr)
		s = bd_type_ptr(type_strs, s);
	(*map)->put(TYPE_UID(t), s);
	return s;
}

const char *bdops_gcc_type(struct bd_unit *, tree t)
{
	if (!t || t == error_mark_node)
		return "other";
	return cached(&type_cache, TYPE_MAIN_VARIANT(t), false);
}

/* The type of a pointer to t. */
const char *bdops_gcc_ptr_type(tree t)
{
	if (!t || t == error_mark_node)
		return bd_type_ptr(type_strs ? type_strs : (type_strs = bd_unit_new("<types>")),
				   "other");
	return cached(&ptr_cache, TYPE_MAIN_VARIANT(t), true);
}

static const char *type_string(struct bd_unit *u, tree t)
{
	int depth = 0;

	if (!t || t == error_mark_node)
		return "other";
	t = TYPE_MAIN_VARIANT(t);
	switch (TREE_CODE(t)) {
	case VOID_TYPE:
		return "void";
	case BOOLEAN_TYPE:
		return "_Bool";
	case INTEGER_TYPE:
	case ENUMERAL_TYPE:
		return int_name(t);
	case RECORD_TYPE:
		return bd_type_record(u, 0, bdops_gcc_tag(t));
	case UNION_TYPE:
		return bd_type_record(u, 1, bdops_gcc_tag(t));
	case POINTER_TYPE:
	case REFERENCE_TYPE:
		while (POINTER_TYPE_P(t) && depth < 8) {
			t = TYPE_MAIN_VARIANT(TREE_TYPE(t));
			depth++;
		}
		if (TREE_CODE(t) == FUNCTION_TYPE || TREE_CODE(t) == METHOD_TYPE) {
			if (depth == 1)
				return "fnptr";
			depth--;
			t = NULL_TREE;
		}
		{
			const char *s = t ? type_string(u, t) : "fnptr";

			while (depth-- > 0)
				s = bd_type_ptr(u, s);
			return s;
		}
	default:
		return "other";
	}
}

struct bd_loc bdops_gcc_loc(struct bd_unit *u, location_t loc)
{
	expanded_location x;

	if (loc == UNKNOWN_LOCATION || loc == BUILTINS_LOCATION)
		return bd_loc_make(u, NULL, 0, 0);
	x = expand_location(loc);
	return bd_loc_make(u, x.file, x.line, x.column);
}

static const char *decl_name(tree decl)
{
	tree n = decl ? DECL_NAME(decl) : NULL_TREE;

	return n ? IDENTIFIER_POINTER(n) : NULL;
}

/* __builtin_memset is called "memset" (docs/design.md rule 3). */
static const char *func_name(tree fndecl)
{
	const char *n = decl_name(fndecl);

	if (n && !strncmp(n, "__builtin_", 10) && n[10])
		n += 10;
	return n;
}

void bdops_gcc_declare(struct bd_unit *u, tree fndecl)
{
	auto_vec<const char *> types, names;
	tree fntype = TREE_TYPE(fndecl), a;
	const char *name = func_name(fndecl);
	int n = -1;

	if (!name || !fntype || !FUNC_OR_METHOD_TYPE_P(fntype))
		return;
	if (DECL_ARGUMENTS(fndecl)) {
		n = 0;
		for (a = DECL_ARGUMENTS(fndecl); a; a = DECL_CHAIN(a), n++) {
			types.safe_push(bdops_gcc_type(u, TREE_TYPE(a)));
			names.safe_push(decl_name(a));
		}
	} else if (prototype_p(fntype)) {
		n = 0;
		for (a = TYPE_ARG_TYPES(fntype); a && a != void_list_node;
		     a = TREE_CHAIN(a), n++) {
			types.safe_push(bdops_gcc_type(u, TREE_VALUE(a)));
			names.safe_push(NULL);
		}
	}
	bd_declare(u, name, !TREE_PUBLIC(fndecl),
		   bdops_gcc_type(u, TREE_TYPE(fntype)), n,
		   n >= 0 ? types.address() : NULL,
		   n >= 0 ? names.address() : NULL,
		   bdops_gcc_loc(u, DECL_SOURCE_LOCATION(fndecl)));
}

/* ---- one function ---- */

class lowerer {
public:
	lowerer(struct bd_unit *u, function *fn) : u(u), fn(fn), f(NULL) {}
	void run();

private:
	struct bd_unit *u;
	function *fn;
	struct bd_func *f;
	auto_vec<int> bb_map;		/* bb->index -> IR block */
	auto_vec<bd_val> ssa_val;	/* SSA version -> value */
	auto_vec<bool> ssa_defined;
	hash_map<tree, int> slots;
	int cur;			/* IR block being filled */
	struct bd_loc loc;		/* of the statement being lowered */

	const char *type(tree t) { return bdops_gcc_type(u, t); }
	const char *ptr_to(tree t) { return bdops_gcc_ptr_type(t); }
	/* bdops_gcc_loc() with the file name interned once per file, not
	 * once per statement (GCC's line maps keep each name for the whole
	 * compile, so its address identifies it) */
	const char *file_in = NULL, *file_out = NULL;
	struct bd_loc here(location_t loc)
	{
		expanded_location x;
		struct bd_loc l;

		if (loc == UNKNOWN_LOCATION || loc == BUILTINS_LOCATION)
			return bdops_gcc_loc(u, loc);
		x = expand_location(loc);
		if (x.file && x.file == file_in) {
			l.file = file_out;
			l.line = x.line;
			l.col = x.column;
			return l;
		}
		l = bd_loc_make(u, x.file, x.line, x.column);
		if (x.file) {
			file_in = x.file;
			file_out = l.file;
		}
		return l;
	}
	int block_of(basic_block bb);
	bd_val ssa(tree name);
	void define(tree name, bd_val v);
	int slot(tree decl);
	bool in_memory(tree decl);
	bd_val constant(tree cst, int b);
	bd_val operand(tree t);
	bd_val address(tree ref);
	bd_val load(tree ref);
	void store(tree lhs, bd_val v, bool compound);
	bd_val func_addr(tree fndecl, int b);
	bool is_compound(tree lhs, tree rhs);
	void entry();
	void phis(basic_block bb);
	void stmt(gimple *g);
	void assign(gassign *g);
	void call(gcall *g);
	void asm_stmt(gasm *g);
	void terminate(basic_block bb);
	void finish_values();
};

int lowerer::block_of(basic_block bb)
{
	if (!bb || bb->index < 0 || (unsigned)bb->index >= bb_map.length())
		return -1;
	return bb_map[bb->index];
}

/* Values of SSA names are handed out on first sight (a PHI may name one
 * defined later); define() binds the computed value to it. */
bd_val lowerer::ssa(tree name)
{
	unsigned v = SSA_NAME_VERSION(name);

	if (v >= ssa_val.length()) {
		ssa_val.safe_grow_cleared(v + 1);
		ssa_defined.safe_grow_cleared(v + 1);
	}
	if (!ssa_val[v])
		ssa_val[v] = bd_val_new(f, type(TREE_TYPE(name)));
	return ssa_val[v];
}

void lowerer::define(tree name, bd_val v)
{
	unsigned n = SSA_NAME_VERSION(name);
	struct bd_event e;

	if (n >= ssa_val.length()) {
		ssa_val.safe_grow_cleared(n + 1);
		ssa_defined.safe_grow_cleared(n + 1);
	}
	if (ssa_defined[n])
		return;
	ssa_defined[n] = true;
	if (!ssa_val[n]) {
		ssa_val[n] = v;
		return;
	}
	/* named before it was computed: copy into the promised value */
	memset(&e, 0, sizeof(e));
	e.op = BD_COPY;
	e.dst = ssa_val[n];
	e.a = v;
	e.type = type(TREE_TYPE(name));
	e.loc = loc;
	bd_emit(f, cur, &e);
}

bool lowerer::in_memory(tree decl)
{
	return !is_gimple_reg(decl);
}

int lowerer::slot(tree decl)
{
	int *s = slots.get(decl);
	const char *name;
	int n;

	if (s)
		return *s;
	name = decl_name(decl);
	if (!name && TREE_CODE(decl) == RESULT_DECL)
		name = "<retval>";
	n = bd_slot_new(f, name, type(TREE_TYPE(decl)));
	slots.put(decl, n);
	return n;
}

static bool is_global(tree decl)
{
	return VAR_P(decl) && is_global_var(decl);
}

/* A global's name; a static one (file scope or in a function) is marked
 * so the whole-program checks keep it apart from other units' globals. */
static const char *global_name(struct bd_func *f, tree decl)
{
	const char *name = decl_name(decl);

	if (name && !TREE_PUBLIC(decl))
		bd_unit_static_global(f->unit, name);
	return name;
}

static const char *record_tag(tree t)
{
	return t && RECORD_OR_UNION_TYPE_P(t) ? bdops_gcc_tag(t) : NULL;
}

static bool aggregate_p(tree t)
{
	return t && (RECORD_OR_UNION_TYPE_P(t) || TREE_CODE(t) == ARRAY_TYPE);
}

bd_val lowerer::func_addr(tree fndecl, int b)
{
	const char *name = func_name(fndecl);

	if (!name)
		return bd_unknown(f, b, "fnptr", loc);
	bdops_gcc_declare(u, fndecl);
	return bd_func_addr(f, b, name, "fnptr", loc);
}

/* A constant (or a constant address) as a value in block b. */
bd_val lowerer::constant(tree t, int b)
{
	if (TREE_CODE(t) == INTEGER_CST) {
		if (tree_fits_shwi_p(t))
			return bd_const(f, b, tree_to_shwi(t), loc);
		if (tree_fits_uhwi_p(t))
			return bd_const(f, b, (int64_t)tree_to_uhwi(t), loc);
		return bd_unknown(f, b, type(TREE_TYPE(t)), loc);
	}
	if (TREE_CODE(t) == ADDR_EXPR) {
		tree op = TREE_OPERAND(t, 0);

		if (TREE_CODE(op) == FUNCTION_DECL)
			return func_addr(op, b);
		if (is_global(op))
			return bd_global_addr(f, b, global_name(f, op), type(TREE_TYPE(t)), loc);
	}
	return bd_unknown(f, b, type(TREE_TYPE(t)), loc);
}

/* The value of an rvalue operand. */
bd_val lowerer::operand(tree t)
{
	if (!t)
		return 0;
	switch (TREE_CODE(t)) {
	case SSA_NAME:
		return ssa(t);
	case INTEGER_CST:
		return constant(t, cur);
	case ADDR_EXPR:
		return address(TREE_OPERAND(t, 0));
	case CONSTRUCTOR:
		/* "x = {}" zero-initialises; anything else is not modelled */
		if (CONSTRUCTOR_NELTS(t) == 0)
			return bd_const(f, cur, 0, loc);
		return bd_unknown(f, cur, type(TREE_TYPE(t)), loc);
	case VAR_DECL:
	case PARM_DECL:
	case RESULT_DECL:
	case COMPONENT_REF:
	case MEM_REF:
	case ARRAY_REF:
	case ARRAY_RANGE_REF:
	case VIEW_CONVERT_EXPR:
	case BIT_FIELD_REF:
	case REALPART_EXPR:
	case IMAGPART_EXPR:
		return load(t);
	default:
		return bd_unknown(f, cur, type(TREE_TYPE(t)), loc);
	}
}

/* The address of a memory reference. */
bd_val lowerer::address(tree ref)
{
	tree base, fld;
	bd_val p;

	switch (TREE_CODE(ref)) {
	case FUNCTION_DECL:
		return func_addr(ref, cur);
	case VAR_DECL:
		if (is_global(ref))
			return bd_global_addr(f, cur, global_name(f, ref), ptr_to(TREE_TYPE(ref)), loc);
		/* fall through */
	case PARM_DECL:
	case RESULT_DECL:
		return bd_slot_addr(f, cur, slot(ref), ptr_to(TREE_TYPE(ref)), loc);
	case COMPONENT_REF:
		fld = TREE_OPERAND(ref, 1);
		if (TREE_CODE(fld) != FIELD_DECL)
			break;
		p = address(TREE_OPERAND(ref, 0));
		return bd_field_addr(f, cur, p, bdops_gcc_tag(DECL_CONTEXT(fld)),
				     decl_name(fld) ? decl_name(fld) : "<anon>",
				     ptr_to(TREE_TYPE(fld)), loc);
	case MEM_REF:
		base = TREE_OPERAND(ref, 0);
		p = operand(base);
		/* *(T *)p folds the cast into the MEM_REF: keep it visible */
		if (!integer_zerop(TREE_OPERAND(ref, 1)) ||
		    strcmp(type(TREE_TYPE(base)), ptr_to(TREE_TYPE(ref))))
			p = bd_copy(f, cur, p, ptr_to(TREE_TYPE(ref)), loc);
		return p;
	case ARRAY_REF:
	case ARRAY_RANGE_REF:
		/* a[i]: the address of a, index dropped */
		p = address(TREE_OPERAND(ref, 0));
		return bd_copy(f, cur, p, ptr_to(TREE_TYPE(ref)), loc);
	case VIEW_CONVERT_EXPR:
	case BIT_FIELD_REF:
	case REALPART_EXPR:
	case IMAGPART_EXPR:
		return address(TREE_OPERAND(ref, 0));
	default:
		break;
	}
	return bd_unknown(f, cur, ptr_to(TREE_TYPE(ref)), loc);
}

bd_val lowerer::load(tree ref)
{
	tree fld, rt = TREE_TYPE(ref);
	bd_val p;

	switch (TREE_CODE(ref)) {
	case VAR_DECL:
		if (is_global(ref))
			return bd_global_load(f, cur, global_name(f, ref), type(rt), loc);
		/* fall through */
	case PARM_DECL:
	case RESULT_DECL:
		return bd_slot_load(f, cur, slot(ref), loc);
	case COMPONENT_REF:
		fld = TREE_OPERAND(ref, 1);
		if (TREE_CODE(fld) != FIELD_DECL)
			break;
		/* an embedded record or array read as a whole is its address */
		if (aggregate_p(TREE_TYPE(fld)))
			return address(ref);
		p = address(TREE_OPERAND(ref, 0));
		return bd_field_load(f, cur, p, bdops_gcc_tag(DECL_CONTEXT(fld)),
				     decl_name(fld) ? decl_name(fld) : "<anon>",
				     type(TREE_TYPE(fld)), loc);
	case MEM_REF:
	case ARRAY_REF:
	case ARRAY_RANGE_REF:
		p = address(ref);
		return bd_deref_load(f, cur, p, record_tag(rt), type(rt), loc);
	case VIEW_CONVERT_EXPR:
		return bd_copy(f, cur, operand(TREE_OPERAND(ref, 0)), type(rt), loc);
	default:
		break;
	}
	return bd_unknown(f, cur, type(rt), loc);
}

void lowerer::store(tree lhs, bd_val v, bool compound)
{
	tree fld;

	switch (TREE_CODE(lhs)) {
	case SSA_NAME:
		define(lhs, v);
		return;
	case VAR_DECL:
		if (is_global(lhs)) {
			bd_global_store(f, cur, global_name(f, lhs), v, loc);
			return;
		}
		/* fall through */
	case PARM_DECL:
	case RESULT_DECL:
		bd_slot_store(f, cur, slot(lhs), v, loc);
		return;
	case COMPONENT_REF:
		fld = TREE_OPERAND(lhs, 1);
		if (TREE_CODE(fld) != FIELD_DECL)
			return;
		bd_field_store(f, cur, address(TREE_OPERAND(lhs, 0)),
			       bdops_gcc_tag(DECL_CONTEXT(fld)),
			       decl_name(fld) ? decl_name(fld) : "<anon>",
			       v, compound, loc);
		return;
	case MEM_REF:
	case ARRAY_REF:
	case ARRAY_RANGE_REF:
		bd_deref_store(f, cur, address(lhs), record_tag(TREE_TYPE(lhs)), v, loc);
		return;
	case VIEW_CONVERT_EXPR:
	case BIT_FIELD_REF:
	case REALPART_EXPR:
	case IMAGPART_EXPR:
		store(TREE_OPERAND(lhs, 0), v, false);
		return;
	default:
		return;
	}
}

/* The assignment's SSA name before any conversion. */
static gimple *def_skipping_conversions(tree t)
{
	gimple *g;
	int i;

	for (i = 0; i < 4; i++) {
		if (!t || TREE_CODE(t) != SSA_NAME || SSA_NAME_IS_DEFAULT_DEF(t))
			return NULL;
		g = SSA_NAME_DEF_STMT(t);
		if (!g || !is_gimple_assign(g))
			return NULL;
		if (!CONVERT_EXPR_CODE_P(gimple_assign_rhs_code(g)))
			return g;
		t = gimple_assign_rhs1(g);
	}
	return NULL;
}

static bool same_ref(tree a, tree b, int depth);

/* Two pointers to the same object: one SSA name, or two loads of the same
 * reference (GIMPLE loads p->q again for the store of p->q->f += x). */
static bool same_ptr(tree a, tree b, int depth)
{
	gimple *ga, *gb;

	if (a == b)
		return true;
	if (depth > 4 || TREE_CODE(a) != SSA_NAME || TREE_CODE(b) != SSA_NAME ||
	    SSA_NAME_IS_DEFAULT_DEF(a) || SSA_NAME_IS_DEFAULT_DEF(b))
		return false;
	ga = SSA_NAME_DEF_STMT(a);
	gb = SSA_NAME_DEF_STMT(b);
	if (!ga || !gb || !gimple_assign_single_p(ga) || !gimple_assign_single_p(gb) ||
	    gimple_bb(ga) != gimple_bb(gb))
		return false;
	return same_ref(gimple_assign_rhs1(ga), gimple_assign_rhs1(gb), depth + 1);
}

static bool same_ref(tree a, tree b, int depth)
{
	if (operand_equal_p(a, b, 0))
		return true;
	if (depth > 4 || TREE_CODE(a) != TREE_CODE(b))
		return false;
	switch (TREE_CODE(a)) {
	case COMPONENT_REF:
		return TREE_OPERAND(a, 1) == TREE_OPERAND(b, 1) &&
		       same_ref(TREE_OPERAND(a, 0), TREE_OPERAND(b, 0), depth + 1);
	case MEM_REF:
		return tree_int_cst_equal(TREE_OPERAND(a, 1), TREE_OPERAND(b, 1)) &&
		       same_ptr(TREE_OPERAND(a, 0), TREE_OPERAND(b, 0), depth + 1);
	default:
		return false;
	}
}

/* p->f = p->f OP x, which is what GIMPLE makes of p->f |= x and p->f++. */
bool lowerer::is_compound(tree lhs, tree rhs)
{
	gimple *g = def_skipping_conversions(rhs), *ld;
	unsigned i;

	if (!g || gimple_assign_rhs_class(g) != GIMPLE_BINARY_RHS)
		return false;
	switch (gimple_assign_rhs_code(g)) {
	case PLUS_EXPR: case MINUS_EXPR: case MULT_EXPR:
	case TRUNC_DIV_EXPR: case TRUNC_MOD_EXPR: case POINTER_PLUS_EXPR:
	case BIT_IOR_EXPR: case BIT_AND_EXPR: case BIT_XOR_EXPR:
	case LSHIFT_EXPR: case RSHIFT_EXPR:
		break;
	default:
		return false;
	}
	for (i = 1; i <= 2; i++) {
		ld = def_skipping_conversions(gimple_op(g, i));
		if (ld && gimple_assign_single_p(ld) &&
		    same_ref(gimple_assign_rhs1(ld), lhs, 0))
			return true;
	}
	return false;
}

static int binop_of(enum tree_code c)
{
	switch (c) {
	case PLUS_EXPR: return BD_ADD;
	case MINUS_EXPR: case POINTER_DIFF_EXPR: return BD_SUB;
	case MULT_EXPR: return BD_MUL;
	case TRUNC_DIV_EXPR: case CEIL_DIV_EXPR: case FLOOR_DIV_EXPR:
	case ROUND_DIV_EXPR: case EXACT_DIV_EXPR: return BD_DIV;
	case TRUNC_MOD_EXPR: case CEIL_MOD_EXPR: case FLOOR_MOD_EXPR:
	case ROUND_MOD_EXPR: return BD_MOD;
	case BIT_AND_EXPR: return BD_AND;
	case BIT_IOR_EXPR: return BD_OR;
	case BIT_XOR_EXPR: case TRUTH_XOR_EXPR: return BD_XOR;
	case LSHIFT_EXPR: return BD_SHL;
	case RSHIFT_EXPR: return BD_SHR;
	case EQ_EXPR: return BD_EQ;
	case NE_EXPR: return BD_NE;
	case LT_EXPR: return BD_LT;
	case LE_EXPR: return BD_LE;
	case GT_EXPR: return BD_GT;
	case GE_EXPR: return BD_GE;
	case TRUTH_AND_EXPR: case TRUTH_ANDIF_EXPR: return BD_LAND;
	case TRUTH_OR_EXPR: case TRUTH_ORIF_EXPR: return BD_LOR;
	default: return -1;
	}
}

void lowerer::assign(gassign *g)
{
	tree lhs = gimple_assign_lhs(g), rhs1 = gimple_assign_rhs1(g);
	enum tree_code code = gimple_assign_rhs_code(g);
	const char *t = type(TREE_TYPE(lhs));
	bd_val v;
	int op;

	switch (gimple_assign_rhs_class(g)) {
	case GIMPLE_SINGLE_RHS:
		v = operand(rhs1);
		if (TREE_CODE(lhs) == SSA_NAME && TREE_CODE(rhs1) == SSA_NAME)
			v = bd_copy(f, cur, v, t, loc);
		break;
	case GIMPLE_UNARY_RHS:
		if (CONVERT_EXPR_CODE_P(code) || code == PAREN_EXPR ||
		    code == NON_LVALUE_EXPR)
			v = bd_copy(f, cur, operand(rhs1), t, loc);
		else if (code == NEGATE_EXPR)
			v = bd_unop(f, cur, BD_NEG, operand(rhs1), t, loc);
		else if (code == BIT_NOT_EXPR &&
			 TREE_CODE(TREE_TYPE(lhs)) == BOOLEAN_TYPE)
			/* gimplified !b of a _Bool: what the AST frontends
			 * lower as a logical not (C's ~ promotes to int) */
			v = bd_unop(f, cur, BD_NOT, operand(rhs1), t, loc);
		else if (code == BIT_NOT_EXPR)
			v = bd_unop(f, cur, BD_BITNOT, operand(rhs1), t, loc);
		else if (code == TRUTH_NOT_EXPR)
			v = bd_unop(f, cur, BD_NOT, operand(rhs1), t, loc);
		else
			v = bd_unknown(f, cur, t, loc);
		break;
	case GIMPLE_BINARY_RHS:
		op = binop_of(code);
		if (code == POINTER_PLUS_EXPR) {
			/* p + off: the same object, offset dropped (as a[i]) */
			v = bd_copy(f, cur, operand(rhs1), t, loc);
		} else if (op >= 0) {
			bd_val a = operand(rhs1);
			bd_val b = operand(gimple_assign_rhs2(g));

			v = bd_binop(f, cur, (enum bd_binop)op, a, b, t, loc);
		} else {
			v = bd_unknown(f, cur, t, loc);
		}
		break;
	default:
		v = bd_unknown(f, cur, t, loc);
		break;
	}
	store(lhs, v, TREE_CODE(lhs) == COMPONENT_REF &&
	      TREE_CODE(rhs1) == SSA_NAME && is_compound(lhs, rhs1));
}

void lowerer::call(gcall *g)
{
	tree lhs = gimple_call_lhs(g), fndecl = gimple_call_fndecl(g);
	auto_vec<bd_val> args;
	const char *name = NULL;
	bd_val fp = 0, v;
	unsigned i;

	if (gimple_call_internal_p(g)) {
		if (lhs)
			store(lhs, bd_unknown(f, cur, type(TREE_TYPE(lhs)), loc), false);
		return;
	}
	if (fndecl) {
		name = func_name(fndecl);
		bdops_gcc_declare(u, fndecl);
	}
	if (!name) {
		tree fn = gimple_call_fn(g);

		fp = fn && TREE_CODE(fn) != OBJ_TYPE_REF ? operand(fn) :
			bd_unknown(f, cur, "fnptr", loc);
	}
	for (i = 0; i < gimple_call_num_args(g); i++)
		args.safe_push(operand(gimple_call_arg(g, i)));
	v = bd_call(f, cur, name, fp, args.length(), args.address(),
		    type(gimple_call_return_type(g)), lhs != NULL_TREE, loc);
	if (lhs)
		store(lhs, v, false);
}

/* Outputs of an asm are written with values nobody knows. */
void lowerer::asm_stmt(gasm *g)
{
	unsigned i;

	for (i = 0; i < gimple_asm_noutputs(g); i++) {
		tree o = TREE_VALUE(gimple_asm_output_op(g, i));

		store(o, bd_unknown(f, cur, type(TREE_TYPE(o)), loc), false);
	}
}

void lowerer::stmt(gimple *g)
{
	loc = here(gimple_location(g));
	switch (gimple_code(g)) {
	case GIMPLE_ASSIGN:
		if (!gimple_clobber_p(g))
			assign(as_a<gassign *>(g));
		break;
	case GIMPLE_CALL:
		call(as_a<gcall *>(g));
		break;
	case GIMPLE_ASM:
		asm_stmt(as_a<gasm *>(g));
		break;
	default:
		/* labels, debug stmts, nops, predicts; the control
		 * statements are lowered by terminate() */
		break;
	}
}

void lowerer::phis(basic_block bb)
{
	gphi_iterator gsi;

	for (gsi = gsi_start_phis(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		gphi *phi = gsi.phi();
		tree res = gimple_phi_result(phi);
		auto_vec<bd_val> vals;
		auto_vec<int> preds;
		struct bd_event e;
		unsigned i;

		if (virtual_operand_p(res))
			continue;
		loc = here(gimple_location(phi));
		for (i = 0; i < gimple_phi_num_args(phi); i++) {
			tree arg = gimple_phi_arg_def(phi, i);
			edge ed = gimple_phi_arg_edge(phi, i);
			int pb = ed->src == ENTRY_BLOCK_PTR_FOR_FN(fn) ? 0 :
				 block_of(ed->src);

			if (pb < 0)
				continue;
			if (TREE_CODE(arg) == SSA_NAME)
				vals.safe_push(ssa(arg));
			else
				vals.safe_push(constant(arg, 0));
			preds.safe_push(pb);
		}
		memset(&e, 0, sizeof(e));
		e.op = BD_PHI;
		e.type = type(TREE_TYPE(res));
		e.nargs = vals.length();
		e.args = vals.address();
		e.preds = preds.address();
		e.loc = loc;
		e.dst = ssa(res);
		bd_emit(f, cur, &e);
		ssa_defined[SSA_NAME_VERSION(res)] = true;
	}
}

/* The edges that matter for control flow: EH and fake edges are dropped,
 * abnormal ones only count when nothing else leaves the block. */
static void flow_succs(basic_block bb, auto_vec<edge> &out)
{
	edge e;
	edge_iterator ei;

	FOR_EACH_EDGE(e, ei, bb->succs)
		if (!(e->flags & (EDGE_EH | EDGE_FAKE | EDGE_ABNORMAL)))
			out.safe_push(e);
	if (out.is_empty())
		FOR_EACH_EDGE(e, ei, bb->succs)
			if (!(e->flags & (EDGE_EH | EDGE_FAKE)))
				out.safe_push(e);
}

void lowerer::terminate(basic_block bb)
{
	gimple *last = last_stmt(bb);
	auto_vec<edge> succs;
	unsigned i;

	if (last)
		loc = here(gimple_location(last));
	if (last && gimple_code(last) == GIMPLE_COND) {
		gcond *c = as_a<gcond *>(last);
		edge te, fe;
		int op = binop_of(gimple_cond_code(c));
		bd_val a = operand(gimple_cond_lhs(c));
		bd_val b = operand(gimple_cond_rhs(c));
		bd_val cond = op >= 0 ?
			bd_binop(f, cur, (enum bd_binop)op, a, b, "int", loc) :
			bd_unknown(f, cur, "int", loc);

		extract_true_false_edges_from_block(bb, &te, &fe);
		bd_branch(f, cur, cond, block_of(te->dest), block_of(fe->dest), loc);
		return;
	}
	if (last && gimple_code(last) == GIMPLE_SWITCH) {
		gswitch *s = as_a<gswitch *>(last);
		auto_vec<int64_t> cases;
		auto_vec<int> targets;
		bd_val idx = operand(gimple_switch_index(s));
		int dflt = block_of(label_to_block(fn,
				CASE_LABEL(gimple_switch_default_label(s))));

		for (i = 1; i < gimple_switch_num_labels(s); i++) {
			tree l = gimple_switch_label(s, i);
			tree lo = CASE_LOW(l), hi = CASE_HIGH(l);
			int to = block_of(label_to_block(fn, CASE_LABEL(l)));
			HOST_WIDE_INT k, end;

			/* -O1 drops these labels before "ssa"; -O0 keeps them */
			if (!lo || !tree_fits_shwi_p(lo) || to == dflt)
				continue;
			k = tree_to_shwi(lo);
			end = hi && tree_fits_shwi_p(hi) ? tree_to_shwi(hi) : k;
			/* case 1 ... 5: each value, within reason */
			if (end - k > 256)
				end = k;
			for (; k <= end; k++) {
				cases.safe_push(k);
				targets.safe_push(to);
			}
		}
		bd_switch(f, cur, idx, cases.length(), cases.address(),
			  targets.address(), dflt, loc);
		return;
	}
	if (last && gimple_code(last) == GIMPLE_RETURN) {
		tree rv = gimple_return_retval(as_a<greturn *>(last));

		bd_return(f, cur, rv ? operand(rv) : 0, loc);
		return;
	}
	flow_succs(bb, succs);
	if (succs.is_empty()) {
		bd_unreachable(f, cur);
	} else if (succs.length() == 1) {
		if (succs[0]->dest == EXIT_BLOCK_PTR_FOR_FN(fn))
			bd_return(f, cur, 0, loc);
		else
			bd_goto(f, cur, block_of(succs[0]->dest));
	} else {
		/* computed goto, asm goto: any successor */
		auto_vec<int64_t> cases;
		auto_vec<int> targets;
		bd_val any = bd_unknown(f, cur, "long", loc);

		for (i = 0; i + 1 < succs.length(); i++) {
			cases.safe_push(i);
			targets.safe_push(block_of(succs[i]->dest));
		}
		bd_switch(f, cur, any, cases.length(), cases.address(),
			  targets.address(), block_of(succs.last()->dest), loc);
	}
}

/* Block 0: one PARAM per parameter; memory parameters go to their slot. */
void lowerer::entry()
{
	tree parm;
	int i = 0;

	cur = 0;
	for (parm = DECL_ARGUMENTS(fn->decl); parm; parm = DECL_CHAIN(parm), i++) {
		tree def;
		bd_val v;

		loc = here(DECL_SOURCE_LOCATION(parm));
		v = bd_param(f, 0, i, type(TREE_TYPE(parm)), loc);
		def = ssa_default_def(fn, parm);
		if (def)
			define(def, v);
		else if (in_memory(parm))
			bd_slot_store(f, 0, slot(parm), v, loc);
	}
}

/* SSA names used but never defined (uninitialised locals, or defined by a
 * statement this file skips) are unknown from the start. */
void lowerer::finish_values()
{
	unsigned i;

	for (i = 0; i < ssa_val.length(); i++) {
		struct bd_event e;

		if (!ssa_val[i] || ssa_defined[i])
			continue;
		memset(&e, 0, sizeof(e));
		e.op = BD_UNKNOWN;
		e.dst = ssa_val[i];
		e.type = f->val_types[ssa_val[i]];
		bd_emit(f, 0, &e);
	}
}

/* The successors of bb in a fixed order: true edge, false edge; switch
 * cases in label order (those going to the default skipped), default. */
static void ordered_succs(function *fn, basic_block bb, auto_vec<basic_block> &out)
{
	gimple *last = last_stmt(bb);
	auto_vec<edge> succs;
	unsigned i;

	if (last && gimple_code(last) == GIMPLE_COND) {
		edge te, fe;

		extract_true_false_edges_from_block(bb, &te, &fe);
		out.safe_push(te->dest);
		out.safe_push(fe->dest);
		return;
	}
	if (last && gimple_code(last) == GIMPLE_SWITCH) {
		gswitch *s = as_a<gswitch *>(last);
		basic_block dflt = label_to_block(fn,
				CASE_LABEL(gimple_switch_default_label(s)));

		for (i = 1; i < gimple_switch_num_labels(s); i++) {
			basic_block to = label_to_block(fn,
					CASE_LABEL(gimple_switch_label(s, i)));

			if (to != dflt)
				out.safe_push(to);
		}
		out.safe_push(dflt);
		return;
	}
	flow_succs(bb, succs);
	for (i = 0; i < succs.length(); i++)
		out.safe_push(succs[i]->dest);
}

/* Blocks in depth-first preorder from the entry, so that -O levels whose
 * CFGs differ only in forwarders and layout are lowered in the same order
 * (and hand out the same value numbers); unreachable blocks last. */
static void order_blocks(function *fn, auto_vec<basic_block> &order)
{
	auto_sbitmap seen(last_basic_block_for_fn(fn) + 1);
	auto_vec<basic_block> work;
	basic_block bb;

	bitmap_clear(seen);
	if (single_succ_p(ENTRY_BLOCK_PTR_FOR_FN(fn)))
		work.safe_push(single_succ(ENTRY_BLOCK_PTR_FOR_FN(fn)));
	while (!work.is_empty()) {
		auto_vec<basic_block> succs;

		bb = work.pop();
		if (!bb || bb->index < NUM_FIXED_BLOCKS || bitmap_bit_p(seen, bb->index))
			continue;
		bitmap_set_bit(seen, bb->index);
		order.safe_push(bb);
		ordered_succs(fn, bb, succs);
		for (int i = succs.length() - 1; i >= 0; i--)
			work.safe_push(succs[i]);
	}
	FOR_EACH_BB_FN(bb, fn)
		if (!bitmap_bit_p(seen, bb->index))
			order.safe_push(bb);
}

void lowerer::run()
{
	auto_vec<basic_block> order;
	basic_block bb;
	struct bd_decl *d;
	int n = 1;

	bdops_gcc_declare(u, fn->decl);
	d = bd_find_decl(u, func_name(fn->decl));
	if (!d)
		return;
	f = bd_func_begin(u, d, bdops_gcc_loc(u, DECL_SOURCE_LOCATION(fn->decl)));
	bb_map.safe_grow_cleared(last_basic_block_for_fn(fn) + 1);
	for (unsigned i = 0; i < bb_map.length(); i++)
		bb_map[i] = -1;
	order_blocks(fn, order);
	for (unsigned i = 0; i < order.length(); i++) {
		bb_map[order[i]->index] = n++;
		bd_block_new(f);
	}
	entry();
	bd_goto(f, 0, block_of(single_succ_p(ENTRY_BLOCK_PTR_FOR_FN(fn)) ?
			       single_succ(ENTRY_BLOCK_PTR_FOR_FN(fn)) : NULL));
	for (unsigned i = 0; i < order.length(); i++) {
		gimple_stmt_iterator gsi;

		bb = order[i];
		cur = block_of(bb);
		phis(bb);
		for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi))
			stmt(gsi_stmt(gsi));
		terminate(bb);
	}
	finish_values();
	bdops_gcc_canonicalise(f);
	bd_func_end(f);
}

/*
 * GCC hands functions to the pass in an order that depends on -O (a
 * topological order of the call graph at -O2, another at -O0).  Each
 * function is lowered into a unit of its own, and at the end of the
 * translation unit they are copied into the real one sorted by where they
 * are defined, so the unit (and its dump) is the same at every -O level.
 */
static vec<struct bd_unit *> pending;

void bdops_gcc_lower_function(struct bd_unit *main_unit, function *fn)
{
	struct bd_unit *u;

	if (!fn || !fn->decl || !fn->cfg || !gimple_in_ssa_p(fn) ||
	    !func_name(fn->decl))
		return;
	u = bd_unit_new(bd_unit_main_file(main_unit));
	lowerer(u, fn).run();
	if (bd_unit_nfuncs(u) == 1) {
		pending.safe_push(u);
		return;
	}
	/* the unit is then not fully analysed: an error at its end */
	{
		char why[512];

		snprintf(why, sizeof(why), "function '%s' could not be lowered",
			 func_name(fn->decl));
		bd_unit_incomplete(main_unit, why);
	}
	bd_unit_free(u);
}

static int loc_cmp(const struct bd_loc &a, const struct bd_loc &b)
{
	int c = strcmp(a.file ? a.file : "", b.file ? b.file : "");

	if (c)
		return c;
	if (a.line != b.line)
		return a.line < b.line ? -1 : 1;
	return a.col < b.col ? -1 : a.col > b.col;
}

static int func_cmp(const void *pa, const void *pb)
{
	const struct bd_func *a = bd_unit_func(*(struct bd_unit *const *)pa, 0);
	const struct bd_func *b = bd_unit_func(*(struct bd_unit *const *)pb, 0);
	int c = loc_cmp(a->loc, b->loc);

	return c ? c : strcmp(a->decl->name, b->decl->name);
}

static void copy_decl(struct bd_unit *dst, const struct bd_decl *d)
{
	bd_declare(dst, d->name, d->is_static, d->ret_type, d->nparams,
		   d->nparams >= 0 ? d->param_types : NULL,
		   d->nparams >= 0 ? d->param_names : NULL, d->loc);
}

static void copy_term(struct bd_func *nf, int i, const struct bd_block *b,
		      const bd_val *map)
{
	switch (b->term) {
	case BD_T_GOTO:
		bd_goto(nf, i, b->succ[0]);
		break;
	case BD_T_BRANCH:
		bd_branch(nf, i, map[b->cond], b->succ[0], b->succ[1], b->term_loc);
		break;
	case BD_T_SWITCH:
		bd_switch(nf, i, map[b->cond], b->nsucc - 1, b->cases, b->succ,
			  b->succ[b->nsucc - 1], b->term_loc);
		break;
	case BD_T_RETURN:
		bd_return(nf, i, map[b->cond], b->term_loc);
		break;
	case BD_T_UNREACHABLE:
		bd_unreachable(nf, i);
		break;
	case BD_T_NONE:
		break;
	}
}

/*
 * Copy f into dst, numbering values in the order they are defined in the
 * canonical block order (lowering hands them out on first sight, which
 * depends on GCC's block layout).
 */
static void copy_func(struct bd_unit *dst, const struct bd_func *f)
{
	bd_val *map = XCNEWVEC(bd_val, f->next_val + 1);
	struct bd_func *nf;
	bd_val v, next = 1;
	int i, j, k;

	for (i = 0; i < f->nblocks; i++)
		for (j = 0; j < f->blocks[i]->nevents; j++) {
			v = f->blocks[i]->events[j].dst;
			if (v && v < f->next_val && !map[v])
				map[v] = next++;
		}
	for (v = 1; v < f->next_val; v++)
		if (!map[v])
			map[v] = next++;
	copy_decl(dst, f->decl);
	nf = bd_func_begin(dst, bd_find_decl(dst, f->decl->name), f->loc);
	for (i = 1; i < f->nblocks; i++)
		bd_block_new(nf);
	for (i = 0; i < f->nslots; i++)
		bd_slot_new(nf, f->slot_names[i], f->slot_types[i]);
	{
		const char **types = XCNEWVEC(const char *, next);

		for (v = 1; v < f->next_val; v++)
			types[map[v]] = f->val_types[v];
		for (v = 1; v < next; v++)
			bd_val_new(nf, types[v]);
		free(types);
	}
	for (i = 0; i < f->nblocks; i++) {
		const struct bd_block *b = f->blocks[i];

		for (j = 0; j < b->nevents; j++) {
			struct bd_event e = b->events[j];
			auto_vec<bd_val> args;

			e.dst = map[e.dst];
			e.a = map[e.a];
			e.b = map[e.b];
			for (k = 0; k < e.nargs; k++)
				args.safe_push(e.args ? map[e.args[k]] : 0);
			e.args = args.address();
			bd_emit(nf, i, &e);
		}
		copy_term(nf, i, b, map);
	}
	bd_func_end(nf);
	free(map);
}

void bdops_gcc_flush_functions(struct bd_unit *u)
{
	unsigned i;
	int j;

	pending.qsort(func_cmp);
	for (i = 0; i < pending.length(); i++) {
		struct bd_unit *p = pending[i];

		copy_func(u, bd_unit_func(p, 0));
		bd_unit_copy_statics(u, p);
		for (j = 0; j < bd_unit_ndecls(p); j++)
			if (!bd_unit_decl(p, j)->has_body)
				copy_decl(u, bd_unit_decl(p, j));
		bd_unit_free(p);
	}
	pending.release();
}
