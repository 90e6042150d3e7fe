/* sixtysix_native._core: the thin CPython layer over core.c (limited API 3.11).
 *
 * Not a public API: sixtysix.native is the one door. It validates every argument before
 * calling here; this layer still checks sizes and ranges, so no input can make C read or
 * write out of bounds. The GIL is released around every batch loop.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

#include "../core.h"

#define FACTS_NAME "sixtysix_native._core.facts"

static void facts_free(PyObject *capsule)
{
    free(PyCapsule_GetPointer(capsule, FACTS_NAME));
}

static PyObject *core_compile(PyObject *self, PyObject *args)
{
    const char *data;
    Py_ssize_t size;
    ss_facts *f;
    PyObject *capsule;
    (void)self;
    if (!PyArg_ParseTuple(args, "y#:compile", &data, &size))
        return NULL;
    f = (ss_facts *)malloc(sizeof *f);
    if (f == NULL)
        return PyErr_NoMemory();
    if (ss_facts_unpack(f, (const uint8_t *)data, (size_t)size) != 0) {
        free(f);
        PyErr_SetString(PyExc_ValueError, "malformed rule facts block");
        return NULL;
    }
    capsule = PyCapsule_New(f, FACTS_NAME, facts_free);
    if (capsule == NULL)
        free(f);
    return capsule;
}

static const ss_facts *get_facts(PyObject *capsule)
{
    return (const ss_facts *)PyCapsule_GetPointer(capsule, FACTS_NAME);
}

/* (h0, h1, talon bytes, trump, step, leader, lead, w0, w1, cp0, cp1, m0, m1, p0, p1,
 *  turn_marriage, turn_steps, closed_by, exchanged_by, has_snap, snap_tricks,
 *  snap_opp_tricks, snap_opp_cp, snap_opp_mar) */
static int parse_state(const ss_facts *f, PyObject *tuple, ss_state *s)
{
    unsigned long h0, h1, w0, w1;
    const char *talon;
    Py_ssize_t n;
    memset(s, 0, sizeof *s);
    if (!PyTuple_Check(tuple)) { /* PyArg_ParseTuple would raise SystemError */
        PyErr_SetString(PyExc_TypeError, "the start state must be a tuple or None");
        return -1;
    }
    if (!PyArg_ParseTuple(tuple, "kky#iiiikkiiiiiiiiiiiiiii:state", &h0, &h1, &talon, &n,
                          &s->trump, &s->step, &s->leader, &s->lead, &w0, &w1, &s->cp[0],
                          &s->cp[1], &s->mar[0], &s->mar[1], &s->pend[0], &s->pend[1],
                          &s->turn_marriage, &s->turn_steps, &s->closed_by, &s->exchanged_by,
                          &s->has_snap, &s->snap_tricks, &s->snap_opp_tricks, &s->snap_opp_cp,
                          &s->snap_opp_mar))
        return -1;
    if (n < 0 || n > SS_MAX_TALON || h0 > 0xFFFFFFFFul || h1 > 0xFFFFFFFFul ||
        w0 > 0xFFFFFFFFul || w1 > 0xFFFFFFFFul) {
        PyErr_SetString(PyExc_ValueError, "state out of range");
        return -1;
    }
    memcpy(s->talon, talon, (size_t)n);
    s->tpos = 0;
    s->tend = (int)n;
    s->hands[0] = (uint32_t)h0, s->hands[1] = (uint32_t)h1;
    s->won[0] = (uint32_t)w0, s->won[1] = (uint32_t)w1;
    if (ss_state_check(f, s) != 0) {
        PyErr_SetString(PyExc_ValueError, "inconsistent state");
        return -1;
    }
    return 0;
}

/* bot: (declared, dealt, last_drawer, excluded0, excluded1, infer_trump, infer_head,
 * marriage_in_strict), see ss_bot in core.h. */
static int parse_bot(PyObject *tuple, ss_bot *b)
{
    unsigned long e0, e1;
    if (!PyTuple_Check(tuple)) {
        PyErr_SetString(PyExc_TypeError, "the bot facts must be a tuple or None");
        return -1;
    }
    if (!PyArg_ParseTuple(tuple, "iiikkiii:bot", &b->declared, &b->dealt, &b->last_drawer, &e0,
                          &e1, &b->infer_trump, &b->infer_head, &b->marriage_in_strict))
        return -1;
    if (b->declared < 0 || b->declared > 255 || b->dealt < -1 || b->dealt > 31 ||
        b->last_drawer < -1 || b->last_drawer > 1 || e0 > 0xFFFFFFFFul || e1 > 0xFFFFFFFFul) {
        PyErr_SetString(PyExc_ValueError, "bot facts out of range");
        return -1;
    }
    b->excluded[0] = (uint32_t)e0;
    b->excluded[1] = (uint32_t)e1;
    return 0;
}

