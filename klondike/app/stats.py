"""The player's statistics (SPEC R9: kept in localStorage), as text in and text out.

Counted per rule set, the draw mode and the scoring letter of the game code (R7): ``"D1N"``,
``"D3V"``, ... A game's result is recorded once, when it ends:

- **won**: all 52 cards reached the foundations (:meth:`Statistics.record_win`);
- **lost**: the player left it for another game while it was stuck (R6,
  :func:`klondike.app.ending.is_stuck`): no useful move was left;
- **abandoned**: the player left it for another game while moves were still possible.

Lost and abandoned are both :meth:`Statistics.record_end`. A game counts as **played**
once it has at least one move, and is counted when it ends, so played = won + lost +
abandoned; a game left without a move is not counted at all, and neither is the game in
progress. Any game that ends without a win ends the current win streak.

Games dealt by "Winnable deals only" (a deal the solver proved winnable) count in their
rule set like any other, and are counted apart too (:meth:`Statistics.checked_games`),
so a win rate of such deals is never mistaken for one of random deals.

The counts of other browsers, brought by a statistics file (:mod:`klondike.app.backup`),
are kept apart, one block per browser (:attr:`Statistics.others`, by the browser's
:attr:`~Statistics.id`), and added to this browser's when they are read. A block read
again replaces the one kept only if it has seen more changes, so a game is never counted
twice, however often a file is read, in whichever browser. The current win streak is
this browser's: the order of games across browsers is not known.

>>> stats = Statistics()
>>> stats.record_win("D1N", seconds=312.4, moves=140, score=730)
>>> stats.record_end("D1N", stuck=True, score=85)
>>> r = stats.record("D1N"); (r.played, r.won, r.lost, r.abandoned, r.best_streak)
(2, 1, 1, 0, 1)
>>> Statistics.from_json(stats.to_json()).record("D1N") == r
True
>>> Statistics.from_json("{not json").problem
'The statistics could not be read and start again from zero'
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from datetime import date as Date
from typing import Any, TypeGuard, TypeVar

from .. import jsontext
from ..game import Game
from ..i18n import _, pgettext
from ..scoring import SCORINGS, clock_text
from .stored import STATS_VERSION

#: The longest a game's clock counts (about 31 years), and the most the total time of a
#: rule set's wins reaches: bounds that writing keeps and reading checks.
MAX_GAME_SECONDS = 1e9
MAX_TOTAL_SECONDS = 1e12
RECENT_GAMES = 32  # game keys kept against counting a game twice (from any tab)
OTHERS = 64  # other browsers whose counts are kept (statistics files)
FORGOTTEN = 256  # browser ids whose counts a reset let go, kept against reading them again
_NO_VALUE = "\u2014"  # an em dash: nothing to show yet
_Value = TypeVar("_Value")  # a statistic's value, which a row shows as text
_Number = TypeVar("_Number", int, float)
# The rule sets in the order a statistics dialog lists them.
RULE_SETS = tuple(f"D{draw}{letter}" for letter in SCORINGS for draw in (1, 3))


def rule_set_of(game: Game) -> str:
    """The rule set of a :class:`~klondike.game.Game`: ``"D3V"`` for ``KL1-D3V-...``."""
    return f"D{game.draw}{game.scoring.letter}"


def counts_as_played(game: Game) -> bool:
    """Whether leaving ``game`` now must be recorded: it has a move and is not won (a won
    game was recorded by :meth:`Statistics.record_win` when its last card went home)."""
    return game.moves_made > 0 and not game.is_won


@dataclass
class Record:
    """The statistics of one rule set. Times are seconds; None: no such game yet."""

    won: int = 0
    lost: int = 0
    abandoned: int = 0
    streak: int = 0  # wins in a row up to the last game played
    best_streak: int = 0
    best_time: float | None = None  # fastest win
    total_time: float = 0.0  # of all wins, for the average
    fewest_moves: int | None = None  # of a win
    best_score: int | None = None  # of any game played (points, or dollars in Vegas)
    bank: int = 0  # Vegas: the dollars of every game played, added up

    @property
    def played(self) -> int:
        return self.won + self.lost + self.abandoned

    @property
    def win_rate(self) -> float | None:
        """Won / played, from 0 to 1; None before the first game."""
        return self.won / self.played if self.played else None

    @property
    def average_time(self) -> float | None:
        return self.total_time / self.won if self.won else None


class Statistics:
    """All statistics: one :class:`Record` per rule set, and the daily deals won (R8).

    ``problem`` is None, or a message for the player when :meth:`from_json` had to start
    again from zero (the stored value was damaged or foreign); ``newer`` is true when the
    stored value is of a newer format than this version reads: it must not be written
    over."""

    def __init__(self) -> None:
        self.records: dict[str, Record] = {}
        self.daily: dict[int, set[str]] = {1: set(), 3: set()}  # draw -> ISO dates won
        self.problem: str | None = None
        self.newer = False
        # Keys of the games recorded lately, newest last: a game shown again (a reload,
        # another tab) is not counted twice.
        self.recent: list[str] = []
        # Per rule set, [played, won] of the games "Winnable deals only" dealt.
        self.checked: dict[str, list[int]] = {}
        # Per rule set, the games Play it for me played to the win: counted apart.
        self.solver: dict[str, int] = {}
        # This browser's id (made with its first count) and how many times its counts
        # changed: a block of it read again is kept only if it changed more.
        self.id: str | None = None
        self.changes = 0
        self.others: dict[str, Statistics] = {}  # other browsers' blocks, by their id
        self.forgotten: list[str] = []  # ids of blocks a reset let go

    # --- reading ----------------------------------------------------------------------
    def _blocks(self) -> list[Statistics]:
        return [self, *self.others.values()]

    def record(self, rule_set: str) -> Record:
        """The statistics of ``rule_set`` (an empty record if none was played yet): this
        browser's with the other browsers' added."""
        _check_rule_set(rule_set)
        own = self.records.get(rule_set) or Record()
        if not self.others:
            return own
        combined = Record(**asdict(own))
        for block in self.others.values():
            if (r := block.records.get(rule_set)) is not None:
                _add(combined, r)
        return combined

    def daily_wins(self, draw: int) -> list[str]:
        """The ISO dates of the daily deals won in this draw mode, oldest first."""
        return sorted(set().union(*(b.daily.get(draw, ()) for b in self._blocks())))

    def won_daily(self, day: str, draw: int) -> bool:
        return any(day in b.daily.get(draw, ()) for b in self._blocks())

    def solver_wins(self, rule_set: str) -> int:
        """The games of ``rule_set`` that Play it for me played to the win (issue 42):
        counted apart, neither won nor lost."""
        _check_rule_set(rule_set)
        return sum(b.solver.get(rule_set, 0) for b in self._blocks())

    def checked_games(self, rule_set: str) -> tuple[int, int]:
        """(played, won) of the games of ``rule_set`` that "Winnable deals only" dealt."""
        _check_rule_set(rule_set)
        counts = [b.checked.get(rule_set, (0, 0)) for b in self._blocks()]
        return sum(c[0] for c in counts), sum(c[1] for c in counts)

    @property
    def games(self) -> int:
        """The games counted, in every rule set and browser (Play it for me's too)."""
        return sum(self.record(rs).played + self.solver_wins(rs) for rs in RULE_SETS)

    # --- other browsers (a statistics file) ---------------------------------------------
    def absorb(self, other: Statistics) -> int:
        """Take in the counts of ``other`` (read from a file): its own block and the
        blocks it holds, each kept apart by its browser's id and kept only if it has seen
        more changes than the one here; never this browser's own, nor one a reset let go.
        The games this added."""
        before = self.games
        blocks = dict(other.others)
        if other.id is not None:
            blocks[other.id] = other
        for id_, block in blocks.items():
            kept = self.others.get(id_)
            if id_ == self.id or id_ in self.forgotten or (
                    kept is not None and kept.changes >= block.changes):
                continue
            self.others[id_] = _block(block)
        while len(self.others) > OTHERS:  # the block that changed least goes
            del self.others[min(self.others, key=lambda i: self.others[i].changes)]
        return self.games - before

    def adopt(self, id: str) -> None:  # noqa: A002 - the browser's id, as stored
        """Take ``id`` (:func:`new_id`) as this browser's, unless it has one: the same
        event adopts the same id in every copy of the statistics it is applied to."""
        if self.id is None:
            self.id = id

    # --- recording --------------------------------------------------------------------
    def record_win(self, rule_set: str, seconds: float, moves: int, score: int | None,
                   game_key: str | None = None, checked: bool = False,
                   solved: bool = False) -> None:
        """A game won in ``seconds`` of play with ``moves`` moves and the final ``score``
        (``game.score_at(seconds)``; None for the X scoring). If ``game_key``
        (:func:`key_of_game` of ``game.to_json()``) is among the keys of the games
        recorded lately, nothing is counted again: showing a won game after a reload, or
        in another tab, is not a second win. ``checked``: "Winnable deals only" dealt
        it. ``solved``: Play it for me played in it, so it is counted apart only."""
        if self._seen(game_key):
            return
        self._changed()
        if solved:
            _check_rule_set(rule_set)
            self.solver[rule_set] = self.solver.get(rule_set, 0) + 1
            return
        self._count_checked(rule_set, checked, won=1)
        r = self._mutable(rule_set)
        r.won += 1
        r.streak += 1
        r.best_streak = max(r.best_streak, r.streak)
        # Bounded when written as when read: a clock edited up to 2e12 s once wrote a total
        # the reader refused, and every later load lost all the statistics.
        seconds = round(min(max(0.0, float(seconds)), MAX_GAME_SECONDS), 1)
        r.best_time = seconds if r.best_time is None else min(r.best_time, seconds)
        r.total_time = round(min(r.total_time + seconds, MAX_TOTAL_SECONDS), 1)
        r.fewest_moves = moves if r.fewest_moves is None else min(r.fewest_moves, moves)
        self._score(rule_set, r, score)

    def record_end(self, rule_set: str, stuck: bool, score: int | None,
                   game_key: str | None = None, checked: bool = False) -> None:
        """A game with moves, not won, left for another: lost if it was stuck
        (:func:`klondike.app.ending.is_stuck`), else abandoned. Ends the win streak."""
        if self._seen(game_key):
            return
        self._changed()
        self._count_checked(rule_set, checked, won=0)
        r = self._mutable(rule_set)
        if stuck:
            r.lost += 1
        else:
            r.abandoned += 1
        r.streak = 0
        self._score(rule_set, r, score)

    def record_daily_win(self, day: str, draw: int) -> None:
        """The daily deal of ``day`` (``"2026-12-01"``) won in draw ``draw`` (R8). The win
        itself is counted by :meth:`record_win` like any other."""
        if draw not in (1, 3):
            raise ValueError(f"draw must be 1 or 3, not {draw!r}")
        self.daily[draw].add(Date.fromisoformat(day).isoformat())
        self._changed()

    def reset(self, rule_set: str | None = None) -> None:
        """Start again from zero: everything, or only one rule set. Everything: the
        counts of every browser are let go, and this browser takes a new id, so that no
        file read later brings them back."""
        if rule_set is None:
            gone = [*self.others, *([self.id] if self.id else [])]
            self.forgotten = [*self.forgotten, *gone][-FORGOTTEN:]
            self.others.clear()
            self.id, self.changes = None, 0
            self.records.clear()
            self.checked.clear()
            self.solver.clear()
            self.daily = {1: set(), 3: set()}
            self.recent = []
            self.problem = None
        else:
            _check_rule_set(rule_set)
            self.records.pop(rule_set, None)
            self.checked.pop(rule_set, None)
            self.solver.pop(rule_set, None)
            for block in self.others.values():
                block.reset(rule_set)
            self._changed()

    def _changed(self) -> None:
        self.changes += 1

    def _count_checked(self, rule_set: str, checked: bool, won: int) -> None:
        if checked:
            _check_rule_set(rule_set)
            counts = self.checked.setdefault(rule_set, [0, 0])
            counts[0] += 1
            counts[1] += won

    def _mutable(self, rule_set: str) -> Record:
        _check_rule_set(rule_set)
        return self.records.setdefault(rule_set, Record())

    def counted(self, game_key: str) -> bool:
        """Whether the game of ``game_key`` is among the games recorded lately."""
        return game_key in self.recent

    def also_counted(self, game_key: str) -> None:
        """The game of ``game_key`` is recorded already, under another key (the key it had
        before an update): nothing is counted, and nothing will be under this one."""
        self._seen(game_key)

    def _seen(self, game_key: str | None) -> bool:
        if game_key is None:
            return False
        if game_key in self.recent:
            return True
        self.recent = [*self.recent, game_key][-RECENT_GAMES:]
        return False

    @staticmethod
    def _score(rule_set: str, r: Record, score: int | None) -> None:
        rules = SCORINGS[rule_set[2]]
        if score is None or not rules.shows_points:
            return
        r.best_score = score if r.best_score is None else max(r.best_score, score)
        if rules.banks:
            r.bank += score  # R3.3: the dollars carry over from game to game

    # --- the dialog -------------------------------------------------------------------
    def summary_rows(self, rule_set: str) -> list[tuple[str, str]]:
        """(label, value) rows for a statistics dialog, in the player's language.

        >>> s = Statistics(); s.record_win("D3V", 200, 120, 208)
        >>> s.summary_rows("D3V")[:3]
        [('Played', '1'), ('Won', '1'), ('Win rate', '100%')]
        """
        r = self.record(rule_set)
        rules = SCORINGS[rule_set[2]]

        def maybe(value: _Value | None, text: Callable[[_Value], str]) -> str:
            return _NO_VALUE if value is None else text(value)

        rows = [
            (_("Played"), str(r.played)),
            (_("Won"), str(r.won)),
            (_("Win rate"), maybe(r.win_rate, percent_text)),
            (_("Lost (stuck)"), str(r.lost)),
            (_("Abandoned"), str(r.abandoned)),
            (_("Current win streak"), str(r.streak)),
            (_("Best win streak"), str(r.best_streak)),
            (_("Best time"), maybe(r.best_time, clock_text)),
            (_("Average time"), maybe(r.average_time, clock_text)),
            (_("Fewest moves"), maybe(r.fewest_moves, str)),
        ]
        if rules.shows_points:
            rows.append((_(rules.best_label), maybe(r.best_score, rules.value_text)))
        if rules.bank_label is not None:  # rules.banks
            rows.append((_(rules.bank_label), rules.value_text(r.bank)))
        rows.append((_("Daily deals won"), str(len(self.daily_wins(int(rule_set[1]))))))
        played, won = self.checked_games(rule_set)
        if played:
            rows.append((_("Of them, dealt by Winnable deals only"),
                         _("{won} won of {played}").format(won=won, played=played)))
        if solved := self.solver_wins(rule_set):
            rows.append((_("Played to the win by Play it for me (not counted above)"),
                         str(solved)))
        return rows

    # --- storing ----------------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps(self.to_data(), separators=(",", ":"))

    def to_data(self) -> dict[str, Any]:
        """The value :meth:`to_json` writes, as JSON's data (a statistics file holds it)."""
        return {"v": STATS_VERSION, **self._block_data(), "id": self.id,
                "recent": self.recent,
                "others": {i: b._block_data() for i, b in sorted(self.others.items())},
                "forgotten": self.forgotten}

    def _block_data(self) -> dict[str, Any]:
        return {
            "changes": self.changes,
            "sets": {key: asdict(r) for key, r in sorted(self.records.items())},
            "daily": {str(d): sorted(days) for d, days in sorted(self.daily.items())},
            "checked": {key: counts for key, counts in sorted(self.checked.items())},
            "solver": dict(sorted(self.solver.items())),
        }

    @classmethod
    def from_json(cls, text: str | None) -> Statistics:
        """Read stored statistics. Never raises: nothing stored (None) gives empty
        statistics; a damaged or foreign value gives empty statistics whose
        :attr:`problem` says so, for the glue to show (and then to overwrite)."""
        stats = cls()
        if text is None:
            return stats
        try:
            whole = _read(stats, jsontext.loads(text) if isinstance(text, str) else None)
        except Newer:
            stats = cls()
            stats.newer = True
            stats.problem = _("The statistics were saved by a newer version of the game: "
                              "they are kept as they are, and this page does not save "
                              "over them")
        except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
            stats = cls()
            stats.problem = _("The statistics could not be read and start again from zero")
        else:
            if not whole:  # what reads is kept; the session keeps the whole value aside
                stats.problem = _("Some of the statistics could not be read: the damaged "
                                  "value is kept aside, and everything else is kept")
        return stats


def percent_text(rate: float) -> str:
    """A rate from 0 to 1 as a whole percentage, as the player's language writes it."""
    return _("{percent}%").format(percent=round(rate * 100))


def rule_set_label(rule_set: str) -> str:
    """``"D3V"`` as the player reads it: "Draw 3, Vegas"."""
    _check_rule_set(rule_set)
    return _("Draw {draw}, {scoring}").format(
        draw=rule_set[1], scoring=pgettext("scoring", SCORINGS[rule_set[2]].name))


def _check_rule_set(rule_set: str) -> None:
    if not (isinstance(rule_set, str) and len(rule_set) == 3 and rule_set[:1] == "D"
            and rule_set[1] in "13" and rule_set[2] in SCORINGS):
        raise ValueError(f"not a rule set: {rule_set!r} (like D1N or D3V)")


class Newer(ValueError):
    """A stored value of a newer format than this version of the game reads."""


def new_id() -> str:
    """A new browser's id for its statistics (:meth:`Statistics.adopt`)."""
    return secrets.token_hex(8)


def key_of_game(saved_game: str) -> str:
    """The key a game is recorded under: a digest of its save (code and moves), short
    enough to keep many (:data:`RECENT_GAMES`)."""
    return hashlib.sha256(saved_game.encode()).hexdigest()[:16]


def _read(stats: Statistics, data: Any) -> bool:
    """Fill ``stats`` from parsed JSON of any shape: every rule set, day and key that reads
    (True if all of it did). Raise ValueError for a value that is not statistics at all,
    and :class:`Newer` for a format newer than :data:`STATS_VERSION`."""
    version = data.get("v") if isinstance(data, dict) else None
    if _is_int(version) and version > STATS_VERSION:
        raise Newer(version)
    if version not in (1, 2, 3, 4, STATS_VERSION):
        raise ValueError("not statistics of a known version")
    whole = _read_block(stats, data, version)
    if version == 1:  # the key of the last game only, a whole save
        last = data.get("last")
        recent = [key_of_game(last)] if isinstance(last, str) else []
        whole = whole and (last is None or isinstance(last, str))
    else:
        recent = data.get("recent")
        if not isinstance(recent, list):
            whole, recent = False, []
        kept = [k for k in recent if isinstance(k, str) and len(k) <= 64]
        whole, recent = whole and len(kept) == len(recent), kept
    stats.recent = recent[-RECENT_GAMES:]
    if version < 5:  # before ids: this browser's own counts, all of them
        return whole
    id_, others, forgotten = data.get("id"), data.get("others"), data.get("forgotten")
    if id_ is not None and not _is_id(id_):
        whole, id_ = False, None
    stats.id = id_
    if not isinstance(others, dict):
        whole, others = False, {}
    for key, value in list(others.items())[:OTHERS]:
        block = Statistics()
        if _is_id(key) and isinstance(value, dict) and _read_block(block, value, version):
            stats.others[key] = block
        else:
            whole = False
    if not isinstance(forgotten, list):
        whole, forgotten = False, []
    kept = [f for f in forgotten if _is_id(f)]
    whole = whole and len(kept) == len(forgotten)
    stats.forgotten = kept[-FORGOTTEN:]
    return whole


def _read_block(stats: Statistics, data: dict[str, Any], version: int) -> bool:
    """The counts of one browser: its rule sets, daily deals, checked and solver's games,
    and (from version 5) its changes. True if all of it read."""
    whole = True

    def part(name: str) -> dict[str, Any]:
        nonlocal whole
        value = data.get(name, {})
        if not isinstance(value, dict):
            whole = False
            return {}
        return value

    for key, value in part("sets").items():
        try:
            _check_rule_set(key)
            stats.records[key] = _record(value)
        except (ValueError, TypeError):
            whole = False
    for draw, days in part("daily").items():
        if draw not in ("1", "3") or not isinstance(days, list):
            whole = False
            continue
        for day in days:
            try:
                stats.daily[int(draw)].add(Date.fromisoformat(day).isoformat())
            except (ValueError, TypeError):
                whole = False
    for key, counts in (part("checked") if version >= 3 else {}).items():
        if (isinstance(counts, list) and len(counts) == 2 and all(map(_is_int, counts))
                and 0 <= counts[1] <= counts[0] and _is_rule_set(key)):
            stats.checked[key] = list(counts)
        else:
            whole = False
    for key, count in (part("solver") if version >= 4 else {}).items():
        if _is_int(count) and count >= 0 and _is_rule_set(key):
            stats.solver[key] = count
        else:
            whole = False
    changes = data.get("changes", 0) if version >= 5 else None
    if changes is None:  # before version 5: as many changes as games counted
        changes = sum(r.played for r in stats.records.values()) + sum(stats.solver.values())
    elif not _is_int(changes) or changes < 0:
        whole, changes = False, 0
    stats.changes = changes
    return whole and all(name in data for name in ("sets", "daily"))


def _is_id(value: object) -> TypeGuard[str]:
    return isinstance(value, str) and 0 < len(value) <= 32 and value.isalnum()


def _add(total: Record, r: Record) -> None:
    """Another browser's record ``r`` added to ``total`` (the current streak stays
    this browser's: the order of games across browsers is not known)."""
    total.won += r.won
    total.lost += r.lost
    total.abandoned += r.abandoned
    total.best_streak = max(total.best_streak, r.best_streak)
    total.best_time = _least(total.best_time, r.best_time)
    total.total_time = round(min(total.total_time + r.total_time, MAX_TOTAL_SECONDS), 1)
    total.fewest_moves = _least(total.fewest_moves, r.fewest_moves)
    if r.best_score is not None:
        total.best_score = r.best_score if total.best_score is None \
            else max(total.best_score, r.best_score)
    total.bank += r.bank


def _least(a: _Number | None, b: _Number | None) -> _Number | None:
    return b if a is None else a if b is None else min(a, b)


def _block(other: Statistics) -> Statistics:
    """A copy of ``other``'s own counts, to keep as a block of another browser."""
    block = Statistics()
    _read_block(block, jsontext.loads(json.dumps(other._block_data())), STATS_VERSION)
    return block


def _is_rule_set(key: str) -> bool:
    try:
        _check_rule_set(key)
    except ValueError:
        return False
    return True


def _record(value: object) -> Record:
    if not isinstance(value, dict) or set(value) != {f.name for f in fields(Record)}:
        raise ValueError("a record has exactly the fields of Record")
    r = Record(**value)
    counts = (r.won, r.lost, r.abandoned, r.streak, r.best_streak)
    if not all(_is_int(n) and n >= 0 for n in counts) or not _is_int(r.bank):
        raise ValueError("counts are whole numbers")
    if r.streak > r.won or r.best_streak > r.won or r.streak > r.best_streak:
        raise ValueError("streaks cannot exceed the wins")
    for number in (r.best_time, r.total_time):
        if number is not None and (not _is_number(number)
                                   or not 0 <= number <= MAX_TOTAL_SECONDS):
            raise ValueError("times are seconds")
    if (r.won == 0) != (r.best_time is None) or (r.won == 0) != (r.fewest_moves is None):
        raise ValueError("best time and fewest moves exist once there is a win")
    if r.fewest_moves is not None and not (_is_int(r.fewest_moves) and r.fewest_moves >= 0):
        raise ValueError("moves are whole numbers")
    if r.best_score is not None and not _is_int(r.best_score):
        raise ValueError("scores are whole numbers")
    r.best_time = None if r.best_time is None else float(r.best_time)
    r.total_time = float(r.total_time)
    return r


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value == value
