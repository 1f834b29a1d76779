"""Shared fixtures: the repository's judge fixtures (fixtures/<game>/<case>.in, .out, .err)."""

from __future__ import annotations

import pathlib
from typing import Iterator, List, NamedTuple, Optional

FIXTURES = pathlib.Path(__file__).resolve().parents[2] / "fixtures"


class Case(NamedTuple):
    game: str
    name: str
    text: bytes
    args: List[str]
    out: Optional[bytes]
    err: Optional[str]


def cases(game: str) -> List[Case]:
    """Every fixture of `game`, sorted by name."""
    found = []
    for path in sorted((FIXTURES / game).glob("*.in")):
        stem = path.with_suffix("")
        args = stem.with_suffix(".args")
        out = stem.with_suffix(".out")
        err = stem.with_suffix(".err")
        found.append(
            Case(
                game,
                stem.name,
                path.read_bytes(),
                args.read_text().split() if args.exists() else [],
                out.read_bytes() if out.exists() else None,
                err.read_text() if err.exists() else None,
            )
        )
    assert found, f"no fixtures for {game} under {FIXTURES}"
    return found


def expected_error(err: str) -> "tuple[int, str]":
    """The exit code and the text a `.err` fixture expects."""
    first, _, rest = err.partition("\n")
    assert first.startswith("exit "), err
    text = rest.strip()
    # The CLI names the file `<case>.in`; here the input is `<text>`.
    if text.startswith(".in:"):
        text = text[len(".in") :]
    return int(first.split()[1]), text


def flag(args: List[str], name: str) -> Optional[str]:
    """The value after `--name` in args, or None."""
    if name in args:
        return args[args.index(name) + 1]
    return None
