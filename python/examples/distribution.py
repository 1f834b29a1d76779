"""The distribution of the length of a game of Milton Bradley's Chutes and Ladders.

Run: python python/examples/distribution.py [OUTPUT.png]   (default: distribution.png)
"""

from __future__ import annotations

import sys

import matplotlib

matplotlib.use("Agg")  # a file, no window
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import tabletop  # noqa: E402

# Milton Bradley's board (docs/rules/board.md).
board = tabletop.Board(
    squares=100,
    ladders={1: 38, 4: 14, 9: 31, 21: 42, 28: 84, 36: 44, 51: 67, 71: 91, 80: 100},
    chutes={16: 6, 47: 26, 49: 11, 56: 53, 62: 19, 64: 60, 87: 24, 93: 73, 95: 75, 98: 78},
)


def main(output: str) -> None:
    odds = board.odds(players=2)
    p = odds.distribution  # P(T = t) for t = 0, 1, ...: a float64 array
    shown = int(odds.percentile(99.5) or len(p) - 1)
    turns = np.arange(shown + 1)
    cumulative = np.cumsum(p)[: shown + 1]

    fig, ax = plt.subplots(figsize=(9, 4.8), dpi=100)
    ax.bar(turns, p[: shown + 1], width=0.85, color="#4c72b0", label="P(T = t)")
    ax.axvline(odds.expected_turns, color="#c44e52", linestyle="--",
               label=f"expected {odds.expected_turns:.2f} turns")
    ax.axvline(odds.median, color="#55a868", linestyle=":", linewidth=2, label=f"median {odds.median}")
    ax.set_xlabel("turns t one player needs to reach square 100")
    ax.set_ylabel("probability")
    ax.set_xlim(0, shown + 1)
    ax.set_title("Chutes and Ladders (Milton Bradley): how long a game lasts")
    twin = ax.twinx()
    twin.plot(turns, cumulative, color="#8172b2", linewidth=1.5, label="P(T ≤ t)")
    twin.set_ylim(0, 1.02)
    twin.set_ylabel("cumulative")
    handles = ax.get_legend_handles_labels()[0] + twin.get_legend_handles_labels()[0]
    labels = ax.get_legend_handles_labels()[1] + twin.get_legend_handles_labels()[1]
    seats = ", ".join(f"seat {i + 1}: {w:.1%}" for i, w in enumerate(odds.win_probability))
    ax.legend(handles, labels, loc="center right", title=f"2 players ({seats})")
    fig.tight_layout()
    fig.savefig(output)
    print(f"wrote {output}: fewest {odds.min_turns} turns, expected {odds.expected_turns:.4f}, "
          f"median {odds.median}, {len(p)} turns tabulated")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "distribution.png")
