"""`tabletop.chutes.play` and `tabletop.pigs.play`: the CLI's JSON and judge output."""

from __future__ import annotations

import json

import pytest

import tabletop
from conftest import cases


def _uva647(text):
    """The games of a UVa 647 input as (board, players) (test-only reader)."""
    numbers = iter(int(w) for w in text.split())
    throws = []
    for n in numbers:
        if n == 0:
            break
        throws.append(n)
    games = []
    for players in numbers:
        if players == 0:
            break
        ladders, chutes, miss, extra = {}, {}, [], []
        for a in numbers:
            b = next(numbers)
            if a == 0 and b == 0:
                break
            (ladders if b > a else chutes)[a] = b
        for k in numbers:
            if k == 0:
                break
            (miss if k < 0 else extra).append(abs(k))
        games.append((tabletop.Board(squares=100, ladders=ladders, chutes=chutes, miss=miss, extra=extra), players))
    return throws, games


@pytest.mark.parametrize("name", ["json-sample", "json-extra-turn-then-miss-a-turn"])
def test_chutes_games_are_the_cli_json(name):
    case = next(c for c in cases("chutes") if c.name == name)
    throws, games = _uva647(case.text.decode())
    expected = [json.loads(line) for line in case.out.decode().splitlines()]
    assert len(games) == len(expected)
    for (board, players), want in zip(games, expected):
        game = tabletop.chutes.play(board, players, throws)
        assert (game.winner, game.turns, game.throws_used, game.squares) == (
            want["winner"], want["turns"], want["throws_used"], want["squares"])
        assert game.events[0] == {"kind": "turn", "number": 1, "player": 1}
        assert game.events[-1] == {"kind": "win", "player": game.winner, "throws_used": game.throws_used}
        assert sum(e["kind"] == "throw" for e in game.events) == game.throws_used


def test_chutes_refusals():
    board = tabletop.Board(squares=100)
    with pytest.raises(ValueError, match="runs out of throws"):
        tabletop.chutes.play(board, 2, [1, 2])
    with pytest.raises(ValueError, match="not a die value"):
        tabletop.chutes.play(board, 1, [7] * 20)
    with pytest.raises(ValueError, match="at least one player"):
        tabletop.chutes.play(board, 0, [6] * 20)
    with pytest.raises(ValueError):
        tabletop.chutes.play(board, 1, [-1])


PIGS = [c for c in cases("pigs") if not c.args and c.out is not None and c.err is None]


@pytest.mark.parametrize("case", PIGS, ids=lambda c: c.name)
def test_pigs_output_is_the_cli_output(case):
    result = tabletop.pigs.play(case.text)
    assert result.output.encode() == case.out
    end = result.events[-1]
    assert end["kind"] == "end" and end["winner"] == result.winner
    assert sum(e["kind"] == "turn" for e in result.events) == result.turns


def test_pigs_fields_are_the_cli_json():
    case = next(c for c in cases("pigs") if c.name == "json-spec-sample")
    result = tabletop.pigs.play(case.text)
    want = json.loads(case.out)
    assert (result.winner, result.turns, result.pigs) == (want["winner"], want["turns"], want["pigs"])


def test_a_never_ending_game_is_an_input_error():
    with pytest.raises(tabletop.InputError, match="never end") as raised:
        tabletop.pigs.play("2 1\nMP D D D D\nFP D D D D\nD\n")
    assert raised.value.line == 4
