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

/*
 * A tiny evaluator for the macro bodies that matter:
 *   #define O_NONBLOCK 00004000
 *   #define O_NDELAY O_NONBLOCK
 *   #define FMODE_READ ((__force fmode_t)0x1)
 *   #define FMODE_EXCL ((__force fmode_t)(1 << 7))
 * Numbers, names of other macros, casts (skipped), ( ), ~, <<, >>, |, &, +.
 * Anything else makes the macro unknown and the core keeps its default.
 */
struct mparse {
	const char *s;
	int depth;
	bool bad;
};

static bool macro_value(const char *name, int depth, int64_t *out);

static void skip_ws(struct mparse *p)
{
	while (*p->s == ' ' || *p->s == '\t')
		p->s++;
}

static int64_t m_expr(struct mparse *p);

static bool is_ident(char c)
{
	return ISALNUM(c) || c == '_';
}

static int64_t m_primary(struct mparse *p)
{
	char id[128];
	size_t n = 0;
	int64_t v;

	skip_ws(p);
	if (*p->s == '(') {
		const char *save = p->s + 1;
		struct mparse q = *p;

		/* a cast: "(" identifiers ")" followed by an operand */
		q.s = save;
		for (;;) {
			skip_ws(&q);
			if (!is_ident(*q.s) || ISDIGIT(*q.s))
				break;
			while (is_ident(*q.s))
				q.s++;
		}
		skip_ws(&q);
		if (*q.s == ')' && q.s != save) {
			const char *after = q.s + 1;

			while (*after == ' ')
				after++;
			if (*after && *after != ')' && *after != '|' &&
			    *after != '&' && *after != '<' && *after != '>') {
				p->s = q.s + 1;
				return m_primary(p);
			}
		}
		p->s++;
		v = m_expr(p);
		skip_ws(p);
		if (*p->s == ')')
			p->s++;
		else
			p->bad = true;
		return v;
	}
	if (*p->s == '~') {
		p->s++;
		return ~m_primary(p);
	}
	if (ISDIGIT(*p->s)) {
		char *end;

		v = (int64_t)strtoull(p->s, &end, 0);
		p->s = end;
		while (*p->s == 'u' || *p->s == 'U' || *p->s == 'l' || *p->s == 'L')
			p->s++;
		return v;
	}
	while (is_ident(*p->s) && n + 1 < sizeof(id))
		id[n++] = *p->s++;
	id[n] = 0;
	if (!n || !macro_value(id, p->depth + 1, &v)) {
		p->bad = true;
		return 0;
	}
	return v;
}

static int64_t m_expr(struct mparse *p)
{
	int64_t v = m_primary(p), r;

	for (int i = 0; i < 16 && !p->bad; i++) {
		skip_ws(p);
		if (p->s[0] == '<' && p->s[1] == '<') {
			p->s += 2;
			r = m_primary(p);
			v = r >= 0 && r < 63 ? v << r : 0;
		} else if (p->s[0] == '>' && p->s[1] == '>') {
			p->s += 2;
			r = m_primary(p);
			v = r >= 0 && r < 63 ? v >> r : 0;
		} else if (p->s[0] == '|') {
			p->s++;
			v |= m_primary(p);
		} else if (p->s[0] == '&') {
			p->s++;
			v &= m_primary(p);
		} else if (p->s[0] == '+') {
			p->s++;
			v += m_primary(p);
		} else {
			break;
		}
	}
	return v;
}

static bool macro_value(const char *name, int depth, int64_t *out)
{
	cpp_hashnode *node;
	const unsigned char *def;
	const char *body;
	struct mparse p;

	if (depth > 8 || !&parse_in || !parse_in)
		return false;
	if (!strcmp(name, "__force"))
		return false;
	node = cpp_lookup(parse_in, (const unsigned char *)name, strlen(name));
	if (!node || !cpp_macro_p(node) || !cpp_user_macro_p(node) ||
	    cpp_fun_like_macro_p(node))
		return false;
	def = cpp_macro_definition(parse_in, node);
	if (!def)
		return false;
	/* "NAME body" */
	body = (const char *)def + strlen(name);
	p.s = body;
	p.depth = depth;
	p.bad = false;
	/* the kernel's __force is empty outside sparse: drop it */
	std::string text;
	for (const char *c = body; *c; c++) {
		if (!strncmp(c, "__force", 7) && !is_ident(c[7]) &&
		    (c == body || !is_ident(c[-1]))) {
			c += 6;
			continue;
		}
		text += *c;
	}
	p.s = text.c_str();
	*out = m_expr(&p);
	skip_ws(&p);
	return !p.bad && !*p.s;
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
	cpp_hashnode *node;
	int64_t v;

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
		if (!macro_value(names[i], 0, &v))
			continue;
		bd_unit_set_macro(u, names[i], v);
		if (m) {
			done[i] = m;
			done_line[i] = m->line;
		}
	}
}
