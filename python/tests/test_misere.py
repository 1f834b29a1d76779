"""`misere`: the misère quotient through the package, against the CLI's fixtures."""

from __future__ import annotations

import json
import threading

import pytest

import tabletop
from tabletop import Outcome, misere
from conftest import cases, flag

MISERE = [c for c in cases("octal") if "--misere" in c.args and "--query" not in c.args and c.out]
MISERE_JSON = [c for c in MISERE if "--json" in c.args]
MISERE_TEXT = [c for c in MISERE if "--json" not in c.args]


def _quotient(case):
    words = case.text.decode().split()
    heaps = flag(case.args, "--heaps") or (words[1] if len(words) > 1 else "8")
    return misere(words[0], int(heaps))


@pytest.mark.parametrize("case", MISERE_JSON, ids=lambda c: c.name)
def test_the_quotient_is_the_command_lines(case):
    quotient = _quotient(case)
    expected = json.loads(case.out)["misere"]
    assert quotient.order == expected["order"]
    assert quotient.pretend == expected["pretend"]
    assert quotient.product == expected["product"]
    assert quotient.p == expected["p"]
    assert quotient.generators == expected["generators"]
    assert len(quotient.relations) == len(expected["relations"])
    assert len(quotient.words) == quotient.order
    if "period" in expected:
        period = expected["period"]
        want = None if period is None else (period["period"], period["preperiod"])
        assert quotient.period() == want


def _line(text, name):
    return next(line for line in text.splitlines() if line.startswith(name + ": "))[len(name) + 2 :]


@pytest.mark.parametrize("case", MISERE_TEXT, ids=lambda c: c.name)
def test_the_presentation_is_the_command_lines(case):
    quotient = _quotient(case)
    printed = case.out.decode()
    names = [chr(ord("a") + k) for k in range(len(quotient.generators))]
    generators = [f"{name} = heap {heap}" for name, heap in zip(names, quotient.generators)]
    assert _line(printed, "generators") == (", ".join(generators) or "none")
    relations = [f"{left} = {right}" for left, right in quotient.relations]
    assert _line(printed, "relations") == (", ".join(relations) or "none")
    elements = [f"{e} = {w}" for e, w in enumerate(quotient.words)]
    assert _line(printed, "elements") == ", ".join(elements)
    assert _line(printed, "P-portion") == (", ".join(quotient.word(e) for e in quotient.p) or "none")
    assert _line(printed, "pretend") == " ".join(quotient.word(e) for e in quotient.pretend)
    if "--period" in case.args:
        period = quotient.period()
        last = printed.splitlines()[-1]
        want = f"no period proven up to {quotient.heaps}" if period is None else f"period {period[0]} preperiod {period[1]}"
        assert last == want


def test_the_presentation_is_named_as_the_command_line_names_it():
    nim = misere("0.333", 3)
    assert nim.generators == [1, 2]
    assert nim.relations == [("a^2", "1"), ("b^3", "b")]
    assert [nim.words[e] for e in nim.p] == ["a", "b^2"]
    assert nim.word(nim.pretend[3]) == "ab"
    assert repr(nim) == "<Misere 0.333 heaps=3 order=6>"
    assert nim.code == "0.333" and nim.digits == [0, 3, 3, 3]


def test_the_period_of_the_pretending_function():
    assert misere("0.3", 12).period() == (2, 0)
    assert misere("0.07", 10).period() is None


def test_misere_nim_and_a_winning_move():
    nim = misere("0.333", 3)
    assert nim.order == 6
    assert nim.outcome([1]) is Outcome.LOSE
    assert nim.outcome([2, 3]) is Outcome.WIN
    heap, take, leave = nim.winning_move([2, 3])
    assert nim.outcome([2, 3][:heap] + leave + [2, 3][heap + 1 :]) is Outcome.LOSE
    assert nim.winning_move([2, 2]) is None
    with pytest.raises(ValueError):
        nim.outcome([4])


def test_a_quotient_past_the_budget_is_refused():
    with pytest.raises(ValueError, match="at heap 17 needs candidates of more than 4096 elements"):
        misere("0.6", 17)


def test_too_many_heaps_are_refused_naming_the_argument_not_a_flag():
    with pytest.raises(tabletop.InputError, match="heaps") as raised:
        misere("0.77", 10_001)
    assert "--" not in str(raised.value)
    with pytest.raises(ValueError):
        misere("0.77", -1)


def test_progress_is_told_the_heaps_included_in_the_callers_thread():
    calls = []

    def progress(stage, done, total):
        calls.append((stage, done, total, threading.get_ident()))

    quotient = misere("0.07", 20, progress=progress)
    assert quotient.order == misere("0.07", 20).order
    assert calls
    assert {(stage, total) for stage, _, total, _ in calls} == {("misère heaps", 21)}
    assert {thread for *_, thread in calls} == {threading.get_ident()}


def test_an_exception_in_the_callback_stops_the_quotient():
    class Stop(Exception):
        pass

    def stop(stage, done, total):
        raise Stop(stage)

    # Officers' quotient grows past its budget at heap 17: long enough to be stopped first.
    with pytest.raises(Stop):
        misere("0.6", 16, progress=stop)


def test_the_survey_gives_one_row_a_class_and_skips_the_codes_done():
    # 0.4 and 0.6 take long to prove: given as done, the rest prove within milliseconds.
    rows = tabletop.misere_survey(1, budget=600, done=["0.4", "0.6"])
    assert [row["code"] for row in rows] == ["0.1", "0.3", "0.5", "0.7"]
    assert rows[0] == {
        "code": "0.1",
        "heaps": 6,
        "order": 2,
        "p_portion": 1,
        "period": (1, 2),
        "tame": True,
        "stopped": None,
    }
    with pytest.raises(ValueError, match="1 to 4 digits, not 5"):
        tabletop.misere_survey(5)
    with pytest.raises(ValueError, match="budget must be a positive number"):
        tabletop.misere_survey(1, budget=0)
