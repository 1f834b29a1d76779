#!/usr/bin/env python3
"""What a user would write instead of `tabletop odds`: the expected number of turns of a race
board by one sparse solve (scipy.sparse.linalg.spsolve) over (square, skip-next-turn) states.
Also generates the random boards of the README's performance table.

    python3 xtask/reference/odds_scipy.py gen SQUARES JUMPS MISSES SEED > board.txt
    python3 xtask/reference/odds_scipy.py solve board.txt      # prints expected turns, seconds
    python3 xtask/reference/odds_scipy.py solve board.txt --refine   # + a long-double refinement

Rules as in docs/rules/board.md (start square, overshoot stay/bounce/win, die, ladders,
chutes, miss-a-turn squares); extra-turn squares are not supported here. Needs numpy and
scipy (`pip install scipy`); the project's CI does not run it.
"""
import random
import sys
import time

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import spsolve


def gen(squares, jumps, misses, seed):
    rng = random.Random(seed)
    used = set()
    lines = [f"squares {squares}"]
    starts = set()
    while len(starts) < jumps:
        s = rng.randrange(2, squares - 1)
        if s not in starts:
            starts.add(s)
    used |= starts
    for i, s in enumerate(sorted(starts)):
        while True:
            if i % 2 == 0:  # a ladder
                t = rng.randrange(s + 1, squares)
            else:  # a chute
                t = rng.randrange(1, s)
            if t not in starts:
                break
        used.add(t)
        lines.append(f"{'ladder' if t > s else 'chute'} {s} {t}")
    placed = 0
    while placed < misses:
        m = rng.randrange(1, squares - 1)
        if m not in used:
            used.add(m)
            lines.append(f"miss {m}")
            placed += 1
    return "\n".join(lines) + "\n"


def parse(text):
    board = {"start": 0, "overshoot": "stay", "die": 6, "jumps": [], "miss": [], "extra": []}
    for line in text.splitlines():
        words = line.split("#")[0].split()
        if not words:
            continue
        key, args = words[0], words[1:]
        if key == "squares":
            board["goal"] = int(args[0])
        elif key in ("start", "die"):
            board[key] = int(args[0])
        elif key == "overshoot":
            board[key] = args[0]
        elif key in ("ladder", "chute", "snake"):
            board["jumps"].append((int(args[0]), int(args[1])))
        else:
            board[key].append(int(args[0]))
    if board["extra"]:
        sys.exit("extra-turn squares are not supported by this script")
    return board


def expected_turns(board, refine=False):
    g, f = board["goal"], board["die"]
    land = np.arange(g + 1)
    for a, b in board["jumps"]:
        land[a] = b
    for _ in range(64):  # follow chains of jumps
        land = land[land]
    miss = np.zeros(g + 1, dtype=bool)
    miss[board["miss"]] = True
    # States: 0..g-1 a turn starts on the square; g + i: the i-th miss square's skipped turn.
    miss_index = -np.ones(g + 1, dtype=np.int64)
    miss_index[board["miss"]] = np.arange(len(board["miss"]))
    s = np.repeat(np.arange(g), f)
    d = np.tile(np.arange(1, f + 1), g)
    p = s + d
    keep = np.ones_like(p, dtype=bool)
    if board["overshoot"] == "stay":
        p = np.where(p > g, s, p)
        to = np.where(p == s, s, land[np.minimum(p, g)])
    elif board["overshoot"] == "win":
        to = land[np.minimum(p, g)]
    else:
        p = np.where(p > g, 2 * g - p, p)
        to = land[p]
    keep &= to != g
    s, to, over = s[keep], to[keep], (s + d)[keep] > g
    stayed = over & (board["overshoot"] == "stay")
    to_state = np.where(miss[to] & ~stayed, g + miss_index[to], to)
    n = g + len(board["miss"])
    rows = np.concatenate([s, g + np.arange(len(board["miss"]))])
    cols = np.concatenate([to_state, np.array(board["miss"], dtype=np.int64)])
    # Counts of faces, not probabilities: f x_s - sum (faces to t) x_t = f holds exactly in
    # f64 (1/6 would not), so the matrix is the board's and not a rounding of it.
    vals = np.concatenate([np.ones(len(s)), np.full(len(board["miss"]), float(f))])
    q = sp.csr_matrix((vals, (rows, cols)), shape=(n, n))
    a = (f * sp.identity(n, format="csr") - q).tocsc()
    rhs = np.full(n, float(f))
    x = spsolve(a, rhs)
    if refine:
        # One step of iterative refinement with the residual in long double (80-bit on x86):
        # an independent check of the last digits, not part of the timed user's script.
        coo = a.tocoo()
        xl = x.astype(np.longdouble)
        ax = np.zeros(n, dtype=np.longdouble)
        np.add.at(ax, coo.row, coo.data.astype(np.longdouble) * xl[coo.col])
        r = f - ax
        xl = xl + spsolve(a, r.astype(np.float64)).astype(np.longdouble)
        return xl[board["start"]]
    return x[board["start"]]


def main(argv):
    if argv[0] == "gen":
        sys.stdout.write(gen(*map(int, argv[1:5])))
        return
    board = parse(open(argv[1]).read())
    began = time.perf_counter()
    value = expected_turns(board, refine="--refine" in argv)
    print(f"expected turns: {float(value)!r}")
    print(f"seconds: {time.perf_counter() - began:.3f}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
