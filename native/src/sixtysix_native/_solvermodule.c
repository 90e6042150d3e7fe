/* sixtysix_native._solver: the CPython face of solver.c (limited API, abi3).
 *
 *   compile(table: bytes) -> capsule      a rule set's spec (int32 values, see solver.h)
 *   solve(spec, position, max_nodes, table_size, every) -> result
 *   solve_many(items, max_nodes, table_size, every) -> [result, ...]
 *   world_values(spec, position, world, exact_talon, max_nodes, table_size)
 *       -> (values, spent)                PimcBot's evaluation of one world
 *   rulebot(spec, position, world, known, excluded) -> index   RuleBot's move
 *
 * position is the tuple of sixtysix.search._core.args_of (talon a tuple of card
 * indices, the snapshot a 4-tuple or None); items a sequence of (spec, position).
 * A result is (value, best, kinds, args, values, nodes): the moves in legal_moves
 * order as two bytes objects (kind codes, signed card or suit), values a bytes of
 * signed values (every move's, or empty) and best the index of the best move.
 * The GIL is released while searching; each call has its own table.
 * world is (declared, exchanged_by, dealt_turnup, marriage_in_strict): the public facts
 * RuleBot's view reads beyond the position; values a bytes of signed values, one per
 * legal move in legal_moves order (see ss_world_values in solver.h).
 * Errors: LimitError (node limit), InputError (a position or spec it cannot take).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

#include "../solver.h"

static PyObject *LimitError;
static PyObject *InputError;
static const char CAPSULE[] = "sixtysix_native._solver.spec";

static void spec_free(PyObject *capsule)
{
    void *p = PyCapsule_GetPointer(capsule, CAPSULE);
    free(p);
}

static PyObject *py_compile(PyObject *self, PyObject *arg)
{
    char *buf;
    Py_ssize_t len;
    ss_spec *spec;
    int32_t *table;
    char err[200];
    int rc;
    (void)self;
    if (!PyBytes_Check(arg)) {
        PyErr_SetString(InputError, "the rule table must be bytes");
        return NULL;
    }
    if (PyBytes_AsStringAndSize(arg, &buf, &len) < 0)
        return NULL;
    if (len != (Py_ssize_t)(SP_SIZE * sizeof(int32_t))) {
        PyErr_SetString(InputError, "the rule table has the wrong size");
        return NULL;
    }
    table = (int32_t *)malloc((size_t)len);
    spec = (ss_spec *)malloc(sizeof *spec);
    if (!table || !spec) {
        free(table);
        free(spec);
        return PyErr_NoMemory();
    }
    memcpy(table, buf, (size_t)len);
    rc = ss_spec_load(spec, table, SP_SIZE, err, sizeof err);
    free(table);
    if (rc) {
        free(spec);
        PyErr_SetString(InputError, err);
        return NULL;
    }
    {
        PyObject *cap = PyCapsule_New(spec, CAPSULE, spec_free);
        if (!cap)
            free(spec);
        return cap;
    }
}

/* An int item of a tuple, in [lo, hi]; -1 and an exception otherwise. */
static int get_int(PyObject *tuple, Py_ssize_t i, long lo, long hi, long *out, const char *what)
{
    PyObject *item = PyTuple_GetItem(tuple, i);
    long v;
    if (!item)
        return -1;
    if (!PyLong_Check(item)) {
        PyErr_Format(InputError, "the position's %s is not an int", what);
        return -1;
    }
    v = PyLong_AsLong(item);
    if (v == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(InputError, "the position's %s is out of range", what);
        return -1;
    }
    if (v < lo || v > hi) {
        PyErr_Format(InputError, "the position's %s is out of range (%ld)", what, v);
        return -1;
    }
    *out = v;
    return 0;
}

