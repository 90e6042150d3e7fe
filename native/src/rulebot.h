/* The RuleBot policy of sixtysix (sixtysix/bots/rule_bot.py), in C99 (no Python here).
 *
 * A port of RuleBot.choose move for move: the same rules of thumb over the same view
 * facts. It knows no rule of the game: the legal moves come from the caller (in
 * legal_moves order), and the facts a rule set decides (card points, which cards win a
 * trick, the exchange card, whether marriages may be declared in the strict phase)
 * arrive in ss_bot_rules, filled from the tables Python computed. The constants that
 * are the bot's own (the 66 it aims at, 40 and 20 for a marriage) are RuleBot's.
 * The differential tests (tests/test_search_native.py) check it against the Python
 * bot move by move.
 */
#ifndef SIXTYSIX_RULEBOT_H
#define SIXTYSIX_RULEBOT_H

#include <stdint.h>

typedef struct ss_bot_rules {
    int trump;
    uint32_t deck;
    int exchange_card;      /* the exchange card's index (trump suit) */
    int marriage_in_strict; /* Rules.marriage_in_strict_phase */
    int points[32];         /* card points */
    uint32_t beat[32];      /* the cards that win a trick over the card led */
} ss_bot_rules;

/* What the seat to move knows (PlayerView's fields that RuleBot reads). */
typedef struct ss_bot_view {
    int seat;
    int step;          /* 0 lead, 1 follow, 2 decide */
    int lead;          /* the card led, or -1 */
    int turn_marriage; /* or -1 */
    int exchanged_by;  /* or -1 */
    int talon_size;
    int talon_bottom;  /* or -1 */
    int strict;        /* the talon is closed or exhausted */
    int declared;      /* bit seat * 4 + suit */
    int opp_hand_size;
    uint32_t hand, played, opp_known, opp_excluded;
    int points[2];  /* card points + counted marriages */
    int pending[2];
    int won[2];     /* has won a trick */
} ss_bot_view;

/* Move kinds as in solver.h (the order of sixtysix.legal_moves). */
enum { SB_DRAW = 0, SB_EXCHANGE, SB_CLOSE, SB_CLAIM, SB_MARRY, SB_PLAY };

/* The index of RuleBot's move among the n legal moves (kind[i], arg[i]: the card of a
 * play, the suit of a marriage). n >= 1. */
int ss_rulebot(const ss_bot_rules *r, const ss_bot_view *v, const int8_t *kind,
               const int8_t *arg, int n);

#endif
