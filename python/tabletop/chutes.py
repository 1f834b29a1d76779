"""Chutes and Ladders with a fixed throw list (UVa 647): one game, turn by turn."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Sequence

from . import Board, _int, _natural, _tabletop

__all__ = ["Game", "play"]


class Game:
    """One game played through: the fields of ``tabletop chutes --json`` and the events.

    ``winner`` (1-based), ``turns`` (skipped turns included), ``throws_used``, ``squares``
    (where every counter ends, seat 1 first) and ``events``: dicts with a ``kind``
    (``turn``, ``skip``, ``throw``, ``overshoot``, ``move``, ``jump``, ``miss_turn``,
    ``extra_turn``, ``win``) and that event's fields (players 1-based, throw ``index``
    0-based into the list).
    """

    __slots__ = ("winner", "turns", "throws_used", "squares", "events")

    def __init__(self, winner: int, fields: Dict[str, Any], events: List[Dict[str, Any]]) -> None:
        self.winner: int = winner
        self.turns: int = fields["turns"]
        self.throws_used: int = fields["throws_used"]
        self.squares: List[int] = fields["squares"]
        self.events: List[Dict[str, Any]] = events

    def __repr__(self) -> str:
        return f"<chutes.Game winner={self.winner} turns={self.turns} squares={self.squares}>"


def play(board: Board, players: int, throws: Sequence[int]) -> Game:
    """Plays one game on ``board`` (a :class:`tabletop.Board`; its jumps and miss/extra
    squares) with ``players`` players taking throws (each 1..6) from the start of
    ``throws``. Raises :class:`ValueError` for no players, a throw that is not a die value,
    or a game that runs out of throws."""
    values = []
    for throw in throws:
        try:
            value = _int("a throw", throw)
        except TypeError:
            raise ValueError(f"throw {throw!r} is not a die value 1..6") from None
        if not 0 <= value <= 255:
            raise ValueError(f"throw {throw!r} is not a die value 1..6")
        values.append(value)
    winner, fields, events = _tabletop.chutes_play(board._board, _natural("players", players), values)
    return Game(winner, json.loads(fields), events)