static int parse_position(const ss_spec *spec, PyObject *obj, ss_pos *p, ss_talon *t)
{
    long v[18];
    PyObject *tal, *sn;
    Py_ssize_t i, n;
    char err[200];
    static const struct {
        int index;
        long lo, hi;
        const char *what;
    } fields[] = {
        {0, 0, 2, "step"},          {1, 0, 1, "leader"},
        {2, -1, 31, "card led"},    {3, 0, 0xFFFFFFFFL, "hand of seat 0"},
        {4, 0, 0xFFFFFFFFL, "hand of seat 1"}, {6, -1, 1, "closer"},
        {8, 0, 120, "card points of seat 0"}, {9, 0, 120, "card points of seat 1"},
        {10, 0, SS_MAX_MARRIAGES, "marriages of seat 0"},
        {11, 0, SS_MAX_MARRIAGES, "marriages of seat 1"},
        {12, 0, SS_MAX_MARRIAGES, "pending marriages of seat 0"},
        {13, 0, SS_MAX_MARRIAGES, "pending marriages of seat 1"},
        {14, 0, 1, "won flag of seat 0"}, {15, 0, 1, "won flag of seat 1"},
        {16, -1, 3, "turn marriage"},     {17, 0, 1, "turn close flag"},
    };
    if (!PyTuple_Check(obj) || PyTuple_Size(obj) != 18) {
        PyErr_SetString(InputError, "a position is a tuple of 18 items");
        return -1;
    }
    for (i = 0; i < (Py_ssize_t)(sizeof fields / sizeof fields[0]); i++)
        if (get_int(obj, fields[i].index, fields[i].lo, fields[i].hi, &v[fields[i].index],
                    fields[i].what) < 0)
            return -1;
    memset(p, 0, sizeof *p);
    p->st = (int8_t)v[0];
    p->L = (int8_t)v[1];
    p->ld = (int8_t)v[2];
    p->h[0] = (uint32_t)v[3];
    p->h[1] = (uint32_t)v[4];
    p->cl = (int8_t)v[6];
    for (i = 0; i < 2; i++) {
        p->c[i] = (uint8_t)v[8 + i];
        p->m[i] = (uint8_t)v[10 + i];
        p->p[i] = (uint8_t)v[12 + i];
        p->w[i] = (uint8_t)v[14 + i];
    }
    p->tm = (int8_t)v[16];
    p->tc = (int8_t)v[17];
    tal = PyTuple_GetItem(obj, 5);
    if (!tal)
        return -1;
    if (!PyTuple_Check(tal) || (n = PyTuple_Size(tal)) > 32) {
        PyErr_SetString(InputError, "the talon is not a tuple of at most 32 cards");
        return -1;
    }
    t->len = (int)n;
    for (i = 0; i < n; i++) {
        long card;
        if (get_int(tal, i, 0, 31, &card, "talon card") < 0)
            return -1;
        t->cards[i] = (int8_t)card;
    }
    p->tal_len = (int8_t)n;
    p->tal_last = n ? t->cards[n - 1] : -1;
    sn = PyTuple_GetItem(obj, 7);
    if (!sn)
        return -1;
    if (sn == Py_None) {
        if (p->cl >= 0) {
            PyErr_SetString(InputError, "a closed talon needs its close snapshot");
            return -1;
        }
    } else {
        long a, b, cp, m;
        if (!PyTuple_Check(sn) || PyTuple_Size(sn) != 4) {
            PyErr_SetString(InputError, "the close snapshot is a tuple of 4 ints or None");
            return -1;
        }
        if (p->cl < 0) {
            PyErr_SetString(InputError, "a close snapshot without a close");
            return -1;
        }
        if (get_int(sn, 0, 0, 16, &a, "snapshot trick count") < 0 ||
            get_int(sn, 1, 0, 1, &b, "snapshot trick flag") < 0 ||
            get_int(sn, 2, 0, 120, &cp, "snapshot points") < 0 ||
            get_int(sn, 3, 0, SS_MAX_MARRIAGES, &m, "snapshot marriages") < 0)
            return -1;
        p->sn_tp = (uint8_t)a;
        p->sn_ot = (uint8_t)b;
        p->sn_cp = (uint8_t)cp;
        p->sn_m = (uint8_t)m;
    }
    if (ss_check(spec, p, t, err, sizeof err)) {
        PyErr_SetString(InputError, err);
        return -1;
    }
    return 0;
}

