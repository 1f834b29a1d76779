"""`tabletop.ImplicitGame`: a Python move function, values memoised in Rust."""

from __future__ import annotations

import pytest

import tabletop


def subtraction(n):
    return [n - s for s in (1, 3, 4) if s <= n]


def test_values_are_the_subtraction_game_period():
    game = tabletop.ImplicitGame(subtraction)
    assert [game.value(n) for n in range(14)] == [0, 1, 0, 1, 2, 3, 2] * 2
    assert game.value(100_000) == [0, 1, 0, 1, 2, 3, 2][100_000 % 7]
    assert game.known >= 100_000


def test_sums_and_winning_moves():
    game = tabletop.ImplicitGame(subtraction)
    assert game.outcome([4, 6]) is tabletop.Outcome.LOSE
    assert game.winning_move([4, 6]) is None
    assert game.outcome([4, 5]) is tabletop.Outcome.WIN
    assert game.winning_move([4, 5]) == (1, 4)


def test_the_same_values_as_a_graph():
    successors = [[1, 2], [3], [3], [], [0, 3]]
    graph = tabletop.Graph(successors)
    game = tabletop.ImplicitGame(lambda v: successors[v])
    assert [game.value(v) for v in range(5)] == graph.values().tolist()


def test_positions_are_any_hashable_object():
    # Kayles-like rows as tuples: remove one or two adjacent pins, splitting the row.
    def moves(row):
        out = []
        for i, pins in enumerate(row):
            for take in (1, 2):
                for left in range(pins - take + 1):
                    right = pins - take - left
                    rest = row[:i] + row[i + 1 :] + tuple(p for p in (left, right) if p)
                    out.append(tuple(sorted(rest)))
        return out

    game = tabletop.ImplicitGame(moves)
    kayles = tabletop.octal("0.77", 12).values.tolist()
    assert [game.value((n,) if n else ()) for n in range(13)] == kayles


class Boom(Exception):
    pass


def test_an_exception_inside_moves_propagates_unchanged():
    def moves(n):
        if n == 5:
            raise Boom("no moves from 5")
        return subtraction(n)

    game = tabletop.ImplicitGame(moves)
    with pytest.raises(Boom, match="no moves from 5") as raised:
        game.value(9)
    assert type(raised.value) is Boom
    # The memo made wrong by the stop is gone: asking again raises again.
    with pytest.raises(Boom):
        game.value(9)
    assert game.value(4) == 2
    with pytest.raises(TypeError):
        tabletop.ImplicitGame(lambda n: [[n]]).value(1)  # a list is not hashable
    with pytest.raises(TypeError):
        tabletop.ImplicitGame(lambda n: 3).value(1)  # not iterable


def test_cycles_and_limits():
    with pytest.raises(ValueError, match="cycle"):
        tabletop.ImplicitGame(lambda n: [(n + 1) % 3]).value(0)
    with pytest.raises(MemoryError):
        tabletop.ImplicitGame(subtraction, limit=100).value(1000)
    with pytest.raises(TypeError):
        tabletop.ImplicitGame(42)


def test_a_nan_position_is_itself_as_in_a_dict():
    nan = float("nan")
    game = tabletop.ImplicitGame(lambda p: [0] if p is nan else [], limit=100)
    assert game.value(nan) == 1


def test_an_exception_in_eq_is_raised():
    class Touchy:
        def __hash__(self):
            return 1

        def __eq__(self, other):
            raise ArithmeticError("no comparing")

    positions = [Touchy(), Touchy()]
    game = tabletop.ImplicitGame(lambda p: positions if isinstance(p, str) else [], limit=100)
    with pytest.raises(ArithmeticError, match="no comparing"):
        game.value("start")
