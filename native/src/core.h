/* sixtysix-native: the playout core (C99, no Python).
 *
 * Everything that depends on a rule set arrives in an ss_facts block that the Python
 * side (sixtysix.native) computes from the rule functions of sixtysix once per rule set;
 * this file implements only tricks, bitmasks and the playout loop over those tables.
 * The layout of ss_facts is mirrored by sixtysix.native._pack_facts: change both, and
 * SS_FACTS_VERSION, together.
 */
#ifndef SIXTYSIX_NATIVE_CORE_H
#define SIXTYSIX_NATIVE_CORE_H

#include <stddef.h>
#include <stdint.h>

#define SS_FACTS_VERSION 1u
#define SS_MAX_TALON 30
#define SS_EXCHANGE_KEYS (33 * 128)
#define SS_GRADE_TRICKS 17
#define SS_GRADE_POINTS 121
#define SS_GRADE_MARRIAGES 6
#define SS_MAX_POINTS 230

enum { SS_LEAD = 0, SS_FOLLOW = 1, SS_DECIDE = 2, SS_OVER = 3 };
enum { SS_F_EXCHANGE = 1, SS_F_CLOSE = 2, SS_F_CLAIM = 4, SS_F_DRAW = 8 };

/* HandEnd, in the order of sixtysix.HandEnd's members. */
enum {
    SS_END_CLAIM = 0,
    SS_END_FALSE_CLAIM,
    SS_END_CLOSER_TOOK_LAST_TRICK,
    SS_END_FAILED_CLOSE,
    SS_END_CLOSER_BEATEN,
    SS_END_PLAYED_OUT,
    SS_END_BOTH_OVER_66,
    SS_END_NEITHER_REACHED_66,
    SS_END_LAST_TRICK
};

/* The per-rule-set tables (all bytes; 32-bit masks as 4 little-endian bytes in the
 * packed form, decoded by ss_facts_unpack). */
typedef struct {
    uint32_t deck_mask;
    uint8_t deck_size;
    uint8_t deck_cards[32];          /* canonical order */
    uint8_t n_nd, n_d, n_talon;      /* deal plan sizes */
    uint8_t plan_nd[32], plan_d[32]; /* pack positions of each hand's cards */
    uint8_t plan_talon[32];          /* pack positions of the talon, turn-up last */
    uint8_t points[32];              /* card points by index */
    uint8_t marriage_value[2];       /* [0] plain suit, [1] trumps */
    uint8_t exchange_offset;         /* exchange card's offset in the trump suit */
    uint32_t decide_talons, close_first, close_later;
    uint8_t claim_lead, claim_after_marriage, decide_flags;
    uint8_t marry[2][2];             /* [won a trick][strict phase] */
    uint8_t auto_claim, marriage_out, marriage_counts_if_won;
    uint32_t lead_after_marriage[4]; /* cards that may be led after marrying a suit */
    uint8_t follow_same[8][256];     /* strict follow within the suit led */
    uint8_t void_trump;              /* void in the suit led: trump if possible */
    uint8_t exchange_ok[SS_EXCHANGE_KEYS];
    uint8_t grade[SS_GRADE_TRICKS][SS_GRADE_POINTS][SS_GRADE_MARRIAGES][2];
    uint8_t false_claim;             /* 0 FLAT_TWO, 1 TWO_OR_THREE, 2 MIRROR */
    uint8_t closer_beaten_flat_two;
    uint8_t failed_close;            /* 0 TWO_OR_THREE, 1 ALWAYS_THREE, 2 BY_CLOSER_POINTS */
    uint8_t schneider_threshold;
    uint8_t closed_win_at_close;
    uint8_t last_trick_wins_hand;
    uint8_t both_over_no_score;
    uint8_t tie_carry;
} ss_facts;

typedef struct {
    uint32_t hands[2], won[2];
    uint8_t talon[32];
    int tpos, tend; /* talon[tpos..tend-1]; talon[tend-1] is the turn-up */
    int trump, step, leader, lead;
    int cp[2], mar[2], pend[2];
    int turn_marriage, turn_steps, closed_by, exchanged_by;
    int has_snap, snap_tricks, snap_opp_tricks, snap_opp_cp, snap_opp_mar;
} ss_state;

typedef struct {
    int8_t winner; /* -1: nobody scores */
    uint8_t game_points, carry, reason;
    uint16_t points[2];
    uint16_t moves;
} ss_result;

/* The portable generator: splitmix64 (Steele, Lea, Flood 2014). */
typedef struct {
    uint64_t s;
} ss_rng;

void ss_rng_seed(ss_rng *r, uint64_t seed);
uint64_t ss_rng_next(ss_rng *r);
uint32_t ss_rng_below(ss_rng *r, uint32_t n);

/* Decode a packed facts block; returns 0, or -1 when its size or a value is wrong. */
int ss_facts_unpack(ss_facts *f, const uint8_t *data, size_t size);
/* 0 when the state's fields are in range for these facts (every index C will use). */
int ss_state_check(const ss_facts *f, const ss_state *s);

void ss_deal(const ss_facts *f, ss_rng *r, int dealer, ss_state *s);
void ss_options(const ss_facts *f, const ss_state *s, uint32_t *flags, uint32_t *pairs,
                uint32_t *plays);
/* The number of moves of an options triple. */
uint32_t ss_option_count(uint32_t flags, uint32_t pairs, uint32_t plays);
/* Apply the k-th move of the options (0 <= k < count); returns -1 if k is out of range. */
int ss_apply_option(const ss_facts *f, ss_state *s, uint32_t flags, uint32_t pairs,
                    uint32_t plays, uint32_t k);
void ss_score(const ss_facts *f, const ss_state *s, ss_result *out);
/* Play the hand out with the random policy (claims: whether claim moves may be chosen);
 * returns 0, or -1 past a move limit. */
int ss_playout_random(const ss_facts *f, ss_state *s, ss_rng *r, int claims, ss_result *out);

/* The RuleBot policy (rulebot.h): what its views need beyond the state, tracked by the
 * playout from these starting values (all computed in Python: sixtysix.native). */
typedef struct {
    int declared;    /* declared marriages, bit seat * 4 + suit */
    int dealt;       /* the card turned up at the deal */
    int last_drawer; /* the seat that drew the talon's last card, or -1 */
    uint32_t excluded[2]; /* the cards each seat knows its opponent lacks (strict tricks) */
    int infer_trump; /* not trumping when void shows no trump (FOLLOW_*_OR_TRUMP) */
    int infer_head;  /* following without heading shows no higher card (HEAD_OR_TRUMP) */
    int marriage_in_strict; /* Rules.marriage_in_strict_phase */
} ss_bot;

/* Play the hand out with RuleBot for both seats (each from its own view); returns 0, or
 * -1 past a move limit. */
int ss_playout_rulebot(const ss_facts *f, ss_state *s, ss_bot *b, ss_result *out);

#endif