static int get_limits(PyObject *max_nodes, PyObject *table_size, long long *mn, long long *ts)
{
    if (max_nodes == Py_None) {
        *mn = -1;
    } else {
        if (!PyLong_Check(max_nodes)) {
            PyErr_SetString(InputError, "max_nodes must be an int or None");
            return -1;
        }
        *mn = PyLong_AsLongLong(max_nodes);
        if (*mn == -1 && PyErr_Occurred()) {
            PyErr_Clear();
            *mn = PyLong_AsLongLong(max_nodes);
            PyErr_Clear();
            *mn = (long long)1 << 62; /* (more than any search) */
        }
        if (*mn < 0)
            *mn = 0;
    }
    if (!PyLong_Check(table_size)) {
        PyErr_SetString(InputError, "table_size must be an int");
        return -1;
    }
    *ts = PyLong_AsLongLong(table_size);
    if (*ts == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        *ts = (long long)1 << 40;
    }
    if (*ts < 1)
        *ts = 1;
    return 0;
}

static PyObject *build_result(const ss_result *r, int every)
{
    char kinds[SS_MAX_MOVES], args[SS_MAX_MOVES], values[SS_MAX_MOVES];
    int i;
    for (i = 0; i < r->n_moves; i++) {
        kinds[i] = (char)r->kind[i];
        args[i] = (char)r->arg[i];
        values[i] = (char)r->values[i];
    }
    return Py_BuildValue("(iiy#y#y#L)", r->value, r->best, kinds, (Py_ssize_t)r->n_moves, args,
                         (Py_ssize_t)r->n_moves, values, (Py_ssize_t)(every ? r->n_moves : 0),
                         r->nodes);
}

static int raise_for(int rc, const char *err, Py_ssize_t index)
{
    if (rc == SS_ERR_LIMIT)
        PyErr_SetString(LimitError, err);
    else if (rc == SS_ERR_MEMORY)
        PyErr_NoMemory();
    else if (index >= 0)
        PyErr_Format(InputError, "position %zd: %s", index, err);
    else
        PyErr_SetString(InputError, err);
    return -1;
}

static const ss_spec *get_spec(PyObject *cap)
{
    if (!PyCapsule_IsValid(cap, CAPSULE)) {
        PyErr_SetString(InputError, "not a compiled rule set (use compile())");
        return NULL;
    }
    return (const ss_spec *)PyCapsule_GetPointer(cap, CAPSULE);
}