/* playouts(facts, seeds: bytes of native uint64, dealer, state or None, claims[, bot])
 * -> (winner, game_points, carry, reason, points, moves) as bytes; with bot (a tuple,
 * see parse_bot) both seats play RuleBot, else the random policy. */
static PyObject *core_playouts(PyObject *self, PyObject *args)
{
    PyObject *capsule, *state_obj, *bot_obj = Py_None, *out = NULL;
    ss_bot bot;
    const char *seed_bytes;
    Py_ssize_t size, n, i;
    int dealer, claims, failed = 0;
    const ss_facts *f;
    ss_state start;
    uint64_t *seeds = NULL;
    int8_t *winner = NULL;
    uint8_t *gp = NULL, *carry = NULL, *reason = NULL;
    uint16_t *points = NULL, *moves = NULL;
    (void)self;
    if (!PyArg_ParseTuple(args, "Oy#iOp|O:playouts", &capsule, &seed_bytes, &size, &dealer,
                          &state_obj, &claims, &bot_obj))
        return NULL;
    memset(&bot, 0, sizeof bot);
    if (bot_obj != Py_None && parse_bot(bot_obj, &bot) != 0)
        return NULL;
    if ((f = get_facts(capsule)) == NULL)
        return NULL;
    if (size % 8 != 0 || (dealer != 0 && dealer != 1)) {
        PyErr_SetString(PyExc_ValueError, "seeds must be whole uint64 values; dealer 0 or 1");
        return NULL;
    }
    if (state_obj != Py_None && parse_state(f, state_obj, &start) != 0)
        return NULL;
    n = size / 8;
    seeds = (uint64_t *)malloc((size_t)(n ? n : 1) * 8);
    winner = (int8_t *)malloc((size_t)(n ? n : 1));
    gp = (uint8_t *)malloc((size_t)(n ? n : 1));
    carry = (uint8_t *)malloc((size_t)(n ? n : 1));
    reason = (uint8_t *)malloc((size_t)(n ? n : 1));
    points = (uint16_t *)malloc((size_t)(n ? n : 1) * 4);
    moves = (uint16_t *)malloc((size_t)(n ? n : 1) * 2);
    if (!seeds || !winner || !gp || !carry || !reason || !points || !moves) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(seeds, seed_bytes, (size_t)size);
    Py_BEGIN_ALLOW_THREADS
    for (i = 0; i < n; i++) {
        ss_state s;
        ss_rng r;
        ss_result res;
        ss_rng_seed(&r, seeds[i]);
        int rc;
        if (state_obj == Py_None)
            ss_deal(f, &r, dealer, &s);
        else
            s = start;
        if (bot_obj != Py_None) {
            ss_bot b = bot;
            if (state_obj == Py_None) {
                b.declared = 0;
                b.dealt = s.tend > 0 ? s.talon[s.tend - 1] : -1;
                b.last_drawer = -1;
                b.excluded[0] = b.excluded[1] = 0;
            }
            rc = ss_playout_rulebot(f, &s, &b, &res);
        } else {
            rc = ss_playout_random(f, &s, &r, claims, &res);
        }
        if (rc != 0) {
            failed = 1;
            break;
        }
        winner[i] = res.winner;
        gp[i] = res.game_points;
        carry[i] = res.carry;
        reason[i] = res.reason;
        points[2 * i] = res.points[0];
        points[2 * i + 1] = res.points[1];
        moves[i] = res.moves;
    }
    Py_END_ALLOW_THREADS
    if (failed) {
        PyErr_SetString(PyExc_RuntimeError, "a playout did not end (internal error)");
        goto done;
    }
    out = Py_BuildValue("(y#y#y#y#y#y#)", (const char *)winner, n, (const char *)gp, n,
                        (const char *)carry, n, (const char *)reason, n, (const char *)points,
                        4 * n, (const char *)moves, 2 * n);
done:
    free(seeds);
    free(winner);
    free(gp);
    free(carry);
    free(reason);
    free(points);
    free(moves);
    return out;
}

/* trace(facts, seed, dealer, state or None, claims) -> (steps, result): each step is
 * (flags, pairs, plays, choice, h0, h1, w0, w1, cp0, cp1, m0, m1, p0, p1, talon_size,
 *  step, leader, lead, trump, turn_marriage, closed_by, exchanged_by, talon) before the move; result is (winner, game_points, carry, reason, p0, p1). */
