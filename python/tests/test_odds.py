"""`tabletop.Board` and its odds: the CLI's numbers on the odds fixtures, numpy arrays."""

from __future__ import annotations

import json
import warnings
from fractions import Fraction

import numpy as np
import pytest

import tabletop
from conftest import cases, expected_error, flag

ODDS = cases("odds")


def _request(args):
    players = flag(args, "--players")
    percentiles = flag(args, "--percentiles")
    return {
        "players": int(players) if players is not None else None,
        "exact": "--exact" in args,
        "percentiles": [float(p) for p in percentiles.split(",")] if percentiles else [],
    }


def _quiet_odds(board, **request):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", tabletop.TabletopWarning)
        return board.odds(**request)


@pytest.mark.parametrize("case", [c for c in ODDS if c.out is not None and c.err is None], ids=lambda c: c.name)
def test_summary_is_the_cli_output(case):
    request = _request(case.args)
    board = tabletop.Board.parse(case.text)
    if request["percentiles"] or request["players"] == 0:
        pytest.skip("percentiles and zero players are CLI-only arguments of the summary")
    text = board.summary(players=request["players"], exact=request["exact"], json="--json" in case.args)
    assert text.encode() == case.out


@pytest.mark.parametrize("case", [c for c in ODDS if c.out is not None and c.err is None], ids=lambda c: c.name)
def test_figures_are_the_cli_json(case):
    request = _request(case.args)
    if request["players"] == 0:
        pytest.skip("zero players is a CLI usage error")
    board = tabletop.Board.parse(case.text)
    expected = json.loads(board.summary(players=request["players"], exact=request["exact"], json=True))
    odds = _quiet_odds(board, **request)
    assert odds.min_turns == expected["min_turns"]
    assert odds.expected_turns == expected["expected_turns"]
    assert odds.variance == expected["variance"]
    if request["exact"]:
        assert isinstance(odds.expected_turns_exact, Fraction)
        assert odds.expected_turns_exact == Fraction(expected["expected_turns_exact"])
    else:
        assert odds.expected_turns_exact is None
    assert odds.distribution.dtype == np.float64 and odds.distribution.ndim == 1
    if "distribution" in expected:
        listed = expected["distribution"]
        assert odds.distribution[0] == 0.0
        assert odds.distribution[1 : len(listed) + 1].tolist() == listed
        assert odds.median == expected["median"]
        for key, turn in expected["percentiles"].items():
            assert odds.percentile(float(key)) == turn
    else:
        assert odds.distribution.shape == (0,) and odds.median is None
    if "race" in expected and expected["race"] is not None and request["players"]:
        race = expected["race"]
        assert odds.expected_rounds == race["expected_rounds"]
        assert odds.win_probability.dtype == np.float64
        assert odds.win_probability.tolist() == race["win_probability"]


@pytest.mark.parametrize("case", [c for c in ODDS if c.err is not None and c.out is None and not c.args], ids=lambda c: c.name)
def test_bad_board_raises_the_cli_message(case):
    code, text = expected_error(case.err)
    with pytest.raises(tabletop.InputError) as raised:
        _quiet_odds(tabletop.Board.parse(case.text))
    assert text.split(": ", 1)[-1] in str(raised.value), str(raised.value)


def test_keyword_board_is_the_board_file():
    board = tabletop.Board(squares=100, ladders={1: 38, 4: 14}, chutes={16: 6}, miss=[7], extra=[8], overshoot="bounce", die=6, start=0)
    same = tabletop.Board.parse("squares 100\novershoot bounce\nladder 1 38\nladder 4 14\nchute 16 6\nmiss 7\nextra 8\n")
    a, b = board.odds(), same.odds()
    assert a.expected_turns == b.expected_turns
    assert np.array_equal(a.distribution, b.distribution)
    assert "ladder 1 38" in board.text


def test_keyword_board_errors_are_located():
    with pytest.raises(tabletop.InputError) as raised:
        tabletop.Board(squares=100, chutes={16: 60})
    assert raised.value.line == 5 and "chute 16 60" in str(raised.value)
    with pytest.raises(TypeError):
        tabletop.Board(squares="100\nladder 1 2")
    with pytest.raises(ValueError):
        tabletop.Board(squares=10, overshoot="fly")


def test_distribution_sums_to_one_with_its_rest():
    odds = tabletop.Board(squares=30, chutes={29: 1}).odds()
    assert abs(odds.distribution.sum() + odds.distribution_rest - 1.0) < 1e-12
    assert odds.distribution[: odds.min_turns].sum() == 0.0


