/* The exact alpha-beta solver of sixtysix, in C99 (no Python here).
 *
 * Every fact of a rule set arrives as a flat table of int32 values built in Python
 * (sixtysix/search/_native.py, from the rule functions of legality.py, scoring.py and
 * cards.py): ss_spec_load() checks it and keeps it in an ss_spec. The search itself
 * (ss_solve) knows tricks, bitmasks and alpha-beta, and reads every rule from the
 * spec; it keeps all its state in the call (no global is written), so calls may run
 * in parallel threads. See docs/native_solver.md.
 */
#ifndef SIXTYSIX_SOLVER_H
#define SIXTYSIX_SOLVER_H

#include <stddef.h>
#include <stdint.h>

#include "rulebot.h"

/* The layout of the spec table (int32 values), shared with _native.py. */
#define SS_SPEC_MAGIC 0x66660003
#define SS_MAX_POINTS 230   /* card points + marriages + the last trick's bonus */
#define SS_MAX_CARD_POINTS 130 /* card points + the last trick's bonus (grade index) */
#define SS_MAX_MARRIAGES 100
enum {
    SP_MAGIC = 0,
    SP_TRUMP,
    SP_DECK,          /* mask of the deck's cards */
    SP_AUTO,          /* claims are automatic (ClaimMode.AUTO) */
    SP_CLAIM_LEAD,    /* a leader who has won a trick may claim */
    SP_CLAIM_AFTER_MARRIAGE,
    SP_DECIDE_CLAIM,  /* the winner may claim at the decision after a trick */
    SP_DECIDE_TALONS, /* bit n: with n talon cards a won trick leads to the decision */
    SP_CLOSE_FIRST,   /* bit n: the leader may close with n talon cards before any trick */
    SP_CLOSE_LATER,   /* the same after a trick */
    SP_MARRY,         /* 4 values: [won a trick][strict phase] a marriage may be declared */
    SP_MARRIAGE_OUT = SP_MARRY + 4, /* a marriage reaching the target ends the hand */
    SP_PENDING_ALWAYS, /* a marriage counts only once its declarer wins a later trick */
    SP_BEATEN_FLAT,   /* a non-closer's correct claim against a closer is not the best */
    SP_EX_CARD,       /* the exchange card (trump suit) */
    SP_EX_MIN,        /* the fewest talon cards for an exchange */
    SP_EX_ANY_TIME,   /* the follower may exchange too (open talon) */
    SP_EX_NEEDS_TRICK,
    SP_EX_FIRST_LEAD,
    SP_EWC,           /* exchange when closed: 0 never, 1 the closer's opponent right
                         after the close, 2 as when open (a won trick needed) */
    SP_SNAP_TRICKS,   /* the close snapshot keeps the tricks played */
    SP_SNAP_POINTS,   /* ... and the opponent's points (closed win graded at the close) */
    SP_TARGET,        /* 66 */
    SP_LAST_BONUS,    /* the last trick's points in a played-out open hand */
    SP_WINS_HAND,     /* the last trick wins the hand (LastTrick.WINS_HAND) */
    SP_WINS_HAND_SHORT, /* what it scores when its winner has fewer than target */
    SP_BOTH_NONE,     /* both over the target: no score */
    SP_MONOTONE,      /* the grades fall as points and tricks grow (bounds may prune) */
    SP_FALSE_CLAIM,   /* 2 values by whether the opponent won a trick; 0: graded */
    SP_POINTS = SP_FALSE_CLAIM + 2,  /* 32 values */
    SP_BEAT = SP_POINTS + 32,        /* 32 masks: the cards that win over the card led */
    SP_FOLLOW = SP_BEAT + 32,        /* 32 x 3 masks: the strict follow rule's chain */
    SP_LEAD_AFTER = SP_FOLLOW + 96,  /* 4 masks: the leads after marrying each suit */
    SP_PAIR = SP_LEAD_AFTER + 4,     /* 4 masks: each suit's king and queen */
    SP_MARRIAGE_VALUE = SP_PAIR + 4, /* 4 values */
    SP_FAILED_CLOSE = SP_MARRIAGE_VALUE + 4, /* [opp had a trick][closer's points] */
    SP_CLOSER_BEATEN = SP_FAILED_CLOSE + 2 * (SS_MAX_POINTS + 1),
    SP_GRADE = SP_CLOSER_BEATEN + 2 * (SS_MAX_POINTS + 1),
    /* [won a trick][card points + bonus][marriages] */
    SP_SIZE = SP_GRADE + 2 * (SS_MAX_CARD_POINTS + 1) * (SS_MAX_MARRIAGES + 1)
};

typedef struct ss_spec {
    int trump;
    uint32_t deck;
    int deck_size;
    int auto_claim, claim_lead, claim_after_marriage, decide_claim;
    uint32_t decide_talons, close_first, close_later;
    int marry[2][2];
    int marriage_out, pending_always, beaten_flat;
    int ex_card, ex_min, ex_any_time, ex_needs_trick, ex_first_lead, ewc;
    int snap_tricks, snap_points;
    int target, last_bonus, wins_hand, wins_hand_short, both_none;
    int monotone;
    int false_claim[2];
    int points[32];
    uint32_t beat[32];
    uint32_t follow[32][3];
    uint32_t lead_after[4];
    uint32_t pair[4];
    int marriage_value[4];
    int8_t failed_close[2][SS_MAX_POINTS + 1];
    int8_t closer_beaten[2][SS_MAX_POINTS + 1];
    int8_t grade[2][SS_MAX_CARD_POINTS + 1][SS_MAX_MARRIAGES + 1];
} ss_spec;

