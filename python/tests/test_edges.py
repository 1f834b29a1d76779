"""The package's edges: numpy ints taken as ints, the CLI's refusals, sequences that behave
as Python sequences, signatures without quoted strings, the version, the stubs."""

from __future__ import annotations

import inspect
import pathlib
import re
import subprocess
import sys

import numpy as np
import pytest

import tabletop
from tabletop import chutes

CRATE = pathlib.Path(__file__).resolve().parents[1] / "Cargo.toml"


def test_numpy_integers_are_ints():
    assert tabletop.octal("0.77", np.int64(20)).heaps == 20
    board = tabletop.Board(squares=np.int64(10), ladders={np.int32(2): np.uint8(5)})
    assert "squares 10" in board.text and "ladder 2 5" in board.text
    assert board.odds(players=np.int16(2)).win_probability.shape == (2,)
    assert tabletop.gen("snakes", seed=np.uint64(3)) == tabletop.gen("snakes", seed=3)


def test_bools_and_floats_are_not_ints():
    with pytest.raises(TypeError):
        tabletop.octal("0.77", True)
    with pytest.raises(TypeError):
        tabletop.Board(squares=10.0)


def test_ladders_may_be_a_list_of_pairs():
    pairs = tabletop.Board(squares=20, ladders=[(2, 5)], chutes=[(9, 3)])
    mapping = tabletop.Board(squares=20, ladders={2: 5}, chutes={9: 3})
    assert pairs.text == mapping.text
    with pytest.raises(TypeError, match="pair"):
        tabletop.Board(squares=20, ladders=[2, 5])


@pytest.mark.parametrize("p", [150, 0, 100, -1, float("nan")])
def test_a_percentile_outside_0_100_is_refused_as_the_cli_does(p):
    board = tabletop.Board(squares=10)
    with pytest.raises(ValueError, match="strictly between 0 and 100"):
        board.odds(percentiles=[p])


@pytest.mark.parametrize("players", [0, 1001, -3])
def test_players_outside_the_cli_range_are_refused_without_a_board_location(players):
    board = tabletop.Board(squares=10)
    with pytest.raises(ValueError, match=r"players must be in 1\.\.=1000") as raised:
        board.odds(players=players)
    assert "<board>" not in str(raised.value)


def test_octal_is_a_sequence_with_its_code():
    game = tabletop.octal("0.77", 30)
    assert game.code == "0.77"
    assert game.digits == [0, 7, 7]
    assert len(game) == 31
    assert game[5] == int(game.values[5]) and isinstance(game[5], int)
    assert game[-1] == int(game.values[-1])
    assert list(game[2:5]) == list(game.values[2:5])
    assert list(game) == game.values.tolist()
    assert game.index(game[7]) <= 7
    with pytest.raises(IndexError):
        game[31]
    assert "0.77" in repr(game)


def test_from_csr_refuses_what_it_cannot_hold_exactly():
    with pytest.raises(ValueError):
        tabletop.Graph([[2**32]])
    with pytest.raises(ValueError, match="4294967297"):
        tabletop.Graph.from_csr([0, 1, 1], [2**32 + 1])
    with pytest.raises(ValueError, match="-1"):
        tabletop.Graph.from_csr([0, 1, 1], [-1])
    with pytest.raises(TypeError):
        tabletop.Graph.from_csr([0, 1, 1], [1.5])
    assert tabletop.Graph.from_csr(np.array([0, 1, 1], np.int64), [1]).values().tolist() == [1, 0]


def test_chutes_play_takes_numpy_throws():
    board = tabletop.Board(squares=10)
    from_list = chutes.play(board, 1, [6, 4])
    from_array = chutes.play(board, np.int64(1), np.array([6, 4]))
    assert from_array.winner == from_list.winner and from_array.squares == from_list.squares


def _annotations(function):
    signature = inspect.signature(function)
    return [p.annotation for p in signature.parameters.values()] + [signature.return_annotation]


def test_signatures_hold_no_quoted_strings():
    functions = [tabletop.answer, tabletop.octal, tabletop.gen, chutes.play, tabletop.grundy.parse]
    for cls in [tabletop.Board, tabletop.Odds, tabletop.Graph, tabletop.Octal, tabletop.ImplicitGame]:
        functions.extend(member for _, member in inspect.getmembers(cls, inspect.isfunction))
    for function in functions:
        for annotation in _annotations(function):
            text = str(annotation)
            assert not text.startswith(("'", '"')), f"{function.__qualname__}: {text}"


def test_version_is_the_crate_version():
    declared = re.search(r'^version = "([^"]+)"', CRATE.read_text(), re.M)
    assert declared is not None
    assert tabletop.__version__ == declared.group(1)


def test_the_stubs_match_the_native_module():
    pytest.importorskip("mypy")
    run = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "tabletop._tabletop", "--ignore-disjoint-bases"],
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stdout + run.stderr
