"""POJ 2425 (sums of games on a graph, cycles allowed): reading judge text."""

from __future__ import annotations

from typing import List, Tuple

from . import Graph, _tabletop

__all__ = ["parse"]


def parse(text: str | bytes) -> List[Tuple[Graph, List[List[int]]]]:
    """Every test case of a POJ 2425 text: a list of ``(graph, queries)``, each query a
    list of piece positions. Raises :class:`tabletop.InputError` for a bad input."""
    return [(Graph._wrap(graph), queries) for graph, queries in _tabletop.grundy_parse(text)]
