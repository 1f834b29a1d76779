"""Progress callbacks of long work: called in the calling thread, at most once a poll and
once more at the end; an exception in one stops the work and propagates. The tests count
calls and look at what they were told, never at time."""

from __future__ import annotations

import os
import threading
import time

import pytest

import tabletop


class Recorder:
    def __init__(self, fail_at=None):
        self.calls = []
        self.threads = set()
        self.fail_at = fail_at

    def __call__(self, stage, done, total):
        self.calls.append((stage, done, total))
        self.threads.add(threading.get_ident())
        if self.fail_at is not None and len(self.calls) >= self.fail_at:
            raise Stop(f"stopped at call {len(self.calls)}")


class Stop(Exception):
    pass


def test_octal_reports_heaps_known_of_the_total():
    progress = Recorder()
    values = tabletop.octal("0.77", 300_000, progress=progress)
    assert values.heaps == 300_000
    assert progress.calls, "work that ticked tells the callback at least once, at the end"
    # One tick a round of 4,096 heaps: the callback never sees more than there were.
    assert len(progress.calls) <= 300_001 // 4096 + 1
    assert {stage for stage, _, _ in progress.calls} == {"heaps"}
    assert {total for _, _, total in progress.calls} == {300_001}
    done = [d for _, d, _ in progress.calls]
    assert done == sorted(done) and done[-1] <= 300_001
    assert progress.threads == {threading.get_ident()}
    assert values.values.tolist() == tabletop.octal("0.77", 300_000).values.tolist()


def _wait_for_threads(count):
    deadline = time.perf_counter() + 20
    while len(os.listdir("/proc/self/task")) > count:
        assert time.perf_counter() < deadline, os.listdir("/proc/self/task")
        time.sleep(0.01)


def test_an_exception_in_the_callback_stops_the_work_and_propagates():
    threads_before = len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else None
    progress = Recorder(fail_at=1)
    with pytest.raises(Stop, match="stopped at call 1"):
        # Officers to 10^8 heaps: minutes of work on any machine, stopped at the first call.
        tabletop.octal("0.6", 10**8, progress=progress)
    assert len(progress.calls) == 1
    stage, done, total = progress.calls[0]
    assert stage == "heaps" and done < total == 10**8 + 1
    if threads_before is not None:
        # No thread is left computing once the exception is raised.
        _wait_for_threads(threads_before)


def test_short_work_tells_the_callback_too_and_its_exception_propagates():
    with pytest.raises(Stop):
        tabletop.octal("0.6", 10, progress=Recorder(fail_at=1))
    with pytest.raises(TypeError, match="progress must be callable"):
        tabletop.octal("0.6", 10, progress=3)


def test_odds_reports_its_stages():
    board = tabletop.Board(squares=100, ladders={4: 30, 20: 60}, chutes={90: 10})
    progress = Recorder()
    odds = board.odds(exact=True, progress=progress)
    assert odds.expected_turns == board.odds().expected_turns
    assert progress.calls
    for stage, done, total in progress.calls:
        assert stage in ("tabulate", "exact")
        assert total is None if stage == "tabulate" else done <= total
    summary = Recorder()
    assert board.summary(progress=summary) == board.summary()
    assert summary.calls
    with pytest.raises(Stop):
        board.odds(progress=Recorder(fail_at=1))


def subtraction(n):
    return [n - s for s in (1, 3, 4) if s <= n]


def test_an_implicit_game_reports_positions_from_within_the_search():
    game = tabletop.ImplicitGame(subtraction, limit=1_000_000)
    progress = Recorder()
    assert game.value(50_000, progress=progress) == [0, 1, 0, 1, 2, 3, 2][50_000 % 7]
    # The first report comes after 1,024 calls of the move function, the others no more
    # than one per 1,024 calls.
    assert 1 <= len(progress.calls) <= 50_001 // 1024
    assert {(stage, total) for stage, _, total in progress.calls} == {("positions", 1_000_000)}
    assert progress.calls[0][1] == 1024
    # Memoised: nothing left to search, nothing to report.
    again = Recorder()
    assert game.outcome([50_000, 3], progress=again) is tabletop.Outcome.WIN
    assert game.winning_move([4, 6], progress=again) is None
    assert again.calls == []


def test_an_exception_in_an_implicit_games_callback_propagates_and_drops_the_memo():
    game = tabletop.ImplicitGame(subtraction)
    with pytest.raises(Stop):
        game.value(10_000, progress=Recorder(fail_at=1))
    assert game.known == 0
    assert game.value(10_000) == [0, 1, 0, 1, 2, 3, 2][10_000 % 7]
    with pytest.raises(TypeError, match="progress must be callable"):
        game.value(1, progress="no")