/* A position (see the docstring of sixtysix/search/_core.py). */
typedef struct ss_pos {
    uint32_t h[2];    /* the hands */
    int8_t st;        /* 0 lead, 1 follow, 2 decide */
    int8_t L;         /* the leader (the trick's winner at a decision) */
    int8_t ld;        /* the card led, or -1 */
    int8_t cl;        /* the closer, or -1 */
    int8_t tal_len;   /* talon cards left */
    int8_t tal_last;  /* the last talon card (the turn-up, or the exchanged card) */
    int8_t tm;        /* the marriage suit of this lead, or -1 */
    int8_t tc;        /* 1 if the leader closed in this leading turn */
    uint8_t c[2], m[2], p[2], w[2];
    /* the normalised close snapshot (when cl >= 0) */
    uint8_t sn_tp, sn_ot, sn_cp, sn_m;
} ss_pos;

/* The root's talon in drawing order (the turn-up last). */
typedef struct ss_talon {
    int len;
    int8_t cards[32];
} ss_talon;

/* Move kinds, in the order of sixtysix.legal_moves. */
enum { SS_DRAW = 0, SS_EXCHANGE, SS_CLOSE, SS_CLAIM, SS_MARRY, SS_PLAY };
#define SS_MAX_MOVES 48

typedef struct ss_result {
    int value;                  /* for the seat to move */
    int best;                   /* index of the best move (first reaching value) */
    int n_moves;
    int8_t kind[SS_MAX_MOVES];  /* the moves in legal_moves order */
    int8_t arg[SS_MAX_MOVES];   /* the card or the suit */
    int8_t values[SS_MAX_MOVES];/* every move's value, with SS_ALL */
    long long nodes;
} ss_result;

/* Errors */
enum {
    SS_OK = 0,
    SS_ERR_LIMIT = 1,    /* more than max_nodes positions */
    SS_ERR_MEMORY = 2,
    SS_ERR_POSITION = 3, /* a position the solver cannot search (bad input) */
    SS_ERR_SPEC = 4,     /* a spec table that is not one */
    SS_ERR_RANGE = 5     /* a table index out of range during the search (bad input) */
};

#define SS_ALL 1 /* flag: every move's exact value */

/* Check and load a spec table of SP_SIZE values; 0 on success, else an error code
 * with a message in err (of errlen bytes). */
int ss_spec_load(ss_spec *spec, const int32_t *table, size_t n, char *err, size_t errlen);

/* Check a position against the spec: 0 or SS_ERR_POSITION with a message. */
int ss_check(const ss_spec *spec, const ss_pos *pos, const ss_talon *talon, char *err,
             size_t errlen);

/* Solve pos (checked first): the value, the moves in legal order, the best one, and
 * with SS_ALL every move's value. max_nodes < 0: no limit. table_size: the most
 * positions the transposition table holds. Returns 0 or an error code. */
int ss_solve(const ss_spec *spec, const ss_pos *pos, const ss_talon *talon,
             long long max_nodes, long long table_size, int flags, ss_result *out,
             char *err, size_t errlen);

/* The value of a finished hand for seat 0 (the port of score_hand): last is the seat
 * that won the last trick (or claimed), empty whether both hands are empty.
 * Returns -100 on an index out of range. */
int ss_terminal(const ss_spec *spec, const ss_pos *pos, int last, int empty);

/* The public facts of a world that RuleBot's view reads beyond ss_pos (the same in
 * every world of one view). */
typedef struct ss_world {
    int declared;     /* bit seat * 4 + suit */
    int exchanged_by; /* or -1 */
    int dealt_turnup; /* the card turned up at the deal */
    int marriage_in_strict; /* Rules.marriage_in_strict_phase (RuleBot reads it) */
} ss_world;

/* The port of sixtysix.search.evaluate.world_values for one world (every card known):
 * each legal move's value for the seat to move, in legal_moves order (values[], *n).
 * The strict phase is solved exactly; an open talon of at most exact_talon cards too,
 * within max_nodes (then *spent is the nodes searched; over the budget *spent is
 * max_nodes + 1 and the moves are played out instead); otherwise each move is
 * followed by RuleBot for both seats (each from its own view) until the talon is
 * closed or runs out, and the strict position reached is solved exactly. Returns 0 or
 * an error code. */
int ss_world_values(const ss_spec *spec, const ss_pos *pos, const ss_talon *talon,
                    const ss_world *world, int exact_talon, long long max_nodes,
                    long long table_size, int8_t *values, int *n, long long *spent,
                    char *err, size_t errlen);

/* RuleBot's move in pos (checked first) for the seat to move, whose view has the
 * given known and excluded opponent cards: its index in legal_moves order in *index.
 * Returns 0 or an error code. */
int ss_rulebot_move(const ss_spec *spec, const ss_pos *pos, const ss_talon *talon,
                    const ss_world *world, uint32_t opp_known, uint32_t opp_excluded,
                    int *index, char *err, size_t errlen);

#endif
