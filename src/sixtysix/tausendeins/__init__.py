"""Tausendeins (1001), rules §12: ``from sixtysix import tausendeins as t1``.

Two players, the 24-card pack, no trump until a marriage names one and a new trump with
every marriage, played to 1001 points. Three presets: Hülsemann's game
(:data:`TAUSENDEINS`), de.wikipedia's (:data:`TAUSENDEINS_DE`) and the two-player form of
1000 with an auction and a contract (:data:`TAUSENDEINS_CONTRACT`).

>>> import random
>>> from sixtysix import tausendeins as t1
>>> state = t1.new_hand(t1.TAUSENDEINS, seed=7, dealer=0)
>>> t1.to_move(state), len(t1.legal_moves(state))
(1, 8)
>>> rng = random.Random(1)
>>> while not t1.is_over(state):
...     state = t1.apply_move(state, rng.choice(t1.legal_moves(state)))
>>> result = t1.score_deal(state)
>>> sum(result.card_points), sum(result.tricks)
(120, 12)
"""

from __future__ import annotations

from .._family import exports
from .._seeding import Seed
from . import engine as _engine
from . import game as _game
from . import moves as _moves
from . import notation as _notation
from . import records as _records
from . import rule_bot as _rule_bot
from . import rules as _rules
from . import scoring as _scoring
from . import state as _state
from . import validate as _validate
from . import views as _views
from .engine import *  # noqa: F403
from .game import *  # noqa: F403
from .moves import *  # noqa: F403
from .notation import *  # noqa: F403
from .records import *  # noqa: F403
from .rule_bot import *  # noqa: F403
from .rules import *  # noqa: F403
from .scoring import *  # noqa: F403
from .state import *  # noqa: F403
from .validate import *  # noqa: F403
from .views import *  # noqa: F403

#: The public names: those of every module of the package.
__all__ = [
    "Seed",
    *exports(
        _engine,
        _game,
        _moves,
        _notation,
        _records,
        _rule_bot,
        _rules,
        _scoring,
        _state,
        _validate,
        _views,
    ),
]
