"""The Python package against the CLI doing the same work (docs/python.md, Performance).

Run from the repository root after `cargo build --release -p tabletop` and `pip install ./python`:
    python python/examples/benchmark.py BOARD_FILE
with BOARD_FILE the odds benchmark's board (`odds_scipy.py gen 1000000 100 0 1`).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
import warnings

import tabletop

CLI = "target/release/tabletop"


def best(work, runs=3):
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return min(times), statistics.median(times)


def main(board_file: str) -> None:
    text = open(board_file).read()
    warnings.simplefilter("ignore", tabletop.TabletopWarning)
    rows = [
        ("odds", lambda: tabletop.Board.parse(text).odds(),
         lambda: subprocess.run([CLI, "odds", board_file], capture_output=True, check=True)),
        ("octal 0.6 10^6", lambda: tabletop.octal("0.6", 10**6).values,
         lambda: subprocess.run([CLI, "octal", "0.6", "--heaps", "1000000"], capture_output=True, check=True)),
    ]
    for name, python, cli in rows:
        (p, pm), (c, cm) = best(python), best(cli)
        print(f"{name}: python best {p:.3f} s (median {pm:.3f}) | cli best {c:.3f} s (median {cm:.3f}) | ratio {p / c:.2f}")


if __name__ == "__main__":
    main(sys.argv[1])
