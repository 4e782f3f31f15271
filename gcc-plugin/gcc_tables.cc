// SPDX-License-Identifier: GPL-2.0
/*
 * gcc_tables.cc - what the unit needs besides function bodies: ops-table
 * bindings from static initializers (docs/design.md rule 7) and the values
 * of the flag macros (bd_macro_names(): O_NDELAY, FMODE_*, BLK_OPEN_*) as
 * this unit's headers define them.
 *
 * Initializers are read at PLUGIN_FINISH_DECL, right after the C front end
 * stored the digested CONSTRUCTOR, so tables that the optimiser later drops
 * (an unused static ops table) are seen at -O0 and -O2 alike.
 */
#include "gcc_common.h"

/* parse_in only exists in the C family's cc1/cc1plus: stay loadable in
 * other front ends, where there simply are no macros to read. */
#pragma weak parse_in

static const char *name_of(tree decl)
{
	tree n = decl ? DECL_NAME(decl) : NULL_TREE;

	return n ? IDENTIFIER_POINTER(n) : NULL;
}

/* The C front end keeps the location of the member's value on the
 * ADDR_EXPR (the function name in ".open = foo_open"); anything else falls
 * back to the variable with exact = 0. */
static void bind(struct bd_unit *u, tree field, tree value, tree fndecl,
		 const char *object, location_t var_loc)
{
	location_t l = EXPR_LOCATION(value);
	const char *fn = name_of(fndecl);

	if (!fn)
		return;
	bdops_gcc_declare(u, fndecl);
	if (!field || TREE_CODE(field) != FIELD_DECL || !name_of(field)) {
		bd_reference(u, fn);
		return;
	}
	if (l != UNKNOWN_LOCATION && l != BUILTINS_LOCATION)
		bd_bind(u, bdops_gcc_tag(DECL_CONTEXT(field)), object,
			name_of(field), fn, bdops_gcc_loc(u, l), 1);
	else
		bd_bind(u, bdops_gcc_tag(DECL_CONTEXT(field)), object,
			name_of(field), fn, bdops_gcc_loc(u, var_loc), 0);
}

/* Function addresses anywhere inside a value that is not a member
 * binding (casts, arithmetic) keep their functions referenced. */
static tree find_functions(tree *tp, int *walk_subtrees, void *data)
{
	struct bd_unit *u = (struct bd_unit *)data;

	if (TREE_CODE(*tp) == FUNCTION_DECL) {
		bdops_gcc_declare(u, *tp);
		if (name_of(*tp))
			bd_reference(u, name_of(*tp));
		*walk_subtrees = 0;
	} else if (TYPE_P(*tp) || DECL_P(*tp)) {
		*walk_subtrees = 0;
	}
	return NULL_TREE;
}

static void walk_value(struct bd_unit *u, tree field, tree value,
		       const char *object, location_t var_loc, int depth);

static void walk_ctor(struct bd_unit *u, tree ctor, const char *object,
		      location_t var_loc, int depth)
{
	unsigned HOST_WIDE_INT i;
	tree idx, val;

	FOR_EACH_CONSTRUCTOR_ELT(CONSTRUCTOR_ELTS(ctor), i, idx, val)
		walk_value(u, idx, val, object, var_loc, depth + 1);
}

static void walk_value(struct bd_unit *u, tree field, tree value,
		       const char *object, location_t var_loc, int depth)
{
	tree v = value, op;

	if (!value || depth > 64)
		return;
	STRIP_NOPS(v);
	if (TREE_CODE(v) == CONSTRUCTOR) {
		walk_ctor(u, v, object, var_loc, depth);
		return;
	}
	if (TREE_CODE(v) == ADDR_EXPR) {
		op = TREE_OPERAND(v, 0);
		if (TREE_CODE(op) == FUNCTION_DECL) {
			bind(u, field, EXPR_HAS_LOCATION(v) ? v : value, op,
			     object, var_loc);
			return;
		}
		/* &(struct block_device_operations){ ... } */
		if (TREE_CODE(op) == COMPOUND_LITERAL_EXPR)
			op = COMPOUND_LITERAL_EXPR_DECL(op);
		if (VAR_P(op) && DECL_ARTIFICIAL(op) && DECL_INITIAL(op) &&
		    TREE_CODE(DECL_INITIAL(op)) == CONSTRUCTOR) {
			walk_ctor(u, DECL_INITIAL(op), object, var_loc, depth);
			return;
		}
	}
	walk_tree_without_duplicates(&v, find_functions, u);
}