static PyObject *py_solve(PyObject *self, PyObject *args)
{
    PyObject *cap, *position, *max_nodes, *table_size;
    int every, rc;
    long long mn, ts;
    const ss_spec *spec;
    ss_pos pos;
    ss_talon tal;
    ss_result res;
    char err[200];
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOOp", &cap, &position, &max_nodes, &table_size, &every))
        return NULL;
    if (!(spec = get_spec(cap)) || get_limits(max_nodes, table_size, &mn, &ts) < 0 ||
        parse_position(spec, position, &pos, &tal) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = ss_solve(spec, &pos, &tal, mn, ts, every ? SS_ALL : 0, &res, err, sizeof err);
    Py_END_ALLOW_THREADS
    if (rc) {
        raise_for(rc, err, -1);
        return NULL;
    }
    return build_result(&res, every);
}

typedef struct job {
    const ss_spec *spec;
    ss_pos pos;
    ss_talon tal;
    ss_result res;
} job;

static PyObject *py_solve_many(PyObject *self, PyObject *args)
{
    PyObject *items, *seq, *max_nodes, *table_size, *out = NULL;
    PyObject **caps = NULL;
    int every, rc = 0;
    long long mn, ts;
    Py_ssize_t n, i, failed = -1;
    job *jobs = NULL;
    char err[200];
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOp", &items, &max_nodes, &table_size, &every))
        return NULL;
    if (get_limits(max_nodes, table_size, &mn, &ts) < 0)
        return NULL;
    seq = PySequence_Tuple(items);
    if (!seq)
        return NULL;
    n = PyTuple_Size(seq);
    jobs = (job *)calloc((size_t)(n ? n : 1), sizeof *jobs);
    caps = (PyObject **)calloc((size_t)(n ? n : 1), sizeof *caps);
    if (!jobs || !caps) {
        PyErr_NoMemory();
        goto done;
    }
    for (i = 0; i < n; i++) {
        PyObject *item = PyTuple_GetItem(seq, i), *cap;
        if (!item)
            goto done;
        if (!PyTuple_Check(item) || PyTuple_Size(item) != 2) {
            PyErr_Format(InputError, "item %zd is not a (spec, position) pair", i);
            goto done;
        }
        cap = PyTuple_GetItem(item, 0);
        if (!cap || !(jobs[i].spec = get_spec(cap)))
            goto done;
        Py_INCREF(cap);
        caps[i] = cap;
        if (parse_position(jobs[i].spec, PyTuple_GetItem(item, 1), &jobs[i].pos, &jobs[i].tal) <
            0) {
            PyObject *type, *value, *tb;
            PyErr_Fetch(&type, &value, &tb);
            if (value && PyErr_GivenExceptionMatches(type, InputError)) {
                PyObject *text = PyObject_Str(value);
                if (text) {
                    PyErr_Format(InputError, "position %zd: %U", i, text);
                    Py_DECREF(text);
                    Py_XDECREF(type);
                    Py_XDECREF(value);
                    Py_XDECREF(tb);
                    goto done;
                }
            }
            PyErr_Restore(type, value, tb);
            goto done;
        }
    }
    Py_BEGIN_ALLOW_THREADS
    for (i = 0; i < n; i++) {
        rc = ss_solve(jobs[i].spec, &jobs[i].pos, &jobs[i].tal, mn, ts, every ? SS_ALL : 0,
                      &jobs[i].res, err, sizeof err);
        if (rc) {
            failed = i;
            break;
        }
    }
    Py_END_ALLOW_THREADS
    if (failed >= 0) {
        raise_for(rc, err, failed);
        goto done;
    }
    out = PyList_New(n);
    if (!out)
        goto done;
    for (i = 0; i < n; i++) {
        PyObject *r = build_result(&jobs[i].res, every);
        if (!r) {
            Py_DECREF(out);
            out = NULL;
            goto done;
        }
        PyList_SetItem(out, i, r);
    }
done:
    if (caps)
        for (i = 0; i < n; i++)
            Py_XDECREF(caps[i]);
    free(caps);
    free(jobs);
    Py_DECREF(seq);
    return out;
}

static int parse_world(PyObject *obj, ss_world *w)
{
    long v[4];
    static const struct {
        long lo, hi;
        const char *what;
    } fields[] = {{0, 255, "declared marriages"},
                  {-1, 1, "exchanger"},
                  {-1, 31, "dealt turn-up"},
                  {0, 1, "marriage_in_strict_phase flag"}};
    int i;
    if (!PyTuple_Check(obj) || PyTuple_Size(obj) != 4) {
        PyErr_SetString(InputError, "a world is a tuple of 4 ints");
        return -1;
    }
    for (i = 0; i < 4; i++)
        if (get_int(obj, i, fields[i].lo, fields[i].hi, &v[i], fields[i].what) < 0)
            return -1;
    w->declared = (int)v[0];
    w->exchanged_by = (int)v[1];
    w->dealt_turnup = (int)v[2];
    w->marriage_in_strict = (int)v[3];
    return 0;
}

static PyObject *world_result(const int8_t *values, int n, long long spent)
{
    char buf[SS_MAX_MOVES];
    int i;
    for (i = 0; i < n; i++)
        buf[i] = (char)values[i];
    return Py_BuildValue("(y#L)", buf, (Py_ssize_t)n, spent);
}

static int get_exact_talon(int exact_talon)
{
    if (exact_talon < 0) {
        PyErr_SetString(InputError, "exact_talon must be >= 0");
        return -1;
    }
    return 0;
}

static PyObject *py_world_values(PyObject *self, PyObject *args)
{
    PyObject *cap, *position, *world, *max_nodes, *table_size;
    int exact_talon, rc, n = 0;
    long long mn, ts, spent = 0;
    const ss_spec *spec;
    ss_pos pos;
    ss_talon tal;
    ss_world w;
    int8_t values[SS_MAX_MOVES];
    char err[200];
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOiOO", &cap, &position, &world, &exact_talon, &max_nodes,
                          &table_size))
        return NULL;
    if (!(spec = get_spec(cap)) || get_exact_talon(exact_talon) < 0 ||
        get_limits(max_nodes, table_size, &mn, &ts) < 0 || parse_world(world, &w) < 0 ||
        parse_position(spec, position, &pos, &tal) < 0)
        return NULL;
    Py_BEGIN_ALLOW_THREADS
    rc = ss_world_values(spec, &pos, &tal, &w, exact_talon, mn, ts, values, &n, &spent, err,
                         sizeof err);
    Py_END_ALLOW_THREADS
    if (rc) {
        raise_for(rc, err, -1);
        return NULL;
    }
    return world_result(values, n, spent);
}

