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


def test_a_move_function_calling_its_own_game_is_refused():
    game = None

    def moves(n):
        if n == 3:
            game.value(1)
        return subtraction(n)

    game = tabletop.ImplicitGame(moves)
    with pytest.raises(RuntimeError, match="may not call its own game"):
        game.value(10)
    # The refusal spoiled nothing: the game answers afterwards.
    assert game.value(2) == 0
    assert game.known == 3


def test_one_game_from_four_threads_gives_each_its_answer():
    import threading

    # Four separate subtraction games in one: positions (thread, heap).
    def moves(position):
        which, heap = position
        if heap == heaps[which]:
            # The first thread in waits here until all four are calling, then searches 20,000
            # positions more: the others' calls come while it has the game.
            for event in entered:
                event.wait(timeout=30)
        return [(which, heap - s) for s in (1, 3, 4) if s <= heap]

    entered = [threading.Event() for _ in range(4)]
    game = tabletop.ImplicitGame(moves)
    heaps = [20_000 + which for which in range(4)]
    results, errors = {}, []

    def solve(which):
        entered[which].set()
        try:
            results[which] = game.value((which, heaps[which]))
        except Exception as error:  # noqa: BLE001 (recorded and checked below)
            errors.append(error)

    threads = [threading.Thread(target=solve, args=(which,)) for which in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    period = [0, 1, 0, 1, 2, 3, 2]
    assert results == {which: period[heaps[which] % 7] for which in range(4)}
    assert game.known == sum(heap + 1 for heap in heaps)


class Holder:
    """An object holding a game whose move function is one of its own bound methods."""

    def __init__(self):
        self.payload = bytearray(1 << 20)
        self.game = tabletop.ImplicitGame(self.moves)

    def moves(self, position):
        return []


def test_a_game_holding_its_holder_is_freed_by_the_garbage_collector():
    import gc
    import weakref

    freed = []
    holders = [Holder() for _ in range(300)]
    watch = [weakref.ref(holder, freed.append) for holder in holders]
    # Some of them with a memo that holds the holder itself as a position.
    for holder in holders[::2]:
        assert holder.game.value(holder) == 0
        assert holder.game.known == 1
    del holders, holder
    gc.collect()
    assert len(freed) == 300
    assert all(ref() is None for ref in watch)
