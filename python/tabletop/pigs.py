"""猪国杀 (BZOJ 1972 / SDOI 2010): a game played through, with its events."""

from __future__ import annotations

import json
from typing import Any, Dict, List

from . import _tabletop, _warn

__all__ = ["Result", "play"]


class Result:
    """A game played through.

    ``output`` is the judge's output (what ``tabletop pigs`` prints); ``winner`` (``"MP"``
    or ``"FP"``), ``turns`` and ``pigs`` are the fields of ``tabletop pigs --json`` (each pig
    a dict: ``role``, ``dead``, ``hp``, ``equipped``, ``jumped``, ``hand``); ``events`` are
    dicts with a ``kind`` (``turn``, ``draw``, ``use``, ``jump``, ``mark``, ``nullify``,
    ``protected``, ``discard``, ``damage``, ``peach``, ``death``, ``penalty``, ``end``) and
    that event's fields. Pigs in events are 0-based seats (0 is pig 1, the MP).
    """

    __slots__ = ("output", "winner", "turns", "pigs", "events")

    def __init__(self, output: str, fields: Dict[str, Any], events: List[Dict[str, Any]]) -> None:
        self.output: str = output
        self.winner: str = fields["winner"]
        self.turns: int = fields["turns"]
        self.pigs: List[Dict[str, Any]] = fields["pigs"]
        self.events: List[Dict[str, Any]] = events

    def __repr__(self) -> str:
        return f"<pigs.Result winner={self.winner} turns={self.turns} events={len(self.events)}>"


def play(text: str | bytes) -> Result:
    """Plays the 猪国杀 game of ``text`` (the judge's input format). Raises
    :class:`tabletop.InputError` for a bad input or a game that can never end."""
    output, fields, events, notes = _tabletop.pigs_play(text)
    _warn(notes)
    return Result(output, json.loads(fields), events)