static PyObject *py_rulebot(PyObject *self, PyObject *args)
{
    PyObject *cap, *position, *world;
    unsigned long known, excluded;
    int rc, index = -1;
    const ss_spec *spec;
    ss_pos pos;
    ss_talon tal;
    ss_world w;
    char err[200];
    (void)self;
    if (!PyArg_ParseTuple(args, "OOOkk", &cap, &position, &world, &known, &excluded))
        return NULL;
    if (!(spec = get_spec(cap)) || parse_world(world, &w) < 0 ||
        parse_position(spec, position, &pos, &tal) < 0)
        return NULL;
    rc = ss_rulebot_move(spec, &pos, &tal, &w, (uint32_t)(known & 0xFFFFFFFFul),
                         (uint32_t)(excluded & 0xFFFFFFFFul), &index, err, sizeof err);
    if (rc) {
        raise_for(rc, err, -1);
        return NULL;
    }
    return PyLong_FromLong(index);
}

static PyMethodDef methods[] = {
    {"compile", py_compile, METH_O, "compile(table: bytes) -> a compiled rule set"},
    {"solve", py_solve, METH_VARARGS,
     "solve(spec, position, max_nodes, table_size, every) -> (value, best, kinds, args, "
     "values, nodes)"},
    {"solve_many", py_solve_many, METH_VARARGS,
     "solve_many(items, max_nodes, table_size, every) -> [result, ...]"},
    {"world_values", py_world_values, METH_VARARGS,
     "world_values(spec, position, world, exact_talon, max_nodes, table_size) -> (values, "
     "spent)"},
    {"rulebot", py_rulebot, METH_VARARGS,
     "rulebot(spec, position, world, known, excluded) -> RuleBot's move index"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_solver",
                                    "The native exact solver of sixtysix (see solver.h).", -1,
                                    methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__solver(void)
{
    PyObject *m = PyModule_Create(&module);
    if (!m)
        return NULL;
    LimitError = PyErr_NewException("sixtysix_native._solver.LimitError", NULL, NULL);
    InputError = PyErr_NewException("sixtysix_native._solver.InputError", PyExc_ValueError, NULL);
    if (!LimitError || !InputError || PyModule_AddObject(m, "LimitError", LimitError) < 0) {
        Py_XDECREF(LimitError);
        Py_XDECREF(InputError);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(LimitError);
    if (PyModule_AddObject(m, "InputError", InputError) < 0) {
        Py_DECREF(InputError);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(InputError);
    if (PyModule_AddIntConstant(m, "SPEC_SIZE", SP_SIZE) < 0 ||
        PyModule_AddIntConstant(m, "SPEC_MAGIC", SS_SPEC_MAGIC) < 0 ||
        PyModule_AddIntConstant(m, "MAX_POINTS", SS_MAX_POINTS) < 0 ||
        PyModule_AddIntConstant(m, "MAX_CARD_POINTS", SS_MAX_CARD_POINTS) < 0 ||
        PyModule_AddIntConstant(m, "MAX_MARRIAGES", SS_MAX_MARRIAGES) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