static PyObject *core_trace(PyObject *self, PyObject *args)
{
    PyObject *capsule, *state_obj, *steps, *item;
    unsigned long long seed;
    int dealer, claims, count = 0;
    const ss_facts *f;
    ss_state s;
    ss_rng r;
    ss_result res;
    (void)self;
    if (!PyArg_ParseTuple(args, "OKiOp:trace", &capsule, &seed, &dealer, &state_obj, &claims))
        return NULL;
    if ((f = get_facts(capsule)) == NULL)
        return NULL;
    if (dealer != 0 && dealer != 1) {
        PyErr_SetString(PyExc_ValueError, "dealer 0 or 1");
        return NULL;
    }
    ss_rng_seed(&r, (uint64_t)seed);
    if (state_obj == Py_None)
        ss_deal(f, &r, dealer, &s);
    else if (parse_state(f, state_obj, &s) != 0)
        return NULL;
    if ((steps = PyList_New(0)) == NULL)
        return NULL;
    while (s.step != SS_OVER) {
        uint32_t flags, pairs, plays, n, k;
        ss_options(f, &s, &flags, &pairs, &plays);
        if (!claims)
            flags &= ~(uint32_t)SS_F_CLAIM;
        n = ss_option_count(flags, pairs, plays);
        k = ss_rng_below(&r, n);
        item = Py_BuildValue("(kkkkkkkkiiiiiiiiiiiiiiy#)", (unsigned long)flags,
                             (unsigned long)pairs, (unsigned long)plays, (unsigned long)k,
                             (unsigned long)s.hands[0], (unsigned long)s.hands[1],
                             (unsigned long)s.won[0], (unsigned long)s.won[1], s.cp[0],
                             s.cp[1], s.mar[0], s.mar[1], s.pend[0], s.pend[1], s.tend - s.tpos,
                             s.step, s.leader, s.lead, s.trump, s.turn_marriage, s.closed_by,
                             s.exchanged_by, (const char *)s.talon + s.tpos,
                             (Py_ssize_t)(s.tend - s.tpos));
        if (item == NULL || PyList_Append(steps, item) != 0) {
            Py_XDECREF(item);
            Py_DECREF(steps);
            return NULL;
        }
        Py_DECREF(item);
        if (n == 0 || ++count > 1000 || ss_apply_option(f, &s, flags, pairs, plays, k) != 0) {
            Py_DECREF(steps);
            PyErr_SetString(PyExc_RuntimeError, "a playout did not end (internal error)");
            return NULL;
        }
    }
    ss_score(f, &s, &res);
    return Py_BuildValue("(N(iiiiii))", steps, res.winner, res.game_points, res.carry,
                         res.reason, res.points[0], res.points[1]);
}

/* rng(seed, bounds: tuple of ints) -> list of ss_rng_below draws (for the tests) */
static PyObject *core_rng(PyObject *self, PyObject *args)
{
    unsigned long long seed;
    PyObject *bounds, *out;
    Py_ssize_t i, n;
    ss_rng r;
    (void)self;
    if (!PyArg_ParseTuple(args, "KO!:rng", &seed, &PyTuple_Type, &bounds))
        return NULL;
    n = PyTuple_Size(bounds);
    if ((out = PyList_New(n)) == NULL)
        return NULL;
    ss_rng_seed(&r, (uint64_t)seed);
    for (i = 0; i < n; i++) {
        unsigned long b = PyLong_AsUnsignedLong(PyTuple_GetItem(bounds, i));
        PyObject *v;
        if ((b == (unsigned long)-1 && PyErr_Occurred()) || b > 0xFFFFFFFFul) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "bound out of range");
            Py_DECREF(out);
            return NULL;
        }
        v = b ? PyLong_FromUnsignedLong(ss_rng_below(&r, (uint32_t)b))
              : PyLong_FromUnsignedLongLong(ss_rng_next(&r));
        if (v == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SetItem(out, i, v);
    }
    return out;
}

static PyMethodDef core_methods[] = {
    {"compile", core_compile, METH_VARARGS, "Decode a rule facts block into a capsule."},
    {"playouts", core_playouts, METH_VARARGS, "Random playouts for a buffer of seeds."},
    {"trace", core_trace, METH_VARARGS, "One random playout, move by move."},
    {"rng", core_rng, METH_VARARGS, "Draws of the portable generator (0: a raw 64-bit draw)."},
    {NULL, NULL, 0, NULL}};

static PyModuleDef core_module = {PyModuleDef_HEAD_INIT, "sixtysix_native._core",
                                  "The playout core of sixtysix-native (use sixtysix.native).",
                                  -1, core_methods, NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__core(void)
{
    PyObject *m = PyModule_Create(&core_module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddIntConstant(m, "FACTS_VERSION", SS_FACTS_VERSION) != 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
