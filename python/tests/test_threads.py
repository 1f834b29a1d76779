"""Long computations release the GIL: another Python thread makes progress meanwhile."""

from __future__ import annotations

import random
import threading
import time
import warnings

import tabletop


def _big_board():
    """The shape of the odds benchmark's largest board: 10^6 squares, 100 jumps."""
    rng = random.Random(1)
    squares = 10**6
    ladders, chutes = {}, {}
    used = set()
    while len(ladders) + len(chutes) < 100:
        a, b = rng.randrange(1, squares), rng.randrange(1, squares)
        if a == b or a in used or b in used:
            continue
        used.update((a, b))
        (ladders if b > a else chutes)[a] = b
    return tabletop.Board(squares=squares, ladders=ladders, chutes=chutes)


def test_another_thread_runs_during_a_million_square_odds_call():
    board = _big_board()
    ticks = []
    done = threading.Event()

    def count():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    counter = threading.Thread(target=count)
    counter.start()
    time.sleep(0.01)
    try:
        started = time.perf_counter()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", tabletop.TabletopWarning)
            odds = board.odds()
        finished = time.perf_counter()
    finally:
        done.set()
        counter.join()
    assert odds.expected_turns > 1000
    during = [t for t in ticks if started < t < finished]
    # Holding the GIL for the whole call would leave no tick inside it.
    assert len(during) >= 10, (len(during), finished - started)


def test_ctrl_c_stops_a_long_octal_call_and_its_threads():
    import os
    import signal

    import pytest

    if not hasattr(signal, "SIGINT") or threading.current_thread() is not threading.main_thread():
        pytest.skip("needs SIGINT on the main thread")
    if not os.path.isdir("/proc/self/task"):
        pytest.skip("counts the process's threads in /proc")
    threads_before = len(os.listdir("/proc/self/task"))
    # A process started in the background by a shell without job control ignores SIGINT,
    # and Python then installs no handler for it: Ctrl-C's handler, for this test only.
    handler_before = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            # Officers to 10^8 heaps: minutes of work on any machine.
            tabletop.octal("0.6", 10**8)
    finally:
        timer.cancel()
        timer.join()
        signal.signal(signal.SIGINT, handler_before)
    # The work itself stopped (a safety net far below the run's length, far above a round)...
    assert time.perf_counter() - started < 60
    # ...and no thread of it is left computing: a joined thread may stay listed a moment
    # while the kernel ends it, so wait for the count (a computing one would stay minutes).
    deadline = time.perf_counter() + 20
    while len(os.listdir("/proc/self/task")) > threads_before:
        assert time.perf_counter() < deadline, os.listdir("/proc/self/task")
        time.sleep(0.01)
