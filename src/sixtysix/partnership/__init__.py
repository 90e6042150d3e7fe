"""Four-hand partnership Sixty-Six (rules §10): ``from sixtysix import partnership as p4``.

Seats 0 and 2 play against seats 1 and 3; the whole deck is dealt, the dealer's last card
is trump, every follower must follow suit and beat the trick (even its partner's card) and
over-trump, the last trick is worth 10, 130 points in all, 1/2/3 game points, matches to 7.

>>> import random
>>> from sixtysix import partnership as p4
>>> state = p4.new_hand(p4.FOUR_HAND_66, seed=7, dealer=0)
>>> p4.to_move(state), len(p4.legal_moves(state))
(1, 8)
>>> rng = random.Random(1)
>>> while not p4.is_over(state):
...     state = p4.apply_move(state, rng.choice(p4.legal_moves(state)))
>>> result = p4.score_hand(state)
>>> sum(result.points), result.winner in (0, 1, None)
(130, True)
"""

from __future__ import annotations

from .._family import exports
from . import engine as _engine
from . import game as _game
from . import match as _match
from . import notation as _notation
from . import pimc as _pimc
from . import play as _play
from . import records as _records
from . import rule_bot as _rule_bot
from . import rules as _rules
from . import scoring as _scoring
from . import state as _state
from . import views as _views
from .engine import *  # noqa: F403
from .game import *  # noqa: F403
from .match import *  # noqa: F403
from .notation import *  # noqa: F403
from .pimc import *  # noqa: F403
from .play import *  # noqa: F403
from .records import *  # noqa: F403
from .rule_bot import *  # noqa: F403
from .rules import *  # noqa: F403
from .scoring import *  # noqa: F403
from .state import *  # noqa: F403
from .views import *  # noqa: F403

#: The public names: those of every module of the package.
__all__ = exports(
    _engine,
    _game,
    _match,
    _notation,
    _pimc,
    _play,
    _records,
    _rule_bot,
    _rules,
    _scoring,
    _state,
    _views,
)
