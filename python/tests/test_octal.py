"""`tabletop.octal`: the CLI's values, periods and moves on the fixtures."""

from __future__ import annotations

import json

import numpy as np
import pytest

import tabletop
from conftest import cases, flag

# Misère fixtures are test_misere.py's.
OCTAL = [c for c in cases("octal") if c.out is not None and c.err is None and "--misere" not in c.args]


def _game(case):
    """The code, the heaps asked for and the query, as the CLI reads them."""
    words = case.text.decode().split()
    heaps = flag(case.args, "--heaps") or (words[1] if len(words) > 1 else "200")
    query = flag(case.args, "--query")
    return words[0], int(heaps), [int(h) for h in query.split(",")] if query else None


def _computed(code, heaps, query):
    """The values the CLI computes: to the heaps asked for when they prove a period that
    answers the query, else grown to the query's largest heap."""
    game = tabletop.octal(code, heaps)
    if query and max(query) > heaps and game.period() is None:
        heaps = max(query)
        game = tabletop.octal(code, heaps)
    return game, heaps


@pytest.mark.parametrize("case", OCTAL, ids=lambda c: c.name)
def test_values_period_and_move_are_the_cli_output(case):
    code, heaps, query = _game(case)
    game, heaps = _computed(code, heaps, query)
    values = game.values
    assert values.dtype == np.uint32 and values.shape == (heaps + 1,)
    assert game.heaps == heaps
    if "--json" in case.args:
        expected = json.loads(case.out)
        assert values.tolist() == expected["values"]
        period = expected["period"]
        assert game.period() == (None if period is None else (period["period"], period["preperiod"]))
        move = expected["query"]["move"]
        assert str(game.outcome(query)) == expected["query"]["outcome"]
        assert game.winning_move(query) == (move["heap"] - 1, move["take"], move["leave"])
        return
    lines = case.out.decode().splitlines()
    answer = _query_lines(game, query) if query else [" ".join(map(str, values.tolist()))]
    if "--period" in case.args:
        period = game.period()
        answer.append(f"no period up to {heaps}" if period is None else f"period {period[0]} preperiod {period[1]}")
    assert lines == answer


def _query_lines(game, query):
    """The CLI's answer to a query, written from the Python results."""
    outcome = str(game.outcome(query))
    move = game.winning_move(query)
    if move is None:
        return [outcome]
    heap, take, leave = move
    left = "nothing" if not leave else " and ".join(map(str, leave))
    return [outcome, f"heap {heap + 1} ({query[heap]} tokens): take {take}, leave {left}"]


def test_kayles_move():
    kayles = tabletop.octal("0.77", 10)
    assert kayles.winning_move([3, 4]) == (0, 2, [1])
    assert kayles.winning_move([4, 4]) is None
    assert kayles.outcome([4, 4]) is tabletop.Outcome.LOSE
    with pytest.raises(ValueError):
        kayles.winning_move([11])


def test_bad_codes_and_huge_requests_are_input_errors():
    with pytest.raises(tabletop.InputError, match="octal"):
        tabletop.octal("0.8", 10)
    with pytest.raises(tabletop.InputError, match="GiB"):
        tabletop.octal("0.6", 10**12)
    with pytest.raises(ValueError):
        tabletop.octal("0.6", -1)


def test_refusals_name_the_argument_not_a_flag():
    with pytest.raises(tabletop.InputError, match="GiB") as raised:
        tabletop.octal("0.6", 10**12)
    message = str(raised.value)
    assert "heaps" in message and "--heaps" not in message, message


class _Started(Exception):
    pass


def _started(stage, done, total):
    raise _Started(stage)


def test_values_held_in_memory_count_against_the_memory_cap_up_front():
    # The engine's working space alone (32 bytes a heap) fits in 4 GiB at 125,000,000 heaps;
    # with the 4 bytes of each value held for numpy it does not: refused before any work
    # (a started computation would have called the callback, which raises).
    with pytest.raises(tabletop.InputError, match="GiB"):
        tabletop.octal("0.6", 125_000_000, progress=_started)


def test_the_values_are_one_read_only_array():
    kayles = tabletop.octal("0.77", 100)
    assert kayles.values is kayles.values
    assert not kayles.values.flags.writeable
    with pytest.raises(ValueError):
        kayles.values[3] = 0
    assert kayles.outcome([3]) is tabletop.Outcome.WIN
