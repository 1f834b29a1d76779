"""`tabletop.Graph` and `tabletop.grundy.parse`: the CLI's values and moves on the fixtures."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import tabletop
from conftest import cases

GRUNDY = cases("grundy")
VALUES = [c for c in GRUNDY if c.args == ["--values"] and c.out is not None and c.err is None]


@pytest.mark.parametrize("case", VALUES, ids=lambda c: c.name)
def test_values_are_the_cli_values(case):
    parsed = tabletop.grundy.parse(case.text)
    lines = case.out.decode().splitlines()
    assert len(parsed) == len(lines)
    for (graph, _), line in zip(parsed, lines):
        assert " ".join(graph.value_text(v) for v in range(len(graph))) == line
        values = graph.values()
        assert values.dtype == np.int64 and values.shape == (len(graph),)
        for v, word in enumerate(line.split()):
            if word.startswith("∞"):
                assert values[v] == tabletop.INFINITE
                assert graph.infinite_set(v) == [int(k) for k in word[2:-1].split(",") if k]
            else:
                assert values[v] == int(word) and graph.infinite_set(v) is None


def test_outcomes_and_moves_are_the_cli_json():
    case = next(c for c in GRUNDY if c.name == "json-win-lose-draw")
    expected = [json.loads(line) for line in case.out.decode().splitlines()]
    queries = [(graph, query) for graph, qs in tabletop.grundy.parse(case.text) for query in qs]
    assert len(queries) == len(expected)
    for (graph, pieces), want in zip(queries, expected):
        outcome = graph.outcome(pieces)
        assert outcome == tabletop.Outcome(want["outcome"]) and str(outcome) == want["outcome"]
        move = graph.winning_move(pieces)
        if want["outcome"] == "WIN":
            m = want["move"]
            assert move == (m["piece"] - 1, m["from"], m["to"])
        else:
            assert move is None


def _text(successors, queries):
    lines = [str(len(successors))]
    lines += [" ".join(map(str, [len(s), *s])) for s in successors]
    lines += [" ".join(map(str, [len(q), *q])) for q in queries]
    return "\n".join(lines + ["0"]) + "\n"


def test_random_graphs_agree_with_answer_and_a_winning_move_wins():
    rng = random.Random(7)
    for _ in range(200):
        n = rng.randint(1, 9)
        successors = [sorted(rng.sample(range(n), rng.randint(0, min(3, n)))) for _ in range(n)]
        queries = [[rng.randrange(n) for _ in range(rng.randint(1, 3))] for _ in range(4)]
        graph = tabletop.Graph(successors)
        expected = tabletop.answer("grundy", _text(successors, queries)).split()
        assert [str(graph.outcome(q)) for q in queries] == expected
        for query in queries:
            move = graph.winning_move(query)
            if graph.outcome(query) is tabletop.Outcome.WIN:
                piece, frm, to = move
                assert query[piece] == frm and to in successors[frm]
                after = list(query)
                after[piece] = to
                assert graph.outcome(after) is tabletop.Outcome.LOSE
            else:
                assert move is None


def test_csr_arrays_make_the_same_graph():
    graph = tabletop.Graph([[1, 2], [], [1], [4], [3]])
    offsets, targets = graph.csr()
    assert offsets.dtype == np.uint32 and targets.dtype == np.uint32
    assert offsets.tolist() == [0, 2, 2, 3, 4, 5] and targets.tolist() == [1, 2, 1, 4, 3]
    same = tabletop.Graph.from_csr(offsets, targets)
    assert np.array_equal(same.values(), graph.values())
    widened = tabletop.Graph.from_csr(offsets.astype(np.int64), targets.astype(np.int64))
    assert np.array_equal(widened.values(), graph.values())
    assert graph.values().tolist() == [2, 0, 1, -1, -1]
    assert graph.outcome([3]) is tabletop.Outcome.DRAW


def test_bad_graphs_and_pieces_are_value_errors():
    with pytest.raises(ValueError, match="outside"):
        tabletop.Graph([[1], [5]])
    with pytest.raises(ValueError):
        tabletop.Graph.from_csr(np.array([0, 1], dtype=np.uint32), np.array([3], dtype=np.uint32))
    with pytest.raises(ValueError, match="outside"):
        tabletop.Graph([[]]).outcome([4])
    with pytest.raises(tabletop.InputError) as raised:
        tabletop.grundy.parse("2\n1 2\n0\n0\n")
    assert (raised.value.line, raised.value.column) == (2, 3)


def test_a_long_chain_has_no_recursion():
    n = 10**6
    offsets = np.arange(n + 1, dtype=np.uint32)
    offsets[-1] = n - 1
    targets = np.arange(1, n, dtype=np.uint32)
    graph = tabletop.Graph.from_csr(offsets, targets)
    values = graph.values()
    assert values[-1] == 0 and values[0] == (n - 1) % 2
