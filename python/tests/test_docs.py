"""Every ```python block of docs/python.md runs, in order, in one namespace."""

from __future__ import annotations

import pathlib
import re

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"


def test_the_tour_runs():
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    assert len(blocks) >= 8
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)


def test_help_is_useful():
    import pydoc

    import tabletop

    text = pydoc.render_doc(tabletop, renderer=pydoc.plaintext)
    for name in ["answer", "Board", "Graph", "ImplicitGame", "octal", "misere", "Misere", "InputError", "gen"]:
        assert name in text
    for item in [tabletop.answer, tabletop.Board.odds, tabletop.Graph.values, tabletop.octal,
                 tabletop.misere, tabletop.chutes.play, tabletop.pigs.play, tabletop.grundy.parse, tabletop.gen]:
        assert item.__doc__ and len(item.__doc__) > 40, item