def test_what_is_left_out_is_a_warning():
    long_game = tabletop.Board.parse(next(c.text for c in ODDS if c.name == "game-too-long-to-tabulate"))
    with pytest.warns(tabletop.TabletopWarning, match="not tabulated"):
        odds = long_game.odds()
    assert odds.median is None and odds.distribution.size == 0


def test_players_give_the_race():
    odds = tabletop.Board(squares=100, ladders={1: 38}, chutes={98: 78}).odds(players=3)
    assert odds.win_probability.shape == (3,)
    assert abs(odds.win_probability.sum() - 1.0) < 1e-12
    assert odds.expected_rounds < odds.expected_turns
    assert tabletop.Board(squares=10).odds().win_probability is None


def _snakes_boards(text):
    """The boards of a snakes judge input as board files (test-only reader)."""
    numbers = iter(int(w) for w in text.split())
    boards = []
    for n in numbers:
        snakes, ladders = next(numbers), next(numbers)
        pairs = [(next(numbers), next(numbers)) for _ in range(snakes + ladders)]
        lines = [f"squares {n * n}", "start 1"] + [
            f"{'ladder' if b > a else 'chute'} {a} {b}" for a, b in pairs]
        # A board file has its start before its goal: a 1x1 board (0 throws) has none.
        boards.append(tabletop.Board.parse("\n".join(lines) + "\n") if n > 1 else None)
    return boards


@pytest.mark.parametrize("name", ["sample", "json-sample-n1-unreachable", "json-huge-board-repeats"])
def test_fewest_throws_and_path_are_the_snakes_cli(name):
    snakes = {c.name: c for c in cases("snakes")}
    case = snakes.get(name)
    if case is None:
        pytest.skip(f"no snakes fixture {name}")
    boards = _snakes_boards(case.text.decode())
    lines = case.out.decode().splitlines()
    assert len(boards) == len(lines)
    for board, line in zip(boards, lines):
        if board is None:
            assert line == '{"throws":0,"path":[]}'
            continue
        if "--json" in case.args:
            want = json.loads(line)
            path = board.optimal_path()
            assert board.fewest_throws() == want["throws"]
            if want["path"] is None:
                assert path is None
            else:
                assert [{k: v for k, v in s.items() if k != "repeat" or v > 1} for s in path] == want["path"]
        else:
            assert str(board.fewest_throws()) == line or (line == "-1" and board.fewest_throws() is None)


def test_fewest_throws_needs_the_snakes_rules():
    with pytest.raises(ValueError, match="Snakes and Ladders rules"):
        tabletop.Board(squares=36, miss=[4]).fewest_throws()
    assert tabletop.Board(squares=36, start=1).fewest_throws() == 6


def test_the_distribution_is_made_once():
    odds = tabletop.Board(squares=20).odds()
    assert odds.distribution is odds.distribution
    # The Rust vector itself, handed over without a copy (numpy holds it through its base).
    assert odds.distribution.flags["C_CONTIGUOUS"] and odds.distribution.base is not None


def test_the_limits_are_the_applications():
    assert (tabletop.MAX_PLAYERS, tabletop.MAX_PERCENTILES) == (1000, 100)
    board = tabletop.Board(squares=30)
    assert board.odds(players=tabletop.MAX_PLAYERS).expected_rounds is not None
    many = [50.0] * (tabletop.MAX_PERCENTILES + 1)
    with pytest.raises(ValueError, match="percentiles: 101 given, at most 100 are reported"):
        board.odds(percentiles=many)
    with pytest.raises(ValueError, match="strictly between 0 and 100"):
        board.odds().percentile(100)


def test_an_exact_fraction_past_its_budget_names_the_keyword_not_a_flag():
    board = tabletop.Board(squares=3000)
    with pytest.raises(tabletop.InputError) as raised:
        board.odds(exact=True, exact_budget=1000)
    message = str(raised.value)
    assert "exact_budget=" in message and "--" not in message, message
    with pytest.raises(tabletop.InputError):
        board.summary(exact=True, exact_budget=1000)
    # Within the default budget, and with no limit, the same fraction.
    small = tabletop.Board(squares=30, ladders={3: 20})
    assert small.odds(exact=True, exact_budget=None).expected_turns_exact == small.odds(exact=True).expected_turns_exact
