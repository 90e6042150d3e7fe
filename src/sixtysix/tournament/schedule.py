"""What a tournament is: its bots, its deals, and the games each deal is played as.

A :class:`Tournament` names its bots (:class:`BotSpec`), the rule set, the number of
deals, the seed, the unit (single hands or whole matches) and whether each deal is
played twice with the seats swapped (*duplicate* play). :func:`schedule_jobs` turns it into
:class:`Job` values, one per deal and pair of bots, in a fixed order: the whole run
is a pure function of the tournament, whatever executes it.

>>> t = Tournament((BotSpec("rule"), BotSpec("random")), deals=3, seed=7)
>>> [(job.index, job.deal, job.pair, job.seed) for job in schedule_jobs(t)]
[(0, 0, (0, 1), '7:0'), (1, 1, (0, 1), '7:1'), (2, 2, (0, 1), '7:2')]
>>> [game.seats for game in seatings(t, schedule_jobs(t)[0])]
[(0, 1), (1, 0)]
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal

import attrs

from ..bots import Bot, RandomBot, RuleBot
from ..bots.registry import make_bot
from ..errors import PlayerError, TournamentError, quote
from ..game import Game, TwoHandGame
from ..partnership.game import PartnershipGame
from ..partnership.rules import PartnershipRules
from ..rules import CLASSIC_66, Rules, preset_name
from ..tausendeins.game import TausendeinsGame
from ..tausendeins.rules import TausendeinsRules
from .results import Seating

__all__ = [
    "BotSpec",
    "Job",
    "Seating",
    "SprtSpec",
    "Tournament",
    "parse_bot",
    "schedule_jobs",
    "seatings",
]

#: What one game of a deal is: a single hand, or a whole match (Bummerl).
Unit = Literal["hand", "match"]


def _kwargs_json(value: Mapping[str, Any] | str | None) -> str:
    """Keyword arguments as canonical JSON text (sorted keys), which is hashable."""
    if value is None:
        return "{}"
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as exc:
            raise PlayerError(f"bot arguments are not valid JSON: {exc.msg}") from None
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise PlayerError(f"bot arguments must be a JSON object, not {quote(value)}")
    try:
        return json.dumps(dict(value), sort_keys=True, separators=(", ", ": "))
    except (TypeError, ValueError) as exc:
        raise PlayerError(f"bot arguments must be JSON values: {exc}") from None


def _remake(spec: BotSpec) -> Callable[..., Bot]:
    def make(**kwargs: Any) -> Bot:
        return make_bot(spec.spec, kwargs)

    return make


#: The bot classes that :meth:`BotSpec.make` may construct directly once one was made.
_PLAIN_BOTS: tuple[type, ...] = (RandomBot, RuleBot)
#: How each spec made so far is made again (filled by :meth:`BotSpec.make`).
_FACTORIES: dict[BotSpec, Callable[..., Bot]] = {}


def _default_label(spec: BotSpec) -> str:
    return spec.spec if spec.kwargs == "{}" else f"{spec.spec}{spec.kwargs}"


@attrs.frozen
class BotSpec:
    """A bot of a tournament, by name or import path, with its keyword arguments.

    The bot itself is made afresh by :func:`~sixtysix.bots.registry.make_bot` for every
    game (in the worker that plays it), so nothing carries over from one game to the
    next and a result never depends on which worker played which deal.

    >>> BotSpec("rule").label, BotSpec("random", {"x": 1}).kwargs
    ('rule', '{"x": 1}')
    >>> BotSpec("sixtysix.bots:RuleBot", label="rb").make()
    RuleBot()

    Attributes:
        spec: A registered name (``random``, ``rule``, ...) or ``package.module:Class``.
        kwargs: The keyword arguments as canonical JSON text; a mapping or JSON text
            may be given.
        label: The name of the bot in reports (default: ``spec`` and its arguments).
    """

    spec: str = attrs.field(validator=attrs.validators.instance_of(str))
    kwargs: str = attrs.field(default=None, converter=_kwargs_json)
    label: str = attrs.field(
        default=attrs.Factory(_default_label, takes_self=True),
        validator=attrs.validators.instance_of(str),
    )

    def make(self) -> Bot:
        """A new bot of this spec.

        Raises:
            PlayerError: an unknown name, a path that cannot be imported, arguments that
                do not fit, or something that is not a bot.
        """
        factory = _FACTORIES.get(self)
        if factory is not None:
            return factory(**json.loads(self.kwargs))
        bot = make_bot(self.spec, json.loads(self.kwargs))  # checks the name, path and bot
        _FACTORIES[self] = type(bot) if type(bot) in _PLAIN_BOTS else _remake(self)
        return bot

    def to_dict(self) -> dict[str, Any]:
        """The spec as JSON-ready data (the inverse of :meth:`from_dict`)."""
        return {"spec": self.spec, "kwargs": json.loads(self.kwargs), "label": self.label}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BotSpec:
        """The spec that :meth:`to_dict` wrote."""
        return cls(data["spec"], data["kwargs"], data["label"])


def parse_bot(text: str) -> BotSpec:
    """A bot from its command-line form ``[LABEL=]SPEC[{JSON arguments}]``.

    >>> parse_bot("rule")
    BotSpec(spec='rule', kwargs='{}', label='rule')
    >>> parse_bot('fast=random{"a": 1}')
    BotSpec(spec='random', kwargs='{"a": 1}', label='fast')

    Raises:
        PlayerError: an empty name or arguments that are not a JSON object.
    """
    brace = text.find("{")
    head, args = (text, None) if brace < 0 else (text[:brace], text[brace:])
    label: str | None = None
    if "=" in head:
        label, _, head = head.partition("=")
    if not head or label == "":
        raise PlayerError(f"a bot is [LABEL=]NAME[{{JSON}}], not {quote(text)}")
    if label is None:
        return BotSpec(head, args)
    return BotSpec(head, args, label)


@attrs.frozen
class SprtSpec:
    """A sequential probability ratio test for a two-bot tournament.

    ``metric="elo"`` tests H0: the Elo difference of the first bot over the second is
    ``elo0`` against H1: it is ``elo1``, on the score of each duplicate pair;
    ``metric="points"`` tests the mean net game points per hand instead (``elo0`` and
    ``elo1`` are then game points). ``alpha`` and ``beta`` are the error rates. See
    :func:`sixtysix.tournament.stats.sprt_llr`.

    >>> SprtSpec.parse("0,10,0.05,0.05")
    SprtSpec(elo0=0.0, elo1=10.0, alpha=0.05, beta=0.05, metric='elo')

    Raises:
        TournamentError: ``alpha`` or ``beta`` outside (0, 0.5], or ``elo0 == elo1``.
    """

    elo0: float = attrs.field(converter=float)
    elo1: float = attrs.field(converter=float)
    alpha: float = attrs.field(default=0.05, converter=float)
    beta: float = attrs.field(default=0.05, converter=float)
    metric: Literal["elo", "points"] = "elo"

    def __attrs_post_init__(self) -> None:
        """Check the error rates and hypotheses."""
        for name in ("alpha", "beta"):
            value = getattr(self, name)
            if not 0 < value <= 0.5:
                raise TournamentError(f"SPRT {name} must be in (0, 0.5], not {quote(value)}")
        if self.elo0 == self.elo1:
            raise TournamentError("the SPRT hypotheses elo0 and elo1 must differ")
        if self.metric not in ("elo", "points"):
            raise TournamentError(f"SPRT metric is 'elo' or 'points', not {quote(self.metric)}")

    @classmethod
    def parse(cls, text: str, metric: Literal["elo", "points"] = "elo") -> SprtSpec:
        """The test of ``"elo0,elo1,alpha,beta"`` (the last two may be left out).

        Raises:
            TournamentError: not 2 or 4 numbers, or values :class:`SprtSpec` rejects.
        """
        parts = text.split(",")
        try:
            numbers = [float(p) for p in parts]
        except ValueError:
            numbers = []
        if len(numbers) not in (2, 4):
            raise TournamentError(f"--sprt is elo0,elo1[,alpha,beta], not {quote(text)}")
        alpha, beta = (numbers[2], numbers[3]) if len(numbers) == 4 else (0.05, 0.05)
        return cls(numbers[0], numbers[1], alpha, beta, metric)

    def to_dict(self) -> dict[str, Any]:
        """The test as JSON-ready data."""
        return attrs.asdict(self)


def _to_bots(bots: Iterable[BotSpec]) -> tuple[BotSpec, ...]:
    return tuple(bots)


def _check_bots(instance: Tournament, attribute: object, bots: tuple[BotSpec, ...]) -> None:
    if len(bots) < 2 or not all(isinstance(b, BotSpec) for b in bots):
        raise TournamentError(f"a tournament needs two or more BotSpec bots, not {quote(bots)}")
    labels = [b.label for b in bots]
    if len(set(labels)) != len(labels):
        raise TournamentError(f"the bots need different labels: {', '.join(labels)}")


def _check_positive(instance: Tournament, attribute: Any, value: int) -> None:
    if type(value) is not int or value < 1:
        raise TournamentError(f"{attribute.name} must be a whole number >= 1, not {quote(value)}")


@attrs.frozen
class Tournament:
    """A tournament: bots, rule set, deals, seed and format.

    With two bots it is a match between them (an A/B test of the first against the
    second); with more, a round robin in which every pair plays every deal. Deal ``k``
    is dealt from the seed ``f"{seed}:{k}"`` by seat ``k % n`` (``n`` seats: 2, or 4 in
    the four-hand game); with ``duplicate`` (the default) it is played twice, the
    second time with the seats swapped, so both bots play the same cards.

    Four-hand partnership Sixty-Six is played with ``game=PartnershipGame(rules)``:
    the first bot of a pair is the side of seats 0 and 2, the second the side of
    seats 1 and 3, and the duplicate game swaps the sides. Its ``unit="match"`` plays
    whole matches to ``match_target`` with :func:`sixtysix.partnership.new_match`,
    ``next_hand`` and ``apply_result`` (the deal passing left).

    >>> from sixtysix import partnership as p4
    >>> t4 = Tournament((BotSpec("partnership-rule"), BotSpec("random")), deals=5,
    ...                 game=p4.PartnershipGame(p4.FOUR_HAND_24))
    >>> [job.dealer for job in schedule_jobs(t4)], seatings(t4, schedule_jobs(t4)[0])[1].seats
    ([0, 1, 2, 3, 0], (1, 0, 1, 0))
    >>> Tournament.from_dict(t4.to_dict()).the_game == t4.the_game
    True

    >>> t = Tournament((BotSpec("rule"), BotSpec("random"), BotSpec("x=rule")), deals=2)
    >>> t.pairs, len(schedule_jobs(t))
    (((0, 1), (0, 2), (1, 2)), 6)

    Attributes:
        bots: Two or more bots with different labels.
        rules: The rule set of every hand.
        deals: The number of deals each pair plays.
        seed: The base seed (an int or a str).
        unit: ``"hand"`` (each game is one hand) or ``"match"`` (a whole match).
        duplicate: Play each deal twice with the seats swapped.
        sprt: An optional sequential test (two bots only) that ends the run early.
        game: The :class:`~sixtysix.Game` to play (default ``TwoHandGame(rules)``); a
            game of more seats seats the first bot of a pair at the even seats.
    """

    bots: tuple[BotSpec, ...] = attrs.field(converter=_to_bots, validator=_check_bots)
    rules: Rules = attrs.field(default=CLASSIC_66, validator=attrs.validators.instance_of(Rules))
    deals: int = attrs.field(default=100, validator=_check_positive)
    seed: int | str = attrs.field(default=0, validator=attrs.validators.instance_of((int, str)))
    unit: Unit = attrs.field(default="hand")
    duplicate: bool = True
    sprt: SprtSpec | None = None
    game: Game[Any, Any, Any] | None = attrs.field(default=None, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        """Check the unit, and that a test has two bots."""
        if self.unit not in ("hand", "match"):
            raise TournamentError(f"the unit is 'hand' or 'match', not {quote(self.unit)}")
        if self.sprt is not None and len(self.bots) != 2:
            raise TournamentError("an SPRT compares two bots; this tournament has more")

    @property
    def the_game(self) -> Game[Any, Any, Any]:
        """The game every hand is played in."""
        return self.game if self.game is not None else TwoHandGame(self.rules)

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        """The pairs of bot indices that meet, in order: every pair once."""
        return tuple(itertools.combinations(range(len(self.bots)), 2))

    @property
    def labels(self) -> tuple[str, ...]:
        """The bots' labels, in order."""
        return tuple(b.label for b in self.bots)

    def to_dict(self) -> dict[str, Any]:
        """The tournament as JSON-ready data (what a journal's header records)."""
        game = self.the_game
        return {
            "bots": [b.to_dict() for b in self.bots],
            "game": game.name,
            "rules": self.rules.to_dict(),
            "rules_name": preset_name(self.rules),
            **_game_rules(game),
            "deals": self.deals,
            "seed": self.seed,
            "unit": self.unit,
            "duplicate": self.duplicate,
            "sprt": None if self.sprt is None else self.sprt.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tournament:
        """The tournament that :meth:`to_dict` wrote (two-hand, four-hand or Tausendeins).

        Raises:
            TournamentError: the data does not describe a tournament of those games.
        """
        try:
            game = _game_of(data)
            sprt = data["sprt"]
            return cls(
                [BotSpec.from_dict(b) for b in data["bots"]],
                Rules.from_dict(data["rules"]),
                data["deals"],
                data["seed"],
                data["unit"],
                bool(data["duplicate"]),
                None if sprt is None else SprtSpec(**sprt),
                game,
            )
        except TournamentError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:  # RulesError too
            raise TournamentError(
                f"not the data of a tournament: {type(exc).__name__} {exc}"
            ) from None


#: The games a tournament's data can name besides the two-hand one: the start of the
#: game's name, the key of its rules in the data, and how to rebuild it from them.
_REBUILT_GAMES: tuple[tuple[str, str, Callable[[Any], Game[Any, Any, Any]]], ...] = (
    ("four-hand", "four_hand_rules", lambda d: PartnershipGame(PartnershipRules.from_dict(d))),
    ("Tausendeins", "tausendeins_rules", lambda d: TausendeinsGame(TausendeinsRules.from_dict(d))),
)


def _game_rules(game: Game[Any, Any, Any]) -> dict[str, Any]:
    """The rules entry of ``game`` in a tournament's data (none for the two-hand game)."""
    for prefix, key, _ in _REBUILT_GAMES:
        if game.name.startswith(prefix):
            return {key: game.rules.to_dict()}
    return {}


def _game_of(data: Mapping[str, Any]) -> Game[Any, Any, Any] | None:
    """The game the data of a tournament names (``None``: the two-hand game of its rules)."""
    name = str(data["game"])
    if name.startswith("two-hand"):
        return None
    for prefix, key, rebuild in _REBUILT_GAMES:
        if name.startswith(prefix):
            return rebuild(data[key])
    raise TournamentError(f"a {name} tournament cannot be rebuilt from its data alone")


@attrs.frozen
class Job:
    """One deal played by one pair of bots: the unit of work sent to an executor.

    Attributes:
        index: The job's place in the schedule (``deal * len(pairs) + pair number``).
        deal: The deal number ``k``, from 0.
        pair: The two bots (indices into :attr:`Tournament.bots`).
        seed: The deal's seed, ``f"{tournament.seed}:{deal}"``.
        dealer: The dealer of the deal, ``deal % n`` in a game of ``n`` seats.
    """

    index: int
    deal: int
    pair: tuple[int, int]
    seed: str
    dealer: int


def schedule_jobs(tournament: Tournament) -> tuple[Job, ...]:
    """Every job of the tournament, in order: deal by deal, pair by pair."""
    pairs = tournament.pairs
    n = tournament.the_game.num_seats
    return tuple(
        Job(
            index=deal * len(pairs) + p,
            deal=deal,
            pair=pair,
            seed=f"{tournament.seed}:{deal}",
            dealer=deal % n,
        )
        for deal in range(tournament.deals)
        for p, pair in enumerate(pairs)
    )


def seatings(tournament: Tournament, job: Job) -> tuple[Seating, ...]:
    """The games of ``job``: the pair as seated, then (duplicate) with the seats swapped.

    In a game of more than two seats, seat ``s`` is played by ``pair[s % 2]``.
    """
    n = tournament.the_game.num_seats
    a, b = job.pair
    first = Seating(tuple(a if s % 2 == 0 else b for s in range(n)), job.dealer)
    if not tournament.duplicate:
        return (first,)
    return first, Seating(tuple(b if s % 2 == 0 else a for s in range(n)), job.dealer)