void bdops_gcc_scan_initializer(struct bd_unit *u, tree var)
{
	tree init;

	if (!var || !VAR_P(var) || !is_global_var(var) || DECL_EXTERNAL(var))
		return;
	init = DECL_INITIAL(var);
	if (!init || init == error_mark_node || !name_of(var))
		return;
	walk_value(u, NULL_TREE, init, name_of(var), DECL_SOURCE_LOCATION(var), 0);
}

/* ---- macros ---- */

/* The core evaluates the flag macros (core/macro_eval.c); this hands it
 * their spellings as cpplib keeps them. */
struct macro_lookup {
	struct bd_unit *u;
	std::string body;
};

static enum bd_macro_kind lookup_macro(void *ctx, const char *name, struct bd_macro_def *d)
{
	struct macro_lookup *l = (struct macro_lookup *)ctx;
	cpp_hashnode *node;
	const unsigned char *def;
	expanded_location x;

	if (!&parse_in || !parse_in)
		return BD_MACRO_NONE;
	node = cpp_lookup(parse_in, (const unsigned char *)name, strlen(name));
	if (!node || !cpp_macro_p(node) || !cpp_user_macro_p(node))
		return BD_MACRO_NONE;
	if (cpp_fun_like_macro_p(node))
		return BD_MACRO_FUNCTION;
	def = cpp_macro_definition(parse_in, node);	/* "NAME body" */
	if (!def)
		return BD_MACRO_NONE;
	l->body = (const char *)def + strlen(name);
	d->body = l->body.c_str();
	x = expand_location(node->value.macro->line);
	/* cpplib keeps the line of a definition, not its column */
	d->loc = bd_loc_make(l->u, x.file, x.line, x.column ? x.column : 1);
	return BD_MACRO_OBJECT;
}

/*
 * Called before every function body (a header may define or redefine a
 * macro on the way), so each definition is evaluated once, not once per
 * function: that was 3% of a kernel unit's compile.  A definition whose
 * evaluation failed (it names a macro not defined yet) is tried again.
 */
void bdops_gcc_record_macros(struct bd_unit *u)
{
	static const cpp_macro *done[128];
	static location_t done_line[128];
	/* Each name's identifier node, looked up once: libcpp keeps a node
	 * for the whole compile and hangs every (re)definition on it, so
	 * this runs before each of a kernel unit's thousands of bodies at
	 * the cost of a pointer test per name (cpp_lookup() hashes the
	 * name: 0.7% of cc1's instructions on 6.1's block/bdev.c). */
	static cpp_hashnode *nodes[128];
	static const cpp_reader *nodes_of;
	const char *const *names = bd_macro_names();
	struct macro_lookup l;
	cpp_hashnode *node;

	l.u = u;

	if (nodes_of != parse_in) {
		memset(nodes, 0, sizeof(nodes));
		nodes_of = parse_in;
	}
	for (size_t i = 0; names[i]; i++) {
		const cpp_macro *m = NULL;

		if (parse_in && i < 128) {
			if (!nodes[i])
				nodes[i] = cpp_lookup(parse_in,
						      (const unsigned char *)names[i],
						      strlen(names[i]));
			node = nodes[i];
			if (node && cpp_macro_p(node) && cpp_user_macro_p(node))
				m = node->value.macro;
			if (!m || (m == done[i] && m->line == done_line[i]))
				continue;
		}
		if (bd_unit_read_macro(u, names[i], lookup_macro, &l) <= 0)
			continue;
		if (m) {
			done[i] = m;
			done_line[i] = m->line;
		}
	}
}
