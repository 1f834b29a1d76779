"""`misere`: the misère quotient through the package, against the CLI's JSON fixtures."""

from __future__ import annotations

import json

import pytest

from tabletop import misere
from conftest import cases, flag

MISERE_JSON = [c for c in cases("octal") if "--misere" in c.args and "--json" in c.args and c.out]


@pytest.mark.parametrize("case", MISERE_JSON, ids=lambda c: c.name)
def test_the_quotient_is_the_command_lines(case):
    code = case.text.decode().split()[0]
    quotient = misere(code, int(flag(case.args, "--heaps")))
    expected = json.loads(case.out)["misere"]
    assert quotient.order == expected["order"]
    assert quotient.pretend == expected["pretend"]
    assert quotient.product == expected["product"]
    assert quotient.p == expected["p"]


def test_misere_nim_and_a_winning_move():
    nim = misere("0.333", 3)
    assert nim.order == 6
    assert nim.outcome([1]) == "LOSE"
    assert nim.outcome([2, 3]) == "WIN"
    heap, take, leave = nim.winning_move([2, 3])
    assert nim.outcome([2, 3][:heap] + leave + [2, 3][heap + 1 :]) == "LOSE"
    assert nim.winning_move([2, 2]) is None


def test_a_quotient_past_the_budget_is_refused():
    with pytest.raises(ValueError, match="at heap 17 needs candidates of more than 4096 elements"):
        misere("0.6", 17)
