"""`tabletop.answer`: the CLI's bytes on every plain fixture, InputError on the bad ones."""

from __future__ import annotations

import pytest

import tabletop
from conftest import cases, expected_error

PLAIN = [c for game in tabletop.GAMES for c in cases(game) if not c.args]


@pytest.mark.parametrize("case", [c for c in PLAIN if c.out is not None and c.err is None], ids=lambda c: f"{c.game}/{c.name}")
def test_answer_is_the_cli_output(case):
    assert tabletop.answer(case.game, case.text).encode() == case.out


@pytest.mark.parametrize("case", [c for c in PLAIN if c.err is not None and c.out is None], ids=lambda c: f"{c.game}/{c.name}")
def test_bad_input_raises_the_cli_message(case):
    code, text = expected_error(case.err)
    assert code == 2
    with pytest.raises(tabletop.InputError) as raised:
        tabletop.answer(case.game, case.text)
    error = raised.value
    assert isinstance(error, ValueError)
    # The fixture's text is what the CLI's stderr holds after the file name.
    assert text in str(error), str(error)
    assert str(error).startswith("error: <text>")
    if error.line is not None:
        assert str(error).startswith(f"error: <text>:{error.line}:{error.column}:")


def test_str_and_bytes_read_the_same():
    text = "6 1 3\n35 25\n3 23 5 16 20 33\n"
    assert tabletop.answer("snakes", text) == tabletop.answer("snakes", text.encode()) == "3\n"


def test_error_attributes():
    with pytest.raises(tabletop.InputError) as raised:
        tabletop.answer("snakes", "6 1 0\n25 35\n")
    error = raised.value
    assert (error.line, error.column, error.case) == (2, 1, 1)
    assert error.problem.startswith("snake 25 35 goes up")
    assert "error: <text>:2:1: snake 25 35 goes up" in str(error)
    assert "^^^^^" in str(error)


def test_error_in_a_later_case_names_it():
    good = "2\n1 1\n0\n1 0\n0\n"
    with pytest.raises(tabletop.InputError) as raised:
        tabletop.answer("grundy", good + "1\n1 5\n0\n")
    assert (raised.value.line, raised.value.column, raised.value.case) == (7, 3, 2)


def test_unknown_game():
    with pytest.raises(ValueError, match="chutes, snakes, grundy, pigs"):
        tabletop.answer("chess", "1")
    assert not isinstance(ValueError("x"), tabletop.InputError)
